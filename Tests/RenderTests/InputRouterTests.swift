import FrameLoop
import CSDL2
import Flipbook
@testable import DevTools
@testable import Render
@testable import Window
import TestSupport
import Testing

/// SDL events built by hand, translated (`SDLSession.translateInput`) and routed without SDL running.
@Suite(.isolatedEngine) struct InputRouterTests {
    /// What the window does with a batch: translate, then route.
    func route(_ r: InputRouter, _ events: [SDL_Event]) -> [InputRouter.Routed] {
        r.route(events.compactMap(SDLSession.translateInput))
    }

    func mouse(_ type: SDL_EventType, _ x: Int32, _ y: Int32, which: UInt32 = 0) -> SDL_Event {
        var e = SDL_Event()
        e.type = type.rawValue
        if type == SDL_MOUSEMOTION {
            e.motion.x = x; e.motion.y = y; e.motion.which = which
        } else {
            e.button.button = UInt8(SDL_BUTTON_LEFT); e.button.x = x; e.button.y = y; e.button.which = which
        }
        return e
    }

    func key(_ sym: Int32, down: Bool = true, repeats: Bool = false) -> SDL_Event {
        var e = SDL_Event()
        e.type = (down ? SDL_KEYDOWN : SDL_KEYUP).rawValue
        e.key.keysym.sym = sym
        e.key.repeat = repeats ? 1 : 0
        return e
    }

    func pad(button: SDL_GameControllerButton, down: Bool) -> SDL_Event {
        var e = SDL_Event()
        e.type = (down ? SDL_CONTROLLERBUTTONDOWN : SDL_CONTROLLERBUTTONUP).rawValue
        e.cbutton.button = UInt8(button.rawValue)
        return e
    }

    func axis(_ a: SDL_GameControllerAxis, _ value: Int16) -> SDL_Event {
        var e = SDL_Event()
        e.type = SDL_CONTROLLERAXISMOTION.rawValue
        e.caxis.axis = UInt8(a.rawValue)
        e.caxis.value = value
        return e
    }

    @Test func theMouseIsOneFingerWhileTheLeftButtonIsHeld() {
        let r = InputRouter()
        let routed = route(r, [mouse(SDL_MOUSEMOTION, 5, 5),            // hovering: not a touch (the inspector's)
                              mouse(SDL_MOUSEBUTTONDOWN, 10, 20),
                              mouse(SDL_MOUSEMOTION, 12, 22),
                              mouse(SDL_MOUSEBUTTONUP, 14, 24),
                              mouse(SDL_MOUSEBUTTONUP, 14, 24),          // a stray release: nothing
                              mouse(SDL_MOUSEBUTTONDOWN, 1, 1, which: SDLSession.touchMouseID)]) // synthesised from touch
        #expect(routed == [.hover(CGPoint(x: 5, y: 5)), .input(.pointerDown(CGPoint(x: 10, y: 20))),
                           .input(.pointerMove(CGPoint(x: 12, y: 22))), .input(.pointerUp(CGPoint(x: 14, y: 24)))])
    }

    @Test func clockKeysAreRequestsAndStillKeys() {
        let r = InputRouter()
        let routed = route(r, [key(Int32(SDLK_SPACE.rawValue)), key(Int32(SDLK_SPACE.rawValue), repeats: true),
                              key(Int32(SDLK_PERIOD.rawValue)), key(Int32(SDLK_s.rawValue)), key(Int32(SDLK_s.rawValue), down: false)])
        #expect(routed == [.input(.key(.space, isDown: true)), .request(.togglePause),
                           .input(.key(.character("."), isDown: true)), .request(.stepFrame),
                           .input(.key(.character("s"), isDown: true)), .request(.toggleSlowMotion),
                           .input(.key(.character("s"), isDown: false))])
    }

    @Test func theStickMovesAVisiblePointerAndAPressesAtIt() {
        let r = InputRouter()
        r.resize(to: CGSize(width: 400, height: 300))
        #expect(!r.pointerVisible)
        _ = route(r, [axis(SDL_CONTROLLER_AXIS_LEFTX, 32767)])
        #expect(r.pointerVisible && r.isPointerMoving)
        let start = r.pointer
        #expect(r.advancePointer(by: 0.1) == [])                     // not pressed: the pointer only moves
        #expect(abs(r.pointer.x - (start.x + 90)) < 1e-9)             // full deflection: 900 pt/s
        let down = route(r, [pad(button: SDL_CONTROLLER_BUTTON_A, down: true)])
        #expect(down == [.input(.padButton(.a, isDown: true)), .input(.pointerDown(r.pointer))])
        #expect(r.advancePointer(by: 0.1) == [.pointerMove(r.pointer)])  // moving while A is held drags
        _ = route(r, [axis(SDL_CONTROLLER_AXIS_LEFTX, 3000)])           // inside the dead zone
        #expect(!r.isPointerMoving && r.advancePointer(by: 1) == [])
        r.resize(to: CGSize(width: 50, height: 50))
        #expect(r.pointer.x <= 50 && r.pointer.y <= 50)                // kept on the surface
    }

    @Test func windowResizesAndQuitAreForTheHost() {
        let r = InputRouter()
        var resize = SDL_Event()
        resize.type = SDL_WINDOWEVENT.rawValue
        resize.window.event = UInt8(SDL_WINDOWEVENT_SIZE_CHANGED.rawValue)
        var quit = SDL_Event()
        quit.type = SDL_QUIT.rawValue
        #expect(route(r, [resize, quit]) == [.windowResized, .request(.quit)])
    }

    @Test func theWheelScrollsByNotchesAtThePointerAndTouchpadsByFractions() {
        let r = InputRouter()
        var e = SDL_Event()
        e.type = SDL_MOUSEWHEEL.rawValue
        e.wheel.preciseY = 2; e.wheel.y = 2; e.wheel.mouseX = 30; e.wheel.mouseY = 40
        e.wheel.direction = UInt32(SDL_MOUSEWHEEL_NORMAL.rawValue)
        #expect(route(r, [e]) == [.input(.wheel(at: CGPoint(x: 30, y: 40), delta: CGVector(dx: 0, dy: -80)))])
        e.wheel.preciseY = 0; e.wheel.preciseX = 0.25
        #expect(route(r, [e]) == [.input(.wheel(at: CGPoint(x: 30, y: 40), delta: CGVector(dx: 10, dy: 0)))])
        e.wheel.direction = UInt32(SDL_MOUSEWHEEL_FLIPPED.rawValue)
        #expect(route(r, [e]) == [.input(.wheel(at: CGPoint(x: 30, y: 40), delta: CGVector(dx: -10, dy: 0)))])
        e.wheel.preciseX = .nan
        #expect(route(r, [e]).isEmpty)
    }
}
