import FrameLoop
import CSDL2
import Flipbook

/// Plays an `InputScript` by pushing real SDL events at their media times.
///
/// Headless runs therefore go through the same `InputRouter` as the window. A `pinch` or `rotate`
/// line is played as a person makes it in the window, the Simulator's way: the mouse moves to the
/// centre, Alt goes down, the mouse moves to the first finger and drags it along its path (the
/// router mirrors the second), then the button and Alt come up. SDL's mouse positions are whole
/// points, so the fingers are rounded to them. The controller is SDL's
/// virtual joystick (`SDL_JoystickAttachVirtual`), connected on the first `pad` line if the script
/// did not say `pad connect`; its state changes wait one frame after connecting so the host has
/// opened the controller and sees every press.
public final class ScriptPlayer {
    /// Where a pointer step goes: a point, or a script line's named target found when the step is
    /// due (`target`), or where that line's target was found, plus an offset (a tap's release,
    /// a drag's moves), skipped with the line when it was not found.
    private enum Place {
        case point(CGPoint)
        case target(String, line: Int)
        case found(line: Int, offset: CGVector)
    }
    private enum Step {
        case down(Place), move(Place), up(Place)
        case wheel(CGPoint, dx: Double, dy: Double)
        case drag(from: Place, to: Place, start: Double, duration: Double)
        case key(SDL_Keycode, down: Bool)
        case pad(InputScript.Action)
        /// Alt down about a centre and the press of the first finger, then the path's moves.
        case fingersDown(Place, TwoFingerPath, start: Double, duration: Double)
        /// The path's last move, the release and Alt up.
        case fingersUp(Place, TwoFingerPath)
    }
    /// A step's time, and for a frame-timed script the frame it belongs to.
    private struct Due { var time: Double; var frame: Int? }
    private var steps: [(due: Due, step: Step)] = []
    private var next = 0
    private var drags: [(from: CGPoint, to: CGPoint, start: Double, duration: Double)] = []
    private var twoFingers: [(centre: CGPoint, path: TwoFingerPath, start: Double, duration: Double)] = []
    private var pad: VirtualPad?
    /// The `inject` call that connected the pad (its state changes wait for a later one).
    private var padConnectedAt: Int?
    private var injections = 0
    private var pendingPad: [InputScript.Action] = []
    private var held = false
    /// Finds a named target's centre in window points when its step is due (nil: not on screen).
    private let resolve: (String) -> CGPoint?
    /// Where the line for a target not found goes.
    private let report: (String) -> Void
    /// The centre each line's named target was found at; a line whose target was missing has none.
    private var found: [Int: CGPoint] = [:]
    /// The SDL window id the pushed mouse and keyboard events name.
    public let windowID: UInt32

    /// A player for `script` whose events are addressed to window `windowID`; nothing is pushed until
    /// the first frame asks.
    /// - Parameters:
    ///   - resolve: the centre, in window points, of the layer or view a `tap @NAME` line names,
    ///     asked when the line is due (its owner walks the tree drawn: `InputScript.centre(ofTarget:in:)`);
    ///     nil when none is on screen. Default: none is.
    ///   - report: where a line goes for a named target not on screen when due (that line's
    ///     events are skipped), as `script line N: no layer or view named X on screen at T s; skipped`.
    public init(script: InputScript, windowID: UInt32, resolve: @escaping (String) -> CGPoint? = { _ in nil },
                report: @escaping (String) -> Void = { _ in }) {
        self.windowID = windowID
        self.resolve = resolve
        self.report = report
        // A frame-timed script delivers each line in the frame of the next frame line; what a line
        // makes later (a tap's release, a drag's moves) goes to the first frame at or after its time.
        let frameTimes = script.lines.compactMap { if case .frame = $0.action { $0.time } else { nil } }
        let frameTimed = !frameTimes.isEmpty
        var framesSeen = 0
        var steps: [(Due, Step)] = []
        for line in script.lines {
            let t = line.time, own = framesSeen, n = line.lineNumber
            func add(_ time: Double, _ step: Step) {
                guard frameTimed else { steps.append((Due(time: time, frame: nil), step)); return }
                var f = own
                if time > t { while f < frameTimes.count, frameTimes[f] < time - 1e-9 { f += 1 } }
                steps.append((Due(time: time, frame: f), step))
            }
            // The press finds a named target; the moves and the release follow from where it was.
            func drag(press: Place, from a: Place, to b: Place, duration d: Double) {
                add(t, .down(press))
                add(t, .drag(from: a, to: b, start: t, duration: d))
                add(t + d, .move(b))
                add(t + d, .up(b))
            }
            switch line.action {
            case let .tap(x, y):
                add(t, .down(.point(CGPoint(x: x, y: y))))
                add(t + InputScript.tapHoldTime, .up(.point(CGPoint(x: x, y: y))))
            case let .tapTarget(name):
                add(t, .down(.target(name, line: n)))
                add(t + InputScript.tapHoldTime, .up(.found(line: n, offset: .zero)))
            case let .drag(x0, y0, x1, y1, d):
                let a = Place.point(CGPoint(x: x0, y: y0))
                drag(press: a, from: a, to: .point(CGPoint(x: x1, y: y1)), duration: d)
            case let .dragTarget(name, dx, dy, d):
                drag(press: .target(name, line: n), from: .found(line: n, offset: .zero),
                     to: .found(line: n, offset: CGVector(dx: dx, dy: dy)), duration: d)
            case let .pointerDown(x, y): add(t, .down(.point(CGPoint(x: x, y: y))))
            case let .pointerMove(x, y): add(t, .move(.point(CGPoint(x: x, y: y))))
            case let .pointerUp(x, y): add(t, .up(.point(CGPoint(x: x, y: y))))
            case let .pointerDownTarget(name): add(t, .down(.target(name, line: n)))
            case let .pointerMoveTarget(name): add(t, .move(.target(name, line: n)))
            case let .pointerUpTarget(name): add(t, .up(.target(name, line: n)))
            case let .wheel(x, y, dx, dy): add(t, .wheel(CGPoint(x: x, y: y), dx: dx, dy: dy))
            case let .key(name):
                if let code = KeyNames.code(for: name).map(SDL_Keycode.init(bitPattern:)) {
                    add(t, .key(code, down: true))
                    add(t + InputScript.tapHoldTime, .key(code, down: false))
                }
            case let .keyState(name, down):
                if let code = KeyNames.code(for: name).map(SDL_Keycode.init(bitPattern:)) { add(t, .key(code, down: down)) }
            case .padButton, .padAxis, .padConnect, .padDisconnect:
                add(t, .pad(line.action))
            case let .pinch(spot, _, d), let .rotate(spot, _, d):
                guard let path = TwoFingerPath(line.action) else { break }
                let (press, end): (Place, Place) = switch spot {
                case let .point(x, y): (.point(CGPoint(x: x, y: y)), .point(CGPoint(x: x, y: y)))
                case let .target(name): (.target(name, line: n), .found(line: n, offset: .zero))
                }
                add(t, .fingersDown(press, path, start: t, duration: d))
                add(t + d, .fingersUp(end, path))
            case .frame:
                framesSeen += 1
            }
        }
        self.steps = steps.enumerated().sorted {
            let (a, b) = ($0.element.0, $1.element.0)
            return (a.frame ?? 0, a.time, $0.offset) < (b.frame ?? 0, b.time, $1.offset)
        }.map { ($0.element.0, $0.element.1) }
    }

    /// The point of `place` now, or nil when its line's target is not on screen (reported once,
    /// when the target is looked for).
    private func point(_ place: Place, at time: Double) -> CGPoint? {
        switch place {
        case .point(let p): return p
        case let .target(name, line):
            guard let p = resolve(name) else {
                found[line] = nil
                report(InputScript.missingTarget(name, line: line, time: time))
                return nil
            }
            found[line] = p
            return p
        case let .found(line, offset):
            return found[line].map { CGPoint(x: $0.x + offset.dx, y: $0.y + offset.dy) }
        }
    }

    /// True when no scripted event remains.
    public var isFinished: Bool { next >= steps.count && drags.isEmpty && twoFingers.isEmpty && pendingPad.isEmpty }

    /// The time of the next scripted event, for idle scheduling.
    public var nextTime: Double? {
        next < steps.count ? steps[next].due.time : (drags.isEmpty && twoFingers.isEmpty && pendingPad.isEmpty ? nil : 0)
    }

    /// Pushes every event due at or before `time` — for a frame-timed script, every event of frames
    /// up to `frame` — and the in-between positions of running drags. Called once per frame.
    public func inject(upTo time: Double, frame: Int? = nil) {
        injections += 1
        if let at = padConnectedAt, at < injections, !pendingPad.isEmpty {
            let actions = pendingPad; pendingPad = []
            for a in actions { applyPad(a) }
        }
        for i in drags.indices.reversed() {
            let d = drags[i]
            if time >= d.start + d.duration { drags.remove(at: i); continue }
            if time > d.start { pushMouse(SDL_MOUSEMOTION, d.from.lerp(d.to, (time - d.start) / d.duration)) }
        }
        for i in twoFingers.indices.reversed() {
            let g = twoFingers[i]
            if time >= g.start + g.duration { twoFingers.remove(at: i); continue }
            if time > g.start { pushMouse(SDL_MOUSEMOTION, g.path.fingers(at: (time - g.start) / g.duration, about: g.centre).0) }
        }
        func isDue(_ due: Due) -> Bool {
            if let f = due.frame { return frame.map { f <= $0 } ?? false }
            return due.time <= time + 1e-9
        }
        while next < steps.count, isDue(steps[next].due) {
            let (due, step) = steps[next]
            next += 1
            switch step {
            case .down(let place): if let p = point(place, at: due.time) { held = true; pushMouse(SDL_MOUSEBUTTONDOWN, p) }
            case .move(let place): if let p = point(place, at: due.time) { pushMouse(SDL_MOUSEMOTION, p) }
            case .up(let place): if let p = point(place, at: due.time) { pushMouse(SDL_MOUSEBUTTONUP, p); held = false }
            case let .wheel(p, dx, dy): pushWheel(p, dx: dx, dy: dy)
            case let .drag(from, to, start, duration):
                if let a = point(from, at: due.time), let b = point(to, at: due.time) { drags.append((a, b, start, duration)) }
            case let .key(code, down): pushKey(code, down: down)
            case .pad(let action): applyPad(action)
            case let .fingersDown(place, path, start, duration):
                guard let c = point(place, at: due.time).map(Self.whole) else { break }
                pushMouse(SDL_MOUSEMOTION, c)
                pushKey(Self.altKey, down: true)
                let first = path.fingers(at: 0, about: c).0
                pushMouse(SDL_MOUSEMOTION, first)
                held = true
                pushMouse(SDL_MOUSEBUTTONDOWN, first)
                twoFingers.append((c, path, start, duration))
            case let .fingersUp(place, path):
                guard let c = point(place, at: due.time).map(Self.whole) else { break }
                let last = path.fingers(at: 1, about: c).0
                pushMouse(SDL_MOUSEMOTION, last)
                pushMouse(SDL_MOUSEBUTTONUP, last)
                held = false
                pushKey(Self.altKey, down: false)
            }
        }
    }

    /// Left Alt, which makes the mouse two fingers (`InputRouter`).
    private static let altKey = SDL_Keycode(bitPattern: KeyNames.code(for: "Left Alt") ?? 0x4000_00E2)
    /// A point on SDL's whole points (a centre the router mirrors about, so both fingers land exactly).
    private static func whole(_ p: CGPoint) -> CGPoint { CGPoint(x: p.x.rounded(), y: p.y.rounded()) }

    /// Unplugs the script's virtual controller, if one was connected.
    public func close() { pad?.disconnect(); pad = nil }

    private func applyPad(_ action: InputScript.Action) {
        if case .padDisconnect = action { pad?.disconnect(); pad = nil; padConnectedAt = nil; pendingPad = []; return }
        if pad == nil {
            pad = VirtualPad()
            padConnectedAt = injections
        }
        guard let pad, let at = padConnectedAt, at < injections else {
            if case .padConnect = action {} else { pendingPad.append(action) }
            return
        }
        switch action {
        case let .padButton(b, down): pad.set(button: b, down: down)
        case let .padAxis(a, v): pad.set(axis: a, value: v)
        default: break
        }
    }

    private func pushMouse(_ type: SDL_EventType, _ p: CGPoint) {
        var e = SDL_Event()
        e.type = type.rawValue
        if type == SDL_MOUSEMOTION {
            e.motion.windowID = windowID
            e.motion.x = Int32(p.x.rounded()); e.motion.y = Int32(p.y.rounded())
            e.motion.state = held ? UInt32(1 << (SDL_BUTTON_LEFT - 1)) : 0
        } else {
            e.button.windowID = windowID
            e.button.button = UInt8(SDL_BUTTON_LEFT)
            e.button.state = UInt8(type == SDL_MOUSEBUTTONDOWN ? SDL_PRESSED : SDL_RELEASED)
            e.button.clicks = 1
            e.button.x = Int32(p.x.rounded()); e.button.y = Int32(p.y.rounded())
        }
        SDL_PushEvent(&e)
    }

    private func pushWheel(_ p: CGPoint, dx: Double, dy: Double) {
        var e = SDL_Event()
        e.type = SDL_MOUSEWHEEL.rawValue
        e.wheel.windowID = windowID
        e.wheel.x = Int32(dx.rounded()); e.wheel.y = Int32(dy.rounded())
        e.wheel.preciseX = Float(dx); e.wheel.preciseY = Float(dy)
        e.wheel.direction = UInt32(SDL_MOUSEWHEEL_NORMAL.rawValue)
        e.wheel.mouseX = Int32(p.x.rounded()); e.wheel.mouseY = Int32(p.y.rounded())
        SDL_PushEvent(&e)
    }

    private func pushKey(_ code: SDL_Keycode, down: Bool) {
        var e = SDL_Event()
        e.type = (down ? SDL_KEYDOWN : SDL_KEYUP).rawValue
        e.key.windowID = windowID
        e.key.state = UInt8(down ? SDL_PRESSED : SDL_RELEASED)
        e.key.keysym.sym = code
        e.key.keysym.scancode = SDL_GetScancodeFromKey(code)
        SDL_PushEvent(&e)
    }
}

extension CGPoint {
    func lerp(_ o: CGPoint, _ t: Double) -> CGPoint { CGPoint(x: x + (o.x - x) * t, y: y + (o.y - y) * t) }
}

/// A game controller made by SDL's virtual joystick driver, with motors: the rumbles SDL asks of it
/// are kept (`rumbles`), so tests see the haptic feedback a scene made.
package final class VirtualPad {
    private var deviceIndex: Int32 = -1
    private var joystick: OpaquePointer?
    /// The motor strengths SDL set, in order (SDL sets 0, 0 when a rumble's time is over).
    final class Motors { var rumbles: [(low: UInt16, high: UInt16)] = [] }
    private let motors = Motors()
    /// The motor strengths SDL set, in order, at most 1,000.
    package var rumbles: [(low: UInt16, high: UInt16)] { motors.rumbles }

    package init() {
        var desc = SDL_VirtualJoystickDesc()
        desc.version = UInt16(SDL_VIRTUAL_JOYSTICK_DESC_VERSION)
        desc.type = UInt16(SDL_JOYSTICK_TYPE_GAMECONTROLLER.rawValue)
        desc.naxes = UInt16(SDL_CONTROLLER_AXIS_MAX.rawValue)
        desc.nbuttons = UInt16(SDL_CONTROLLER_BUTTON_MAX.rawValue)
        desc.userdata = Unmanaged.passUnretained(motors).toOpaque() // the pad keeps `motors` while attached
        desc.Rumble = { data, low, high in
            guard let data else { return -1 }
            let m = Unmanaged<Motors>.fromOpaque(data).takeUnretainedValue()
            if m.rumbles.count < 1_000 { m.rumbles.append((low, high)) }
            return 0
        }
        deviceIndex = SDL_JoystickAttachVirtualEx(&desc)
        if deviceIndex >= 0 { joystick = SDL_JoystickOpen(deviceIndex) }
    }

    package func set(button: InputEvent.PadButton, down: Bool) {
        guard let joystick, let i = InputRouter.buttonOrder.firstIndex(of: button) else { return }
        SDL_JoystickSetVirtualButton(joystick, Int32(i), down ? 1 : 0)
        // Turn the change into its event now: SDL reports a virtual joystick's state at its next
        // update, so a press and its release set before one update (a window frame longer than the
        // press, in a debug build) merged into no event at all.
        SDL_JoystickUpdate()
    }

    func set(axis: InputEvent.PadAxis, value: Double) {
        guard let joystick, let i = InputRouter.axisOrder.firstIndex(of: axis) else { return }
        SDL_JoystickSetVirtualAxis(joystick, Int32(i), Int16(max(-32767, min(32767, (value * 32767).rounded()))))
        SDL_JoystickUpdate()
    }

    package func disconnect() {
        if let joystick { SDL_JoystickClose(joystick) }
        joystick = nil
        if deviceIndex >= 0 {
            // The virtual device's index may have shifted if others were attached; find ours.
            for i in 0..<SDL_NumJoysticks() where SDL_JoystickIsVirtual(i) == SDL_TRUE { SDL_JoystickDetachVirtual(i); break }
        }
        deviceIndex = -1
    }
}
