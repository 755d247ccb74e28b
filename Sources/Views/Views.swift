// Views — the module's table of contents.
//
// UIKit's view layer for Flipbook, over the Layers module: names and semantics are UIKit's, so iOS
// code ports by mechanical edits (the import line, selectors to closures). Time is passed in: input
// and frames arrive with media-clock times from the host; nothing reads a wall clock.
//
// View/ — the view tree
//   UIResponder.swift            UIResponder (touches up the responder chain), UITouch, UIEvent
//   UIView.swift                 UIView: layer-backed geometry and appearance, layout, drawing hooks,
//                                hit testing, hierarchy callbacks; the layer's CALayerDelegate
//   UIView+Hierarchy.swift       add/insert/bring/send/remove subviews, keeping sublayer order in step
//   UIView+Geometry.swift        convert points and rects between views (through transforms)
//   UIView+Autoresizing.swift    autoresizingMask: subviews follow a new size (UIKit's springs and struts)
//   UIViewBackingLayer.swift     the default backing layer: draw(_:) content, old-value-first custom keys
//
// Color/, Text/ — UIColor (sRGB, HSB, system colours, colour literals), UIFont on the DejaVu faces
//
// Drawing/ — Core Graphics in draw(_:) (CGContext itself is in Layers: Core Graphics sits below
//   Core Animation)
//   UIGraphics.swift             the current engine's context stack (UIGraphicsGetCurrentContext)
//   UIBezierPath.swift           paths with pen settings; visual `clockwise`
//
// Animation/ — UIView.animate and UIView.transition
//   UIView+Animation.swift       animate (curves, delay, options), spring, keyframes, performWithoutAnimation
//   UIView+Transition.swift      transition(with:) and transition(from:to:): 3D flips, page curl, cross-dissolve
//   UIViewAnimationOptions.swift AnimationOptions and KeyframeAnimationOptions with UIKit's raw values
//   ViewAnimation.swift          the block stack kept with the current engine; UIView's action(for:forKey:) answer
//   ViewAnimationBlock.swift     one block's timing, the animations it makes, its completion
//   KeyframeRecorder.swift       addKeyframe segments → CAKeyframeAnimation values and key times
//
// PropertyAnimator/ — UIViewPropertyAnimator (spec: ../shared/specs/property-animator.md)
//   UIViewAnimating.swift        UIViewAnimating, UIViewImplicitlyAnimating, the state and position enums
//   UITimingCurveProvider.swift  UICubicTimingParameters, UISpringTimingParameters, UIView.AnimationCurve
//   UIViewPropertyAnimator.swift the animator: properties, initializers, misuse reports, keep-alive
//   UIViewPropertyAnimator+StateMachine.swift  Apple's state table: add, start, pause, stop, finish, continue
//   AnimatorMotion.swift         where the blocks are at a media time: runs, pauses, reversal, springs
//   AnimatorBlock.swift          one block: its recorded changes as additive DrivenPropertyAnimations
//   (Animation/CALayer+ModelValue.swift reads and writes model values by key for both recorders)
//
// Scroll/ — UIScrollView (drag, rubber band, glide, bounce, paging, wheel, right stick), its delegate,
//   ScrollPhysics (iOS's laws as closed forms of time), ScrollAxisMotion (one axis on the frame clock),
//   ScrollIndicators, UIEdgeInsets
// Collection/ — UICollectionView (visible cells only, reuse queues, selection by touch, batch
//   updates animated), UICollectionViewCell, UICollectionViewLayout (the open base for custom
//   layouts) and UICollectionViewFlowLayout, the data source and delegate protocols, IndexPath's
//   item/row/section
//
// Controls/ — UIControl (events, highlight tracking), UIAction, UIButton, UILabel, UISlider (drag,
//   track taps, focused left/right steps), UISwitch (animated toggle), UIActivityIndicatorView (spokes
//   stepping round on a discrete keyframe animation), UIProgressView (animated fill)
// Image/ — UIImage (files and named resources) and UIImageView with contentMode and image sequences
// Gestures/ — UIGestureRecognizer with closures and a delegate (shouldBegin, simultaneous; the first
//   to begin on a touch fails the others); tap, pan (velocity from media times), long press, swipe
// Window/ — UIWindow (input entry: hit test, touches, gestures), UIScreen, FocusRing (D-pad, arrows
//   and Tab move a focus between controls; the focused view may use an arrow first), UIFocusHeading
// Controller/ — UIViewController (lazy view, appearance, layout callbacks, containment)
// Timer/ — Timer on the media clock with Foundation's names; DispatchQueue.main.asyncAfter on it
// Input/ — InputEvent, the host's input model
//
// Mechanism: a view is its layer's delegate. Outside animation blocks `action(for:forKey:)` answers
// NSNull (view-backed layers never animate implicitly); inside one it answers a CABasicAnimation or
// CASpringAnimation from where the layer is to the new model value with the block's timing, whose
// delegate is the block. Each block runs in a nested CATransaction whose completion says when every
// animation added during it has ended; the delegate stops say whether any was cut short.
//
// State: everything per stage (open animation blocks, the drawing context stack) hangs off the
// engine the static APIs address, `CAEngine.current` (CAEngine.attachment): no thread-local state.
//
// A property animator's block runs in the same machinery with a recorder instead of animations: each
// changed key becomes an additive Layers `DrivenPropertyAnimation` reading the block's progress,
// which the animator sets in its display link at the frame's media time (pause and scrub only
// change that number). Its views are hit-tested at their presentation values.
//
// Trade-offs: UIView.animate retargets from the current state (iOS 8+ behaviour, not additive);
// property animators are additive; draw(_:) runs when the frame draws, with the presentation
// bounds; one touch at a time.
// Not yet built (issues): the focus engine for collection views and the cities scene,
// view-controller transitions.
// Out of scope: text input, Auto Layout.
