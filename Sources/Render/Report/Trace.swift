import FrameLoop
import Layers
import RasterIO

/// A `--trace` file read back: each frame's time, named layers' values and animation events
/// (see `TraceWriter` for the format). What `flipbook report` plots.
public struct Trace: Equatable {
    /// One frame's line.
    public struct Line: Equatable {
        /// The frame's number.
        public var frame: Int
        /// Its media time in seconds.
        public var time: Double
        /// Named layers' values in the order written (tree order); a null number is NaN.
        public var layers: [Layer]
        /// Animations that started or went in this frame.
        public var animations: [TraceAnimationEvent]
    }

    /// One layer's values in a line.
    public struct Layer: Equatable {
        /// The layer's name.
        public var name: String
        /// `(key, value)` in the order written.
        public var values: [(key: String, value: TraceValue)]

        /// Equal when names, keys and values are.
        public static func == (a: Layer, b: Layer) -> Bool {
            a.name == b.name && a.values.map(\.key) == b.values.map(\.key) && a.values.map(\.value) == b.values.map(\.value)
        }
    }

    /// The lines, in file order.
    public var lines: [Line]

    /// Largest trace read (an hour at 60 fps of a busy scene is well under it).
    public static let maxBytes = 1 << 30

    /// Reads and parses the trace at `path`.
    /// - Throws: `HostError` naming the file, the line and the problem, in one line.
    public static func read(path: String) throws -> Trace {
        let bytes: [UInt8]
        do { bytes = try Files.read(path, limit: maxBytes) } catch let e as Files.Failure {
            throw HostError("cannot read the trace \(OneLine.quote(path)): \(e.description)")
        }
        return try parse(bytes, name: path)
    }

    /// Parses trace text; `name` is how errors name it.
    public static func parse(_ bytes: [UInt8], name: String) throws -> Trace {
        var lines: [Line] = []
        var start = 0, number = 0
        while start < bytes.count {
            let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
            number += 1
            let text = bytes[start..<end]
            start = end + 1
            if text.allSatisfy({ $0 == 0x20 || $0 == 0x0D || $0 == 0x09 }) { continue }
            func fail(_ what: String) -> HostError {
                HostError("the trace \(OneLine.quote(name)) is not a Flipbook trace: line \(number): \(what)")
            }
            let json: TraceJSON
            do { json = try TraceJSON.parse(text) } catch { throw fail(error.message) }
            guard case .object = json else { throw fail("expected an object {…}") }
            guard let f = json["frame"]?.number, f >= 0, f == f.rounded(), f < 1e9 else { throw fail("no frame number") }
            guard let t = json["t"]?.number else { throw fail("no time t") }
            guard case .object(let layerMembers)? = json["layers"] else { throw fail("no layers object") }
            var layers: [Layer] = []
            for (layerName, values) in layerMembers {
                guard case .object(let members) = values else { throw fail("layer \(OneLine.quote(layerName)) is not an object") }
                var out: [(key: String, value: TraceValue)] = []
                for (key, v) in members {
                    switch v {
                    case .null: out.append((key, .number(.nan)))
                    case .number(let d): out.append((key, .number(d)))
                    case .string(let s): out.append((key, .text(s)))
                    case .array(let items):
                        var ds: [Double] = []
                        for item in items {
                            switch item {
                            case .number(let d): ds.append(d)
                            case .null: ds.append(.nan)
                            default: throw fail("\(layerName).\(key) holds a list that is not of numbers")
                            }
                        }
                        out.append((key, .numbers(ds)))
                    default: throw fail("\(layerName).\(key) is not a number, list or text")
                    }
                }
                layers.append(Layer(name: layerName, values: out))
            }
            var events: [TraceAnimationEvent] = []
            if let list = json["animations"] {
                guard case .array(let items) = list else { throw fail("animations is not a list") }
                for item in items {
                    guard let layer = item["layer"]?.string, let key = item["key"]?.string else {
                        throw fail("an animation event without layer and key")
                    }
                    switch item["event"]?.string {
                    case "start":
                        guard let begin = item["begin"]?.number else { throw fail("an animation start without begin") }
                        events.append(.start(TracedAnimation(layer: layer, key: key, keyPath: item["keyPath"]?.string,
                                                             kind: item["type"]?.string ?? "CAAnimation",
                                                             timing: item["timing"]?.string ?? "", begin: begin,
                                                             end: item["end"]?.number)))
                    case "remove": events.append(.remove(layer: layer, key: key))
                    default: throw fail("an animation event that is neither start nor remove")
                    }
                }
            }
            lines.append(Line(frame: Int(f), time: t, layers: layers, animations: events))
        }
        return Trace(lines: lines)
    }
}
