import FrameLoop
import CSDL2
import Foundation
import Raster

/// Xlib's error handlers while a window runs on X11, so that a window closed from outside or an X
/// error ends the run with one line instead of Xlib's six-line report and `exit(1)`.
///
/// A window destroyed by someone else (`xdotool windowclose`, a crashing window manager) makes
/// SDL's next drawing request fail with BadWindow or BadDrawable on the window's id: the handler
/// records it and returns, and the loop ends as for a close (status 0). Any other X error is recorded
/// the same way and ends the run as an error. A lost connection to the X server (the server ended,
/// `xkill`) cannot be returned from: the I/O handler prints its line and exits with status 2.
///
/// Xlib is reached through `dlsym`, since SDL loads it at run time and Flipbook has no X11 headers;
/// `XErrorEvent` is read at its LP64 offsets (Xlib.h: type, display, resourceid, serial, then the
/// three codes).
package enum X11Errors {
    /// One X error as Xlib reported it.
    package struct Failure: Equatable {
        package let code: UInt8
        package let request: UInt8
        package let minor: UInt8
        package let resource: UInt

        /// Xproto.h's names for the core error codes.
        package var name: String {
            let names = ["Success", "BadRequest", "BadValue", "BadWindow", "BadPixmap", "BadAtom", "BadCursor", "BadFont",
                         "BadMatch", "BadDrawable", "BadAccess", "BadAlloc", "BadColor", "BadGC", "BadIDChoice",
                         "BadName", "BadLength", "BadImplementation"]
            return Int(code) < names.count ? names[Int(code)] : "error \(code)"
        }
    }

    private typealias ErrorHandler = @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?) -> Int32
    private typealias IOErrorHandler = @convention(c) (OpaquePointer?) -> Int32
    private typealias SetErrorHandler = @convention(c) (ErrorHandler?) -> ErrorHandler?
    private typealias SetIOErrorHandler = @convention(c) (IOErrorHandler?) -> IOErrorHandler?

    // Xlib calls the handlers on the thread whose request failed: SDL's calls on the main thread.
    nonisolated(unsafe) private static var recorded: Failure?
    nonisolated(unsafe) private static var previous: (ErrorHandler?, IOErrorHandler?)?

    /// The first X error since `install()`, if any.
    package static var firstFailure: Failure? { recorded }

    /// Installs the handlers before SDL starts, loading Xlib when a display is named: SDL keeps
    /// the handler it finds at start and puts it back just before it closes the display
    /// (X11_DeleteDevice), and errors still pending then — a request SDL sent to a window
    /// destroyed from outside, such as its wake-up event — reached Xlib's default handler, which
    /// printed six lines and exited 1 after our one line. With ours in place first, SDL's safety-net
    /// handler passes every error on to it, and the pending ones are recorded, not fatal.
    package static func prepare() {
        guard previous == nil, !(ProcessInfo.processInfo.environment["DISPLAY"] ?? "").isEmpty,
              dlopen("libX11.so.6", RTLD_LAZY) != nil, let (setError, setIOError) = setters() else { return }
        recorded = nil
        _ = ProgramName.current // worked out now, not first inside Xlib's fatal-error callback
        previous = (setError(errorHandler), setIOError(ioErrorHandler))
    }

    /// Installs the handlers when Xlib is loaded (SDL's x11 driver); false when it is not. After
    /// `prepare()` they are in place already (SDL's own handler passes errors on to them): true.
    @discardableResult
    package static func install() -> Bool {
        if previous != nil { return setters() != nil }
        guard let (setError, setIOError) = setters() else { return false }
        recorded = nil
        previous = (setError(errorHandler), setIOError(ioErrorHandler))
        return true
    }

    /// Puts back the handlers that were there before `install()` (SDL's); `SDLSession.shutdown`
    /// calls it after `SDL_Quit`, since destroying a window that is already gone fails too.
    package static func uninstall() {
        guard let (old, oldIO) = previous, let (setError, setIOError) = setters() else { return }
        _ = setError(old)
        _ = setIOError(oldIO)
        previous = nil
    }

    /// Xlib's XSetErrorHandler and XSetIOErrorHandler, when Xlib is loaded (never loading it).
    private static func setters() -> (SetErrorHandler, SetIOErrorHandler)? {
        guard let lib = dlopen("libX11.so.6", RTLD_LAZY | RTLD_NOLOAD),
              let setError = dlsym(lib, "XSetErrorHandler"), let setIOError = dlsym(lib, "XSetIOErrorHandler") else { return nil }
        return (unsafeBitCast(setError, to: SetErrorHandler.self), unsafeBitCast(setIOError, to: SetIOErrorHandler.self))
    }

    private static let errorHandler: ErrorHandler = { _, event in
        guard let event, X11Errors.recorded == nil else { return 0 }
        X11Errors.recorded = Failure(code: event.load(fromByteOffset: 32, as: UInt8.self),
                                     request: event.load(fromByteOffset: 33, as: UInt8.self),
                                     minor: event.load(fromByteOffset: 34, as: UInt8.self),
                                     resource: event.load(fromByteOffset: 16, as: UInt.self))
        return 0
    }

    private static let ioErrorHandler: IOErrorHandler = { _ in
        let display = ProcessInfo.processInfo.environment["DISPLAY"] ?? ""
        let line = "\(ProgramName.current): lost the connection to the X display \(OneLine.escape(display)) (the server ended or the window was killed)\n"
        _ = line.withCString { write(STDERR_FILENO, $0, strlen($0)) }
        _exit(2)
    }

    /// Waits until the X server has answered every request so far, so that errors they cause reach
    /// these handlers: `WindowHost` calls it after destroying its window, before `SDL_Quit` puts
    /// Xlib's default handler back and closes the display (its last answers would then print six
    /// lines and exit 1).
    package static func sync(_ display: OpaquePointer) {
        guard previous != nil, let lib = dlopen("libX11.so.6", RTLD_LAZY | RTLD_NOLOAD), let f = dlsym(lib, "XSync") else { return }
        typealias XSync = @convention(c) (OpaquePointer, Int32) -> Int32
        _ = unsafeBitCast(f, to: XSync.self)(display, 0)
    }

    /// Puts an UnmapNotify for `window` at the head of Xlib's event queue (XPutBackEvent), so a
    /// wait for the window to unmap — SDL's on hiding it before destroying it — ends although the
    /// window is already gone. `XUnmapEvent` at its LP64 offsets: type, serial, send_event,
    /// display, event, window, from_configure; an `XEvent` is 24 longs.
    package static func pretendUnmapped(_ window: UInt, on display: OpaquePointer) {
        guard let lib = dlopen("libX11.so.6", RTLD_LAZY | RTLD_NOLOAD), let f = dlsym(lib, "XPutBackEvent") else { return }
        typealias XPutBackEvent = @convention(c) (OpaquePointer, UnsafeMutableRawPointer) -> Int32
        let event = UnsafeMutableRawPointer.allocate(byteCount: 24 * 8, alignment: 8)
        defer { event.deallocate() }
        event.initializeMemory(as: UInt8.self, repeating: 0, count: 24 * 8)
        event.storeBytes(of: Int32(18), toByteOffset: 0, as: Int32.self)        // UnmapNotify
        event.storeBytes(of: UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(display))), toByteOffset: 24, as: UInt.self)
        event.storeBytes(of: window, toByteOffset: 32, as: UInt.self)           // event
        event.storeBytes(of: window, toByteOffset: 40, as: UInt.self)           // window
        _ = unsafeBitCast(f, to: XPutBackEvent.self)(display, event)
    }

    /// Whether the X server offers a way for OpenGL to reach a GPU: Mesa's direct rendering (the
    /// DRI3 or DRI2 extension) or NVIDIA's own (NV-GLX). Without any (Xvfb, Xvnc) every OpenGL
    /// context is Mesa's software rasterizer, and making one only to learn that loads Mesa and LLVM
    /// (about 48 MB) and leaves llvmpipe's threads behind. Nil when Xlib cannot be asked.
    package static func offersGPURendering(_ display: OpaquePointer) -> Bool? {
        guard let lib = dlopen("libX11.so.6", RTLD_LAZY | RTLD_NOLOAD), let f = dlsym(lib, "XQueryExtension") else { return nil }
        typealias XQueryExtension = @convention(c) (OpaquePointer, UnsafePointer<CChar>, UnsafeMutablePointer<Int32>,
                                                    UnsafeMutablePointer<Int32>, UnsafeMutablePointer<Int32>) -> Int32
        let query = unsafeBitCast(f, to: XQueryExtension.self)
        var opcode: Int32 = 0, event: Int32 = 0, error: Int32 = 0
        let names: [String] = ["DRI3", "DRI2", "NV-GLX"]
        return names.contains { name in name.withCString { query(display, $0, &opcode, &event, &error) != 0 } }
    }

    /// The X display and id of an SDL window on X11, or nil (not X11, or SDL would not say).
    ///
    /// `SDL_GetWindowWMInfo` is looked up by name (SDL_syswm.h would need the X11 headers);
    /// `SDL_SysWMinfo` is the version (3 bytes), the subsystem (an int at 4) and a union at 8 whose
    /// X11 member is the Display pointer then the Window id.
    package static func windowID(of window: OpaquePointer) -> (display: OpaquePointer, window: UInt)? {
        guard let f = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "SDL_GetWindowWMInfo") else { return nil }
        typealias GetWMInfo = @convention(c) (OpaquePointer, UnsafeMutableRawPointer) -> SDL_bool
        let info = UnsafeMutableRawPointer.allocate(byteCount: 512, alignment: 16)
        defer { info.deallocate() }
        info.initializeMemory(as: UInt8.self, repeating: 0, count: 512)
        var version = SDL_version()
        SDL_GetVersion(&version)
        info.storeBytes(of: version.major, toByteOffset: 0, as: UInt8.self)
        info.storeBytes(of: version.minor, toByteOffset: 1, as: UInt8.self)
        info.storeBytes(of: version.patch, toByteOffset: 2, as: UInt8.self)
        let x11: Int32 = 2  // SDL_SYSWM_X11
        guard unsafeBitCast(f, to: GetWMInfo.self)(window, info) == SDL_TRUE,
              info.load(fromByteOffset: 4, as: Int32.self) == x11,
              let display = OpaquePointer(bitPattern: info.load(fromByteOffset: 8, as: UInt.self)) else { return nil }
        return (display, info.load(fromByteOffset: 16, as: UInt.self))
    }
}
