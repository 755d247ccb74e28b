import Foundation

/// A value in a trace line: a number, a list of numbers, or text.
public enum TraceValue: Equatable, Sendable {
    /// A scalar.
    case number(Double)
    /// Several scalars, such as a gradient's colour components.
    case numbers([Double])
    /// Text, such as a text layer's string.
    case text(String)
}

/// The presentation values of every named layer, for `--trace` and for tests that plot a curve.
public enum LayerTrace {
    /// `(name, [(key, value)])` in tree order (depth first: a layer, its mask, then its sublayers
    /// in order), named layers only.
    public static func values(of root: CALayer) -> [(String, [(String, TraceValue)])] {
        var out: [(String, [(String, TraceValue)])] = []
        root.walkTree(()) { l, _, _ in
            if let name = l.name { out.append((name, l.tracedValues())) }
            return ()
        }
        return out
    }
}

extension CALayer {
    /// The common presentation values of a traced layer; the transform only when it is not identity.
    func baseTracedValues() -> [(String, TraceValue)] {
        let v = presented
        var out: [(String, TraceValue)] = [
            ("position", .numbers([Double(v.position.x), Double(v.position.y)])),
            ("bounds", .numbers([Double(v.bounds.minX), Double(v.bounds.minY), Double(v.bounds.width), Double(v.bounds.height)])),
            ("anchorPoint", .numbers([Double(v.anchorPoint.x), Double(v.anchorPoint.y)])),
            ("opacity", .number(Double(v.opacity))),
        ]
        if v.transform != .identity { out.append(("transform", .numbers(v.transform.rows.flatMap { $0 }))) }
        if v.zPosition != 0 { out.append(("zPosition", .number(Double(v.zPosition)))) }
        if v.cornerRadius != 0 { out.append(("cornerRadius", .number(Double(v.cornerRadius)))) }
        if let c = v.backgroundColor { out.append(("backgroundColor", .numbers([c.red, c.green, c.blue, c.alpha].map(Double.init)))) }
        if v.isHidden { out.append(("hidden", .number(1))) }
        for (k, value) in presentedCustomValues.sorted(by: { $0.key < $1.key }) {
            if let n = AnimationValue(value)?.number { out.append((k, .number(n))) }
        }
        return out
    }
}
