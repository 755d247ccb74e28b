import DevTools
import Render
import FrameLoop
import CSDL2
import Foundation
import Flipbook
import Raster
import RasterIO

/// The playground in a real window: the monotonic clock (`PerformanceCounterSource`) drives the media clock and frames
/// are presented through the window surface, or a renderer's streaming texture
/// (WindowPresenter.swift: only each frame's damage is converted or uploaded).
///
/// The bitmap has the drawable's pixel size (HiDPI) unless a scale is forced.
/// When the stage has nothing to animate and no input is pending, the loop sleeps in
/// `SDL_WaitEventTimeout` until the next deadline, so an idle window uses no CPU.
public final class WindowHost {
    /// What `flipbook run` opens: the window's size and title, scale, slow motion and tools. Checked by
    /// `validate()`.
    public struct Options {
        /// The window's title bar text. Default: "Flipbook".
        public var title = "Flipbook"
        /// The window's width in points, 1…`RenderOptions.maxSide`. Default: 1280.
        public var width = 1280
        /// The window's height in points, 1…`RenderOptions.maxSide`. Default: 720.
        public var height = 720
        /// Pixels per point; nil follows the display (drawable size ÷ window size).
        public var scale: Double?
        /// Slow motion factor: media time runs 1/slow as fast. Default: 1.
        public var slow: Double = 1
        /// Open the HUD at start (`run --hud`). Default: false (the handle shows it on a click or H).
        public var hud = false
        /// Compositing threads, the caller's included; nil: `RenderThreads.default`.
        public var threads: Int?
        /// Starts with the damage flash on (key D toggles it).
        public var showDamage = false
        /// Starts in the dark appearance (key A toggles it). Default: false (light).
        public var darkAppearance = false
        /// Input played live on the window's media clock (`run --input`), beside the real mouse,
        /// keyboard and controllers: pointer and key lines become SDL events addressed to the window,
        /// `pad` lines drive SDL's virtual joystick, so the window takes them as it takes a real pad.
        /// Times are media times: pause, step and slow motion apply to the script as to the scene.
        /// A frame-timed script (a `--record-input` recording) plays by its times; its clock keys
        /// then act on the window's clock too. Nil: none.
        public var script: InputScript?
        /// What R records the window into: `.apng` (default), `.gif` or `.webp` (`run --record-as`).
        /// `.mp4` is refused: a window's frames are not evenly timed.
        public var recordFormat: RecordingFormat = .apng
        /// Where the window's top-left corner goes on the screen, in points; nil centres it.
        /// `watch` puts a rebuilt program's window where the last one was.
        public var position: (x: Int, y: Int)?
        /// Lines the HUD shows under its handle (`HUDOverlay.notes`): a debug build says so here.
        public var notes: [String] = []
        /// The defaults: a 1280×720-point window at the display's scale, real time, no HUD.
        public init() {}

        /// Checks every value (the one place a window's options are checked; `WindowHost.init`
        /// calls it); the message names the option in one line.
        public func validate() throws {
            guard width >= 1, height >= 1, width <= RenderOptions.maxSide, height <= RenderOptions.maxSide else {
                throw HostError("window size \(width)x\(height) is outside 1…\(RenderOptions.maxSide) per side")
            }
            if let scale { guard scale.isFinite, scale > 0, scale <= 4 else { throw HostError("--scale \(scale) is outside 0…4 (exclusive of 0)") } }
            guard slow.isFinite, slow >= 1, slow <= 100 else { throw HostError("--slow \(slow) is outside 1…100") }
            if recordFormat == .mp4 {
                throw HostError("--record-as mp4: a window's frames are not evenly timed; record apng, gif or webp, or render the scene with --mp4")
            }
            try recordFormat.checkAvailable(width: 1, height: 1)
        }
    }

    private let session: SDLSession
    private let stage: Stage
    private let options: Options
    private var window: OpaquePointer?
    /// One of the two is set (WindowPresenter.swift).
    private var surface: SurfacePresenter?
    private var textures: TexturePresenter?
    /// The window's X id (0 when SDL would not say) when it runs on X11 with our error handlers
    /// (X11Errors), else nil; and its X display.
    private var x11Window: UInt?
    private var x11Display: OpaquePointer?
    /// Set when the window was destroyed from outside: SDL must not wait for it to unmap.
    private var closedFromOutside = false
    private var driver: FrameDriver!
    private let source = PerformanceCounterSource()
    private let clock: MediaClock
    /// The window's frame driver, for tools that plug into it (time travel's recorder and timeline).
    public var frameDriver: FrameDriver { driver }
    /// Called once per turn of the loop (at least every 100 ms while the window is open, before
    /// the frame is decided on): `watch`'s child polls for build errors and hand-over requests here.
    public var onLoop: (() -> Void)?
    /// The window's position on the screen and its size, in points.
    public var windowFrame: (x: Int, y: Int, width: Int, height: Int) {
        var x: Int32 = 0, y: Int32 = 0, w: Int32 = 0, h: Int32 = 0
        SDL_GetWindowPosition(window, &x, &y)
        SDL_GetWindowSize(window, &w, &h)
        return (Int(x), Int(y), Int(w), Int(h))
    }
    /// The HUD and the inspector over the window's frames.
    public private(set) var tools: (hud: HUDOverlay, inspector: InspectorOverlay)!
    /// Frames presented so far (for tests and the bench).
    public private(set) var framesPresented = 0
    /// Seconds each presented frame took to make and present (for FLIPBOOK_STATS), in order.
    private var frameSeconds: [Double] = []
    /// Present (damage conversion or upload, and the push to the screen) cost of the last frame in seconds.
    public private(set) var lastUploadSeconds = 0.0
    /// R records the window (into `Options.recordFormat`).
    private lazy var recorder = WindowRecorder(format: options.recordFormat, now: { [source] in source.seconds }, say: { Files.print($0, to: STDOUT_FILENO) })
    /// The present path in use and why, as the HUD shows it: "surface (opengl is software: llvmpipe)",
    /// "texture, vsync (opengl: DEVICE)", "surface (FLIPBOOK_PRESENT)"…
    public private(set) var presentPath = ""
    /// Thread CPU seconds of the process at the first frame, for FLIPBOOK_STATS.
    private var cpuAtStart = 0.0
    /// Set by window events: the next present pushes the whole frame, not its damage.
    private var presentWhole = true
    /// Plays `Options.script` into SDL's queue (nil without one).
    private var player: ScriptPlayer?
    /// The scene's haptic feedback, rumbled on the open controllers.
    private var rumble: RumblePlayer?
    /// `Options.position` until the window has settled there (nil then, or without one): a window
    /// manager places the *frame* (title bar, borders) where a new window asks to be, so each of
    /// watch's rebuilt windows came up a title bar lower than the last (openbox: 20 points down,
    /// 1 right). Once the manager has placed the window, SDL_SetWindowPosition, which counts the
    /// borders, moves its content to the asked place; checked each loop turn for 2 s.
    private var pendingPosition: (x: Int32, y: Int32, until: Double, moves: Int)?

    /// Opens the window on `session` (which must not be headless) showing `stage`; `run()` starts its loop.
    /// - Throws: `HostError` for options outside their ranges (`Options.validate()`) or when SDL cannot
    /// make the window or a way to present into it.
    public init(session: SDLSession, stage: Stage, options: Options) throws {
        try options.validate()
        self.session = session
        self.stage = stage
        self.options = options
        clock = MediaClock(source: source)
        clock.timeScale = 1 / options.slow
        let flags = SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue | SDL_WINDOW_SHOWN.rawValue
        let centered = Int32(bitPattern: SDL_WINDOWPOS_CENTERED_MASK)
        let (x, y) = options.position.map { (Int32(clamping: $0.x), Int32(clamping: $0.y)) } ?? (centered, centered)
        guard let w = SDL_CreateWindow(options.title, x, y, Int32(options.width), Int32(options.height), flags) else {
            throw HostError("cannot open a window: \(String(cString: SDL_GetError()))")
        }
        window = w
        if let p = options.position { pendingPosition = (Int32(clamping: p.x), Int32(clamping: p.y), source.seconds + 2, 0) }
        // A vsynced texture on a hardware renderer, else the window surface (WindowPresenter);
        // whichever SDL cannot make falls back to the other.
        let choice = try WindowPresenter.choose(requested: ProcessInfo.processInfo.environment["FLIPBOOK_PRESENT"], probe: { WindowPresenter.probe(beside: w) })
        if choice.kind == .texture, let t = TexturePresenter(window: w) {
            textures = t
            // Vsync is asked for; only a hardware renderer's is one a user sees.
            presentPath = choice.reason == WindowPresenter.overrideReason ? "texture (\(t.name), \(choice.reason))" : "texture, vsync (\(choice.reason))"
        } else if let s = SurfacePresenter(window: w) {
            surface = s
            presentPath = "surface (\(choice.kind == .surface ? choice.reason : "no renderer could be made"))"
        } else {
            guard let t = TexturePresenter(window: w) else { throw HostError("cannot create an SDL renderer: \(String(cString: SDL_GetError()))") }
            textures = t
            presentPath = "texture (\(t.name): SDL gave no window surface)"
        }
        // After the renderer: an OpenGL renderer makes SDL recreate the X window under a new id.
        if SDL_GetCurrentVideoDriver().map({ String(cString: $0) }) == "x11", X11Errors.install() {
            let ids = X11Errors.windowID(of: w)
            x11Window = ids?.window ?? 0
            x11Display = ids?.display
        }
        let (pw, ph, scale) = drawableSize()
        guard let driver = FrameDriver(stage: stage, clock: clock, pixelWidth: pw, pixelHeight: ph, scale: scale, threads: options.threads) else {
            throw HostError("cannot make a \(pw)x\(ph) frame")
        }
        self.driver = driver
        driver.stepDuration = refreshPeriod()
        // Compositing work under an eighth of the refresh period (2 ms at 60 Hz) stays on one
        // thread: shared, it would be ready at most a millisecond sooner in a 16.7 ms period, for
        // a wake-up of the other thread and a second walk of the tree (hello's card, countdown's
        // whole frame: 5–8 % of the window's CPU, bench-window3.md).
        driver.compositor.smallestSharedWork = driver.stepDuration / 8
        driver.sinks = [WindowSink(host: self), recorder]
        driver.damageFlash.isOn = options.showDamage
        if options.darkAppearance { stage.engine.perform { UIScreen.main.userInterfaceStyle = .dark } }
        rumble = RumblePlayer(engine: stage.engine, session: session)
        // The tools: closed, with the handle in the corner; the HUD's graph reads the phase times.
        tools = driver.installTools(hudOpen: options.hud, inspectorOpen: false, showsHandle: true)
        tools.hud.notes = options.notes
        tools.hud.presentation = "present: " + presentPath
        driver.phaseTimer = { [source] in source.seconds }
        // Frame lines only place a recording's events in its frames; in the window they play by time.
        if let script = options.script {
            player = ScriptPlayer(script: InputScript(lines: script.lines.filter { if case .frame = $0.action { false } else { true } }),
                                  windowID: SDL_GetWindowID(w),
                                  resolve: { name in stage.engine.perform { InputScript.centre(ofTarget: name, in: stage.rootLayer) } },
                                  report: { stage.engine.report($0) })
        }
    }

    deinit {
        player?.close()
        rumble?.close()
        session.closeControllers()
        surface = nil
        textures = nil
        // SDL hides a window it thinks is shown before destroying it, and on X11 waits for the
        // UnmapNotify; a window destroyed from outside never sends one (under openbox the wait
        // blocked for ever, 7 times in 11), so one is put in Xlib's queue for it to find.
        if closedFromOutside, let x11Display, let x11Window, x11Window != 0 { X11Errors.pretendUnmapped(x11Window, on: x11Display) }
        if let window { SDL_DestroyWindow(window) }
        if let x11Display { X11Errors.sync(x11Display) }
    }

    /// The drawable's pixel size and the scale to render at.
    private func drawableSize() -> (Int, Int, Double) {
        var ww: Int32 = 0, wh: Int32 = 0, pw: Int32 = 0, ph: Int32 = 0
        SDL_GetWindowSize(window, &ww, &wh)
        (pw, ph) = { let (w, h) = textures?.outputSize ?? surface?.outputSize ?? (Int(ww), Int(wh)); return (Int32(w), Int32(h)) }()
        if let forced = options.scale {
            return (max(1, min(RenderOptions.maxSide, Int(Double(ww) * forced))), max(1, min(RenderOptions.maxSide, Int(Double(wh) * forced))), forced)
        }
        let scale = ww > 0 ? max(1, Double(pw) / Double(ww)) : 1
        return (max(1, Int(pw)), max(1, Int(ph)), scale)
    }

    /// Runs until the window closes or the stage asks to quit. `maxFrames` stops earlier (tests, bench).
    /// A window destroyed from outside ends the run with one line on standard error, as a close; an
    /// X error throws (one line).
    ///
    /// Wall time is read from the clock's source only: for the frame's media time (through the
    /// clock), to wait for the next deadline and to keep to the refresh rate.
    public func run(maxFrames: Int? = nil) throws {
        var quit = false
        let started = source.seconds
        cpuAtStart = Self.processCPUSeconds()
        defer {
            // FLIPBOOK_STATS=1 prints the frames presented, the rate and the time each frame took
            // to make and present (median, p99), for measuring the window path.
            if ProcessInfo.processInfo.environment["FLIPBOOK_STATS"] == "1" {
                let elapsed = source.seconds - started
                let sorted = frameSeconds.sorted()
                func ms(_ p: Double) -> Double { sorted.isEmpty ? .nan : sorted[Int(Double(sorted.count - 1) * p)] * 1000 }
                let cpu = Self.processCPUSeconds() - cpuAtStart
                let line = String(format: "%d frames in %.1f s (%.1f frames/s); frame work median %.2f ms, p99 %.2f ms; CPU %.1f %% of a core; present: %@",
                                  framesPresented, elapsed, Double(framesPresented) / max(elapsed, 1e-9), ms(0.5), ms(0.99),
                                  cpu / max(elapsed, 1e-9) * 100, presentPath)
                FileHandle.standardError.write(Data("\(ProgramName.current): \(line)\n".utf8))
            }
        }
        let refresh = driver.stepDuration
        defer { recorder.stop(reason: "the window closed") }
        while !quit {
            if let failure = X11Errors.firstFailure, x11Window != nil { return try end(after: failure) }
            if let maxFrames, framesPresented >= maxFrames { break }
            var events: [HostEvent] = []
            // Idle: wait for input or for the next deadline (the script's next line among them)
            // instead of spinning.
            let deadline = Self.earliest(Self.earliest(driver.nextDeadline(), player?.nextTime), rumble?.nextTime)
            // A minimised or hidden window shows nothing: it waits for events (a restore) instead
            // of drawing frames nobody sees.
            let unseen = SDL_GetWindowFlags(window) & (SDL_WINDOW_MINIMIZED.rawValue | SDL_WINDOW_HIDDEN.rawValue) != 0
            if unseen || deadline.map({ $0 > clock.now + refresh }) ?? true {
                // At most 100 ms, so work queued on the main queue meanwhile runs soon after.
                let waitMs = unseen ? 250 : deadline.map { Int32(max(0, min(100, ($0 - clock.now) / clock.timeScale * 1000))) } ?? 100
                var e = SDL_Event()
                if waitMs > 0, SDL_WaitEventTimeout(&e, waitMs) != 0, let h = session.translate(e) { events.append(h) }
            }
            // The script's events due by now go into SDL's queue, behind the real ones.
            player?.inject(upTo: clock.now)
            events += session.pollEvents()
            // Exposed, shown, restored, resized: what the screen shows may be gone; the next
            // frame is pushed whole.
            if events.contains(where: { $0 == .windowChanged || $0 == .windowResized }) { presentWhole = true }
            var resized = false
            for action in driver.route(events) {
                switch action {
                case .quit: quit = true
                case .setTitle(let t): SDL_SetWindowTitle(window, t)
                case .resized: resized = true
                case .toggleRecording: recorder.toggle()
                }
            }
            if resized {
                let (pw, ph, scale) = drawableSize()
                driver.resize(pixelWidth: pw, pixelHeight: ph, scale: scale)
            }
            settlePosition()
            onLoop?()
            rumble?.play(upTo: clock.now) // a notification's later taps
            // Any SDL event may change what is shown (an expose after being uncovered, say).
            func due() -> Bool { Self.earliest(driver.nextDeadline(), player?.nextTime).map { $0 <= clock.now + refresh } ?? false }
            var frameDue = due()
            // The main queue: a frame serves it in its `.timers` phase, as a headless frame does,
            // so only a turn that makes no frame serves it here — work queued while nothing
            // animates runs without waiting for input, and may make a frame due. (Served here
            // before every frame as well until 2026-11-28: a second run-loop pass a frame, 4–7 %
            // of a light scene's window CPU; time travel serves the live queue itself before its
            // replays run the main run loop, see `TimeMachine.parkingBatch`.)
            if !Self.turnMakesFrame(quit: quit, unseen: unseen, due: frameDue, events: !events.isEmpty) {
                driver.serveMainQueue()
                frameDue = due()
            }
            guard Self.turnMakesFrame(quit: quit, unseen: unseen, due: frameDue, events: !events.isEmpty) else { continue }
            let frameStart = source.seconds
            do { try driver.runFrame() } catch {
                FileHandle.standardError.write(Data("\(ProgramName.current): \(error)\n".utf8))
                quit = true
            }
            rumble?.play(upTo: clock.now) // the feedback the frame's code asked for
            framesPresented += 1
            if frameSeconds.count < 1_000_000 { frameSeconds.append(source.seconds - frameStart) }
            // Vsync normally paces us; software renderers (Xvfb) may not wait, so never exceed the refresh rate.
            let spent = source.seconds - frameStart
            if spent < refresh - 0.001 { SDL_Delay(UInt32((refresh - spent) * 1000)) }
        }
    }

    /// Wakes the window's loop from any thread: an SDL user event ends the idle wait (up to 100 ms)
    /// at once, so a request made meanwhile (watch's hand-over) is served now. The event itself
    /// means nothing to the loop.
    public static func wakeLoop() {
        var e = SDL_Event()
        e.type = SDL_USEREVENT.rawValue
        _ = SDL_PushEvent(&e)
    }

    /// Moves the window's content to `pendingPosition` if the window manager put it elsewhere (at
    /// most three moves, for 2 s after the window opened).
    private func settlePosition() {
        guard var p = pendingPosition else { return }
        if source.seconds > p.until || p.moves >= 3 {
            pendingPosition = nil
            return
        }
        var x: Int32 = 0, y: Int32 = 0
        SDL_GetWindowPosition(window, &x, &y)
        guard x != p.x || y != p.y else { return }
        SDL_SetWindowPosition(window, p.x, p.y)
        p.moves += 1
        pendingPosition = p
    }

    /// Ends the run after an X error: a close when the window itself is gone (any error on its id —
    /// GLX reports its own GLXBadDrawable, code 160 on Xvfb — or BadWindow or BadDrawable when SDL
    /// did not say which id is ours), an error otherwise.
    private func end(after failure: X11Errors.Failure) throws {
        let closed = x11Window.map { $0 == 0 ? failure.code == 3 || failure.code == 9 : $0 == failure.resource } ?? false
        if closed {
            closedFromOutside = true
            FileHandle.standardError.write(Data("\(ProgramName.current): the window was closed from outside\n".utf8))
            return
        }
        throw HostError("X error \(failure.name) (request \(failure.request).\(failure.minor), resource 0x\(String(failure.resource, radix: 16))); the window is closed")
    }

    /// True when a turn of the window's loop makes a frame: the window is shown, not closing, and
    /// a frame is due or events came (any may change what is shown). A turn that makes none serves
    /// the main queue itself; one that makes a frame leaves it to the frame's `.timers` phase.
    static func turnMakesFrame(quit: Bool, unseen: Bool, due: Bool, events: Bool) -> Bool {
        !quit && !unseen && (due || events)
    }

    /// The earlier of two optional deadlines (nil when neither is set).
    static func earliest(_ a: Double?, _ b: Double?) -> Double? {
        switch (a, b) {
        case let (a?, b?): min(a, b)
        case let (a?, nil): a
        case let (nil, b?): b
        case (nil, nil): nil
        }
    }

    private func refreshPeriod() -> Double {
        var mode = SDL_DisplayMode()
        let index = SDL_GetWindowDisplayIndex(window)
        if SDL_GetCurrentDisplayMode(max(0, index), &mode) == 0, mode.refresh_rate > 0 { return 1 / Double(mode.refresh_rate) }
        return 1.0 / 60
    }

    fileprivate func present(_ bitmap: Bitmap, damage: [PixelRect]?) {
        let damage = presentWhole ? nil : damage
        presentWhole = false
        let t0 = source.seconds
        if let surface { surface.present(bitmap, damage: damage) } else { textures?.present(bitmap, damage: damage) }
        lastUploadSeconds = source.seconds - t0
    }

    /// Measures the texture upload alone: `count` updates of a full frame, in seconds each ([]
    /// on the surface path, which has no texture).
    public func measureUpload(count: Int) -> [Double] {
        textures?.measureUpload(driver.bitmap, count: count, now: { source.seconds }) ?? []
    }

    /// User and system CPU seconds of this process so far (all threads).
    static func processCPUSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }
}

/// The window's sink: each finished frame's damage goes to the screen.
private final class WindowSink: FrameSink {
    unowned let host: WindowHost
    init(host: WindowHost) { self.host = host }
    func present(_ frame: FinishedFrame) {
        if let bitmap = frame.bitmap { host.present(bitmap, damage: frame.damage) }
    }
}
