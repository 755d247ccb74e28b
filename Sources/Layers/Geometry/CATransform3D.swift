import Foundation

/// A 4×4 homogeneous transform with Core Animation's names, storage and row-vector convention.
///
/// A point is the row vector `[x y z 1]` multiplied by the matrix, so translation lives in `m41…m43` and
/// perspective in the fourth column (`m34 = −1/d` puts the eye at distance d on the +z axis).
/// `CATransform3DConcat(a, b)` is `a · b`: a is applied first, then b. The `CATransform3DTranslate/Scale/Rotate`
/// functions prepend their operation (`CATransform3DScale(t, …) = CATransform3DConcat(CATransform3DMakeScale(…), t)`),
/// as Apple's header states.
public struct CATransform3D: Hashable, Sendable, CustomStringConvertible {
    /// Row 1 of the 4×4 matrix (row vectors, as Core Animation: a point is multiplied on the left).
    public var m11: CGFloat, m12: CGFloat, m13: CGFloat, m14: CGFloat
    /// Row 2.
    public var m21: CGFloat, m22: CGFloat, m23: CGFloat, m24: CGFloat
    /// Row 3; `m34 = -1 / d` gives perspective from a distance d.
    public var m31: CGFloat, m32: CGFloat, m33: CGFloat, m34: CGFloat
    /// Row 4: the translation in m41, m42, m43.
    public var m41: CGFloat, m42: CGFloat, m43: CGFloat, m44: CGFloat

    /// The identity transform (Apple's `CATransform3D()` is the zero matrix; Flipbook's is the identity,
    /// because a zero transform is never what a port means and makes every layer vanish).
    public init() {
        self.init(m11: 1, m12: 0, m13: 0, m14: 0, m21: 0, m22: 1, m23: 0, m24: 0,
                  m31: 0, m32: 0, m33: 1, m34: 0, m41: 0, m42: 0, m43: 0, m44: 1)
    }

    /// The transform with these matrix entries.
    public init(m11: CGFloat, m12: CGFloat, m13: CGFloat, m14: CGFloat,
                m21: CGFloat, m22: CGFloat, m23: CGFloat, m24: CGFloat,
                m31: CGFloat, m32: CGFloat, m33: CGFloat, m34: CGFloat,
                m41: CGFloat, m42: CGFloat, m43: CGFloat, m44: CGFloat) {
        self.m11 = m11; self.m12 = m12; self.m13 = m13; self.m14 = m14
        self.m21 = m21; self.m22 = m22; self.m23 = m23; self.m24 = m24
        self.m31 = m31; self.m32 = m32; self.m33 = m33; self.m34 = m34
        self.m41 = m41; self.m42 = m42; self.m43 = m43; self.m44 = m44
    }

    /// The matrix from 16 doubles in row-major order (`rows[i][j]` is `m(i+1)(j+1)`). Entries missing
    /// from a short or ragged array keep the identity's value, so no input traps.
    public init(rows r: [[Double]]) {
        func e(_ i: Int, _ j: Int) -> CGFloat {
            i < r.count && j < r[i].count ? CGFloat(r[i][j]) : (i == j ? 1 : 0)
        }
        self.init(m11: e(0, 0), m12: e(0, 1), m13: e(0, 2), m14: e(0, 3),
                  m21: e(1, 0), m22: e(1, 1), m23: e(1, 2), m24: e(1, 3),
                  m31: e(2, 0), m32: e(2, 1), m33: e(2, 2), m34: e(2, 3),
                  m41: e(3, 0), m42: e(3, 1), m43: e(3, 2), m44: e(3, 3))
    }

    /// The matrix as 4 rows of 4 doubles (`rows[i][j]` is `m(i+1)(j+1)`).
    public var rows: [[Double]] {
        [[m11, m12, m13, m14], [m21, m22, m23, m24], [m31, m32, m33, m34], [m41, m42, m43, m44]]
            .map { $0.map(Double.init) }
    }

    /// The identity transform.
    public static let identity = CATransform3D()

    /// True when every entry is finite.
    public var isFinite: Bool {
        m11.isFinite && m12.isFinite && m13.isFinite && m14.isFinite && m21.isFinite && m22.isFinite
            && m23.isFinite && m24.isFinite && m31.isFinite && m32.isFinite && m33.isFinite && m34.isFinite
            && m41.isFinite && m42.isFinite && m43.isFinite && m44.isFinite
    }

    /// The 16 entries row by row (`m11 m12 m13 m14 | m21 …`), for logs and test failures.
    public var description: String {
        "CATransform3D(" + rows.map { $0.map { "\($0)" }.joined(separator: " ") }.joined(separator: " | ") + ")"
    }

    /// `self · t`: self applied first, then t.
    /// - Complexity: 64 multiply-adds, no allocation (the renderer concatenates per layer per frame).
    public func concatenating(_ t: CATransform3D) -> CATransform3D {
        CATransform3D(
            m11: m11 * t.m11 + m12 * t.m21 + m13 * t.m31 + m14 * t.m41,
            m12: m11 * t.m12 + m12 * t.m22 + m13 * t.m32 + m14 * t.m42,
            m13: m11 * t.m13 + m12 * t.m23 + m13 * t.m33 + m14 * t.m43,
            m14: m11 * t.m14 + m12 * t.m24 + m13 * t.m34 + m14 * t.m44,
            m21: m21 * t.m11 + m22 * t.m21 + m23 * t.m31 + m24 * t.m41,
            m22: m21 * t.m12 + m22 * t.m22 + m23 * t.m32 + m24 * t.m42,
            m23: m21 * t.m13 + m22 * t.m23 + m23 * t.m33 + m24 * t.m43,
            m24: m21 * t.m14 + m22 * t.m24 + m23 * t.m34 + m24 * t.m44,
            m31: m31 * t.m11 + m32 * t.m21 + m33 * t.m31 + m34 * t.m41,
            m32: m31 * t.m12 + m32 * t.m22 + m33 * t.m32 + m34 * t.m42,
            m33: m31 * t.m13 + m32 * t.m23 + m33 * t.m33 + m34 * t.m43,
            m34: m31 * t.m14 + m32 * t.m24 + m33 * t.m34 + m34 * t.m44,
            m41: m41 * t.m11 + m42 * t.m21 + m43 * t.m31 + m44 * t.m41,
            m42: m41 * t.m12 + m42 * t.m22 + m43 * t.m32 + m44 * t.m42,
            m43: m41 * t.m13 + m42 * t.m23 + m43 * t.m33 + m44 * t.m43,
            m44: m41 * t.m14 + m42 * t.m24 + m43 * t.m34 + m44 * t.m44)
    }

    /// The determinant of the full 4×4 matrix.
    public var determinant: Double { TransformMatrix4.determinant(rows) }
}

/// The identity transform (Apple's global constant).
public let CATransform3DIdentity = CATransform3D.identity

/// True when `t` is exactly the identity.
public func CATransform3DIsIdentity(_ t: CATransform3D) -> Bool { t == .identity }

/// True when `a` and `b` are exactly equal.
public func CATransform3DEqualToTransform(_ a: CATransform3D, _ b: CATransform3D) -> Bool { a == b }

/// Translation by `(tx, ty, tz)`.
public func CATransform3DMakeTranslation(_ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D {
    var t = CATransform3D.identity
    t.m41 = tx; t.m42 = ty; t.m43 = tz
    return t
}

/// Scale about the origin by `(sx, sy, sz)`.
public func CATransform3DMakeScale(_ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
    var t = CATransform3D.identity
    t.m11 = sx; t.m22 = sy; t.m33 = sz
    return t
}

/// Rotation by `angle` radians about the axis `(x, y, z)` through the origin.
///
/// The axis is normalized; a zero-length (or non-finite) axis gives the identity, as Apple's does.
/// About `(0, 0, 1)` it equals `CGAffineTransform(rotationAngle:)`: `m11 = cos, m12 = sin, m21 = −sin, m22 = cos`.
/// The matrix is the transpose of the column-vector Rodrigues rotation (row-vector convention).
public func CATransform3DMakeRotation(_ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat) -> CATransform3D {
    var (ux, uy, uz) = (Double(x), Double(y), Double(z))
    let len = (ux * ux + uy * uy + uz * uz).squareRoot()
    guard len > 0, len.isFinite else { return .identity }
    ux /= len; uy /= len; uz /= len
    let s = sin(Double(angle)), c = cos(Double(angle)), k = 1 - c
    return CATransform3D(rows: [
        [c + ux * ux * k, uy * ux * k + uz * s, uz * ux * k - uy * s, 0],
        [ux * uy * k - uz * s, c + uy * uy * k, uz * uy * k + ux * s, 0],
        [ux * uz * k + uy * s, uy * uz * k - ux * s, c + uz * uz * k, 0],
        [0, 0, 0, 1],
    ])
}

/// A translation by `(tx, ty, tz)` followed by `t`.
public func CATransform3DTranslate(_ t: CATransform3D, _ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D {
    CATransform3DMakeTranslation(tx, ty, tz).concatenating(t)
}

/// A scale by `(sx, sy, sz)` followed by `t`.
public func CATransform3DScale(_ t: CATransform3D, _ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
    CATransform3DMakeScale(sx, sy, sz).concatenating(t)
}

/// A rotation by `angle` about `(x, y, z)` followed by `t`.
public func CATransform3DRotate(_ t: CATransform3D, _ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat) -> CATransform3D {
    CATransform3DMakeRotation(angle, x, y, z).concatenating(t)
}

/// `a · b`: a applied first, then b.
public func CATransform3DConcat(_ a: CATransform3D, _ b: CATransform3D) -> CATransform3D { a.concatenating(b) }

/// The inverse of `t`, or `t` itself when it has no inverse (Apple: "Returns the original matrix if t has no inverse").
/// - Complexity: one 4×4 Gauss–Jordan elimination with partial pivoting.
public func CATransform3DInvert(_ t: CATransform3D) -> CATransform3D {
    guard let inv = TransformMatrix4.inverse(t.rows) else { return t }
    return CATransform3D(rows: inv)
}

/// The 3D transform equal to the affine `m`: `m11 = a, m12 = b, m21 = c, m22 = d, m41 = tx, m42 = ty`.
public func CATransform3DMakeAffineTransform(_ m: CGAffineTransform) -> CATransform3D {
    var t = CATransform3D.identity
    t.m11 = m.a; t.m12 = m.b; t.m21 = m.c; t.m22 = m.d; t.m41 = m.tx; t.m42 = m.ty
    return t
}

/// True when `t` maps the z = 0 plane exactly like an affine transform and leaves z alone:
/// the z row and column and the perspective column are the identity's.
public func CATransform3DIsAffine(_ t: CATransform3D) -> Bool {
    t.m13 == 0 && t.m14 == 0 && t.m23 == 0 && t.m24 == 0 && t.m31 == 0 && t.m32 == 0
        && t.m33 == 1 && t.m34 == 0 && t.m43 == 0 && t.m44 == 1
}

/// The affine part of `t` (`a = m11, b = m12, c = m21, d = m22, tx = m41, ty = m42`); the rest is dropped,
/// so the result is exact only when `CATransform3DIsAffine(t)`.
public func CATransform3DGetAffineTransform(_ t: CATransform3D) -> CGAffineTransform {
    CGAffineTransform(a: t.m11, b: t.m12, c: t.m21, d: t.m22, tx: t.m41, ty: t.m42)
}

/// Small dense 4×4 helpers on `[[Double]]`, shared by inversion and decomposition.
enum TransformMatrix4 {
    static func determinant(_ m: [[Double]]) -> Double {
        // Laplace expansion along the first row with 3×3 minors.
        func det3(_ r: [Int], _ c: [Int]) -> Double {
            m[r[0]][c[0]] * (m[r[1]][c[1]] * m[r[2]][c[2]] - m[r[1]][c[2]] * m[r[2]][c[1]])
                - m[r[0]][c[1]] * (m[r[1]][c[0]] * m[r[2]][c[2]] - m[r[1]][c[2]] * m[r[2]][c[0]])
                + m[r[0]][c[2]] * (m[r[1]][c[0]] * m[r[2]][c[1]] - m[r[1]][c[1]] * m[r[2]][c[0]])
        }
        var sum = 0.0
        for j in 0..<4 {
            let cols = (0..<4).filter { $0 != j }
            let sign: Double = j % 2 == 0 ? 1 : -1
            sum += sign * m[0][j] * det3([1, 2, 3], cols)
        }
        return sum
    }

    /// Gauss–Jordan inverse, nil when singular or not finite.
    static func inverse(_ m: [[Double]]) -> [[Double]]? {
        let n = m.count
        var a = m, inv = (0..<n).map { i in (0..<n).map { j in i == j ? 1.0 : 0.0 } }
        let scale = m.flatMap { $0 }.map(abs).max() ?? 0
        guard scale > 0, scale.isFinite else { return nil }
        for col in 0..<n {
            var pivot = col
            for r in col + 1..<n where abs(a[r][col]) > abs(a[pivot][col]) { pivot = r }
            guard abs(a[pivot][col]) > scale * 1e-14 else { return nil }
            a.swapAt(col, pivot); inv.swapAt(col, pivot)
            let p = a[col][col]
            for j in 0..<n { a[col][j] /= p; inv[col][j] /= p }
            for r in 0..<n where r != col {
                let f = a[r][col]
                if f == 0 { continue }
                for j in 0..<n { a[r][j] -= f * a[col][j]; inv[r][j] -= f * inv[col][j] }
            }
        }
        return inv.allSatisfy({ $0.allSatisfy(\.isFinite) }) ? inv : nil
    }
}
