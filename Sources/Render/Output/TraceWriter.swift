import Foundation
import Layers

/// Writes `--trace` files: one JSON object per frame with the frame's time and the presentation
/// values of every named layer.
///
/// `{"frame":3,"t":0.05,"layers":{"box":{"position":[412.5,300],"opacity":1}}}`. Numbers use
/// Swift's shortest round-trip form, so traces are byte-identical between runs.
///
/// A frame in which an animation on a named layer starts (its first frame after the commit) or
/// goes (ended and removed, replaced, or removed by the program) adds `"animations"` after
/// `"layers"`, a list of events: `{"event":"start","layer":"box","key":"position","keyPath":"position",
/// "type":"CABasicAnimation","timing":"easeInEaseOut","begin":0.5,"end":1.5}` (media times; `end`
/// null when it never ends by itself, `keyPath` null for a transition) and `{"event":"remove",
/// "layer":"box","key":"position"}`. The key is new and only on such frames, so readers of the
/// earlier form (frame, t, layers) read these traces unchanged; `flipbook report` marks the plots with it.
public struct TraceWriter {
    private var text = ""

    /// An empty trace.
    public init() {}

    /// Adds one frame's line: its number, media time and each named layer's values.
    public mutating func add(frame: Int, time: Double, layers: [(String, [(String, TraceValue)])], animations: [TraceAnimationEvent] = []) {
        text += Self.line(frame: frame, time: time, layers: layers, animations: animations)
    }

    /// One frame's line, newline included; the `"animations"` key only when `animations` is not empty.
    public static func line(frame: Int, time: Double, layers: [(String, [(String, TraceValue)])],
                            animations: [TraceAnimationEvent] = []) -> String {
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
        line += "}"
        if !animations.isEmpty {
            line += ",\"animations\":[" + animations.map(json).joined(separator: ",") + "]"
        }
        line += "}\n"
        return line
    }

    static func json(_ event: TraceAnimationEvent) -> String {
        switch event {
        case .start(let a):
            return "{\"event\":\"start\",\"layer\":" + string(a.layer) + ",\"key\":" + string(a.key)
                + ",\"keyPath\":" + (a.keyPath.map(string) ?? "null") + ",\"type\":" + string(a.kind)
                + ",\"timing\":" + string(a.timing) + ",\"begin\":" + number(a.begin) + ",\"end\":" + (a.end.map(number) ?? "null") + "}"
        case .remove(let layer, let key):
            return "{\"event\":\"remove\",\"layer\":" + string(layer) + ",\"key\":" + string(key) + "}"
        }
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

/// An animation event on a named layer, as a trace line records it (see `TraceWriter`).
public enum TraceAnimationEvent: Equatable, Sendable {
    /// The animation's first frame after its commit.
    case start(TracedAnimation)
    /// The first frame without it: it ended and was removed, was replaced or removed by the program.
    case remove(layer: String, key: String)
}
