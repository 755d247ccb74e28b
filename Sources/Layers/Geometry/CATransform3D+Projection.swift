import Foundation
import Raster

extension ProjectiveTransform {
    /// True when the map has no perspective part, so it is affine.
    public var isAffine: Bool { m13 == 0 && m23 == 0 && m33 == 1 }

    /// The image of `p`, or nil when it lands on or behind the eye plane (W ≤ 0) or is not finite.
    public func apply(_ p: CGPoint) -> CGPoint? {
        apply(Point(Double(p.x), Double(p.y))).map { CGPoint(x: $0.x, y: $0.y) }
    }
}

extension CATransform3D {
    /// The 3×3 projective map of the z = 0 plane: rows and columns 1, 2 and 4 of the matrix
    /// (the z row and column drop out because input z is 0 and output z is not needed for drawing).
    public var planeProjection: ProjectiveTransform {
        ProjectiveTransform(m11: Double(m11), m12: Double(m12), m13: Double(m14),
                              m21: Double(m21), m22: Double(m22), m23: Double(m24),
                              m31: Double(m41), m32: Double(m42), m33: Double(m44))
    }

    /// Projects `(x, y, z)` through the transform with the homogeneous divide:
    /// `[x y z 1] · M = [X Y Z W]` → `(X/W, Y/W, Z/W)`. Nil when W ≤ 0 (at or behind the eye) or not finite.
    public func project(x: Double, y: Double, z: Double = 0) -> (x: Double, y: Double, z: Double)? {
        let X = x * Double(m11) + y * Double(m21) + z * Double(m31) + Double(m41)
        let Y = x * Double(m12) + y * Double(m22) + z * Double(m32) + Double(m42)
        let Z = x * Double(m13) + y * Double(m23) + z * Double(m33) + Double(m43)
        let W = x * Double(m14) + y * Double(m24) + z * Double(m34) + Double(m44)
        guard W > 0 else { return nil }
        let p = (X / W, Y / W, Z / W)
        return p.0.isFinite && p.1.isFinite && p.2.isFinite ? p : nil
    }

    /// Projects a point of the z = 0 plane; see `project(x:y:z:)`.
    public func project(_ p: CGPoint) -> CGPoint? {
        project(x: Double(p.x), y: Double(p.y)).map { CGPoint(x: $0.x, y: $0.y) }
    }
}
