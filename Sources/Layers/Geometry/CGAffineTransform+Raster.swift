import Foundation
import Raster

// Conversions between Layers' Core Graphics geometry and Raster's base types. Both use the same
// row-vector convention and field names, so the conversions copy fields one to one.

extension Raster.Transform {
    /// Raster's transform with the same six coefficients as `t`.
    public init(_ t: CGAffineTransform) {
        self.init(a: Double(t.a), b: Double(t.b), c: Double(t.c), d: Double(t.d), tx: Double(t.tx), ty: Double(t.ty))
    }
}

extension CGAffineTransform {
    /// The Core Graphics transform with the same six coefficients as Raster's `t`.
    public init(_ t: Raster.Transform) {
        self.init(a: CGFloat(t.a), b: CGFloat(t.b), c: CGFloat(t.c), d: CGFloat(t.d), tx: CGFloat(t.tx), ty: CGFloat(t.ty))
    }
}

extension Raster.Point {
    /// Raster's point at the same coordinates as `p`.
    public init(_ p: CGPoint) { self.init(Double(p.x), Double(p.y)) }
}

extension CGPoint {
    /// The Core Graphics point at the same coordinates as Raster's `p`.
    public init(_ p: Raster.Point) { self.init(x: CGFloat(p.x), y: CGFloat(p.y)) }
}

extension Raster.Rect {
    /// Raster's rectangle with the same origin and size as `r` (not standardized: negative sizes stay).
    public init(_ r: CGRect) {
        self.init(x: Double(r.origin.x), y: Double(r.origin.y), width: Double(r.size.width), height: Double(r.size.height))
    }
}

extension CGRect {
    /// The Core Graphics rectangle with the same origin and size as Raster's `r`.
    public init(_ r: Raster.Rect) { self.init(x: CGFloat(r.x), y: CGFloat(r.y), width: CGFloat(r.width), height: CGFloat(r.height)) }
}
