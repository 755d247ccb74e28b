import Flipbook

/// Input waiting for its frame: events at media times, and drags moving on every frame between
/// their ends — an input script played straight into a frame driver, without SDL (the test kit's
/// `SceneTester`, the scene menu's previews playing a scene's demo script).
package struct ScheduledInput {
    private var events: [(time: Double, order: Int, event: InputEvent)] = []
    private var drags: [(from: CGPoint, to: CGPoint, start: Double, duration: Double)] = []
    private var count = 0

    /// Nothing scheduled.
    package init() {}

    /// Schedules `event` for the first frame at or after `time`.
    package mutating func add(_ event: InputEvent, at time: Double) {
        events.append((time, count, event))
        count += 1
    }

    /// A drag: down at `from` at `start`, a move on every frame in a straight line, up at `to`
    /// `duration` seconds later.
    package mutating func addDrag(from: CGPoint, to: CGPoint, start: Double, duration: Double) {
        add(.pointerDown(from), at: start)
        drags.append((from, to, start, duration))
        add(.pointerMove(to), at: start + duration)
        add(.pointerUp(to), at: start + duration)
    }

    /// Schedules every line of `script` (its times are media times): a tap is a press and a
    /// release `InputScript.tapHoldTime` later, a key line a press and a release, a drag moves on
    /// every frame; a key SDL does not know is skipped, and so are frame lines (a recording's: the
    /// caller makes its own frames).
    package mutating func add(_ script: InputScript) {
        for line in script.lines {
            let t = line.time
            switch line.action {
            case let .tap(x, y):
                add(.pointerDown(CGPoint(x: x, y: y)), at: t)
                add(.pointerUp(CGPoint(x: x, y: y)), at: t + InputScript.tapHoldTime)
            case let .drag(x0, y0, x1, y1, d):
                addDrag(from: CGPoint(x: x0, y: y0), to: CGPoint(x: x1, y: y1), start: t, duration: max(0, d))
            case let .pointerDown(x, y): add(.pointerDown(CGPoint(x: x, y: y)), at: t)
            case let .pointerMove(x, y): add(.pointerMove(CGPoint(x: x, y: y)), at: t)
            case let .pointerUp(x, y): add(.pointerUp(CGPoint(x: x, y: y)), at: t)
            // A script's wheel counts notches with SDL's sign (dy > 0 towards the top), as the router reads them.
            case let .wheel(x, y, dx, dy):
                let step = InputRouter.wheelStep
                add(.wheel(at: CGPoint(x: x, y: y), delta: CGVector(dx: dx * step, dy: -dy * step)), at: t)
            case let .key(name):
                if let key = KeyNames.inputKey(named: name) {
                    add(.key(key, isDown: true), at: t)
                    add(.key(key, isDown: false), at: t + InputScript.tapHoldTime)
                }
            case let .keyState(name, down): if let key = KeyNames.inputKey(named: name) { add(.key(key, isDown: down), at: t) }
            case .frame: break
            case let .padButton(b, down): add(.padButton(b, isDown: down), at: t)
            case let .padAxis(a, v): add(.padAxis(a, value: v), at: t)
            case .padConnect: add(.padAdded, at: t)
            case .padDisconnect: add(.padRemoved, at: t)
            }
        }
    }

    /// True while nothing is left to deliver.
    package var isEmpty: Bool { events.isEmpty && drags.isEmpty }

    /// The earliest time an event waits for, or nil (a drag's moves between its ends are not
    /// events: see `isDragging(at:)`).
    package var nextTime: Double? { events.map(\.time).min() }

    /// True when a drag is under way at `time` (its moves want frames between its ends).
    package func isDragging(at time: Double) -> Bool {
        drags.contains { time >= $0.start && time < $0.start + $0.duration }
    }

    /// The events for the frame at `now`: the running drags' positions (linear between their
    /// ends), then every event due by `now` in time order (equal times in the order they were added).
    package mutating func events(dueAt now: Double) -> [InputEvent] {
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
