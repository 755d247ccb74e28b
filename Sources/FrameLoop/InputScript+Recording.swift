import Flipbook

/// Frame-timed scripts: what the window's input recording writes and a render replays exactly.
extension InputScript {
    /// The frames of a frame-timed script in order; empty for a script timed by run time.
    public var frameTimings: [FrameTiming] {
        lines.compactMap { line in
            if case .frame(let p) = line.action { FrameTiming(mediaTime: line.time, pointerSeconds: p) } else { nil }
        }
    }

    /// True when the script has `frame` lines: a render makes exactly those frames.
    public var isFrameTimed: Bool { lines.contains { if case .frame = $0.action { true } else { false } } }

    /// One script line that `parse` reads back as `(time, action)`: numbers are written in Swift's
    /// shortest form that converts back to the same `Double`, so a replay sees the very values.
    public static func text(time: Double, action: Action) -> String {
        func n(_ d: Double) -> String { number(d) }
        let event: String
        switch action {
        case let .tap(x, y): event = "tap \(n(x)) \(n(y))"
        case let .drag(x0, y0, x1, y1, d): event = "drag \(n(x0)) \(n(y0)) \(n(x1)) \(n(y1)) \(n(d))"
        case let .pointerDown(x, y): event = "down \(n(x)) \(n(y))"
        case let .pointerMove(x, y): event = "move \(n(x)) \(n(y))"
        case let .pointerUp(x, y): event = "up \(n(x)) \(n(y))"
        case let .tapTarget(name): event = "tap @\(name)"
        case let .dragTarget(name, dx, dy, d): event = "drag @\(name) \(n(dx)) \(n(dy)) \(n(d))"
        case let .pointerDownTarget(name): event = "down @\(name)"
        case let .pointerMoveTarget(name): event = "move @\(name)"
        case let .pointerUpTarget(name): event = "up @\(name)"
        case let .pinch(spot, s, d): event = "pinch \(spot.text) \(n(s)) \(n(d))"
        case let .rotate(spot, a, d): event = "rotate \(spot.text) \(n(a)) \(n(d))"
        case let .wheel(x, y, dx, dy): event = "wheel \(n(x)) \(n(y)) \(n(dx)) \(n(dy))"
        case let .key(name): event = "key \(name)"
        case let .keyState(name, down): event = "key \(name) \(down ? "down" : "up")"
        case let .padButton(b, down): event = "pad \(PadNames.name(of: b)) \(down ? "down" : "up")"
        case let .padAxis(a, v): event = "pad \(PadNames.name(of: a)) \(n(v))"
        case .padConnect: event = "pad connect"
        case .padDisconnect: event = "pad disconnect"
        case let .frame(p): event = "frame \(n(p))"
        }
        return "\(n(time)) \(event)"
    }

    /// The script action that makes the router route `event` as it did live, or nil for an event
    /// that gave the stage no input (a mouse move with no button held, a key repeat, a window event).
    package static func action(recording event: HostEvent, routed: [InputRouter.Routed]) -> Action? {
        guard routed.contains(where: { if case .input = $0 { true } else { false } }) else { return nil }
        switch event {
        case let .mouseButton(down, p): return down ? .pointerDown(x: p.x, y: p.y) : .pointerUp(x: p.x, y: p.y)
        case let .mouseMotion(p): return .pointerMove(x: p.x, y: p.y)
        case let .mouseWheel(p, dx, dy): return .wheel(x: p.x, y: p.y, dx: dx, dy: dy)
        case let .key(_, name, down, _): return .keyState(name, isDown: down)
        case .padAdded: return .padConnect
        case .padRemoved: return .padDisconnect
        case let .padButton(_, b, down): return .padButton(b, isDown: down)
        case .padAxis:
            for case .input(.padAxis(let axis, let v)) in routed { return .padAxis(axis, value: v) }
            return nil
        case .quit, .windowResized, .windowChanged: return nil
        }
    }
}

extension PadNames {
    static func name(of b: InputEvent.PadButton) -> String { buttons.first { $0.1 == b }!.0 }
    static func name(of a: InputEvent.PadAxis) -> String { axes.first { $0.1 == a }!.0 }
}
