import Flipbook
import FrameLoop
import Foundation

/// The session written whole for `watch` to hand to the next build: every frame's timing, drawable
/// and controller pointer, the `InputEvent`s its stage handled (what a `Replay` feeds a stage), the
/// same input as script actions (what `--record-input` saves, so the next build's recording is still
/// the whole session's) and what each press hit (`Frame.hits`, to notice a replay that no longer
/// applies).
///
/// A line per item, numbers in Swift's shortest form that reads back as the same `Double`:
///
///     # Flipbook session
///     f MEDIATIME POINTERSECONDS PIXELWIDTH PIXELHEIGHT SCALE POINTERX POINTERY
///     e down X Y | move X Y | up X Y | cancel X Y | wheel X Y DX DY | key KEY 0|1
///       | touches FINGER PHASE X Y [FINGER PHASE X Y]   (FINGER 0 or 1, PHASE down|move|up|cancel)
///       | button NAME 0|1 | axis NAME VALUE | padAdded | padRemoved
///     a SCRIPT-LINE            (an action, as `InputScript.text` writes it)
///     h HEX                    (what a press hit, UTF-8 in hexadecimal; empty: nothing)
///
/// `e`, `a` and `h` lines belong to the `f` line before them. KEY is a `InputEvent.Key` name
/// (`up`, `space`…), `c:HEX` for a character or `n:HEX` for a key by SDL's name.
extension SessionLog {
    static let fileHeader = "# Flipbook session"

    /// The log as the session file's text.
    public func fileText() -> String {
        var out = [Self.fileHeader]
        func n(_ d: Double) -> String { InputScript.number(d) }
        func p(_ pt: CGPoint) -> String { "\(n(Double(pt.x))) \(n(Double(pt.y)))" }
        for f in frames {
            out.append("f \(n(f.timing.mediaTime)) \(n(f.timing.pointerSeconds)) \(f.pixelWidth) \(f.pixelHeight) \(n(f.scale)) \(p(f.pointer))")
            for e in f.events {
                switch e {
                case .pointerDown(let q): out.append("e down \(p(q))")
                case .pointerMove(let q): out.append("e move \(p(q))")
                case .pointerUp(let q): out.append("e up \(p(q))")
                case .pointerCancel(let q): out.append("e cancel \(p(q))")
                case .touches(let steps):
                    out.append("e touches" + steps.map { " \($0.finger.rawValue) \($0.phase) \(p($0.location))" }.joined())
                case let .wheel(q, d): out.append("e wheel \(p(q)) \(n(Double(d.dx))) \(n(Double(d.dy)))")
                case let .key(k, down): out.append("e key \(Self.keyName(k)) \(down ? 1 : 0)")
                case let .padButton(b, down): out.append("e button \(b.rawValue) \(down ? 1 : 0)")
                case let .padAxis(a, v): out.append("e axis \(a.rawValue) \(n(v))")
                case .padAdded: out.append("e padAdded")
                case .padRemoved: out.append("e padRemoved")
                }
            }
            for a in f.actions { out.append("a " + InputScript.text(time: f.timing.mediaTime, action: a)) }
            for h in f.hits { out.append("h " + Self.hex(h)) }
        }
        return out.joined(separator: "\n") + "\n"
    }

    /// Reads a session file's text back into a log (which then holds exactly those frames).
    /// - Throws: `HostError` naming the first line that is not one `fileText()` writes.
    public static func read(fileText text: String) throws -> SessionLog {
        let log = SessionLog()
        var frames: [Frame] = []
        for (i, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = String(raw)
            if line.isEmpty || line.hasPrefix("#") { continue }
            func bad() -> HostError { HostError("session file line \(i + 1): \(OneLine.quote(String(line.prefix(80)))) is not a session line") }
            let w = line.split(separator: " ").map(String.init)
            func d(_ k: Int) throws -> Double { guard k < w.count, let v = Double(w[k]), v.isFinite else { throw bad() }; return v }
            func pt(_ k: Int) throws -> CGPoint { CGPoint(x: try d(k), y: try d(k + 1)) }
            if w[0] == "f" {
                guard w.count == 8, let pw = Int(w[3]), let ph = Int(w[4]), pw > 0, ph > 0 else { throw bad() }
                frames.append(Frame(timing: FrameTiming(mediaTime: try d(1), pointerSeconds: try d(2)), events: [], actions: [],
                                    pixelWidth: pw, pixelHeight: ph, scale: try d(5), pointer: try pt(6)))
                continue
            }
            guard !frames.isEmpty else { throw bad() }
            if w[0] == "h" {   // "h " alone: a press that hit nothing
                guard w.count <= 2, let s = Self.unhex(w.count > 1 ? w[1] : "") else { throw bad() }
                frames[frames.count - 1].hits.append(s)
                continue
            }
            guard w.count >= 2 else { throw bad() }
            switch w[0] {
            case "a":
                let script = try InputScript.parse(String(line.dropFirst(2)))
                guard let only = script.lines.first, script.lines.count == 1 else { throw bad() }
                frames[frames.count - 1].actions.append(only.action)
            case "e":
                let e: InputEvent
                switch w[1] {
                case "down": e = .pointerDown(try pt(2))
                case "move": e = .pointerMove(try pt(2))
                case "up": e = .pointerUp(try pt(2))
                case "cancel": e = .pointerCancel(try pt(2))
                case "touches":
                    var steps: [InputEvent.TouchStep] = []
                    var k = 2
                    while k < w.count {
                        guard k + 3 < w.count, let f = Int(w[k]).flatMap(InputEvent.TouchStep.Finger.init(rawValue:)),
                              let phase = InputEvent.TouchStep.Phase.allCases.first(where: { "\($0)" == w[k + 1] }) else { throw bad() }
                        steps.append(.init(f, phase, try pt(k + 2)))
                        k += 4
                    }
                    guard !steps.isEmpty else { throw bad() }
                    e = .touches(steps)
                case "wheel": e = .wheel(at: try pt(2), delta: CGVector(dx: try d(4), dy: try d(5)))
                case "key":
                    guard w.count == 4, let k = Self.key(named: w[2]) else { throw bad() }
                    e = .key(k, isDown: w[3] == "1")
                case "button":
                    guard w.count == 4, let b = InputEvent.PadButton(rawValue: w[2]) else { throw bad() }
                    e = .padButton(b, isDown: w[3] == "1")
                case "axis":
                    guard let a = InputEvent.PadAxis(rawValue: w[2]) else { throw bad() }
                    e = .padAxis(a, value: try d(3))
                case "padAdded": e = .padAdded
                case "padRemoved": e = .padRemoved
                default: throw bad()
                }
                frames[frames.count - 1].events.append(e)
            default: throw bad()
            }
        }
        log.load(frames)
        return log
    }

    static let keyNames: [(String, InputEvent.Key)] = [("up", .up), ("down", .down), ("left", .left), ("right", .right), ("enter", .enter),
                                                       ("escape", .escape), ("space", .space), ("tab", .tab), ("backspace", .backspace)]
    static func keyName(_ k: InputEvent.Key) -> String {
        switch k {
        case .character(let c): "c:" + hex(String(c))
        case .named(let s): "n:" + hex(s)
        default: keyNames.first { $0.1 == k }!.0
        }
    }
    static func key(named s: String) -> InputEvent.Key? {
        if s.hasPrefix("c:") { return unhex(String(s.dropFirst(2))).flatMap { $0.count == 1 ? .character($0.first!) : nil } }
        if s.hasPrefix("n:") { return unhex(String(s.dropFirst(2))).map { .named($0) } }
        return keyNames.first { $0.0 == s }?.1
    }
    static func hex(_ s: String) -> String { s.utf8.map { String(format: "%02x", $0) }.joined() }
    static func unhex(_ s: String) -> String? {
        guard s.count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        var i = s.startIndex
        while i < s.endIndex {
            let j = s.index(i, offsetBy: 2)
            guard let b = UInt8(s[i..<j], radix: 16) else { return nil }
            bytes.append(b)
            i = j
        }
        return String(bytes: bytes, encoding: .utf8)
    }
}
