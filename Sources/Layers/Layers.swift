// Layers — the module's table of contents.
//
// Core Animation's model for Flipbook: geometry, timing, animation math, the layer tree, transactions
// and the engine that runs a stage's frames. Layers draws no pixels of a frame: layer content is
// recorded (Drawing/) and the Compositor module's display step and compositor turn the tree into
// pixels. Names and semantics are Apple's; where Apple's documentation is vague the code follows the
// W3C Web Animations timing model, css-easing-1 or CSS Transforms Level 2, and each file says which.
// Time is passed in, never read: the engine is told the frame's time once (CAEngine.beginFrame).
//
// Geometry/ — Core Graphics and Core Animation transforms
//   CGAffineTransform.swift               CGAffineTransform (absent from Foundation on Linux), CG's prepend
//                                         semantics for translatedBy/scaledBy/rotatedBy; applying(_:) on
//                                         CGPoint, CGSize, CGRect
//   CGAffineTransform+Decomposition.swift 2D scale/skew/rotation/translation; interpolation via CATransform3D
//   CGAffineTransform+Raster.swift        conversions to and from Raster's Transform, Point, Rect
//   CATransform3D.swift                   CATransform3D and Apple's CATransform3D… functions
//   CATransform3D+Decomposition.swift     CSS Transforms Level 2 decomposition, quaternion slerp, interpolation
//   CATransform3D+Fields.swift            transform.scale / .rotation / .translation field read and write
//   CATransform3D+Projection.swift        homogeneous projection; the z = 0 plane's 3×3 map for the compositor
//   CGGeometry+AppleNames.swift           Core Graphics and Core Foundation spellings Linux's Foundation lacks
//   CGPath.swift, CGPath+Interpolatable.swift  CGPath and CGMutablePath over Raster's Path; path morphs
//                                         (an additive path of other elements shows its own path)
//   CGPath+Stroking.swift                 copy(strokingWithWidth:…), copy(dashingWithPhase:…): a stroke's outline
//                                         and a path's dashes as paths
//   NSValue+Geometry.swift                NSValue(cgPoint:) and friends, their readers, the NSValue ↔ CGPoint/
//                                         CGSize/CGRect/CGVector/transform and NSNumber ↔ CGFloat bridges; HUGE
//   NSCoder+Geometry.swift                NSCoder.string(for:) / cgPoint(for:)…, NSStringFromCGRect and friends
//
// Timing/ — when things happen
//   CubicBezier.swift                     exact cubic-Bézier easing (css-easing-1), named curves
//   CubicBezier+Solver.swift              its one Newton–bisection solve, a curve prepared once for many solves
//   CAMediaTimingFunction.swift           Apple's timing function class and names over CubicBezier
//   CAMediaTiming.swift                   the CAMediaTiming protocol, fill modes, MediaTiming value
//   MediaTimingState.swift                parent time → phase, iteration, progress (W3C-precise)
//   ResolvedMediaTiming.swift             the timing model itself, with an animation's constants resolved once
//   TimeMapping.swift                     hierarchical time: convertTime through ancestors, pause/resume
//
// Animation/ — what values animations produce
//   Interpolatable.swift                  lerp / add / subtract / scale / distance for animatable types
//   AnyInterpolatable.swift               type erasure for colors, paths and other types defined elsewhere
//   AnimationValue.swift                  typed box for Apple's `Any` from/to/by/values
//   AnimationValue+Checking.swift         values checked against their key path once: a wrong kind, NaN or a
//                                         type that does not animate is left out, with one reported line
//   AnimationKeyPath.swift                Apple's string key paths parsed once into typed keys
//   AnimationKeyPath+Components.swift     read/write the part a sub-key path addresses (position.x in position)
//   BasicAnimationValues.swift            CABasicAnimation from/to/by table, additive, cumulative
//   KeyframeAnimationValues.swift         CAKeyframeAnimation keyTimes, calculation modes, Kochanek–Bartels
//   SpringSolution.swift                  CASpringAnimation's closed-form damped oscillator
//   SpringSolution+Settling.swift         settlingDuration (envelope, calibrated on Apple's figures), exact last crossing
//   AnimationGroupTiming.swift            children of CAAnimationGroup in the group's time
//   ProgressCurve.swift                   the one sampling path: progress → fraction through a cubic Bézier
//                                         or a spring, for every animation's evaluation; its inverse
//                                         (`progress(reaching:)`) resumes a paused property animator
//   DrivenPropertyAnimation.swift         an additive animation whose fraction its owner sets (property
//                                         animators' tracks); `AnimationValue.additiveDelta(over:)`
//   CAAnimation.swift, CABasicAnimation.swift, CAKeyframeAnimation.swift (groups and springs too),
//   CATransition.swift                    Apple's animation classes
//   AnimationTrack.swift                  an added animation compiled for the animate phase (plain values,
//                                         inline in the layer); DirectField, the bytes it writes; the eased-value memo
//
// Drawing/ — what a layer's content is
//   LayerDrawingContext.swift             the recorder drawPresentedContent(in:) draws into (a Raster
//                                         DisplayList; text as a TextBlock its recorder's rasterizer makes
//                                         into pixels); LayerContentSnapshot, the content values caches key on
//   LayerDrawingContext+Paths.swift       fill, stroke and clip Core Graphics paths (for Views' CGContext)
//   CGContext.swift                       Core Graphics' drawing context over a LayerDrawingContext
//   CGContext+Compositing.swift           blend modes (CGBlendMode), shadows, images, mask clips, text,
//                                         nested recordings, transparency layers, bitmap contexts
//                                         (CGBitmapBacking, makeImage)
//   CGGradient.swift                      CGGradient, CGColorSpace, drawLinearGradient/drawRadialGradient
//   CALayer+Render.swift                  render(in:): the model tree drawn into a CGContext
//   CALayer+RenderEffects.swift           render(in:)'s shadows (cast without their shape) and masks (the
//                                         mask tree rendered to a bitmap whose alpha clips), as on screen
//
// Color/ — CGColor (a value type) and its interpolation
//   CGColor.swift, CGColor+Interpolatable.swift
//
// Layer/ — the layer tree
//   CALayer.swift                         model values, hierarchy (cycles refused), content hooks
//   LayerValues.swift                     one layer's animatable values as a plain struct (model and presented)
//   LayerProperty.swift                   the table of LayerValues' properties: key, key path, accessor; kind,
//                                         bit, boxing, direct-write offset follow from the field's type
//   CALayer+Tree.swift                    the explicit-stack tree walk every whole-tree pass uses
//   CALayer+Actions.swift                 implicit animations: action(for:forKey:), the transaction's settings
//   CALayer+Animation.swift               add/remove animations, keys, the pending track
//   CALayer+KeyedValues.swift             presented values read and written by animation key path
//   CALayer+ModelValue.swift              model values by key for UIView blocks and property animators
//   CALayer+Timing.swift                  CAMediaTiming on layers, hit testing
//   CALayer+Layout.swift                  setNeedsLayout / layoutIfNeeded, display where marked
//   CALayer+Contents.swift                contents (CGImage), contentsRect, contentsCenter, contentsGravity, scale
//   LayerContents.swift                   the animatable contents value: an image or a crossfade of two
//   ContentsPlacement.swift               where contents lands: contentsRect's cell, gravity, nine-part center
//   CALayerCornerCurve.swift              cornerCurve: circular or continuous corners
//   CALayer+Transition.swift              a CATransition's old appearance frozen as presentation copies
//                                         (the model records it; the display step rasterizes it)
//   CALayer+ViewSupport.swift             the hooks Views' backing layers use
//   CAShapeLayer.swift, CAGradientLayer.swift, CATextLayer.swift, CATransformLayer.swift
//                                         the layer subclasses: path stroke and fill, gradients, text,
//                                         3D containers
//   CACornerMask.swift                    maskedCorners: the corners cornerRadius rounds
//   CAReplicatorLayer.swift               instanceCount, instanceTransform, instanceDelay, instanceColor and its
//                                         offsets, preservesDepth; ReplicatorValues (LayerValues.replicator,
//                                         boxed: one pointer on other layers), an instance's transform and colour
//   CAReplicatorLayer+Instances.swift     delayed instances: side-effect-free presentation copies of the
//                                         sublayers evaluated k × instanceDelay earlier
//   CAEmitterLayer.swift                  the emitter's properties, shapes, modes and render modes; EmitterValues
//                                         (LayerValues.emitter: its nine animatable values, rows of the property
//                                         table); the animate phase's step after the animations
//                                         (presentAfterAnimations) and the sprites the display step takes
//   CAEmitterLayer+CellKeyPaths.swift     emitterCells.NAME.PROPERTY key paths: set, read, animated per frame
//   CAEmitterCell.swift                   a kind of particle: rates, ranges, speeds, contents, sub-cells
//   CAEmitterCell+KeyedValues.swift       the cell's table of properties by key: KVC, copies, animatable rows
//   EmitterSimulation.swift               living particles: seeded births counted afresh per run of a rate,
//                                         sub-cell births per parent, closed forms of age, the live cap
//   EmitterShapeSampler.swift             where a particle is born: every shape × mode, uniform by length/area/volume
//   CABackdropLayer.swift                 a layer showing what lies behind it blurred, saturated, tinted
//                                         (UIVisualEffectView's; drawn by the compositor, animatable)
//
// Transaction/CATransaction.swift         explicit and implicit transactions, completion groups
//
// Engine/ — one stage's engine and the animate phase
//   CAEngine.swift                        frame time, phases (timers, display links, layout, commit,
//                                         animate), the current engine and its binding, attachments
//   MainQueueLoan.swift                   the main dispatch queue lent to one engine at a time
//   DisplayLink.swift                     per-frame callbacks of the engine
//   CADisplayLink.swift                   CADisplayLink's API over them (a closure for target/selector)
//   TimerQueue.swift                      media-clock timers (MediaTimer; Views' Timer builds on it)
//   CALayer+Presentation.swift            the animate phase's walk: model + animations → presented
//   CALayer+Evaluation.swift              one layer's animations evaluated (compiled tracks or general)
//   EasingMemo.swift                      the walk's eased values: the last one reused, siblings' solves
//                                         queued and made together
//   CALayer+Description.swift, LayerTrace.swift   the tree as text; traced values for --trace
//   CALayer+Inspection.swift              what the inspector reads: running animations, the layer's time
//
// Trade-offs: transforms interpolate by decomposition (CSS Level 2) with the shorter rotation arc, as
// Core Animation does, not entry by entry; the timing model treats Apple's timeOffset as W3C's
// iterationStart (it wraps), which is what iOS shows; values are typed once when an animation is added
// (AnimationValue), so evaluation never casts. The animate phase restores only the presentation fields
// animations wrote last frame instead of copying the model whole (Engine/CALayer+Presentation.swift):
// a frame's cost follows what animates, not the size of LayerValues.
//
// The model draws nothing: Layers imports Raster (and SplitMix, the seeded generator particles are
// drawn from) only. Content is recorded as values (a text layer's
// text as a TextBlock); fonts and image files are RasterIO's, reached by the display step (Compositor)
// and Views, never from here.
//
// Elsewhere: rendering (module Compositor; pixel loops in Raster), fonts and image files (RasterIO),
// the frame loop that calls the engine's phases (FrameLoop's FrameDriver).
