import Foundation

/// A 3D transform split into the parts that animate independently, following CSS Transforms Level 2,
/// "Decomposing a 3D matrix" (the unmatrix algorithm of Graphics Gems II), which is the precise
/// equivalent of how Core Animation interpolates whole `transform` values.
///
/// In the row-vector convention the matrix recomposes as
/// `M = Scale · Skew · Rotation · Translation · Perspective`: a point is scaled first, then skewed,
/// rotated, translated, and last divided through the perspective column.
public struct CATransform3DDecomposition: Hashable, Sendable {
    /// Translation along x, y, z (`m41…m43` of the normalized matrix).
    public var translation: (x: Double, y: Double, z: Double) { (t[0], t[1], t[2]) }
    /// Scale factors along x, y, z; all three are negated when the matrix flips handedness.
    public var scale: (x: Double, y: Double, z: Double) { (s[0], s[1], s[2]) }
    /// Shear factors xy, xz, yz.
    public var skew: (xy: Double, xz: Double, yz: Double) { (k[0], k[1], k[2]) }
    /// Perspective 4-vector (the last column of the perspective factor); `(0, 0, 0, 1)` for none.
    public var perspective: (x: Double, y: Double, z: Double, w: Double) { (p[0], p[1], p[2], p[3]) }
    /// Rotation as a unit quaternion `(x, y, z, w)`.
    public var quaternion: (x: Double, y: Double, z: Double, w: Double) { (q[0], q[1], q[2], q[3]) }

    var t: [Double], s: [Double], k: [Double], p: [Double], q: [Double]

    /// Parts from their components; the defaults make the identity transform.
    public init(translation: (x: Double, y: Double, z: Double) = (0, 0, 0),
                scale: (x: Double, y: Double, z: Double) = (1, 1, 1),
                skew: (xy: Double, xz: Double, yz: Double) = (0, 0, 0),
                perspective: (x: Double, y: Double, z: Double, w: Double) = (0, 0, 0, 1),
                quaternion: (x: Double, y: Double, z: Double, w: Double) = (0, 0, 0, 1)) {
        t = [translation.x, translation.y, translation.z]
        s = [scale.x, scale.y, scale.z]
        k = [skew.xy, skew.xz, skew.yz]
        p = [perspective.x, perspective.y, perspective.z, perspective.w]
        q = [quaternion.x, quaternion.y, quaternion.z, quaternion.w]
    }

    /// Interpolates component-wise: translation, scale, skew and perspective linearly, the rotation by
    /// spherical linear interpolation along the shorter arc.
    ///
    /// CSS Level 2 slerps without flipping the sign of one quaternion; Core Animation takes the shorter
    /// arc (animating `transform` from 0 to 270° turns −90°), so this does too.
    /// Fractions outside 0…1 extrapolate (overshooting curves and springs need that).
    public func interpolated(to o: CATransform3DDecomposition, fraction f: Double) -> CATransform3DDecomposition {
        func lerp(_ a: [Double], _ b: [Double]) -> [Double] { zip(a, b).map { $0 + ($1 - $0) * f } }
        var r = self
        r.t = lerp(t, o.t); r.s = lerp(s, o.s); r.k = lerp(k, o.k); r.p = lerp(p, o.p)
        r.q = TransformQuaternion.slerp(q, o.q, f)
        return r
    }

    /// The matrix these parts describe.
    public var matrix: CATransform3D {
        // Rotation (row-vector convention: the transpose of the usual column-vector quaternion matrix).
        let (x, y, z, w) = (q[0], q[1], q[2], q[3])
        let r: [[Double]] = [
            [1 - 2 * (y * y + z * z), 2 * (x * y + z * w), 2 * (x * z - y * w)],
            [2 * (x * y - z * w), 1 - 2 * (x * x + z * z), 2 * (y * z + x * w)],
            [2 * (x * z + y * w), 2 * (y * z - x * w), 1 - 2 * (x * x + y * y)],
        ]
        // A = S · U · R where U is unit lower triangular holding the shears.
        let u: [[Double]] = [[1, 0, 0], [k[0], 1, 0], [k[1], k[2], 1]]
        var a = [[Double]](repeating: [0, 0, 0], count: 3)
        for i in 0..<3 {
            for j in 0..<3 { a[i][j] = s[i] * (u[i][0] * r[0][j] + u[i][1] * r[1][j] + u[i][2] * r[2][j]) }
        }
        // L = [[A, 0], [t, 1]]; M = L · P where P is the identity with its last column replaced by p.
        var m = [[Double]](repeating: [0, 0, 0, 0], count: 4)
        for i in 0..<3 {
            for j in 0..<3 { m[i][j] = a[i][j] }
            m[i][3] = a[i][0] * p[0] + a[i][1] * p[1] + a[i][2] * p[2]
        }
        for j in 0..<3 { m[3][j] = t[j] }
        m[3][3] = t[0] * p[0] + t[1] * p[1] + t[2] * p[2] + p[3]
        return CATransform3D(rows: m)
    }

    /// Equal when every component is exactly equal.
    public static func == (a: Self, b: Self) -> Bool { a.t == b.t && a.s == b.s && a.k == b.k && a.p == b.p && a.q == b.q }
    /// Hashes every component, consistent with `==`.
    public func hash(into h: inout Hasher) { h.combine(t); h.combine(s); h.combine(k); h.combine(p); h.combine(q) }
}

extension CATransform3D {
    /// The transform split into translation, scale, skew, perspective and rotation (CSS Transforms Level 2),
    /// or nil when it cannot be (m44 = 0, non-finite entries, or a perspective part over a singular 3×3).
    ///
    /// One deliberate difference from CSS: a zero scale on an axis (`CATransform3DMakeScale(0, 0, 1)`,
    /// common as an animation's start) is decomposed with scale 0 and a completed orthonormal basis,
    /// instead of failing, so that scaling from nothing animates smoothly as it does on iOS.
    /// - Complexity: constant (a few dozen flops, one 3×3 solve when there is perspective).
    public func decomposed() -> CATransform3DDecomposition? {
        var m = rows
        guard isFinite, m[3][3] != 0 else { return nil }
        let w = m[3][3]
        for i in 0..<4 { for j in 0..<4 { m[i][j] /= w } }

        var d = CATransform3DDecomposition()
        let a3 = (0..<3).map { i in (0..<3).map { j in m[i][j] } }
        // Perspective: solve A·q = p (column), then s = 1 − t·q.
        if m[0][3] != 0 || m[1][3] != 0 || m[2][3] != 0 {
            guard let inv = TransformMatrix3.inverse(a3) else { return nil }
            let pcol = [m[0][3], m[1][3], m[2][3]]
            let q = (0..<3).map { i in inv[i][0] * pcol[0] + inv[i][1] * pcol[1] + inv[i][2] * pcol[2] }
            d.p = [q[0], q[1], q[2], m[3][3] - (m[3][0] * q[0] + m[3][1] * q[1] + m[3][2] * q[2])]
        }
        d.t = [m[3][0], m[3][1], m[3][2]]

        // Gram–Schmidt on the rows of A: A = S · U · R.
        var row = a3
        var basis: [[Double]] = []
        func orthonormal(_ v: [Double]) -> (length: Double, unit: [Double]) {
            let len = TransformVector3.length(v)
            if len > 1e-12 * max(1, TransformVector3.length(a3[0]), TransformVector3.length(a3[1]), TransformVector3.length(a3[2])) {
                return (len, TransformVector3.scale(v, 1 / len))
            }
            // Zero scale on this axis: complete the basis with the first canonical axis not yet spanned.
            for e in [[1.0, 0, 0], [0, 1.0, 0], [0, 0, 1.0]] {
                var c = e
                for b in basis { c = TransformVector3.combine(c, b, 1, -TransformVector3.dot(c, b)) }
                let l = TransformVector3.length(c)
                if l > 0.5 { return (0, TransformVector3.scale(c, 1 / l)) }
            }
            return (0, [0, 0, 1])
        }
        let (sx, r0) = orthonormal(row[0]); basis.append(r0)
        var kxy = TransformVector3.dot(r0, row[1])
        row[1] = TransformVector3.combine(row[1], r0, 1, -kxy)
        let (sy, r1) = orthonormal(row[1]); basis.append(r1)
        var kxz = TransformVector3.dot(r0, row[2])
        row[2] = TransformVector3.combine(row[2], r0, 1, -kxz)
        var kyz = TransformVector3.dot(r1, row[2])
        row[2] = TransformVector3.combine(row[2], r1, 1, -kyz)
        let (sz, r2) = orthonormal(row[2])
        // Shears are stored relative to the scale of the row they belong to.
        kxy = sy != 0 ? kxy / sy : 0
        kxz = sz != 0 ? kxz / sz : 0
        kyz = sz != 0 ? kyz / sz : 0
        var rot = [r0, r1, r2]
        d.s = [sx, sy, sz]
        d.k = [kxy, kxz, kyz]
        // A coordinate-system flip: negate the scales and the rotation rows.
        if TransformVector3.dot(rot[0], TransformVector3.cross(rot[1], rot[2])) < 0 {
            d.s = d.s.map { -$0 }
            rot = rot.map { TransformVector3.scale($0, -1) }
        }
        d.q = TransformQuaternion.fromRowMatrix(rot)
        return d
    }
}

/// TransformQuaternion helpers; quaternions are `[x, y, z, w]`.
enum TransformQuaternion {
    /// The unit quaternion of a proper rotation given in the row-vector convention, by Shepperd's method
    /// (picks the largest diagonal term, so rotations near 180° stay accurate).
    static func fromRowMatrix(_ r: [[Double]]) -> [Double] {
        // Column-vector matrix c = rᵀ.
        let c00 = r[0][0], c11 = r[1][1], c22 = r[2][2]
        let c01 = r[1][0], c10 = r[0][1], c02 = r[2][0], c20 = r[0][2], c12 = r[2][1], c21 = r[1][2]
        let trace = c00 + c11 + c22
        var q: [Double]
        if trace > 0 {
            let s = (trace + 1).squareRoot() * 2
            q = [(c21 - c12) / s, (c02 - c20) / s, (c10 - c01) / s, s / 4]
        } else if c00 > c11 && c00 > c22 {
            let s = (1 + c00 - c11 - c22).squareRoot() * 2
            q = [s / 4, (c01 + c10) / s, (c02 + c20) / s, (c21 - c12) / s]
        } else if c11 > c22 {
            let s = (1 + c11 - c00 - c22).squareRoot() * 2
            q = [(c01 + c10) / s, s / 4, (c12 + c21) / s, (c02 - c20) / s]
        } else {
            let s = (1 + c22 - c00 - c11).squareRoot() * 2
            q = [(c02 + c20) / s, (c12 + c21) / s, s / 4, (c10 - c01) / s]
        }
        let n = (q.map { $0 * $0 }.reduce(0, +)).squareRoot()
        guard n > 0, n.isFinite else { return [0, 0, 0, 1] }
        q = q.map { $0 / n }
        return q[3] < 0 ? q.map { -$0 } : q
    }

    /// Spherical linear interpolation along the shorter arc; fractions outside 0…1 extrapolate.
    static func slerp(_ a: [Double], _ b0: [Double], _ f: Double) -> [Double] {
        var b = b0
        var dot = zip(a, b).map(*).reduce(0, +)
        if dot < 0 { b = b.map { -$0 }; dot = -dot }
        dot = min(dot, 1)
        if dot > 1 - 1e-12 {
            // Nearly identical: linear interpolation then normalization avoids dividing by sin(θ) ≈ 0.
            let l = zip(a, b).map { $0 + ($1 - $0) * f }
            let n = (l.map { $0 * $0 }.reduce(0, +)).squareRoot()
            return n > 0 ? l.map { $0 / n } : a
        }
        let theta = acos(dot), sinTheta = (1 - dot * dot).squareRoot()
        let wa = sin((1 - f) * theta) / sinTheta, wb = sin(f * theta) / sinTheta
        return zip(a, b).map { $0 * wa + $1 * wb }
    }
}

enum TransformVector3 {
    static func dot(_ a: [Double], _ b: [Double]) -> Double { a[0] * b[0] + a[1] * b[1] + a[2] * b[2] }
    static func length(_ a: [Double]) -> Double { dot(a, a).squareRoot() }
    static func scale(_ a: [Double], _ s: Double) -> [Double] { a.map { $0 * s } }
    static func combine(_ a: [Double], _ b: [Double], _ sa: Double, _ sb: Double) -> [Double] {
        [a[0] * sa + b[0] * sb, a[1] * sa + b[1] * sb, a[2] * sa + b[2] * sb]
    }
    static func cross(_ a: [Double], _ b: [Double]) -> [Double] {
        [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]
    }
}

enum TransformMatrix3 {
    static func inverse(_ m: [[Double]]) -> [[Double]]? {
        let det = m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1])
            - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
            + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
        guard det != 0, det.isFinite else { return nil }
        func c(_ i: Int, _ j: Int) -> Double { m[i % 3][j % 3] }
        var inv = [[Double]](repeating: [0, 0, 0], count: 3)
        for i in 0..<3 {
            for j in 0..<3 {
                // Cofactor of (j, i) via cyclic indices, divided by the determinant.
                inv[i][j] = (c(j + 1, i + 1) * c(j + 2, i + 2) - c(j + 1, i + 2) * c(j + 2, i + 1)) / det
            }
        }
        return inv
    }
}
