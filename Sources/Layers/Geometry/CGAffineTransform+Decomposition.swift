import Foundation

extension CGAffineTransform {
    /// An affine transform split into scale, skew, rotation and translation, applied in that order:
    /// `M = Scale · Skew · Rotation · Translation` (row-vector convention).
    ///
    /// The rows of the linear part are `(a, b) = sx·(cos θ, sin θ)` and
    /// `(c, d) = sy·((−sin θ, cos θ) + skew·(cos θ, sin θ))`. A mirror shows up as a negative `scale.height`.
    /// This is for reading a transform (inspectors, `transform.rotation` key paths); interpolation between
    /// two affine transforms goes through `CATransform3D` as UIKit's does (see `interpolated(to:fraction:)`).
    public struct Decomposition: Hashable, Sendable {
        /// The translation (`tx`, `ty`), in points.
        public var translation: CGPoint
        /// Rotation in radians, in (−π, π].
        public var rotation: CGFloat
        /// The scale along x and y; a mirror gives a negative height.
        public var scale: CGSize
        /// Shear of y along x, relative to `scale.height`.
        public var skew: CGFloat

        /// Parts from their components; the defaults make the identity transform.
        public init(translation: CGPoint = .zero, rotation: CGFloat = 0, scale: CGSize = CGSize(width: 1, height: 1),
                    skew: CGFloat = 0) {
            self.translation = translation; self.rotation = rotation; self.scale = scale; self.skew = skew
        }
    }

    /// The transform's scale, skew, rotation and translation. With a zero x scale the rotation is 0;
    /// with a zero y scale the skew is 0 (neither can be recovered from a collapsed axis).
    public var decomposition: Decomposition {
        let a = Double(a), b = Double(b), c = Double(c), d = Double(d)
        let sx = (a * a + b * b).squareRoot()
        let (cs, sn) = sx > 0 ? (a / sx, b / sx) : (1.0, 0.0)
        let sy = -c * sn + d * cs              // component of row 1 along (−sin θ, cos θ); negative when mirrored
        let along = c * cs + d * sn            // component of row 1 along row 0's direction
        let skew = sy != 0 ? along / sy : 0
        return Decomposition(translation: CGPoint(x: tx, y: ty), rotation: CGFloat(atan2(sn, cs)),
                             scale: CGSize(width: sx, height: sy), skew: CGFloat(skew))
    }

    /// The transform that the parts describe; `CGAffineTransform(t.decomposition) == t` up to rounding.
    public init(_ p: Decomposition) {
        let cs = cos(Double(p.rotation)), sn = sin(Double(p.rotation))
        let sx = Double(p.scale.width), sy = Double(p.scale.height), k = Double(p.skew)
        self.init(a: CGFloat(sx * cs), b: CGFloat(sx * sn),
                  c: CGFloat(sy * (-sn + k * cs)), d: CGFloat(sy * (cs + k * sn)), tx: p.translation.x, ty: p.translation.y)
    }

    /// Interpolates as UIKit animates a view's `transform`: both ends become `CATransform3D`s, which are
    /// decomposed and interpolated part by part (CSS Transforms Level 2), and the affine part is read back.
    /// Falls back to a discrete switch at fraction 0.5 when either end cannot be decomposed.
    public func interpolated(to other: CGAffineTransform, fraction: Double) -> CGAffineTransform {
        CATransform3DGetAffineTransform(CATransform3DMakeAffineTransform(self)
            .interpolated(to: CATransform3DMakeAffineTransform(other), fraction: fraction))
    }
}

extension CATransform3D {
    /// Interpolates by decomposition (CSS Transforms Level 2 "Interpolation of 3D matrices"), keeping
    /// perspective; the rotation takes the shorter arc. When either end cannot be decomposed the value
    /// switches discretely at fraction 0.5 (CSS's rule for that case). Fraction 0 and 1 return the ends
    /// exactly; NaN gives `self`.
    public func interpolated(to other: CATransform3D, fraction: Double) -> CATransform3D {
        if fraction == 0 || fraction.isNaN { return self }
        if fraction == 1 { return other }
        guard let a = decomposed(), let b = other.decomposed() else { return fraction < 0.5 ? self : other }
        return a.interpolated(to: b, fraction: fraction).matrix
    }
}
