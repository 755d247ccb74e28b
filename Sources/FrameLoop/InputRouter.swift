import Flipbook

/// Turns the host's events (`HostEvent`) into `InputEvent`s and clock requests, and runs the controller's virtual pointer.
///
/// The mouse is one touch: motion is reported only while the left button is held. With Alt held it
/// is two, as the iOS Simulator's Option key makes them: the mouse is the first finger and the
/// second is its mirror image about the point where Alt went down (the window point the mouse was
/// at then); a press with Alt puts both down in one `touches` event, a drag moves them apart,
/// together and around (pinch, rotate), and with Shift too it moves both together (a two-finger
/// pan), carrying the centre along; the release lifts both. While Alt is held the two points are
/// shown (`twoFingerMarks`, drawn by `PointerOverlay`). A press decides: letting go of Alt during
/// the drag keeps the two fingers until the button is released. A game controller
/// drives a visible virtual pointer with its left stick (speed follows deflection) and presses at it
/// with A, so every gesture works from a gamepad. Space, period and S are clock controls
/// (pause, single step, slow motion ×10), R starts or stops recording the window and D flashes the
/// damage; they are also passed on as keys. (A, the appearance, is the playground stage's: it
/// changes what the scene shows, so replays must see it as input.)
public final class InputRouter {
    /// Stick deflection below which the pointer does not move.
    public static let deadZone = 0.15
    /// Pointer speed at full deflection, in points per second. Default: 900.
    public var pointerSpeed = 900.0

    /// The controller's virtual pointer in window points, kept inside `bounds`.
    public private(set) var pointer = CGPoint(x: 100, y: 100)
    /// True once a controller has been used, so the host draws the pointer.
    public private(set) var pointerVisible = false
    /// The window's size in points: the area the virtual pointer stays in.
    public private(set) var bounds = CGSize(width: 800, height: 600)
    private var stick = (x: 0.0, y: 0.0)
    /// True while A holds the virtual pointer down.
    public private(set) var padPressing = false
    private var mousePressing = false
    /// The Alt and Shift keys held (left and right each), and the mouse's last point.
    private var altKeys: Set<String> = [], shiftKeys: Set<String> = []
    private var mousePoint: CGPoint?
    /// Where the second finger is mirrored about while Alt is held (nil: Alt is up).
    private var mirrorCentre: CGPoint?
    /// True while a press with Alt holds two fingers down.
    private var twoFingersDown = false
    /// The controllers connected, by the host's id.
    private var pads: Set<Int32> = []

    /// A router with no controller open, the pointer at (100, 100) and hidden.
    public init() {}

    /// Puts the controller's pointer at `p` (time travel resuming from an earlier frame puts it
    /// where it was then).
    public func place(pointer p: CGPoint) { pointer = clamp(p) }

    /// Sets `bounds` to the window's new size in points and moves the pointer inside it.
    public func resize(to size: CGSize) {
        bounds = size
        pointer = clamp(pointer)
    }

    /// What one host event means to the playground.
    public enum Routed: Equatable {
        /// Input for the stage (touches, keys, pad buttons, wheel, focus moves).
        case input(InputEvent)
        /// A request to the host (quit, the clock keys, recording).
        case request(HostRequest)
        /// The window changed size: the host measures its drawable and resizes.
        case windowResized
        /// The mouse moved with no button held (the inspector picks what is under it).
        case hover(CGPoint)
    }

    /// Routes one frame's events. A controller unplugged mid-press makes SDL release its buttons
    /// first; when the removal is in the same batch, that release cancels the touch instead.
    public func route(_ events: [HostEvent]) -> [Routed] {
        routeEach(events).flatMap(\.1)
    }

    /// `route(_:)` with each event beside what it became (the input recording keeps the pairs).
    public func routeEach(_ events: [HostEvent]) -> [(HostEvent, [Routed])] {
        var removing: Set<Int32> = []
        for case .padRemoved(let pad) in events { removing.insert(pad) }
        return events.map { ($0, route($0, removing: removing)) }
    }

    func route(_ e: HostEvent, removing: Set<Int32> = []) -> [Routed] {
        switch e {
        case .quit:
            return [.request(.quit)]
        case .windowResized:
            return [.windowResized]
        case .windowChanged:
            return []
        case .mouseButton(true, let p):
            mousePressing = true
            let previous = mousePoint
            mousePoint = p
            if !altKeys.isEmpty {
                // Alt before the mouse ever moved: the fingers start together where it pressed.
                let c = mirrorCentre ?? previous ?? p
                mirrorCentre = c
                twoFingersDown = true
                return [.input(.touches([.init(.first, .down, p), .init(.second, .down, Self.mirror(p, about: c))]))]
            }
            return [.input(.pointerDown(p))]
        case .mouseButton(false, let p):
            guard mousePressing else { return [] }
            mousePressing = false
            if twoFingersDown, let c = mirrorCentre {
                twoFingersDown = false
                mousePoint = p
                if altKeys.isEmpty { mirrorCentre = nil }
                return [.input(.touches([.init(.first, .up, p), .init(.second, .up, Self.mirror(p, about: c))]))]
            }
            return [.input(.pointerUp(p))]
        case .mouseMotion(let p):
            let previous = mousePoint
            mousePoint = p
            if let c = mirrorCentre, !shiftKeys.isEmpty, let q = previous {
                mirrorCentre = CGPoint(x: c.x + p.x - q.x, y: c.y + p.y - q.y) // both fingers move together
            }
            if twoFingersDown, let c = mirrorCentre {
                return [.input(.touches([.init(.first, .move, p), .init(.second, .move, Self.mirror(p, about: c))]))]
            }
            return mousePressing ? [.input(.pointerMove(p))] : [.hover(p)]
        case let .mouseWheel(p, notchesX, notchesY):
            // SDL's direction: y > 0 is away from the user (content moves down: the offset
            // shrinks). Precise values carry a touchpad's fractions; a notch scrolls `wheelStep` points.
            let dx = notchesX * Self.wheelStep, dy = -notchesY * Self.wheelStep
            guard dx.isFinite, dy.isFinite, dx != 0 || dy != 0 else { return [] }
            return [.input(.wheel(at: p, delta: CGVector(dx: dx, dy: dy)))]
        case let .key(key, _, down, isRepeat):
            if down && isRepeat { return [] }
            trackModifier(key, isDown: down)
            var out: [Routed] = [.input(.key(key, isDown: down))]
            if down {
                switch key {
                case .space: out.append(.request(.togglePause))
                case .character("."): out.append(.request(.stepFrame))
                case .character("s"): out.append(.request(.toggleSlowMotion))
                case .character("r"): out.append(.request(.toggleRecording))
                case .character("d"): out.append(.request(.toggleDamageFlash))
                default: break
                }
            }
            return out
        case .padAdded(let pad):
            guard !pads.contains(pad) else { return [] }
            pads.insert(pad)
            pointerVisible = true
            return [.input(.padAdded)]
        case .padRemoved(let pad):
            guard pads.remove(pad) != nil else { return [] }
            var out: [Routed] = []
            if padPressing { padPressing = false; out.append(.input(.pointerCancel(pointer))) }
            stick = (0, 0)
            out.append(.input(.padRemoved))
            return out
        case let .padButton(pad, button, down):
            var out: [Routed] = [.input(.padButton(button, isDown: down))]
            if button == .a {
                pointerVisible = true
                if down && !padPressing { padPressing = true; out.append(.input(.pointerDown(pointer))) }
                if !down && padPressing {
                    padPressing = false
                    out.append(.input(removing.contains(pad) ? .pointerCancel(pointer) : .pointerUp(pointer)))
                }
            }
            return out
        case let .padAxis(_, axis, value):
            let v = max(-1, min(1, value.isFinite ? value : 0))
            if axis == .leftX { stick.x = v; pointerVisible = true }
            if axis == .leftY { stick.y = v; pointerVisible = true }
            return [.input(.padAxis(axis, value: v))]
        }
    }

    /// The two points the Simulator's grey circles show while Alt is held (the mouse and its mirror
    /// image), in window points; empty when Alt is up or the mouse has not been seen.
    public var twoFingerMarks: [CGPoint] {
        guard let c = mirrorCentre, let m = mousePoint else { return [] }
        return [m, Self.mirror(m, about: c)]
    }
    /// True while a press with Alt holds two fingers down (the overlay fills its circles).
    public var twoFingersPressing: Bool { twoFingersDown }

    private static func mirror(_ p: CGPoint, about c: CGPoint) -> CGPoint { CGPoint(x: 2 * c.x - p.x, y: 2 * c.y - p.y) }

    /// Follows the Alt and Shift keys (SDL's names for them), which make the mouse two fingers.
    private func trackModifier(_ key: InputEvent.Key, isDown: Bool) {
        guard case .named(let name) = key else { return }
        switch name {
        case "Left Alt", "Right Alt":
            if isDown {
                altKeys.insert(name)
                if mirrorCentre == nil { mirrorCentre = mousePoint }
            } else {
                altKeys.remove(name)
                if altKeys.isEmpty && !twoFingersDown { mirrorCentre = nil }
            }
        case "Left Shift", "Right Shift":
            if isDown { shiftKeys.insert(name) } else { shiftKeys.remove(name) }
        default: break
        }
    }

    /// Moves the virtual pointer for `dt` seconds of stick deflection; a move while A is held is a drag.
    public func advancePointer(by dt: Double) -> [InputEvent] {
        func shaped(_ v: Double) -> Double {
            let m = abs(v)
            guard m > Self.deadZone else { return 0 }
            let t = (m - Self.deadZone) / (1 - Self.deadZone)
            return (v < 0 ? -1 : 1) * t * t
        }
        let dx = shaped(stick.x) * pointerSpeed * dt, dy = shaped(stick.y) * pointerSpeed * dt
        guard dt > 0, dx != 0 || dy != 0 else { return [] }
        pointer = clamp(CGPoint(x: pointer.x + dx, y: pointer.y + dy))
        return padPressing ? [.pointerMove(pointer)] : []
    }

    /// True while the stick is deflected: the pointer needs frames even if nothing animates.
    public var isPointerMoving: Bool { abs(stick.x) > Self.deadZone || abs(stick.y) > Self.deadZone }

    private func clamp(_ p: CGPoint) -> CGPoint {
        CGPoint(x: min(max(0, p.x), bounds.width), y: min(max(0, p.y), bounds.height))
    }

    /// SDL_GameControllerButton order.
    package static let buttonOrder: [InputEvent.PadButton] = [
        .a, .b, .x, .y, .back, .guide, .start, .leftStick, .rightStick, .leftShoulder, .rightShoulder,
        .dpadUp, .dpadDown, .dpadLeft, .dpadRight,
    ]
    /// Points of content one wheel notch scrolls.
    package static let wheelStep = 40.0
    /// SDL_GameControllerAxis order.
    package static let axisOrder: [InputEvent.PadAxis] = [.leftX, .leftY, .rightX, .rightY, .leftTrigger, .rightTrigger]
    package static func padButton(_ i: Int32) -> InputEvent.PadButton? { buttonOrder.indices.contains(Int(i)) ? buttonOrder[Int(i)] : nil }
    package static func padAxis(_ i: Int32) -> InputEvent.PadAxis? { axisOrder.indices.contains(Int(i)) ? axisOrder[Int(i)] : nil }
}
