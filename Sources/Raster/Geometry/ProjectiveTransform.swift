/// A 3×3 projective transform in the row-vector convention of `Transform`: `[x y 1] · M = [X Y W]`,
/// and the image point is `(X/W, Y/W)`.
///
/// The layer renderer flattens a `CATransform3D` with perspective (m34) to this by dropping the
/// z row and column; drawing a bitmap through it gives the flip and cube transitions their depth.
public struct ProjectiveTransform: Hashable, Sendable {
    public var m11: Double, m12: Double, m13: Double
    public var m21: Double, m22: Double, m23: Double
    public var m31: Double, m32: Double, m33: Double

    public init(m11: Double, m12: Double, m13: Double, m21: Double, m22: Double, m23: Double,
                m31: Double, m32: Double, m33: Double) {
        self.m11 = m11; self.m12 = m12; self.m13 = m13
        self.m21 = m21; self.m22 = m22; self.m23 = m23
        self.m31 = m31; self.m32 = m32; self.m33 = m33
    }
    /// The affine transform as a projective one (last column 0, 0, 1).
    public init(_ t: Transform) {
        self.init(m11: t.a, m12: t.b, m13: 0, m21: t.c, m22: t.d, m23: 0, m31: t.tx, m32: t.ty, m33: 1)
    }
    public static let identity = ProjectiveTransform(.identity)

    /// `[x y 1] · M` before the divide.
    @inlinable public func applyHomogeneous(_ p: Point) -> (x: Double, y: Double, w: Double) {
        (p.x * m11 + p.y * m21 + m31, p.x * m12 + p.y * m22 + m32, p.x * m13 + p.y * m23 + m33)
    }
    /// The image of `p`, or nil when it lies on or behind the eye plane (`W ≤ 0`).
    public func apply(_ p: Point) -> Point? {
        let h = applyHomogeneous(p)
        guard h.w > 0 else { return nil }
        return Point(h.x / h.w, h.y / h.w)
    }
    /// `self` applied first, then `t`.
    public func concatenating(_ t: ProjectiveTransform) -> ProjectiveTransform {
        ProjectiveTransform(
            m11: m11 * t.m11 + m12 * t.m21 + m13 * t.m31, m12: m11 * t.m12 + m12 * t.m22 + m13 * t.m32, m13: m11 * t.m13 + m12 * t.m23 + m13 * t.m33,
            m21: m21 * t.m11 + m22 * t.m21 + m23 * t.m31, m22: m21 * t.m12 + m22 * t.m22 + m23 * t.m32, m23: m21 * t.m13 + m22 * t.m23 + m23 * t.m33,
            m31: m31 * t.m11 + m32 * t.m21 + m33 * t.m31, m32: m31 * t.m12 + m32 * t.m22 + m33 * t.m32, m33: m31 * t.m13 + m32 * t.m23 + m33 * t.m33)
    }
    public var determinant: Double {
        m11 * (m22 * m33 - m23 * m32) - m12 * (m21 * m33 - m23 * m31) + m13 * (m21 * m32 - m22 * m31)
    }
    /// The inverse, or nil when singular or not finite.
    public var inverted: ProjectiveTransform? {
        let det = determinant
        guard det != 0, det.isFinite else { return nil }
        let r = 1 / det
        return ProjectiveTransform(
            m11: (m22 * m33 - m23 * m32) * r, m12: (m13 * m32 - m12 * m33) * r, m13: (m12 * m23 - m13 * m22) * r,
            m21: (m23 * m31 - m21 * m33) * r, m22: (m11 * m33 - m13 * m31) * r, m23: (m13 * m21 - m11 * m23) * r,
            m31: (m21 * m32 - m22 * m31) * r, m32: (m12 * m31 - m11 * m32) * r, m33: (m11 * m22 - m12 * m21) * r)
    }
}
