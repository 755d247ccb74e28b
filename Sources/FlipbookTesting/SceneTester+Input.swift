import FrameLoop
import Flipbook

/// Input waiting for its frame: events at times, and drags moving on every frame between their ends.
struct ScheduledInput {
    private var events: [(time: Double, order: Int, event: InputEvent)] = []
    private var drags: [(from: CGPoint, to: CGPoint, start: Double, duration: Double)] = []
    private var count = 0

    mutating func add(_ event: InputEvent, at time: Double) {
        events.append((time, count, event))
        count += 1
    }

    mutating func addDrag(from: CGPoint, to: CGPoint, start: Double, duration: Double) {
        add(.pointerDown(from), at: start)
        drags.append((from, to, start, duration))
        add(.pointerMove(to), at: start + duration)
        add(.pointerUp(to), at: start + duration)
    }

    /// The events for the frame at `now`: the running drags' positions (linear between their
    /// ends), then every event due by `now` in time order (equal times in the order they were added).
    mutating func events(dueAt now: Double) -> [InputEvent] {
        var out: [InputEvent] = drags.filter { now > $0.start && now < $0.start + $0.duration }.map { d in
            let f = (now - d.start) / d.duration
            return .pointerMove(CGPoint(x: d.from.x + (d.to.x - d.from.x) * f, y: d.from.y + (d.to.y - d.from.y) * f))
        }
        drags.removeAll { now >= $0.start + $0.duration }
        let due = events.filter { $0.time <= now + 1e-9 }.sorted { ($0.time, $0.order) < ($1.time, $1.order) }
        events.removeAll { $0.time <= now + 1e-9 }
        out += due.map(\.event)
        return out
    }
}

/// Input at exact times. Points are in the window's coordinates (points); `at` is a media time in
/// seconds, by default the next frame's. Events reach the scene in the `.input` phase of the first
/// frame at or after their time, through the same hit testing, gesture recognizers and controls as
/// in the window.
extension SceneTester {
    private func when(_ time: Double?) -> Double { time ?? Double(frame + 1) / fps }

    /// A finger tap at `point`: down at `time`, up 50 ms later (`InputScript.tapHoldTime`), as the
    /// input script's `tap` line.
    public func tap(_ point: CGPoint, at time: Double? = nil) {
        let t = when(time)
        input.add(.pointerDown(point), at: t)
        input.add(.pointerUp(point), at: t + InputScript.tapHoldTime)
    }

    /// A drag: down at `from` at `time`, moving in a straight line on every frame, up at `to`
    /// `duration` seconds later, as the input script's `drag` line.
    public func drag(from: CGPoint, to: CGPoint, duration: Double, at time: Double? = nil) {
        input.addDrag(from: from, to: to, start: when(time), duration: max(0, duration))
    }

    /// A key pressed at `time` and released 50 ms later (`.space`, `.enter`, `.character("a")`…).
    public func press(_ key: InputEvent.Key, at time: Double? = nil) {
        let t = when(time)
        input.add(.key(key, isDown: true), at: t)
        input.add(.key(key, isDown: false), at: t + InputScript.tapHoldTime)
    }

    /// A game controller button going down or up at `time`.
    public func pad(_ button: InputEvent.PadButton, isDown: Bool, at time: Double? = nil) {
        input.add(.padButton(button, isDown: isDown), at: when(time))
    }

    /// A game controller axis moved to `value` (−1…1; triggers 0…1) at `time`.
    public func pad(_ axis: InputEvent.PadAxis, value: Double, at time: Double? = nil) {
        input.add(.padAxis(axis, value: value), at: when(time))
    }

    /// Raw input events, delivered in order at `time` (pointer steps, the wheel, a pad plugged in).
    public func send(_ events: [InputEvent], at time: Double? = nil) {
        let t = when(time)
        for e in events { input.add(e, at: t) }
    }

    /// Schedules every line of an input script (the `render --input` format; its times are media
    /// times). Pointer, key and pad lines become the events above; a key SDL does not know is skipped.
    public func play(_ script: InputScript) {
        for line in script.lines {
            let t = line.time
            switch line.action {
            case let .tap(x, y): tap(CGPoint(x: x, y: y), at: t)
            case let .drag(x0, y0, x1, y1, d): drag(from: CGPoint(x: x0, y: y0), to: CGPoint(x: x1, y: y1), duration: d, at: t)
            case let .pointerDown(x, y): input.add(.pointerDown(CGPoint(x: x, y: y)), at: t)
            case let .pointerMove(x, y): input.add(.pointerMove(CGPoint(x: x, y: y)), at: t)
            case let .pointerUp(x, y): input.add(.pointerUp(CGPoint(x: x, y: y)), at: t)
            // A script's wheel counts notches with SDL's sign (dy > 0 towards the top), as the router reads them.
            case let .wheel(x, y, dx, dy):
                let step = InputRouter.wheelStep
                input.add(.wheel(at: CGPoint(x: x, y: y), delta: CGVector(dx: dx * step, dy: -dy * step)), at: t)
            case let .key(name): if let key = KeyNames.inputKey(named: name) { press(key, at: t) }
            case let .keyState(name, down): if let key = KeyNames.inputKey(named: name) { input.add(.key(key, isDown: down), at: t) }
            // A recording's frame lines: the tester keeps its own frames (render --input replays them).
            case .frame: break
            case let .padButton(b, down): pad(b, isDown: down, at: t)
            case let .padAxis(a, v): pad(a, value: v, at: t)
            case .padConnect: input.add(.padAdded, at: t)
            case .padDisconnect: input.add(.padRemoved, at: t)
            }
        }
    }

    /// Parses `text` as an input script and schedules it (see `play(_:)`).
    /// - Throws: the script's parse error, naming the line.
    public func play(script text: String) throws { play(try InputScript.parse(text, file: "<test script>")) }
}
