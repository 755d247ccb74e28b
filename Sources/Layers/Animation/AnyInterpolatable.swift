import Foundation

/// A type-erased `Interpolatable`, so values of types defined elsewhere (colors, color arrays, paths,
/// images) can travel inside `AnimationValue` without this file knowing them.
///
/// Operations between two boxes of different underlying types cannot be computed; they follow the W3C
/// rule for non-interpolable values (switch at fraction 0.5) and leave `self` unchanged for
/// `adding`/`subtracting`, so nothing traps.
public struct AnyInterpolatable: Sendable, CustomStringConvertible {
    /// The boxed value.
    public var base: Any { box.anyValue }
    private let box: any ErasedInterpolatable

    /// Boxes `value`. Boxed types are `Sendable` so animation values can be snapshotted into the
    /// render tree and read from other threads.
    public init<T: Interpolatable & Sendable>(_ value: T) { box = Box(value: value) }

    private init(box: any ErasedInterpolatable) { self.box = box }

    /// The boxed value as `T`, or nil when it is another type.
    public func value<T>(as type: T.Type = T.self) -> T? { base as? T }

    /// Interpolates boxes of the same type; boxes of different types switch at fraction 0.5.
    public func interpolated(to other: AnyInterpolatable, fraction: Double) -> AnyInterpolatable {
        box.interpolated(to: other.box, fraction: fraction).map(AnyInterpolatable.init(box:))
            ?? (fraction < 0.5 ? self : other)
    }
    /// Adds a box of the same type; a box of another type leaves `self` unchanged.
    public func adding(_ other: AnyInterpolatable) -> AnyInterpolatable {
        box.adding(other.box).map(AnyInterpolatable.init(box:)) ?? self
    }
    /// `addingAdditive` of the boxed type; a box of another type leaves `self` unchanged.
    public func addingAdditive(_ other: AnyInterpolatable) -> AnyInterpolatable {
        box.addingAdditive(other.box).map(AnyInterpolatable.init(box:)) ?? self
    }
    /// Subtracts a box of the same type; a box of another type leaves `self` unchanged.
    public func subtracting(_ other: AnyInterpolatable) -> AnyInterpolatable {
        box.subtracting(other.box).map(AnyInterpolatable.init(box:)) ?? self
    }
    /// The boxed value scaled by `factor`.
    public func scaled(by factor: Double) -> AnyInterpolatable { AnyInterpolatable(box: box.scaled(by: factor)) }
    /// The boxed type's paced distance, or nil for boxes of different types or a type without one.
    public func interpolationDistance(to other: AnyInterpolatable) -> Double? { box.distance(to: other.box) }
    /// The additive identity of the boxed type.
    public var additiveIdentity: AnyInterpolatable { AnyInterpolatable(box: box.identity) }

    /// True when both boxes hold equal values of the same `Equatable` type.
    public func isEqual(to other: AnyInterpolatable) -> Bool { box.isEqual(to: other.box) }

    /// The boxed value's description.
    public var description: String { "\(base)" }
}

private protocol ErasedInterpolatable: Sendable {
    var anyValue: Any { get }
    var identity: any ErasedInterpolatable { get }
    func interpolated(to other: any ErasedInterpolatable, fraction: Double) -> (any ErasedInterpolatable)?
    func adding(_ other: any ErasedInterpolatable) -> (any ErasedInterpolatable)?
    func addingAdditive(_ other: any ErasedInterpolatable) -> (any ErasedInterpolatable)?
    func subtracting(_ other: any ErasedInterpolatable) -> (any ErasedInterpolatable)?
    func scaled(by factor: Double) -> any ErasedInterpolatable
    func distance(to other: any ErasedInterpolatable) -> Double?
    func isEqual(to other: any ErasedInterpolatable) -> Bool
}

private struct Box<T: Interpolatable & Sendable>: ErasedInterpolatable {
    let value: T
    var anyValue: Any { value }
    var identity: any ErasedInterpolatable { Box(value: T.additiveIdentity) }
    func interpolated(to other: any ErasedInterpolatable, fraction: Double) -> (any ErasedInterpolatable)? {
        (other.anyValue as? T).map { Box(value: value.interpolated(to: $0, fraction: fraction)) }
    }
    func adding(_ other: any ErasedInterpolatable) -> (any ErasedInterpolatable)? {
        (other.anyValue as? T).map { Box(value: value.adding($0)) }
    }
    func addingAdditive(_ other: any ErasedInterpolatable) -> (any ErasedInterpolatable)? {
        (other.anyValue as? T).map { Box(value: value.addingAdditive($0)) }
    }
    func subtracting(_ other: any ErasedInterpolatable) -> (any ErasedInterpolatable)? {
        (other.anyValue as? T).map { Box(value: value.subtracting($0)) }
    }
    func scaled(by factor: Double) -> any ErasedInterpolatable { Box(value: value.scaled(by: factor)) }
    func distance(to other: any ErasedInterpolatable) -> Double? {
        (other.anyValue as? T).flatMap { value.interpolationDistance(to: $0) }
    }
    func isEqual(to other: any ErasedInterpolatable) -> Bool {
        guard let e = value as? any Equatable else { return false }
        return Self.equal(e, other.anyValue)
    }
    private static func equal<E: Equatable>(_ a: E, _ b: Any) -> Bool { (b as? E) == a }
}
