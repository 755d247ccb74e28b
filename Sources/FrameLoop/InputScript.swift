import Flipbook
import Foundation

/// A headless input script: one timed event per line.
///
/// ```
/// # comments and blank lines are ignored
/// 0.50 tap 400 300                 # press and release at (400, 300) points
/// 1.00 drag 100 500 100 200 0.3    # press at (100,500), move to (100,200) over 0.3 s, release
/// 1.50 down 10 10                  # the raw pointer steps, a line each:
/// 1.55 move 20 20                  #   press, move while pressed,
/// 1.60 up 20 20                    #   release
/// 1.70 tap @random                 # a tap at the centre of the layer or view named "random"
/// 1.90 drag @knob 200 0 0.4        # press at knob's centre, move 200 points right over 0.4 s, release
///                                  #   (down/move/up @NAME too; see "Named targets" below)
/// 1.85 pinch @photo 2 0.5          # two fingers about photo's centre, 80 points apart, spread
///                                  #   to twice that over 0.5 s (pinch X Y SCALE SECONDS at a point)
/// 1.95 rotate @photo 90 0.5        # two fingers about photo's centre turned 90° clockwise in 0.5 s
/// 1.80 wheel 300 200 0 -3          # three wheel notches towards the user at (300, 200) (scrolls down)
/// 2.00 key space                   # press and release a key (SDL key names, plus enter/esc/period)
/// 2.10 key a down                  # a key pressed and released as separate steps
/// 2.20 key a up
/// 2.50 pad a down                  # controller button down/up (SDL names: a b x y back guide start
///                                  #   leftstick rightstick leftshoulder rightshoulder dpup dpdown dpleft dpright)
/// 2.60 pad leftx 0.8               # controller axis in −1…1 (leftx lefty rightx righty lefttrigger righttrigger)
/// 3.00 pad connect                 # plug in the virtual controller (the first pad line does it too)
/// 3.50 pad disconnect
/// ```
/// Times are seconds of run time (headless: frame n is at n / fps), unaffected by pause and slow
/// motion, as a person's hand would be. Events at equal times keep their line order.
///
/// A recording (`flipbook run SCENE --record-input FILE`) also has `frame` lines: `T frame P` is
/// one frame the window made at media time T, P source seconds after the frame before (what moved
/// the controller's pointer). A script with frame lines is *frame-timed*: a render makes exactly
/// those frames at exactly those times, each event in the frame of the next frame line after it
/// (so it is handled in the frame it was handled in live, paused or not), and the clock keys
/// (space, period, S) reach the scene but not the clock, whose pauses are in the times already.
/// See `InputScript+Recording.swift`.
///
/// Named targets: `@NAME` (one word) stands for the centre of the first layer on screen whose
/// `name` is NAME, or whose view's `accessibilityIdentifier` is NAME, in a breadth-first walk of
/// the tree, as presented (animations included) at the moment the event is due, in window points
/// (`InputScript.centre(ofTarget:in:)`). A script so written hits its control at every window
/// size and whatever the layout. A target not on screen when due is skipped with one line through
/// the engine's report (`script line N: no layer or view named X on screen at T s; skipped`).
public struct InputScript: Equatable, Sendable {
    /// What one script line does (README, "Input scripts"). Coordinates are in points from the top-left
    /// of the window, times and durations in seconds.
    public enum Action: Equatable, Sendable {
        /// `tap X Y`: press at (X, Y) and release `tapHoldTime` later.
        case tap(x: Double, y: Double)
        /// `drag X0 Y0 X1 Y1 D`: press at the start, move in a straight line for D seconds, release.
        case drag(fromX: Double, fromY: Double, toX: Double, toY: Double, duration: Double)
        /// `down X Y`: press the pointer at (X, Y).
        case pointerDown(x: Double, y: Double)
        /// `move X Y`: move the pressed pointer to (X, Y).
        case pointerMove(x: Double, y: Double)
        /// `up X Y`: release the pointer at (X, Y).
        case pointerUp(x: Double, y: Double)
        /// `tap @NAME`: a tap at the named target's centre (found when the tap is due; the release
        /// is where the press was).
        case tapTarget(String)
        /// `drag @NAME DX DY D`: press at the named target's centre, move by (DX, DY) points in a
        /// straight line for D seconds, release.
        case dragTarget(String, dx: Double, dy: Double, duration: Double)
        /// `down @NAME`: press the pointer at the named target's centre.
        case pointerDownTarget(String)
        /// `move @NAME`: move the pressed pointer to the named target's centre.
        case pointerMoveTarget(String)
        /// `up @NAME`: release the pointer at the named target's centre.
        case pointerUpTarget(String)
        /// `pinch X Y SCALE SECONDS` or `pinch @NAME SCALE SECONDS`: two fingers down on either side
        /// of the point, `TwoFingerPath.spread` apart, their distance multiplied by SCALE over the
        /// seconds at an even rate, then lifted (the Simulator's Alt-drag in the window).
        case pinch(ScriptSpot, scale: Double, duration: Double)
        /// `rotate X Y DEGREES SECONDS` or `rotate @NAME DEGREES SECONDS`: two fingers down on either
        /// side of the point, turned about it by DEGREES (clockwise on screen) at an even rate, then lifted.
        case rotate(ScriptSpot, degrees: Double, duration: Double)
        /// Wheel notches at a point (SDL's sign: dy > 0 scrolls up, towards the top of the content).
        case wheel(x: Double, y: Double, dx: Double, dy: Double)
        /// `key NAME`: press and release a key (SDL key names, plus enter, esc, period).
        case key(String)
        /// One key going down or up (a recording's keys; `key NAME` presses and releases).
        case keyState(String, isDown: Bool)
        /// A frame made at the line's time (frame-timed scripts; see above).
        case frame(pointerSeconds: Double)
        /// `pad BUTTON down|up`: a controller button (SDL names: a b x y start back dpup …).
        case padButton(InputEvent.PadButton, isDown: Bool)
        /// `pad AXIS VALUE`: a controller axis (leftx, lefty, rightx, righty, lefttrigger, righttrigger) at −1…1.
        case padAxis(InputEvent.PadAxis, value: Double)
        /// `pad connect`: plug in the virtual controller (the first pad line does it too).
        case padConnect
        /// `pad disconnect`: unplug it.
        case padDisconnect
    }

    /// One parsed line: when, what, and where it was in the file.
    public struct Line: Equatable, Sendable {
        /// Media time in seconds, 0…`maxTime`; lines are kept in time order.
        public var time: Double
        /// What happens at `time`.
        public var action: Action
        /// The line's 1-based number in the file, for messages.
        public var lineNumber: Int
    }

    /// A problem with one line, naming the file, the line and what was expected.
    /// A script error is a `HostError` with the file and line.
    public typealias ParseError = HostError

    /// How long a `tap` holds the pointer down: 50 ms, a quick finger tap.
    public static let tapHoldTime = 0.05
    /// Largest time accepted in a script: one day.
    public static let maxTime = 86_400.0

    /// The script's lines in time order (lines with equal times keep the file's order).
    public var lines: [Line]
    /// A script of these lines, taken as they are (in time order).
    package init(lines: [Line]) { self.lines = lines }

    /// Largest script file read: 16 MiB (a script is typed, not generated by the gigabyte).
    public static let maxFileSize = 16 << 20
    /// Largest number of frames in one run (one hour at 60 fps): a render's limit
    /// (`RenderOptions.maxFrames`) and so the most frames a recording keeps.
    public static let maxFrames = 216_000

    /// A number as a script (and a render's messages) writes it: whole numbers without a fraction,
    /// others in Swift's shortest form that converts back to the same `Double`.
    package static func number(_ d: Double) -> String { d.isFinite && d == d.rounded() && abs(d) < 1e15 ? String(Int64(d)) : "\(d)" }

    /// The lines of `text`, split at LF, CRLF and CR (Swift's `Character` joins CR LF into one, so
    /// the split works on scalars), without a leading byte-order mark.
    static func lines(of text: String) -> [String] {
        var lines: [String] = [], current = String.UnicodeScalarView(), lastWasCR = false
        for (i, s) in text.unicodeScalars.enumerated() {
            if i == 0 && s == "\u{FEFF}" { continue }
            if s == "\n" && lastWasCR { lastWasCR = false; continue }
            lastWasCR = s == "\r"
            if s == "\n" || s == "\r" { lines.append(String(current)); current = .init() } else { current.append(s) }
        }
        lines.append(String(current))
        return lines
    }

    /// Parses script text; `file` names the source in error messages.
    public static func parse(_ text: String, file: String = "<script>") throws -> InputScript {
        var out: [Line] = []
        for (index, raw) in lines(of: text).enumerated() {
            let lineNumber = index + 1
            let content = raw.unicodeScalars.prefix { $0 != "#" }
            let words = content.split(whereSeparator: { $0.properties.isWhitespace }).map { String(String.UnicodeScalarView($0)) }
            if words.isEmpty { continue }
            func fail(_ message: String) -> ParseError { ParseError(file: file, line: lineNumber, message: message) }
            if let bad = words.first(where: OneLine.hasControl) {
                throw fail("control character in \(OneLine.quote(bad)); only spaces and tabs separate words")
            }
            guard let time = Double(words[0]), time.isFinite, time >= 0, time <= maxTime else {
                let why = Double(words[0]).map { $0.isFinite ? ", which is out of range" : ", which is not finite" } ?? ""
                throw fail("expected a time in seconds (0…\(Int(maxTime))) first, got '\(words[0])'\(why)")
            }
            guard words.count >= 2 else { throw fail("expected an event after the time: tap, drag, down, move, up, pinch, rotate, wheel, key, pad or frame") }
            let args = Array(words.dropFirst(2))
            func numbers(_ usage: String, count: Int, skipping: Int = 0) throws -> [Double] {
                guard args.count == count + skipping else { throw fail("expected '\(usage)', got '\(words.dropFirst().joined(separator: " "))'") }
                return try args.dropFirst(skipping).map { word in
                    guard let v = Double(word), v.isFinite, abs(v) <= 1e6 else {
                        let why = Double(word).map { $0.isFinite ? ", which is out of range" : ", which is not finite" } ?? ""
                        throw fail("expected a finite number within ±1e6 in '\(usage)', got '\(word)'\(why)")
                    }
                    return v
                }
            }
            // `@NAME` in place of a position: the name, or nil for numbers.
            let target = try args.first.flatMap { word -> String? in
                guard word.hasPrefix("@") else { return nil }
                let name = String(word.dropFirst())
                guard !name.isEmpty, !name.contains("@") else {
                    throw fail("expected a name after '@' (one word, e.g. @random), got '\(word)'")
                }
                return name
            }
            let event = words[1].lowercased()
            if target != nil, !["tap", "drag", "down", "move", "up", "pinch", "rotate"].contains(event) {
                throw fail("'\(words[1])' takes no @NAME; only tap, drag, down, move, up, pinch and rotate aim at a named target")
            }
            let action: Action
            switch event {
            case "tap":
                if let target {
                    guard args.count == 1 else { throw fail("expected 'tap @NAME', got '\(words.dropFirst().joined(separator: " "))'") }
                    action = .tapTarget(target)
                } else {
                    let n = try numbers("tap X Y' or 'tap @NAME", count: 2)
                    action = .tap(x: n[0], y: n[1])
                }
            case "drag":
                if let target {
                    let usage = "drag @NAME DX DY SECONDS"
                    guard args.count == 4 else { throw fail("expected '\(usage)', got '\(words.dropFirst().joined(separator: " "))'") }
                    let n = try Array(args.dropFirst()).map { word in
                        guard let v = Double(word), v.isFinite, abs(v) <= 1e6 else {
                            throw fail("expected a finite number within ±1e6 in '\(usage)', got '\(word)'")
                        }
                        return v
                    }
                    guard n[2] > 0, n[2] <= maxTime else { throw fail("a drag's duration must be above 0 s, got '\(args[3])'") }
                    action = .dragTarget(target, dx: n[0], dy: n[1], duration: n[2])
                } else {
                    let n = try numbers("drag X0 Y0 X1 Y1 SECONDS' or 'drag @NAME DX DY SECONDS", count: 5)
                    guard n[4] > 0, n[4] <= maxTime else { throw fail("a drag's duration must be above 0 s, got '\(args[4])'") }
                    action = .drag(fromX: n[0], fromY: n[1], toX: n[2], toY: n[3], duration: n[4])
                }
            case "down", "move", "up":
                if let target {
                    guard args.count == 1 else { throw fail("expected '\(event) @NAME', got '\(words.dropFirst().joined(separator: " "))'") }
                    action = event == "down" ? .pointerDownTarget(target) : event == "move" ? .pointerMoveTarget(target) : .pointerUpTarget(target)
                } else {
                    let n = try numbers("\(event) X Y' or '\(event) @NAME", count: 2)
                    let (x, y) = (n[0], n[1])
                    action = event == "down" ? .pointerDown(x: x, y: y) : event == "move" ? .pointerMove(x: x, y: y) : .pointerUp(x: x, y: y)
                }
            case "pinch", "rotate":
                let amount = event == "pinch" ? "SCALE" : "DEGREES"
                let usage = "\(event) X Y \(amount) SECONDS' or '\(event) @NAME \(amount) SECONDS"
                let n = try numbers(usage, count: target == nil ? 4 : 2, skipping: target == nil ? 0 : 1)
                let spot = target.map(ScriptSpot.target) ?? .point(x: n[0], y: n[1])
                let (value, seconds) = (n[n.count - 2], n[n.count - 1])
                guard seconds > 0, seconds <= maxTime else { throw fail("a \(event)'s duration must be above 0 s, got '\(args[args.count - 1])'") }
                if event == "pinch" {
                    guard value > 0, value <= TwoFingerPath.maxScale else {
                        throw fail("a pinch's scale must be above 0 and at most \(Int(TwoFingerPath.maxScale)), got '\(args[args.count - 2])'")
                    }
                    action = .pinch(spot, scale: value, duration: seconds)
                } else {
                    action = .rotate(spot, degrees: value, duration: seconds)
                }
            case "wheel":
                let n = try numbers("wheel X Y DX DY", count: 4); action = .wheel(x: n[0], y: n[1], dx: n[2], dy: n[3])
            case "key":
                let state = args.count == 2 ? ["down": true, "up": false][args[1].lowercased()] : nil
                guard args.count == 1 || state != nil else {
                    throw fail("expected 'key NAME' or 'key NAME down|up' (e.g. key space), got '\(words.dropFirst().joined(separator: " "))'")
                }
                guard KeyNames.code(for: args[0]) != nil else { throw fail("unknown key '\(args[0])'") }
                action = state.map { .keyState(args[0], isDown: $0) } ?? .key(args[0])
            case "frame":
                guard args.count <= 1 else { throw fail("expected 'frame' or 'frame SECONDS', got '\(words.dropFirst().joined(separator: " "))'") }
                let p = args.first.map { Double($0) } ?? 0
                guard let p, p.isFinite, p >= 0, p <= maxTime else {
                    throw fail("a frame's pointer seconds must be a number in 0…\(Int(maxTime)), got '\(args[0])'")
                }
                action = .frame(pointerSeconds: p)
            case "pad":
                action = try parsePad(args, fail: fail)
            default:
                throw fail("unknown event '\(words[1])'; expected tap, drag, down, move, up, pinch, rotate, wheel, key, pad or frame")
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
                let got = args.count == 2 ? ", got '\(args[1])'" : ""
                throw fail("expected 'pad \(first) VALUE' with VALUE in -1…1\(got)")
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

extension InputScript {
    /// The script with every pointer position (tap, drag, down, move, up, pinch, rotate, the wheel's point)
    /// multiplied by `sx` across and `sy` down; named targets (`tap @NAME`, a drag's offset from
    /// its target), times, drag durations, wheel notches, keys, the pad
    /// and frame lines as they were. A tour plays a scene's demo script so at a size other than the
    /// one it was written for.
    package func scaled(x sx: Double, y sy: Double) -> InputScript {
        InputScript(lines: lines.map { line in
            var line = line
            switch line.action {
            case let .tap(x, y): line.action = .tap(x: x * sx, y: y * sy)
            case let .drag(x0, y0, x1, y1, d): line.action = .drag(fromX: x0 * sx, fromY: y0 * sy, toX: x1 * sx, toY: y1 * sy, duration: d)
            case let .pointerDown(x, y): line.action = .pointerDown(x: x * sx, y: y * sy)
            case let .pointerMove(x, y): line.action = .pointerMove(x: x * sx, y: y * sy)
            case let .pointerUp(x, y): line.action = .pointerUp(x: x * sx, y: y * sy)
            case let .wheel(x, y, dx, dy): line.action = .wheel(x: x * sx, y: y * sy, dx: dx, dy: dy)
            // The fingers' spread is the script's own, as a drag's offset from a target.
            case let .pinch(.point(x, y), s, d): line.action = .pinch(.point(x: x * sx, y: y * sy), scale: s, duration: d)
            case let .rotate(.point(x, y), a, d): line.action = .rotate(.point(x: x * sx, y: y * sy), degrees: a, duration: d)
            case .pinch(.target, _, _), .rotate(.target, _, _): break
            // A named target is found where it is, at any size; a drag's offset is the script's own.
            case .tapTarget, .dragTarget, .pointerDownTarget, .pointerMoveTarget, .pointerUpTarget: break
            case .key, .keyState, .frame, .padButton, .padAxis, .padConnect, .padDisconnect: break
            }
            return line
        })
    }
}
