import FrameLoop
import Flipbook

/// Input waiting for its frame: events at times, and drags moving on every frame between their
/// ends. A pointer step of a script's `@NAME` line finds its target when it is due.
struct ScheduledInput {
    /// Where a pointer step goes: a point, a script line's named target (found when due), or where
    /// that line's target was found plus an offset (skipped with the line when it was not found).
    enum Place {
        case point(CGPoint)
        case target(String, line: Int)
        case found(line: Int, offset: CGVector)
    }
    enum Pending {
        case event(InputEvent)
        case down(Place), move(Place), up(Place)
        /// A drag's in-between moves start (its press is a `down` just before).
        case drag(from: Place, to: Place, duration: Double)
    }
    private var events: [(time: Double, order: Int, pending: Pending)] = []
    private var drags: [(from: CGPoint, to: CGPoint, start: Double, duration: Double)] = []
    private var found: [Int: CGPoint] = [:]
    private var count = 0

    mutating func add(_ event: InputEvent, at time: Double) { add(pending: .event(event), at: time) }

    mutating func add(pending: Pending, at time: Double) {
        events.append((time, count, pending))
        count += 1
    }

    mutating func addDrag(from: Place, to: Place, press: Place? = nil, start: Double, duration: Double) {
        add(pending: .down(press ?? from), at: start)
        add(pending: .drag(from: from, to: to, duration: duration), at: start)
        add(pending: .move(to), at: start + duration)
        add(pending: .up(to), at: start + duration)
    }

    /// The point of `place` now, or nil when its line's target is not on screen (reported when
    /// the target is looked for).
    private mutating func point(_ place: Place, at time: Double, resolve: (String) -> CGPoint?, report: (String) -> Void) -> CGPoint? {
        switch place {
        case .point(let p): return p
        case let .target(name, line):
            found[line] = resolve(name)
            if found[line] == nil { report(InputScript.missingTarget(name, line: line, time: time)) }
            return found[line]
        case let .found(line, offset):
            return found[line].map { CGPoint(x: $0.x + offset.dx, y: $0.y + offset.dy) }
        }
    }

    /// The events for the frame at `now`: the running drags' positions (linear between their
    /// ends), then every event due by `now` in time order (equal times in the order they were
    /// added). `resolve` finds a named target's centre; `report` takes the line for one not found.
    mutating func events(dueAt now: Double, resolve: (String) -> CGPoint? = { _ in nil },
                         report: (String) -> Void = { _ in }) -> [InputEvent] {
        var out: [InputEvent] = drags.filter { now > $0.start && now < $0.start + $0.duration }.map { d in
            let f = (now - d.start) / d.duration
            return .pointerMove(CGPoint(x: d.from.x + (d.to.x - d.from.x) * f, y: d.from.y + (d.to.y - d.from.y) * f))
        }
        drags.removeAll { now >= $0.start + $0.duration }
        let due = events.filter { $0.time <= now + 1e-9 }.sorted { ($0.time, $0.order) < ($1.time, $1.order) }
        events.removeAll { $0.time <= now + 1e-9 }
        for e in due {
            switch e.pending {
            case .event(let event): out.append(event)
            case .down(let place): if let p = point(place, at: e.time, resolve: resolve, report: report) { out.append(.pointerDown(p)) }
            case .move(let place): if let p = point(place, at: e.time, resolve: resolve, report: report) { out.append(.pointerMove(p)) }
            case .up(let place): if let p = point(place, at: e.time, resolve: resolve, report: report) { out.append(.pointerUp(p)) }
            case let .drag(from, to, duration):
                if let a = point(from, at: e.time, resolve: resolve, report: report), let b = point(to, at: e.time, resolve: resolve, report: report) {
                    drags.append((a, b, e.time, duration))
                }
            }
        }
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
        input.addDrag(from: .point(from), to: .point(to), start: when(time), duration: max(0, duration))
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
    /// A named target (`tap @NAME`) is found in `rootLayer`'s tree when its event is due, as the
    /// last frame presented it (`InputScript.centre(ofTarget:in:)`); one not on screen is reported
    /// through the engine (`diagnostics`, `reportSink`) and its line skipped.
    public func play(_ script: InputScript) {
        for line in script.lines {
            let t = line.time, n = line.lineNumber
            switch line.action {
            case let .tap(x, y): tap(CGPoint(x: x, y: y), at: t)
            case let .tapTarget(name):
                input.add(pending: .down(.target(name, line: n)), at: t)
                input.add(pending: .up(.found(line: n, offset: .zero)), at: t + InputScript.tapHoldTime)
            case let .dragTarget(name, dx, dy, d):
                input.addDrag(from: .found(line: n, offset: .zero), to: .found(line: n, offset: CGVector(dx: dx, dy: dy)),
                              press: .target(name, line: n), start: t, duration: d)
            case let .pointerDownTarget(name): input.add(pending: .down(.target(name, line: n)), at: t)
            case let .pointerMoveTarget(name): input.add(pending: .move(.target(name, line: n)), at: t)
            case let .pointerUpTarget(name): input.add(pending: .up(.target(name, line: n)), at: t)
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

    /// Where a script's `tap @NAME` would press now: the centre, in window points, of the first
    /// layer on screen named `name` or backing a view whose `accessibilityIdentifier` is `name`, as
    /// the last frame presented it (README, "Input scripts"); nil when none is on screen.
    public func centre(ofTarget name: String) -> CGPoint? { InputScript.centre(ofTarget: name, in: rootLayer) }

    /// Parses `text` as an input script and schedules it (see `play(_:)`).
    /// - Throws: the script's parse error, naming the line.
    public func play(script text: String) throws { play(try InputScript.parse(text, file: "<test script>")) }
}
