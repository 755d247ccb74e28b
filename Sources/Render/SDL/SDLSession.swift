import CSDL2
import FrameLoop
import Foundation

/// SDL initialised for the window or for headless runs (the dummy video driver).
///
/// One per process; `shutdown()` on exit. Headless sessions also use SDL's virtual joystick, which
/// works under the dummy driver.
public final class SDLSession {
    /// True for the dummy video driver (headless renders and tests), false for a real window.
    public let isHeadless: Bool
    nonisolated(unsafe) private static var current: SDLSession?

    /// Starts SDL for a window or headless, or returns the running session when it is already up in the
    /// same mode (SDL is one per process).
    /// - Throws: `HostError` when SDL runs in the other mode, cannot start, or (for a window) finds only
    /// a video driver that shows nothing; the message says what to do.
    public static func start(headless: Bool) throws -> SDLSession {
        if let s = current {
            guard s.isHeadless == headless else { throw HostError("SDL is already running in the other mode") }
            return s
        }
        if headless {
            SDL_SetHint(SDL_HINT_VIDEODRIVER, "dummy")
            SDL_SetHint(SDL_HINT_AUDIODRIVER, "dummy")
            // A headless render does not poll for quit: Ctrl-C must stop it at once.
            SDL_SetHint(SDL_HINT_NO_SIGNAL_HANDLERS, "1")
        }
        // Xlib's error handlers go in before SDL's, so SDL hands errors on to them to the end
        // (X11Errors.prepare says why).
        if !headless {
            X11Errors.prepare()
            useUTF8CharacterType()
        }
        // With X11 and no Wayland display, only X11 is tried: SDL's fallback through Wayland made
        // libwayland print "XDG_RUNTIME_DIR is invalid…" before our own line when the display
        // could not be opened. A driver the user chose (SDL_VIDEODRIVER) is left alone.
        let env = ProcessInfo.processInfo.environment
        let onlyX11 = !headless && (env["WAYLAND_DISPLAY"] ?? "").isEmpty && !(env["DISPLAY"] ?? "").isEmpty && env["SDL_VIDEODRIVER"] == nil
        if onlyX11 { SDL_SetHint(SDL_HINT_VIDEODRIVER, "x11") }
        // In the window SDL turns SIGINT and SIGTERM into a quit event: Ctrl-C closes it cleanly.
        SDL_SetHint(SDL_HINT_JOYSTICK_ALLOW_BACKGROUND_EVENTS, "1")
        SDL_SetHint(SDL_HINT_MOUSE_FOCUS_CLICKTHROUGH, "1")
        let flags = UInt32(SDL_INIT_VIDEO | SDL_INIT_EVENTS | SDL_INIT_JOYSTICK | SDL_INIT_GAMECONTROLLER)
        guard SDL_Init(flags) == 0 else {
            if onlyX11 {
                throw HostError("cannot open a window on DISPLAY=\(OneLine.escape(env["DISPLAY"] ?? "")) (\(String(cString: SDL_GetError()))); check the display or render headless: flipbook render SCENE --out DIR")
            }
            throw HostError("cannot start SDL\(headless ? " (dummy video driver)" : ""): \(String(cString: SDL_GetError()))")
        }
        // With a DISPLAY that cannot be opened SDL falls back to a driver that shows nothing
        // ("offscreen", "dummy"), and a window there would run unseen forever: refuse at once.
        if !headless, let driver = SDL_GetCurrentVideoDriver().map({ String(cString: $0) }), !Self.windowDrivers.contains(driver) {
            SDL_Quit()
            let display = env["WAYLAND_DISPLAY"].map { "WAYLAND_DISPLAY=\($0)" } ?? "DISPLAY=\(env["DISPLAY"] ?? "")"
            throw HostError("cannot open a window on \(OneLine.escape(display)) (SDL found only its '\(driver)' video driver); check the display or render headless: flipbook render SCENE --out DIR")
        }
        let s = SDLSession(isHeadless: headless)
        current = s
        return s
    }

    private init(isHeadless: Bool) { self.isHeadless = isHeadless }

    /// The game controllers this session opened, by joystick instance id (SDLSession+Input.swift).
    var controllers: [SDL_JoystickID: OpaquePointer] = [:]

    /// SDL video drivers that put a window on a screen.
    static let windowDrivers: Set<String> = ["x11", "wayland", "kmsdrm", "directfb", "vivante", "rpi", "cocoa", "windows"]

    /// True when a windowing system is reachable (X11 or Wayland).
    public static var hasDisplay: Bool {
        let env = ProcessInfo.processInfo.environment
        return !(env["DISPLAY"] ?? "").isEmpty || !(env["WAYLAND_DISPLAY"] ?? "").isEmpty
    }

    /// Drains SDL's queue (after pumping), in order, translated into the driver's events (the
    /// ones that mean nothing to it are dropped).
    public func pollEvents() -> [HostEvent] {
        var out: [HostEvent] = []
        var e = SDL_Event()
        while SDL_PollEvent(&e) != 0 { if let h = translate(e) { out.append(h) } }
        return out
    }

    /// Drops what SDL has queued, untranslated: nothing from before a run leaks into it (a
    /// controller connected earlier is not opened by it).
    public func discardPendingEvents() {
        var e = SDL_Event()
        while SDL_PollEvent(&e) != 0 {}
    }

    /// Quits SDL and removes the X11 error handlers; a later `start` begins a new session. Call once,
    /// after every window, texture and controller of the session is gone.
    public func shutdown() {
        closeControllers()
        SDL_Quit()
        // Only now: tearing down a window closed from outside still fails on the X server.
        X11Errors.uninstall()
        SDLSession.current = nil
    }
}

extension SDLSession {
    /// Window titles are UTF-8 ("Flipbook — menu"). A Swift program runs in the C locale (nothing
    /// calls `setlocale`), where SDL's X11 backend turns the title into the locale's ASCII — openbox
    /// showed "Flipbook â" — and Xlib makes no `_NET_WM_NAME`. A UTF-8 character type (C.UTF-8, in
    /// glibc itself) fixes both; only LC_CTYPE changes, and only when it is not UTF-8 already.
    static func useUTF8CharacterType() {
        if let current = setlocale(LC_CTYPE, nil), String(cString: current).uppercased().contains("UTF-8") { return }
        for name in ["C.UTF-8", "C.utf8", "en_US.UTF-8"] where setlocale(LC_CTYPE, name) != nil { return }
    }
}
