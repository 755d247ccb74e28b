import Foundation

/// A 2D affine transform with Core Graphics' names, storage and row-vector convention.
///
/// swift-corelibs-foundation has no `CGAffineTransform` on Linux, so Layers defines it with the same
/// members as Core Graphics. A point is transformed as the row vector `[x y 1]` times the matrix
///
///     | a  b  0 |
///     | c  d  0 |
///     | tx ty 1 |
///
/// so `x' = a·x + c·y + tx` and `y' = b·x + d·y + ty`. `t1.concatenating(t2)` is `t1 · t2`: t1 is applied
/// first, then t2. The `…By` methods (`translatedBy`, `scaledBy`, `rotatedBy`) *prepend* their operation,
/// exactly as Core Graphics does: `t.scaledBy(x: sx, y: sy)` is
/// `CGAffineTransform(scaleX: sx, y: sy).concatenating(t)`, i.e. the scale happens in t's input space.
public struct CGAffineTransform: Hashable, Sendable, CustomStringConvertible {
    /// The matrix [a b 0; c d 0; tx ty 1]: x' = a·x + c·y + tx, y' = b·x + d·y + ty.
    public var a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat

    /// The identity transform, as `init()` gives. Core Graphics' `CGAffineTransformIdentity`.
    public init() { self.init(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0) }

    /// The transform with these matrix entries.
    public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }

    /// The transform that moves every point by `(tx, ty)`.
    public init(translationX tx: CGFloat, y ty: CGFloat) { self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty) }

    /// The transform that scales about the origin by `sx` horizontally and `sy` vertically.
    public init(scaleX sx: CGFloat, y sy: CGFloat) { self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0) }

    /// Rotation about the origin by `angle` radians: `a = cos, b = sin, c = −sin, d = cos`, as Core Graphics.
    /// In Flipbook's y-down layer space a positive angle turns visually clockwise (as on iOS).
    public init(rotationAngle angle: CGFloat) {
        let (s, c) = (Foundation.sin(Double(angle)), Foundation.cos(Double(angle)))
        self.init(a: CGFloat(c), b: CGFloat(s), c: CGFloat(-s), d: CGFloat(c), tx: 0, ty: 0)
    }

    /// The identity transform.
    public static let identity = CGAffineTransform()

    /// True when the transform equals the identity exactly (no tolerance, as Core Graphics).
    public var isIdentity: Bool { self == .identity }

    /// `self` applied first, then `t2` (`self · t2` in the row-vector convention).
    public func concatenating(_ t2: CGAffineTransform) -> CGAffineTransform {
        CGAffineTransform(a: a * t2.a + b * t2.c, b: a * t2.b + b * t2.d,
                          c: c * t2.a + d * t2.c, d: c * t2.b + d * t2.d,
                          tx: tx * t2.a + ty * t2.c + t2.tx, ty: tx * t2.b + ty * t2.d + t2.ty)
    }

    /// A translation by `(tx, ty)` followed by `self` (Core Graphics' `CGAffineTransformTranslate`).
    public func translatedBy(x tx: CGFloat, y ty: CGFloat) -> CGAffineTransform {
        CGAffineTransform(translationX: tx, y: ty).concatenating(self)
    }

    /// A scale by `(sx, sy)` followed by `self` (Core Graphics' `CGAffineTransformScale`).
    public func scaledBy(x sx: CGFloat, y sy: CGFloat) -> CGAffineTransform {
        CGAffineTransform(scaleX: sx, y: sy).concatenating(self)
    }

    /// A rotation by `angle` radians followed by `self` (Core Graphics' `CGAffineTransformRotate`).
    public func rotatedBy(_ angle: CGFloat) -> CGAffineTransform {
        CGAffineTransform(rotationAngle: angle).concatenating(self)
    }

    /// A rotation by `angle` radians followed by `self`: Core Graphics' Swift name for
    /// `CGAffineTransformRotate`, which ported code calls (`view.transform.rotated(by: rotation)`).
    public func rotated(by angle: CGFloat) -> CGAffineTransform { rotatedBy(angle) }

    /// `a·d − b·c`; zero for a singular transform.
    public var determinant: CGFloat { a * d - b * c }

    /// The inverse transform, or `self` unchanged when the transform is singular (or not finite),
    /// which is what Core Graphics' `CGAffineTransformInvert` returns in that case.
    public func inverted() -> CGAffineTransform {
        let det = Double(determinant)
        guard det != 0, det.isFinite else { return self }
        let ia = Double(d) / det, ib = -Double(b) / det, ic = -Double(c) / det, id = Double(a) / det
        let itx = -(Double(tx) * ia + Double(ty) * ic), ity = -(Double(tx) * ib + Double(ty) * id)
        return CGAffineTransform(a: CGFloat(ia), b: CGFloat(ib), c: CGFloat(ic), d: CGFloat(id),
                                 tx: CGFloat(itx), ty: CGFloat(ity))
    }

    /// `CGAffineTransform(a: …, b: …, c: …, d: …, tx: …, ty: …)`, for logs and test failures.
    public var description: String { "CGAffineTransform(a: \(a), b: \(b), c: \(c), d: \(d), tx: \(tx), ty: \(ty))" }
}

extension CGPoint {
    /// The point transformed by `t`: `(a·x + c·y + tx, b·x + d·y + ty)`.
    public func applying(_ t: CGAffineTransform) -> CGPoint {
        CGPoint(x: t.a * x + t.c * y + t.tx, y: t.b * x + t.d * y + t.ty)
    }
}

extension CGSize {
    /// The size transformed by the linear part of `t` only, as Core Graphics' `CGSizeApplyAffineTransform`:
    /// `(a·w + c·h, b·w + d·h)`. The result may be negative.
    public func applying(_ t: CGAffineTransform) -> CGSize {
        CGSize(width: t.a * width + t.c * height, height: t.b * width + t.d * height)
    }
}

extension CGRect {
    /// The smallest axis-aligned rectangle holding the four transformed corners of the standardized
    /// rectangle (Core Graphics' `CGRectApplyAffineTransform`). The null rectangle stays null.
    public func applying(_ t: CGAffineTransform) -> CGRect {
        if isNull { return self }
        let r = standardized
        let corners = [CGPoint(x: r.minX, y: r.minY), CGPoint(x: r.maxX, y: r.minY),
                       CGPoint(x: r.minX, y: r.maxY), CGPoint(x: r.maxX, y: r.maxY)].map { $0.applying(t) }
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let x0 = xs.min()!, y0 = ys.min()!
        return CGRect(x: x0, y: y0, width: xs.max()! - x0, height: ys.max()! - y0)
    }
}
