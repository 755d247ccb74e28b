import Foundation

/// Reading and writing presentation values by parsed key path: how animations reach properties.
///
/// Base properties go through the property table (`LayerProperty`), one lookup per access, no
/// string comparison. Subclasses extend it for their content keys (`strokeEnd`, `colors`, …) by
/// overriding and calling super. Sub-paths (`position.x`, `transform.scale`, `transform.rotation.z`…)
/// read and replace one part of the whole value, keeping the others
/// (`AnimationKeyPath.component(of:)`, `replacingComponent(in:with:)`).
extension CALayer {
    func basePresentedValue(for key: AnimationKeyPath) -> AnimationValue? {
        if case .custom(let name) = key.resolved(for: self) { return presentedCustomValues[name].flatMap { AnimationValue($0) } }
        return presented.value(for: key)
    }

    func setBasePresentedValue(_ value: AnimationValue, for key: AnimationKeyPath) {
        if case .custom(let name) = key.resolved(for: self) { presentedCustomValues[name] = value.plainValue; return }
        presented.set(value, for: key)
    }
}

extension AnimationValue {
    /// The plain Swift value inside (CGFloat, CGPoint, CGColor, [NSNumber]…), as Apple's untyped
    /// `fromValue`, `values` and `value(forKey:)` hold it.
    public var plainValue: Any {
        switch self {
        case .number(let n): return CGFloat(n)
        case .point(let p): return p
        case .size(let s): return s
        case .rect(let r): return r
        case .transform(let t): return t
        case .affineTransform(let t): return t
        case .bool(let b): return b
        case .numbers(let ns): return ns.map { NSNumber(value: $0) }
        case .other(let o): return o.base
        }
    }
}
