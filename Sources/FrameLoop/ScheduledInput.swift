import Flipbook

/// Input waiting for its frame: events at media times, and drags moving on every frame between
/// their ends — an input script played straight into a frame driver, without SDL (the test kit's
/// `SceneTester`, the scene menu's previews playing a scene's demo script).
package struct ScheduledInput {
    /// Where a pointer step goes: a point, a script line's named target (found when due), or where
    /// that line's target was found plus an offset (skipped with the line when it was not found).
    package enum Place {
        case point(CGPoint)
        case target(String, line: Int)
        case found(line: Int, offset: CGVector)
    }
    /// What waits for its frame.
    package enum Pending {
        case event(InputEvent)
        case down(Place), move(Place), up(Place)
        /// A drag's in-between moves start (its press is a `down` just before).
        case drag(from: Place, to: Place, duration: Double)
        /// Two fingers go down about a place and start moving along a path (a `pinch` or `rotate` line).
        case fingersDown(Place, TwoFingerPath, duration: Double)
        /// Two fingers reach their path's end about a place and lift.
        case fingersUp(Place, TwoFingerPath)
    }
    private var events: [(time: Double, order: Int, pending: Pending)] = []
    private var drags: [(from: CGPoint, to: CGPoint, start: Double, duration: Double)] = []
    private var twoFingers: [(centre: CGPoint, path: TwoFingerPath, start: Double, duration: Double)] = []
    /// Where each script line's named target was found when its first step was due.
    private var found: [Int: CGPoint] = [:]
    private var count = 0

    /// Nothing scheduled.
    package init() {}

    /// Schedules `event` for the first frame at or after `time`.
    package mutating func add(_ event: InputEvent, at time: Double) { add(pending: .event(event), at: time) }

    /// Schedules a step for the first frame at or after `time`.
    package mutating func add(pending: Pending, at time: Double) {
        events.append((time, count, pending))
        count += 1
    }

    /// A drag: down at `press` (default `from`) at `start`, a move on every frame in a straight
    /// line from `from` to `to`, up at `to` `duration` seconds later.
    package mutating func addDrag(from: Place, to: Place, press: Place? = nil, start: Double, duration: Double) {
        add(pending: .down(press ?? from), at: start)
        add(pending: .drag(from: from, to: to, duration: duration), at: start)
        add(pending: .move(to), at: start + duration)
        add(pending: .up(to), at: start + duration)
    }

    /// A drag between two points (see `addDrag(from:to:press:start:duration:)`).
    package mutating func addDrag(from: CGPoint, to: CGPoint, start: Double, duration: Double) {
        addDrag(from: .point(from), to: .point(to), start: start, duration: duration)
    }

    /// Schedules every line of `script` (its times are media times): a tap is a press and a
    /// release `InputScript.tapHoldTime` later, a key line a press and a release, a drag moves on
    /// every frame; a key SDL does not know is skipped, and so are frame lines (a recording's: the
    /// caller makes its own frames).
    package mutating func add(_ script: InputScript) {
        for line in script.lines {
            let t = line.time
            let n = line.lineNumber
            switch line.action {
            case let .tap(x, y):
                add(.pointerDown(CGPoint(x: x, y: y)), at: t)
                add(.pointerUp(CGPoint(x: x, y: y)), at: t + InputScript.tapHoldTime)
            // A named target is looked for when its press is due; the release and the moves go
            // where it was found.
            case let .tapTarget(name):
                add(pending: .down(.target(name, line: n)), at: t)
                add(pending: .up(.found(line: n, offset: .zero)), at: t + InputScript.tapHoldTime)
            case let .dragTarget(name, dx, dy, d):
                addDrag(from: .found(line: n, offset: .zero), to: .found(line: n, offset: CGVector(dx: dx, dy: dy)),
                        press: .target(name, line: n), start: t, duration: max(0, d))
            case let .pointerDownTarget(name): add(pending: .down(.target(name, line: n)), at: t)
            case let .pointerMoveTarget(name): add(pending: .move(.target(name, line: n)), at: t)
            case let .pointerUpTarget(name): add(pending: .up(.target(name, line: n)), at: t)
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
            case let .pinch(spot, _, d), let .rotate(spot, _, d):
                guard let path = TwoFingerPath(line.action) else { break }
                let (press, end): (Place, Place) = switch spot {
                case let .point(x, y): (.point(CGPoint(x: x, y: y)), .point(CGPoint(x: x, y: y)))
                case let .target(name): (.target(name, line: n), .found(line: n, offset: .zero))
                }
                add(pending: .fingersDown(press, path, duration: d), at: t)
                add(pending: .fingersUp(end, path), at: t + d)
            case let .padButton(b, down): add(.padButton(b, isDown: down), at: t)
            case let .padAxis(a, v): add(.padAxis(a, value: v), at: t)
            case .padConnect: add(.padAdded, at: t)
            case .padDisconnect: add(.padRemoved, at: t)
            }
        }
    }

    /// True while nothing is left to deliver.
    package var isEmpty: Bool { events.isEmpty && drags.isEmpty && twoFingers.isEmpty }

    /// The earliest time an event waits for, or nil (a drag's moves between its ends are not
    /// events: see `isDragging(at:)`).
    package var nextTime: Double? { events.map(\.time).min() }

    /// True when a drag is under way at `time` (its moves want frames between its ends).
    package func isDragging(at time: Double) -> Bool {
        drags.contains { time >= $0.start && time < $0.start + $0.duration }
            || twoFingers.contains { time >= $0.start && time < $0.start + $0.duration }
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
    /// added). `resolve` finds a named target's centre (`InputScript.centre(ofTarget:in:)`);
    /// `report` takes the line for one not found.
    package mutating func events(dueAt now: Double, resolve: (String) -> CGPoint? = { _ in nil },
                                 report: (String) -> Void = { _ in }) -> [InputEvent] {
        var out: [InputEvent] = drags.filter { now > $0.start && now < $0.start + $0.duration }.map { d in
            let f = (now - d.start) / d.duration
            return .pointerMove(CGPoint(x: d.from.x + (d.to.x - d.from.x) * f, y: d.from.y + (d.to.y - d.from.y) * f))
        }
        drags.removeAll { now >= $0.start + $0.duration }
        for g in twoFingers where now > g.start && now < g.start + g.duration {
            let (a, b) = g.path.fingers(at: (now - g.start) / g.duration, about: g.centre)
            out.append(.touches([.init(.first, .move, a), .init(.second, .move, b)]))
        }
        twoFingers.removeAll { now >= $0.start + $0.duration }
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
            case let .fingersDown(place, path, duration):
                guard let c = point(place, at: e.time, resolve: resolve, report: report) else { break }
                let (a, b) = path.fingers(at: 0, about: c)
                out.append(.touches([.init(.first, .down, a), .init(.second, .down, b)]))
                twoFingers.append((c, path, e.time, duration))
            case let .fingersUp(place, path):
                guard let c = point(place, at: e.time, resolve: resolve, report: report) else { break }
                let (a, b) = path.fingers(at: 1, about: c)
                out.append(.touches([.init(.first, .move, a), .init(.second, .move, b)]))
                out.append(.touches([.init(.first, .up, a), .init(.second, .up, b)]))
            }
        }
        return out
    }
}
