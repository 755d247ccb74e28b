import Foundation

/// A value an animation can move between: linear interpolation plus the additive structure that
/// `CABasicAnimation`'s `byValue`, `isAdditive` and `isCumulative` need.
///
/// Laws conformers keep (exactly for vector-like types, up to rounding for transforms):
/// `a.interpolated(to: b, fraction: 0) == a`, `… fraction: 1) == b`;
/// `a.adding(.additiveIdentity) == a`; `a.adding(b).subtracting(b) == a`.
/// `adding` need not commute: for transforms it prepends (see `CATransform3D`'s conformance).
/// Colors, color arrays and paths live in other files of the module and conform there; `AnyInterpolatable`
/// carries them inside `AnimationValue`.
public protocol Interpolatable {
    /// The value `fraction` of the way from `self` to `other`; fractions outside 0…1 extrapolate.
    func interpolated(to other: Self, fraction: Double) -> Self
    /// The value that changes nothing when added (0, `.zero`, the identity transform).
    static var additiveIdentity: Self { get }
    /// `self` plus `other` (Apple's "added to the render-tree value").
    func adding(_ other: Self) -> Self
    /// The value beneath (`self`) with an additive animation's value `animated` added: what
    /// `isAdditive` shows. Default: `adding(animated)`. Types whose values cannot always be added
    /// answer the animation's own value where they cannot (paths of other elements).
    func addingAdditive(_ animated: Self) -> Self
    /// The value `d` with `d.adding(other) == self` for commutative types; for transforms the inverse
    /// of `adding` on the same side (`self.adding(x).subtracting(x) == self`).
    func subtracting(_ other: Self) -> Self
    /// `self` times a factor (`isCumulative` adds the end value once per completed cycle; cubic keyframes
    /// scale tangents). Default: `additiveIdentity.interpolated(to: self, fraction: factor)`.
    func scaled(by factor: Double) -> Self
    /// A distance for `calculationMode = .paced`, or nil when the type has none (paced then falls back
    /// to evenly spaced keyframes). Default: nil.
    func interpolationDistance(to other: Self) -> Double?
}

extension Interpolatable {
    /// Default: `adding(animated)`.
    public func addingAdditive(_ animated: Self) -> Self { adding(animated) }
    /// Default: `additiveIdentity.interpolated(to: self, fraction: factor)`.
    public func scaled(by factor: Double) -> Self { Self.additiveIdentity.interpolated(to: self, fraction: factor) }
    /// Default: nil (paced keyframes fall back to even spacing).
    public func interpolationDistance(to other: Self) -> Double? { nil }
}

extension Double: Interpolatable {
    /// Linear: `self + (other − self) · fraction`.
    public func interpolated(to other: Double, fraction: Double) -> Double { self + (other - self) * fraction }
    /// Zero.
    public static var additiveIdentity: Double { 0 }
    /// Arithmetic sum.
    public func adding(_ other: Double) -> Double { self + other }
    /// Arithmetic difference.
    public func subtracting(_ other: Double) -> Double { self - other }
    /// Product.
    public func scaled(by factor: Double) -> Double { self * factor }
    /// Absolute difference.
    public func interpolationDistance(to other: Double) -> Double? { abs(other - self) }
}

extension Float: Interpolatable {
    /// Linear, computed in `Double`.
    public func interpolated(to other: Float, fraction: Double) -> Float {
        Float(Double(self).interpolated(to: Double(other), fraction: fraction))
    }
    /// Zero.
    public static var additiveIdentity: Float { 0 }
    /// Arithmetic sum.
    public func adding(_ other: Float) -> Float { self + other }
    /// Arithmetic difference.
    public func subtracting(_ other: Float) -> Float { self - other }
    /// Product, computed in `Double`.
    public func scaled(by factor: Double) -> Float { Float(Double(self) * factor) }
    /// Absolute difference.
    public func interpolationDistance(to other: Float) -> Double? { abs(Double(other) - Double(self)) }
}

extension CGFloat: Interpolatable {
    /// Linear, computed in `Double`.
    public func interpolated(to other: CGFloat, fraction: Double) -> CGFloat {
        CGFloat(Double(self).interpolated(to: Double(other), fraction: fraction))
    }
    /// Zero.
    public static var additiveIdentity: CGFloat { 0 }
    /// Arithmetic sum.
    public func adding(_ other: CGFloat) -> CGFloat { self + other }
    /// Arithmetic difference.
    public func subtracting(_ other: CGFloat) -> CGFloat { self - other }
    /// Product, computed in `Double`.
    public func scaled(by factor: Double) -> CGFloat { CGFloat(Double(self) * factor) }
    /// Absolute difference.
    public func interpolationDistance(to other: CGFloat) -> Double? { Swift.abs(Double(other) - Double(self)) }
}

extension CGPoint: Interpolatable {
    /// x and y interpolate separately.
    public func interpolated(to o: CGPoint, fraction f: Double) -> CGPoint {
        CGPoint(x: x.interpolated(to: o.x, fraction: f), y: y.interpolated(to: o.y, fraction: f))
    }
    /// `.zero`.
    public static var additiveIdentity: CGPoint { .zero }
    /// Vector sum.
    public func adding(_ o: CGPoint) -> CGPoint { CGPoint(x: x + o.x, y: y + o.y) }
    /// Vector difference.
    public func subtracting(_ o: CGPoint) -> CGPoint { CGPoint(x: x - o.x, y: y - o.y) }
    /// Both coordinates times `f`.
    public func scaled(by f: Double) -> CGPoint { CGPoint(x: x.scaled(by: f), y: y.scaled(by: f)) }
    /// Euclidean distance.
    public func interpolationDistance(to o: CGPoint) -> Double? { hypot(Double(o.x - x), Double(o.y - y)) }
}

extension CGSize: Interpolatable {
    /// Width and height interpolate separately.
    public func interpolated(to o: CGSize, fraction f: Double) -> CGSize {
        CGSize(width: width.interpolated(to: o.width, fraction: f), height: height.interpolated(to: o.height, fraction: f))
    }
    /// `.zero`.
    public static var additiveIdentity: CGSize { .zero }
    /// Width and height summed.
    public func adding(_ o: CGSize) -> CGSize { CGSize(width: width + o.width, height: height + o.height) }
    /// Width and height subtracted.
    public func subtracting(_ o: CGSize) -> CGSize { CGSize(width: width - o.width, height: height - o.height) }
    /// Width and height times `f`.
    public func scaled(by f: Double) -> CGSize { CGSize(width: width.scaled(by: f), height: height.scaled(by: f)) }
    /// Euclidean distance between the (width, height) vectors.
    public func interpolationDistance(to o: CGSize) -> Double? { hypot(Double(o.width - width), Double(o.height - height)) }
}

extension CGRect: Interpolatable {
    /// Origin and size interpolate separately (not standardized first, as Core Animation's `bounds`).
    public func interpolated(to o: CGRect, fraction f: Double) -> CGRect {
        CGRect(origin: origin.interpolated(to: o.origin, fraction: f), size: size.interpolated(to: o.size, fraction: f))
    }
    /// `.zero`.
    public static var additiveIdentity: CGRect { .zero }
    /// Origins and sizes summed.
    public func adding(_ o: CGRect) -> CGRect { CGRect(origin: origin.adding(o.origin), size: size.adding(o.size)) }
    /// Origins and sizes subtracted.
    public func subtracting(_ o: CGRect) -> CGRect { CGRect(origin: origin.subtracting(o.origin), size: size.subtracting(o.size)) }
    /// Origin and size times `f`.
    public func scaled(by f: Double) -> CGRect { CGRect(origin: origin.scaled(by: f), size: size.scaled(by: f)) }
    /// Euclidean distance between (x, y, width, height) vectors.
    public func interpolationDistance(to o: CGRect) -> Double? {
        let a = origin.interpolationDistance(to: o.origin)!, b = size.interpolationDistance(to: o.size)!
        return (a * a + b * b).squareRoot()
    }
}

extension CATransform3D: Interpolatable {
    // interpolated(to:fraction:) is defined with the decomposition (CSS Transforms Level 2).
    /// The identity transform.
    public static var additiveIdentity: CATransform3D { .identity }
    /// `other` applied first, then `self`: the addend acts in the layer's own space, as the prepending
    /// `CATransform3DRotate/Scale/Translate` do, so a `byValue` rotation turns the layer in place.
    public func adding(_ other: CATransform3D) -> CATransform3D { CATransform3DConcat(other, self) }
    /// `other`'s inverse prepended: `a.adding(b).subtracting(b) == a`. A singular `other` is treated
    /// as its own inverse (Apple's `CATransform3DInvert` contract), which keeps the result defined.
    public func subtracting(_ other: CATransform3D) -> CATransform3D { CATransform3DConcat(CATransform3DInvert(other), self) }
}

extension CGAffineTransform: Interpolatable {
    /// The identity transform.
    public static var additiveIdentity: CGAffineTransform { .identity }
    /// `other` applied first, then `self` (see `CATransform3D.adding`).
    public func adding(_ other: CGAffineTransform) -> CGAffineTransform { other.concatenating(self) }
    /// `other`'s inverse applied first, then `self`: `a.adding(b).subtracting(b) == a`.
    public func subtracting(_ other: CGAffineTransform) -> CGAffineTransform { other.inverted().concatenating(self) }
}

extension Bool: Interpolatable {
    /// Discrete: switches at fraction 0.5, the W3C rule for values that cannot be interpolated.
    public func interpolated(to other: Bool, fraction: Double) -> Bool { fraction < 0.5 ? self : other }
    /// false.
    public static var additiveIdentity: Bool { false }
    /// Logical or.
    public func adding(_ other: Bool) -> Bool { self || other }
    /// `self` and not `other`.
    public func subtracting(_ other: Bool) -> Bool { self && !other }
    /// false for a factor of 0, else `self`.
    public func scaled(by factor: Double) -> Bool { factor == 0 ? false : self }
}

extension Array: Interpolatable where Element: Interpolatable {
    /// Element by element (a gradient's `locations` or `colors`); arrays of different lengths switch
    /// discretely at fraction 0.5.
    public func interpolated(to other: [Element], fraction: Double) -> [Element] {
        guard count == other.count else { return fraction < 0.5 ? self : other }
        return zip(self, other).map { $0.interpolated(to: $1, fraction: fraction) }
    }
    /// The empty array (a missing element counts as the element type's identity).
    public static var additiveIdentity: [Element] { [] }
    /// Element by element; a missing element counts as the element type's identity.
    public func adding(_ other: [Element]) -> [Element] { Self.combine(self, other) { $0.adding($1) } }
    /// Element by element; a missing element counts as the element type's identity.
    public func subtracting(_ other: [Element]) -> [Element] { Self.combine(self, other) { $0.subtracting($1) } }
    /// Every element times `factor`.
    public func scaled(by factor: Double) -> [Element] { map { $0.scaled(by: factor) } }
    /// Euclidean combination of the elements' distances; nil for different lengths or elements without one.
    public func interpolationDistance(to other: [Element]) -> Double? {
        guard count == other.count else { return nil }
        var sum = 0.0
        for (a, b) in zip(self, other) {
            guard let d = a.interpolationDistance(to: b) else { return nil }
            sum += d * d
        }
        return sum.squareRoot()
    }
    private static func combine(_ a: [Element], _ b: [Element], _ f: (Element, Element) -> Element) -> [Element] {
        (0..<Swift.max(a.count, b.count)).map { i in
            f(i < a.count ? a[i] : .additiveIdentity, i < b.count ? b[i] : .additiveIdentity)
        }
    }
}
