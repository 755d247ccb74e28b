import Foundation
import Flipbook

/// A headless input script: one timed event per line.
///
/// ```
/// # comments and blank lines are ignored
/// 0.50 tap 400 300                 # press and release at (400, 300) points
/// 1.00 drag 100 500 100 200 0.3    # press at (100,500), move to (100,200) over 0.3 s, release
/// 1.50 down 10 10 / move 20 20 / up 20 20   # the raw pointer steps
/// 2.00 key space                   # press and release a key (SDL key names, plus enter/esc/period)
/// 2.50 pad a down                  # controller button down/up (SDL names: a b x y back guide start
///                                  #   leftstick rightstick leftshoulder rightshoulder dpup dpdown dpleft dpright)
/// 2.60 pad leftx 0.8               # controller axis in −1…1 (leftx lefty rightx righty lefttrigger righttrigger)
/// 3.00 pad connect / pad disconnect
/// ```
/// Times are seconds of run time (headless: frame n is at n / fps), unaffected by pause and slow
/// motion, as a person's hand would be. Events at equal times keep their line order.
public struct InputScript: Equatable, Sendable {
    public enum Action: Equatable, Sendable {
        case tap(x: Double, y: Double)
        case drag(fromX: Double, fromY: Double, toX: Double, toY: Double, duration: Double)
        case pointerDown(x: Double, y: Double)
        case pointerMove(x: Double, y: Double)
        case pointerUp(x: Double, y: Double)
        case key(String)
        case padButton(InputEvent.PadButton, isDown: Bool)
        case padAxis(InputEvent.PadAxis, value: Double)
        case padConnect
        case padDisconnect
    }

    public struct Line: Equatable, Sendable {
        public var time: Double
        public var action: Action
        public var lineNumber: Int
    }

    /// A problem with one line, naming the file, the line and what was expected.
    public struct ParseError: Error, CustomStringConvertible, Equatable {
        public let file: String
        public let line: Int
        public let message: String
        public var description: String { "\(file):\(line): \(message)" }
    }

    /// How long a `tap` holds the pointer down: 50 ms, a quick finger tap.
    public static let tapHoldTime = 0.05
    /// Largest time accepted in a script: one day.
    public static let maxTime = 86_400.0

    public var lines: [Line]

    /// Reads and parses a script file.
    public static func load(path: String) throws -> InputScript {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ParseError(file: path, line: 0, message: "cannot read the input script")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ParseError(file: path, line: 0, message: "the input script is not UTF-8 text")
        }
        return try parse(text, file: path)
    }

    /// Parses script text; `file` names the source in error messages.
    public static func parse(_ text: String, file: String = "<script>") throws -> InputScript {
        var out: [Line] = []
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let lineNumber = index + 1
            let content = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let words = content.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).map(String.init)
            if words.isEmpty { continue }
            func fail(_ message: String) -> ParseError { ParseError(file: file, line: lineNumber, message: message) }
            guard let time = Double(words[0]), time.isFinite, time >= 0, time <= maxTime else {
                throw fail("expected a time in seconds (0…\(Int(maxTime))) first, got '\(words[0])'")
            }
            guard words.count >= 2 else { throw fail("expected an event after the time: tap, drag, down, move, up, key or pad") }
            let args = Array(words.dropFirst(2))
            func numbers(_ usage: String, count: Int) throws -> [Double] {
                guard args.count == count else { throw fail("expected '\(usage)', got '\(words.dropFirst().joined(separator: " "))'") }
                return try args.map { word in
                    guard let v = Double(word), v.isFinite, abs(v) <= 1e6 else {
                        throw fail("expected a finite number within ±1e6 in '\(usage)', got '\(word)'")
                    }
                    return v
                }
            }
            let action: Action
            switch words[1].lowercased() {
            case "tap":
                let n = try numbers("tap X Y", count: 2)
                action = .tap(x: n[0], y: n[1])
            case "drag":
                let n = try numbers("drag X0 Y0 X1 Y1 SECONDS", count: 5)
                guard n[4] > 0, n[4] <= maxTime else { throw fail("a drag's duration must be above 0 s, got '\(args[4])'") }
                action = .drag(fromX: n[0], fromY: n[1], toX: n[2], toY: n[3], duration: n[4])
            case "down":
                let n = try numbers("down X Y", count: 2); action = .pointerDown(x: n[0], y: n[1])
            case "move":
                let n = try numbers("move X Y", count: 2); action = .pointerMove(x: n[0], y: n[1])
            case "up":
                let n = try numbers("up X Y", count: 2); action = .pointerUp(x: n[0], y: n[1])
            case "key":
                guard args.count == 1 else { throw fail("expected 'key NAME' (e.g. key space), got '\(words.dropFirst().joined(separator: " "))'") }
                guard KeyNames.sdlName(for: args[0]) != nil else { throw fail("unknown key '\(args[0])'") }
                action = .key(args[0])
            case "pad":
                action = try parsePad(args, fail: fail)
            default:
                throw fail("unknown event '\(words[1])'; expected tap, drag, down, move, up, key or pad")
            }
            out.append(Line(time: time, action: action, lineNumber: lineNumber))
        }
        // Stable by time: equal times keep line order.
        out = out.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
        return InputScript(lines: out)
    }

    private static func parsePad(_ args: [String], fail: (String) -> ParseError) throws -> Action {
        let usage = "pad BUTTON down|up, pad AXIS VALUE, pad connect or pad disconnect"
        guard let first = args.first?.lowercased() else { throw fail("expected '\(usage)'") }
        if first == "connect" || first == "disconnect" {
            guard args.count == 1 else { throw fail("expected 'pad \(first)' alone") }
            return first == "connect" ? .padConnect : .padDisconnect
        }
        if let button = PadNames.button(first) {
            guard args.count == 2, ["down", "up"].contains(args[1].lowercased()) else {
                throw fail("expected 'pad \(first) down' or 'pad \(first) up'")
            }
            return .padButton(button, isDown: args[1].lowercased() == "down")
        }
        if let axis = PadNames.axis(first) {
            guard args.count == 2, let v = Double(args[1]), v.isFinite, (-1...1).contains(v) else {
                throw fail("expected 'pad \(first) VALUE' with VALUE in -1…1")
            }
            return .padAxis(axis, value: v)
        }
        throw fail("unknown controller button or axis '\(args[0])'; expected \(usage)")
    }
}

/// SDL's names for controller buttons and axes, and ours.
enum PadNames {
    static let buttons: [(String, InputEvent.PadButton)] = [
        ("a", .a), ("b", .b), ("x", .x), ("y", .y), ("back", .back), ("guide", .guide), ("start", .start),
        ("leftstick", .leftStick), ("rightstick", .rightStick), ("leftshoulder", .leftShoulder),
        ("rightshoulder", .rightShoulder), ("dpup", .dpadUp), ("dpdown", .dpadDown), ("dpleft", .dpadLeft),
        ("dpright", .dpadRight),
    ]
    static let axes: [(String, InputEvent.PadAxis)] = [
        ("leftx", .leftX), ("lefty", .leftY), ("rightx", .rightX), ("righty", .rightY),
        ("lefttrigger", .leftTrigger), ("righttrigger", .rightTrigger),
    ]
    static func button(_ name: String) -> InputEvent.PadButton? { buttons.first { $0.0 == name }?.1 }
    static func axis(_ name: String) -> InputEvent.PadAxis? { axes.first { $0.0 == name }?.1 }
}
