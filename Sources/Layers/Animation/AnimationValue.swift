import Foundation

/// A typed animation value: what `fromValue`, `toValue`, `byValue` and keyframe `values` hold once
/// Apple's `Any` has been looked at (once, when the animation is added), so evaluation never casts.
///
/// Values of different kinds cannot be interpolated; they switch at fraction 0.5 (the W3C rule for
/// non-interpolable values), and adding or subtracting a different kind leaves the value unchanged.
/// Scalars of every width (`CGFloat`, `Double`, `Float`, integers, `NSNumber`) become `.number`.
public enum AnimationValue: Interpolatable, Equatable, Sendable, CustomStringConvertible {
    /// A scalar (`CGFloat`, `Double`, `Float`, integers, `NSNumber`): opacity, radii, widths, key path fields.
    case number(Double)
    /// A point: `position`, `anchorPoint`, gradient end points.
    case point(CGPoint)
    /// A size: `bounds.size`, `shadowOffset`.
    case size(CGSize)
    /// A rectangle: `bounds`, `contentsRect`.
    case rect(CGRect)
    /// A 3D transform: `transform`, `sublayerTransform`.
    case transform(CATransform3D)
    /// An affine transform.
    case affineTransform(CGAffineTransform)
    /// A Boolean such as `isHidden`: switches at fraction 0.5.
    case bool(Bool)
    /// Arrays of scalars, such as `CAGradientLayer.locations`.
    case numbers([Double])
    /// Anything else that interpolates: colors, color arrays, paths, images (types defined elsewhere).
    case other(AnyInterpolatable)

    /// Boxes an Apple-style `Any` value, or nil when it is neither a known type nor `Interpolatable & Sendable`.
    /// - Complexity: a handful of dynamic casts; call it once per value, not per frame.
    public init?(_ value: Any) {
        // Foundation bridges numbers through NSNumber, so `true as Any as? CGFloat` succeeds:
        // take Bool by its exact type first.
        if let b = value as? Bool, type(of: value) == Bool.self { self = .bool(b); return }
        switch value {
        case let v as AnimationValue: self = v
        case let v as CGFloat: self = .number(Double(v))
        case let v as Double: self = .number(v)
        case let v as Float: self = .number(Double(v))
        case let v as Int: self = .number(Double(v))
        case let v as NSNumber: self = .number(v.doubleValue)
        case let v as CGPoint: self = .point(v)
        case let v as CGSize: self = .size(v)
        case let v as CGRect: self = .rect(v)
        case let v as CATransform3D: self = .transform(v)
        case let v as CGAffineTransform: self = .affineTransform(v)
        case let v as [Double]: self = .numbers(v)
        case let v as [CGFloat]: self = .numbers(v.map(Double.init))
        case let v as [Float]: self = .numbers(v.map(Double.init))
        case let v as [NSNumber]: self = .numbers(v.map(\.doubleValue))
        case let v as AnyInterpolatable: self = .other(v)
        case let v as any Interpolatable & Sendable: self = .other(Self.erase(v))
        default: return nil
        }
    }

    private static func erase<T: Interpolatable & Sendable>(_ v: T) -> AnyInterpolatable { AnyInterpolatable(v) }

    /// The scalar, if this is `.number`.
    public var number: Double? { if case .number(let v) = self { return v } else { return nil } }
    /// The point, if this is `.point`.
    public var point: CGPoint? { if case .point(let v) = self { return v } else { return nil } }
    /// The size, if this is `.size`.
    public var size: CGSize? { if case .size(let v) = self { return v } else { return nil } }
    /// The rectangle, if this is `.rect`.
    public var rect: CGRect? { if case .rect(let v) = self { return v } else { return nil } }
    /// The 3D transform, if this is `.transform`.
    public var transform: CATransform3D? { if case .transform(let v) = self { return v } else { return nil } }
    /// The affine transform, if this is `.affineTransform`.
    public var affineTransform: CGAffineTransform? { if case .affineTransform(let v) = self { return v } else { return nil } }
    /// The Boolean, if this is `.bool`.
    public var bool: Bool? { if case .bool(let v) = self { return v } else { return nil } }
    /// The scalars, if this is `.numbers`.
    public var numbers: [Double]? { if case .numbers(let v) = self { return v } else { return nil } }
    /// The boxed value of `.other` as `T`.
    public func other<T>(as type: T.Type = T.self) -> T? { if case .other(let v) = self { return v.value(as: T.self) } else { return nil } }

    /// The additive identity of the number kind (Apple's "zero" for a missing by/from end).
    public static var additiveIdentity: AnimationValue { .number(0) }

    /// The additive identity of this value's own kind (`.point(.zero)`, `.transform(.identity)`, …).
    public var zeroOfSameKind: AnimationValue {
        switch self {
        case .number: return .number(0)
        case .point: return .point(.zero)
        case .size: return .size(.zero)
        case .rect: return .rect(.zero)
        case .transform: return .transform(.identity)
        case .affineTransform: return .affineTransform(.identity)
        case .bool: return .bool(false)
        case .numbers(let v): return .numbers(Array(repeating: 0, count: v.count))
        case .other(let v): return .other(v.additiveIdentity)
        }
    }

    /// Interpolates two values of the same kind with that kind's rule; values of different kinds
    /// switch at fraction 0.5.
    public func interpolated(to o: AnimationValue, fraction f: Double) -> AnimationValue {
        switch (self, o) {
        case let (.number(a), .number(b)): return .number(a.interpolated(to: b, fraction: f))
        case let (.point(a), .point(b)): return .point(a.interpolated(to: b, fraction: f))
        case let (.size(a), .size(b)): return .size(a.interpolated(to: b, fraction: f))
        case let (.rect(a), .rect(b)): return .rect(a.interpolated(to: b, fraction: f))
        case let (.transform(a), .transform(b)): return .transform(a.interpolated(to: b, fraction: f))
        case let (.affineTransform(a), .affineTransform(b)): return .affineTransform(a.interpolated(to: b, fraction: f))
        case let (.bool(a), .bool(b)): return .bool(a.interpolated(to: b, fraction: f))
        case let (.numbers(a), .numbers(b)): return .numbers(a.interpolated(to: b, fraction: f))
        case let (.other(a), .other(b)): return .other(a.interpolated(to: b, fraction: f))
        default: return f < 0.5 ? self : o
        }
    }

    /// Adds two values of the same kind; a `.number(0)` addend (the generic identity) adds nothing to any kind.
    public func adding(_ o: AnimationValue) -> AnimationValue { combine(o, add: true) }
    /// `self` (the value beneath) with an additive animation's `animated` added: `adding` but for
    /// `.other` values, whose type decides (a path of other elements answers `animated`).
    public func addingAdditive(_ animated: AnimationValue) -> AnimationValue {
        if case let (.other(a), .other(b)) = (self, animated) { return .other(a.addingAdditive(b)) }
        return adding(animated)
    }
    /// Subtracts a value of the same kind; a different kind leaves `self` unchanged, and a `.number(0)`
    /// `self` (the generic identity) gives the negation of `o` in `o`'s kind.
    public func subtracting(_ o: AnimationValue) -> AnimationValue { combine(o, add: false) }

    private func combine(_ o: AnimationValue, add: Bool) -> AnimationValue {
        switch (self, o) {
        case let (.number(a), .number(b)): return .number(add ? a + b : a - b)
        case let (.point(a), .point(b)): return .point(add ? a.adding(b) : a.subtracting(b))
        case let (.size(a), .size(b)): return .size(add ? a.adding(b) : a.subtracting(b))
        case let (.rect(a), .rect(b)): return .rect(add ? a.adding(b) : a.subtracting(b))
        case let (.transform(a), .transform(b)): return .transform(add ? a.adding(b) : a.subtracting(b))
        case let (.affineTransform(a), .affineTransform(b)): return .affineTransform(add ? a.adding(b) : a.subtracting(b))
        case let (.bool(a), .bool(b)): return .bool(add ? a.adding(b) : a.subtracting(b))
        case let (.numbers(a), .numbers(b)): return .numbers(add ? a.adding(b) : a.subtracting(b))
        case let (.other(a), .other(b)): return .other(add ? a.adding(b) : a.subtracting(b))
        case (.number(0), _): return add ? o : o.zeroOfSameKind.subtracting(o)
        default: return self
        }
    }

    /// The value times `f`, in its own kind.
    public func scaled(by f: Double) -> AnimationValue {
        switch self {
        case .number(let a): return .number(a * f)
        case .point(let a): return .point(a.scaled(by: f))
        case .size(let a): return .size(a.scaled(by: f))
        case .rect(let a): return .rect(a.scaled(by: f))
        case .transform(let a): return .transform(a.scaled(by: f))
        case .affineTransform(let a): return .affineTransform(a.scaled(by: f))
        case .bool(let a): return .bool(a.scaled(by: f))
        case .numbers(let a): return .numbers(a.scaled(by: f))
        case .other(let a): return .other(a.scaled(by: f))
        }
    }

    /// The paced-keyframe distance between two values of the same kind, or nil (transforms, Booleans,
    /// different kinds).
    public func interpolationDistance(to o: AnimationValue) -> Double? {
        switch (self, o) {
        case let (.number(a), .number(b)): return a.interpolationDistance(to: b)
        case let (.point(a), .point(b)): return a.interpolationDistance(to: b)
        case let (.size(a), .size(b)): return a.interpolationDistance(to: b)
        case let (.rect(a), .rect(b)): return a.interpolationDistance(to: b)
        case let (.numbers(a), .numbers(b)): return a.interpolationDistance(to: b)
        case let (.other(a), .other(b)): return a.interpolationDistance(to: b)
        default: return nil
        }
    }

    /// Equal when both are the same kind with equal values (`.other`: equal values of the same `Equatable` type).
    public static func == (a: AnimationValue, b: AnimationValue) -> Bool {
        switch (a, b) {
        case let (.number(x), .number(y)): return x == y
        case let (.point(x), .point(y)): return x == y
        case let (.size(x), .size(y)): return x == y
        case let (.rect(x), .rect(y)): return x == y
        case let (.transform(x), .transform(y)): return x == y
        case let (.affineTransform(x), .affineTransform(y)): return x == y
        case let (.bool(x), .bool(y)): return x == y
        case let (.numbers(x), .numbers(y)): return x == y
        case let (.other(x), .other(y)): return x.isEqual(to: y)
        default: return false
        }
    }

    /// The wrapped value's description, without the case name.
    public var description: String {
        switch self {
        case .number(let v): return "\(v)"
        case .point(let v): return "\(v)"
        case .size(let v): return "\(v)"
        case .rect(let v): return "\(v)"
        case .transform(let v): return "\(v)"
        case .affineTransform(let v): return "\(v)"
        case .bool(let v): return "\(v)"
        case .numbers(let v): return "\(v)"
        case .other(let v): return "\(v)"
        }
    }
}
