// Layers — the module's table of contents.
//
// Core Animation's model for Flipbook: geometry, timing, animation math, and (from other branches) the
// layer tree, transactions and the layer renderer. Names and semantics are Apple's; where Apple's
// documentation is vague the code follows the W3C Web Animations timing model, css-easing-1 or CSS
// Transforms Level 2, and each file says which.
//
// ## Geometry/ — Core Graphics and Core Animation transforms
// | file | holds |
// |---|---|
// | `CGAffineTransform.swift` | `CGAffineTransform` (absent from Foundation on Linux), `applying(_:)` on CGPoint/CGSize/CGRect |
// | `CGAffineTransform+Decomposition.swift` | 2D scale/skew/rotation/translation parts; interpolation via `CATransform3D` |
// | `CGAffineTransform+Raster.swift` | conversions to and from Raster's `Transform`, `Point`, `Rect` |
// | `CATransform3D.swift` | `CATransform3D` and Apple's `CATransform3D…` functions |
// | `CATransform3D+Decomposition.swift` | CSS Transforms Level 2 decomposition, quaternion slerp, interpolation |
// | `CATransform3D+Projection.swift` | homogeneous projection, the z = 0 plane's 3×3 map for the renderer |
//
// (This is a Swift file rather than README.md because SwiftPM warns about unhandled files in a target
// and Package.swift does not exclude one.)
