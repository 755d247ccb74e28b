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
    /// The base properties of the presentation values, in the property table's order: those the
    /// table traces always (position, bounds, anchorPoint, opacity), the others when they differ
    /// from Core Animation's defaults; then the custom keys with numeric values, by name.
    func baseTracedValues() -> [(String, TraceValue)] {
        let v = presented
        var out: [(String, TraceValue)] = []
        for row in LayerProperty.all where row.tracedAlways || !row.isDefault(v) {
            if let t = TraceValue(row.read(v)) { out.append((row.name, t)) }
        }
        for (k, value) in presentedCustomValues.sorted(by: { $0.key < $1.key }) {
            if let n = AnimationValue(value)?.number { out.append((k, .number(n))) }
        }
        return out
    }
}

extension TraceValue {
    /// An animation value as trace numbers: a point as [x, y], a size as [w, h], a rectangle as
    /// [x, y, w, h], a matrix as its 16 entries row by row, a colour as [r, g, b, a], a Boolean as
    /// 1 or 0; nil for values a trace line does not hold (paths, images).
    init?(_ value: AnimationValue) {
        switch value {
        case .number(let n): self = .number(n)
        case .point(let p): self = .numbers([Double(p.x), Double(p.y)])
        case .size(let s): self = .numbers([Double(s.width), Double(s.height)])
        case .rect(let r): self = .numbers([Double(r.minX), Double(r.minY), Double(r.width), Double(r.height)])
        case .transform(let t): self = .numbers(t.rows.flatMap { $0 })
        case .bool(let b): self = .number(b ? 1 : 0)
        case .numbers(let ns): self = .numbers(ns)
        case .affineTransform, .other:
            guard let c = value.other(as: CGColor.self) else { return nil }
            self = .numbers([c.red, c.green, c.blue, c.alpha].map(Double.init))
        }
    }
}
