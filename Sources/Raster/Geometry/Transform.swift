/// A 2D affine transform in Core Graphics' row-vector convention: `[x y 1] · M`, so
/// `x' = a·x + c·y + tx` and `y' = b·x + d·y + ty`.
///
/// `concatenating(t)` means "self, then t", as `CGAffineTransform.concatenating` does.
public struct Transform: Hashable, Sendable {
    public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

    @inlinable public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }
    public static let identity = Transform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    @inlinable public static func translation(_ x: Double, _ y: Double) -> Transform {
        Transform(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
    }
    @inlinable public static func scale(_ sx: Double, _ sy: Double) -> Transform {
        Transform(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }
    /// Rotation by `angle` radians; positive angles turn visually clockwise in y-down space.
    public static func rotation(_ angle: Double) -> Transform {
        let (s, c) = (sin(angle), cos(angle))
        return Transform(a: c, b: s, c: -s, d: c, tx: 0, ty: 0)
    }

    /// `self` applied first, then `t`.
    @inlinable public func concatenating(_ t: Transform) -> Transform {
        Transform(a: a * t.a + b * t.c, b: a * t.b + b * t.d,
                  c: c * t.a + d * t.c, d: c * t.b + d * t.d,
                  tx: tx * t.a + ty * t.c + t.tx, ty: tx * t.b + ty * t.d + t.ty)
    }
    @inlinable public var isIdentity: Bool { self == .identity }
    @inlinable public var determinant: Double { a * d - b * c }
    /// The inverse, or nil when the transform is singular or not finite.
    public var inverted: Transform? {
        let det = determinant
        guard det != 0, det.isFinite else { return nil }
        let ia = d / det, ib = -b / det, ic = -c / det, id = a / det
        return Transform(a: ia, b: ib, c: ic, d: id, tx: -(tx * ia + ty * ic), ty: -(tx * ib + ty * id))
    }
    @inlinable public func apply(_ p: Point) -> Point {
        Point(a * p.x + c * p.y + tx, b * p.x + d * p.y + ty)
    }
    /// Applies the linear part only (for vectors).
    @inlinable public func applyVector(_ p: Point) -> Point { Point(a * p.x + c * p.y, b * p.x + d * p.y) }
    /// The largest factor by which the transform stretches a length (the larger singular value).
    /// Flattening tolerances divide by it so they stay constant in device pixels.
    public var maxScale: Double {
        let p = a * a + b * b, q = c * c + d * d, r = a * c + b * d
        let mean = (p + q) / 2, diff = (p - q) / 2
        return (mean + (diff * diff + r * r).squareRoot()).squareRoot()
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
