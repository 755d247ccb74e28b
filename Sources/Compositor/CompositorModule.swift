// Compositor — the module's table of contents.
//
// The render phase of a frame, split in two. The display step runs on the main thread: it walks the
// layer tree and does everything that may run user code or needs the main thread — `display()` has
// run in layout; here `draw(in:)`, the delegate's drawing, text layout, shape and gradient content,
// shadows and a CATransition's old appearance — and leaves an immutable RenderSnapshot. A Compositor
// reads only that snapshot and turns it into pixels; it holds no globals, so it can run on a worker
// thread, and its core call composites a snapshot into a bitmap, optionally within a clip rectangle
// (what a tiled compositor calls per tile).
//
// LayerRenderer.swift                      display + composite in one call (the host's and tests' way)
//
// Snapshot/ — what crosses from the main thread to the compositor
//   RenderSnapshot.swift                   RenderSnapshot (flat nodes), RenderNode (presented values,
//                                          sublayer and mask indices, content, shadow, shape, transition),
//                                          NodeContent (cached bitmap or recorded drawing), TransitionState,
//                                          BackdropValues
//
// Display/ — main thread
//   DisplayStep.swift                      the tree walk (an explicit stack), content caching, recording
//   DisplayStep+Shadow.swift               shadow bitmaps (shape of background and content, tinted, blurred)
//   DisplayStep+Transition.swift           a transition's old appearance rasterized at the render scale
//   DisplayStep+Replicator.swift           replicator instances: nodes copied (or delayed copies' nodes), the
//                                          instance transform folded into each, alpha and tint
//   LayerDisplayState.swift                what the display step keeps per layer; cache keys
//
// Composite/ — any thread, one composite at a time per instance
//   Compositor.swift                       entry points, per-layer dispatch, direct and isolated drawing
//   Compositor+Content.swift               backgrounds, content (cached or played), subtree bounds, the
//                                          skipped clear when the first draw covers the frame
//   Compositor+GroupChain.swift            chains of opacity groups over the same pixels: one scratch, one table
//   Compositor+Mask.swift                  shape-layer masks rasterized straight into A8 coverage
//   Compositor+Projection.swift            perspective (flattened layers) and CATransformLayer depth order
//   Compositor+Transition.swift            fade, push, moveIn, reveal, flip, page curl
//   Compositor+Backdrop.swift              backdrop layers: what lies behind re-drawn, blurred, saturated,
//                                          tinted, clipped (UIVisualEffectView); vibrancy in the sublayers' alpha
//   ScratchPool.swift                      scratch bitmaps and masks reused between frames
//
// Frame/ — whole frames: damage and threads
//   FrameCompositor.swift                  the retained frame: damage re-composited in bands on a pool
//   FrameDamage.swift                      which device rectangles changed between two snapshots
//   WorkerPool.swift                       persistent worker threads, the caller's thread as worker 0
//   BandBalance.swift                      where bands are cut: each row's learnt cost, shared equally
//
// Trade-offs: content that changed on each of the last two frames is not cached but recorded and
// played straight into the frame (when the layer is opaque and axis-aligned there), so an animated
// strokeEnd costs one rasterization per frame, not two. A shape layer that will likely serve as a
// coverage mask is always kept as a recording: the compositor rasterizes its shape into the A8 mask
// itself. A transition's old appearance is the subtree as presented when the transition was added,
// frozen by the model as presentation copies; it is rasterized here on the first frame that shows it.
// Pixel loops live in Raster (Composite/: Bitmap's compose and page-curl steps).
