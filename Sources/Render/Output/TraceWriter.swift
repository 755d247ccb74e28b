import Foundation
import Layers

/// Writes `--trace` files: one JSON object per frame with the frame's time and the presentation
/// values of every named layer.
///
/// `{"frame":3,"t":0.05,"layers":{"box":{"position":[412.5,300],"opacity":1}}}`. Numbers use
/// Swift's shortest round-trip form, so traces are byte-identical between runs.
public struct TraceWriter {
    private var text = ""

    /// An empty trace.
    public init() {}

    /// Adds one frame's line: its number, media time and each named layer's values.
    public mutating func add(frame: Int, time: Double, layers: [(String, [(String, TraceValue)])]) {
        text += Self.line(frame: frame, time: time, layers: layers)
    }

    /// One frame's line, newline included.
    public static func line(frame: Int, time: Double, layers: [(String, [(String, TraceValue)])]) -> String {
        var line = "{\"frame\":\(frame),\"t\":\(Self.number(time)),\"layers\":{"
        for (i, (name, values)) in layers.enumerated() {
            if i > 0 { line += "," }
            line += Self.string(name) + ":{"
            for (j, (key, value)) in values.enumerated() {
                if j > 0 { line += "," }
                line += Self.string(key) + ":" + Self.json(value)
            }
            line += "}"
        }
        line += "}}\n"
        return line
    }

    /// The trace so far: one JSON line per frame added.
    public var contents: String { text }

    static func json(_ v: TraceValue) -> String {
        switch v {
        case .number(let d): number(d)
        case .numbers(let ds): "[" + ds.map(number).joined(separator: ",") + "]"
        case .text(let s): string(s)
        }
    }

    /// JSON has no NaN or infinity: those become null.
    static func number(_ d: Double) -> String {
        guard d.isFinite else { return "null" }
        if d == d.rounded(), abs(d) < 1e15 { return String(Int64(d)) }
        return "\(d)"
    }

    static func string(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            default:
                if u.value < 0x20 { out += String(format: "\\u%04x", u.value) } else { out.unicodeScalars.append(u) }
            }
        }
        return out + "\""
    }
}
