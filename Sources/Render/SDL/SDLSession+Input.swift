import CSDL2
import FrameLoop
import Flipbook

extension SDLSession {
    /// SDL_TOUCH_MOUSEID ((Uint32)-1): mouse events SDL synthesises from touches.
    package static let touchMouseID = UInt32.max

    /// What an SDL event means to the frame driver, or nil for one it ignores (another mouse
    /// button, a mouse event SDL made from a touch, a controller that cannot be opened).
    ///
    /// Connecting a controller opens it here (SDL sends its buttons only to an open controller)
    /// and removing it closes it; the session keeps them until `closeControllers()`.
    public func translate(_ e: SDL_Event) -> HostEvent? {
        switch SDL_EventType(e.type) {
        case SDL_CONTROLLERDEVICEADDED:
            guard let pad = SDL_GameControllerOpen(e.cdevice.which) else { return nil }
            let id = SDL_JoystickInstanceID(SDL_GameControllerGetJoystick(pad))
            if controllers[id] != nil { SDL_GameControllerClose(pad); return nil }
            controllers[id] = pad
            return .padAdded(pad: id)
        case SDL_CONTROLLERDEVICEREMOVED:
            guard let pad = controllers.removeValue(forKey: e.cdevice.which) else { return nil }
            SDL_GameControllerClose(pad)
            return .padRemoved(pad: e.cdevice.which)
        default:
            return Self.translateInput(e)
        }
    }

    /// `translate(_:)` for every event but a controller's connection and removal (which open and
    /// close it): a pure function of the event, so tests build SDL events by hand.
    package static func translateInput(_ e: SDL_Event) -> HostEvent? {
        func point(_ x: Int32, _ y: Int32) -> CGPoint { CGPoint(x: Double(x), y: Double(y)) }
        switch SDL_EventType(e.type) {
        case SDL_QUIT:
            return .quit
        case SDL_WINDOWEVENT:
            let w = SDL_WindowEventID(UInt32(e.window.event))
            return w == SDL_WINDOWEVENT_SIZE_CHANGED || w == SDL_WINDOWEVENT_RESIZED ? .windowResized : .windowChanged
        case SDL_MOUSEBUTTONDOWN, SDL_MOUSEBUTTONUP:
            guard e.button.button == UInt8(SDL_BUTTON_LEFT), e.button.which != Self.touchMouseID else { return nil }
            return .mouseButton(isDown: e.type == SDL_MOUSEBUTTONDOWN.rawValue, at: point(e.button.x, e.button.y))
        case SDL_MOUSEMOTION where e.motion.which != Self.touchMouseID:
            return .mouseMotion(point(e.motion.x, e.motion.y))
        case SDL_MOUSEWHEEL where e.wheel.which != Self.touchMouseID:
            // Flipped devices report the other way round: undone here, so notches keep SDL's
            // normal direction (y > 0 away from the user).
            let flip: Float = e.wheel.direction == UInt32(SDL_MOUSEWHEEL_FLIPPED.rawValue) ? -1 : 1
            return .mouseWheel(at: point(e.wheel.mouseX, e.wheel.mouseY),
                               dx: Double(e.wheel.preciseX * flip), dy: Double(e.wheel.preciseY * flip))
        case SDL_KEYDOWN where e.key.keysym.sym == SDL_Keycode(SDLK_q.rawValue) && UInt32(e.key.keysym.mod) & UInt32(KMOD_CTRL.rawValue) != 0:
            return .quit // Ctrl-Q, as desktop programs quit
        case SDL_KEYDOWN, SDL_KEYUP:
            let code = UInt32(bitPattern: e.key.keysym.sym) // Flipbook's codes are SDL's keycodes
            return .key(KeyNames.key(for: code), name: KeyNames.scriptName(for: code),
                        isDown: e.type == SDL_KEYDOWN.rawValue, isRepeat: e.key.repeat != 0)
        case SDL_CONTROLLERBUTTONDOWN, SDL_CONTROLLERBUTTONUP:
            guard let button = InputRouter.padButton(Int32(e.cbutton.button)) else { return nil }
            return .padButton(pad: e.cbutton.which, button: button, isDown: e.type == SDL_CONTROLLERBUTTONDOWN.rawValue)
        case SDL_CONTROLLERAXISMOTION:
            guard let axis = InputRouter.padAxis(Int32(e.caxis.axis)) else { return nil }
            return .padAxis(pad: e.caxis.which, axis: axis, value: max(-1, Double(e.caxis.value) / 32767))
        default:
            return nil
        }
    }

    /// Closes every game controller the session opened (when a window or render ends).
    public func closeControllers() {
        for pad in controllers.values { SDL_GameControllerClose(pad) }
        controllers.removeAll()
    }
}
