import Foundation

/// Reading and writing the fields that transform key paths address (`"transform.scale.x"`,
/// `"transform.rotation.z"`, `"transform.translation"`…), Apple's "transform field value key paths".
///
/// Fields are read from the CSS Level 2 decomposition (`decomposed()`): translation and scale directly;
/// rotation as Euler angles with the matrix equal to `Rx(x) · Ry(y) · Rz(z)` in the row-vector convention
/// (x applied first), so a pure rotation about one axis reads back as that angle on that axis and 0 on
/// the others. Writing a field decomposes, replaces the field and recomposes, so the other parts — scale,
/// skew, perspective — are kept, which is how a `transform.rotation.z` animation turns a scaled layer.
/// `scale` reads as the average of the three factors and writes all three; `rotation` is `rotation.z`;
/// `translation` is a size (x, y). A transform that cannot be decomposed reads as the identity's fields
/// and is returned unchanged by writes.
extension CATransform3D {
    /// The field's value: `.number` for scalar fields, `.size` for `translation`, `.transform` for `.whole`.
    public func value(for field: AnimationKeyPath.TransformField) -> AnimationValue {
        if field == .whole { return .transform(self) }
        let (d, angles) = parts() ?? Self.parts(of: CATransform3DDecomposition())
        switch field {
        case .whole: return .transform(self)
        case .scale: return .number((d.s[0] + d.s[1] + d.s[2]) / 3)
        case .scaleX: return .number(d.s[0])
        case .scaleY: return .number(d.s[1])
        case .scaleZ: return .number(d.s[2])
        case .rotation, .rotationZ: return .number(angles.z)
        case .rotationX: return .number(angles.x)
        case .rotationY: return .number(angles.y)
        case .translation: return .size(CGSize(width: d.t[0], height: d.t[1]))
        case .translationX: return .number(d.t[0])
        case .translationY: return .number(d.t[1])
        case .translationZ: return .number(d.t[2])
        }
    }

    /// The identity's decomposition and Euler angles, worked out once: a field animated on a layer
    /// whose own transform is the identity (a spinner's `transform.rotation.z`) reads and writes
    /// through them every frame, and decomposing allocates a dozen small arrays.
    static let identityParts = parts(of: CATransform3DIdentity.decomposed() ?? CATransform3DDecomposition())

    /// The decomposition and its Euler angles (the identity's from `identityParts`), or nil when
    /// the transform cannot be decomposed.
    private func parts() -> (CATransform3DDecomposition, TransformEulerAngles)? {
        if isExactlyIdentity { return Self.identityParts }
        return decomposed().map(Self.parts(of:))
    }

    /// `d` with the Euler angles of its rotation.
    private static func parts(of d: CATransform3DDecomposition) -> (CATransform3DDecomposition, TransformEulerAngles) {
        (d, TransformEulerAngles(quaternion: d.q))
    }

    /// The identity, with no −0 in the translation (which the decomposition would hand on; a −0
    /// elsewhere decomposes as +0 does).
    private var isExactlyIdentity: Bool {
        self == CATransform3DIdentity && m41.sign == .plus && m42.sign == .plus && m43.sign == .plus
    }

    /// The transform with one field replaced. A value of the wrong kind (a point for `scale.x`…) or a
    /// transform that cannot be decomposed leaves the transform unchanged.
    public func replacing(_ field: AnimationKeyPath.TransformField, with value: AnimationValue) -> CATransform3D {
        if field == .whole { return value.transform ?? self }
        guard case var (d, e)? = parts() else { return self }
        if field == .translation {
            guard let s = value.size else { return self }
            d.t[0] = Double(s.width); d.t[1] = Double(s.height)
            return d.matrix
        }
        guard let v = value.number else { return self }
        switch field {
        case .whole, .translation: return self
        case .scale: d.s = [v, v, v]
        case .scaleX: d.s[0] = v
        case .scaleY: d.s[1] = v
        case .scaleZ: d.s[2] = v
        case .rotation, .rotationZ: e.z = v
        case .rotationX: e.x = v
        case .rotationY: e.y = v
        case .translationX: d.t[0] = v
        case .translationY: d.t[1] = v
        case .translationZ: d.t[2] = v
        }
        if [.rotation, .rotationX, .rotationY, .rotationZ].contains(field) { d.q = e.quaternion }
        return d.matrix
    }
}

/// Euler angles for `Rx(x) · Ry(y) · Rz(z)` (row-vector convention, x applied first).
struct TransformEulerAngles {
    var x: Double, y: Double, z: Double

    init(x: Double, y: Double, z: Double) { self.x = x; self.y = y; self.z = z }

    init(quaternion q: [Double]) {
        let r = CATransform3DDecomposition(quaternion: (q[0], q[1], q[2], q[3])).matrix.rows
        // Row 0 of Rx·Ry·Rz is (cos y·cos z, cos y·sin z, −sin y); rows 1 and 2 end in sin x·cos y, cos x·cos y.
        let sy = Swift.max(-1, Swift.min(1, -r[0][2]))
        y = asin(sy)
        if abs(sy) < 1 - 1e-12 {
            z = atan2(r[0][1], r[0][0])
            x = atan2(r[1][2], r[2][2])
        } else {
            // Gimbal lock: z and x turn about the same axis; put it all in x.
            z = 0
            x = atan2(-r[2][1], r[1][1])
        }
    }

    var quaternion: [Double] {
        let m = CATransform3DConcat(CATransform3DConcat(CATransform3DMakeRotation(CGFloat(x), 1, 0, 0),
                                                        CATransform3DMakeRotation(CGFloat(y), 0, 1, 0)),
                                    CATransform3DMakeRotation(CGFloat(z), 0, 0, 1))
        let r = m.rows
        return TransformQuaternion.fromRowMatrix((0..<3).map { i in (0..<3).map { r[i][$0] } })
    }
}
