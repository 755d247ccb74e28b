import Compositor
import CSDL2
import Flipbook
import Raster

/// The one frame driver: the window, headless renders, tests and benchmarks all make frames here.
///
/// A frame is: route the host's SDL events (input for the stage, clock requests applied at once),
/// step the clock for a pending single step, move the controller's pointer by the source time since
/// the last frame, then run the phases of `FramePhase` once, in order, at one media time read from
/// the clock once — inside `stage.engine.perform`, so the static APIs reach the stage's engine —
/// and hand the finished frame to the overlays and then the sinks.
///
/// What stays with each host: where events and time come from (the window polls SDL and runs on
/// wall time; a headless render steps a manual clock and injects its script as SDL events) and where
/// frames go (its sinks).
public final class FrameDriver {
    public let stage: Stage
    public let clock: MediaClock
    /// SDL events → input events and requests; owns the controller's virtual pointer.
    public let router = InputRouter()
    /// Where finished frames go, in order.
    public var sinks: [FrameSink] = []
    /// Drawn over each frame in order; starts with the controller's pointer.
    public var overlays: [FrameOverlay]
    /// Media seconds one single step (`.stepFrame` while paused) moves: 1/fps headless, the display's
    /// refresh period in the window. Default: 1/60.
    public var stepDuration = 1.0 / 60
    public private(set) var bitmap: Bitmap
    public private(set) var sizeInPoints: CGSize
    public private(set) var scale: Double
    /// Media time of the last frame produced.
    public private(set) var frameTime: Double = 0
    /// Frames produced so far (drawn or not).
    public private(set) var framesProduced = 0
    /// Wall seconds spent per phase in the last frame, when `phaseTimer` is set (bench).
    public private(set) var lastPhaseSeconds: [FramePhase: Double] = [:]
    public var phaseTimer: (() -> Double)?
    /// Sees every routed SDL event and every frame's time and input (the window's input recording
    /// and time travel). Default: nil.
    public var recorder: FrameRecording?
    /// Sees the host's SDL events before the router and may take over the frame (time travel's
    /// scrubbing). Default: nil.
    public var interposer: FrameInterposer?
    /// False for a replay of recorded frames: their media times already include every pause, step
    /// and slow motion, so the keys that asked for them reach the scene but not the clock. Default: true.
    public var appliesClockRequests = true

    /// The render phase's two halves: the display step (main thread) makes an immutable snapshot,
    /// the compositor (no shared state) turns it into pixels.
    private let display = DisplayStep()
    private let compositor = Compositor()
    private var pendingInput: [InputEvent] = []
    private var pendingSteps = 0
    private var lastSourceSeconds: Double
    /// Set when something outside the stage changed what a frame would show (pause, slow motion).
    public private(set) var needsFrame = true

    /// - Parameters:
    ///   - pixelWidth, pixelHeight: the drawable's size in pixels (points × scale).
    public init?(stage: Stage, clock: MediaClock, pixelWidth: Int, pixelHeight: Int, scale: Double) {
        guard scale.isFinite, scale > 0, let bmp = Bitmap(width: pixelWidth, height: pixelHeight) else { return nil }
        self.stage = stage
        self.clock = clock
        bitmap = bmp
        self.scale = scale
        sizeInPoints = CGSize(width: Double(pixelWidth) / scale, height: Double(pixelHeight) / scale)
        lastSourceSeconds = clock.source.seconds
        overlays = [PointerOverlay(router: router)]
        router.resize(to: sizeInPoints)
        stage.engine.perform { stage.resize(to: sizeInPoints, scale: scale) }
    }

    /// Resizes the drawable; returns false (and keeps the old size) when the size is not allowed.
    @discardableResult
    public func resize(pixelWidth: Int, pixelHeight: Int, scale: Double) -> Bool {
        guard pixelWidth != bitmap.width || pixelHeight != bitmap.height || scale != self.scale else { return true }
        guard scale.isFinite, scale > 0, let bmp = Bitmap(width: pixelWidth, height: pixelHeight) else { return false }
        bitmap = bmp
        self.scale = scale
        sizeInPoints = CGSize(width: Double(pixelWidth) / scale, height: Double(pixelHeight) / scale)
        router.resize(to: sizeInPoints)
        stage.engine.perform { stage.resize(to: sizeInPoints, scale: scale) }
        needsFrame = true
        return true
    }

    /// What the host itself must do after routing (the driver applied the clock requests).
    public enum HostAction: Equatable {
        case quit
        case setTitle(String)
        /// The window changed size: the host measures its drawable and calls `resize`.
        case resized
    }

    /// Routes one batch of SDL events and the stage's requests: input is queued for the next frame,
    /// pause / step / slow motion go to the clock, the rest is returned to the host.
    @discardableResult
    public func route(_ events: [SDL_Event]) -> [HostAction] {
        var actions: [HostAction] = []
        let events = interposer.map { $0.filter(events, driver: self) } ?? events
        for (event, routed) in router.routeEach(events) {
            recorder?.routed(event, as: routed)
            for r in routed {
                switch r {
                case .input(let e): pendingInput.append(e)
                case .request(let r): if let a = apply(r) { actions.append(a) }
                case .windowResized: actions.append(.resized)
                }
            }
        }
        for r in stage.takeRequests() { if let a = apply(r) { actions.append(a) } }
        return actions
    }

    /// Makes the next frame run even with nothing else to do (time travel resuming shows its frame).
    public func setNeedsFrame() { needsFrame = true }

    /// Queues input events for the next frame directly (tests; hosts route SDL events instead).
    public func enqueue(_ events: [InputEvent]) { pendingInput += events }

    /// True when a frame would show something new: queued input, a pending step, a request that
    /// changed the clock, or a deflected stick moving the pointer.
    public var hasWork: Bool {
        needsFrame || !pendingInput.isEmpty || pendingSteps > 0 || router.isPointerMoving || interposer?.isActive == true
    }

    private func apply(_ r: HostRequest) -> HostAction? {
        switch r {
        case .quit: return .quit
        case .setTitle(let t): return .setTitle(t)
        case .togglePause where appliesClockRequests: clock.togglePause(); needsFrame = true
        case .stepFrame where appliesClockRequests: if clock.isPaused { pendingSteps += 1 }
        case .toggleSlowMotion where appliesClockRequests: clock.timeScale = clock.timeScale == 1 ? 0.1 : 1; needsFrame = true
        case .togglePause, .stepFrame, .toggleSlowMotion: break // a replay: the recorded times have them
        }
        return nil
    }

    /// Produces one frame at the clock's time from the input queued since the last one.
    /// - Parameters:
    ///   - drawing: false skips `.render` and `.present` (tests and tools that only need the
    ///     frames they look at); animations, timers and layout run exactly as in a drawn frame.
    ///   - timing: the frame's media time and pointer seconds given from outside (a recorded frame
    ///     replayed); nil reads the clock. Default: nil.
    /// - Throws: the first error a sink throws.
    public func runFrame(drawing: Bool = true, timing: FrameTiming? = nil) throws {
        if let interposer, interposer.isActive, timing == nil {
            // Time travel is scrubbing: the frame shown is the replay's; the stage does not advance.
            needsFrame = false
            guard let still = try interposer.frame(driver: self) else { return }
            try present(still: still.bitmap, time: still.time)
            return
        }
        let pointerSeconds: Double
        if let timing {
            pointerSeconds = timing.pointerSeconds
        } else {
            if clock.isPaused && pendingSteps > 0 { clock.step(by: stepDuration); pendingSteps -= 1 }
            let sourceNow = clock.source.seconds
            pointerSeconds = sourceNow - lastSourceSeconds
            lastSourceSeconds = sourceNow
        }
        pendingInput += router.advancePointer(by: pointerSeconds)
        let events = pendingInput
        pendingInput.removeAll()
        needsFrame = false
        let time = timing?.mediaTime ?? clock.now
        frameTime = time
        recorder?.frame(FrameTiming(mediaTime: time, pointerSeconds: pointerSeconds), events: events, driver: self)
        let engine = stage.engine
        try engine.perform {
            engine.beginFrame(at: time)
            for phase in FramePhase.allCases {
                if !drawing && (phase == .render || phase == .present) { continue }
                let start = phaseTimer?()
                try run(phase, time: time, events: events, engine: engine, drawing: drawing)
                if let start, let end = phaseTimer?() { lastPhaseSeconds[phase] = end - start }
            }
        }
        if !drawing {
            let frame = FinishedFrame(number: framesProduced, time: time, bitmap: nil, stage: stage)
            for sink in sinks { try sink.present(frame) }
        }
        framesProduced += 1
    }

    private func run(_ phase: FramePhase, time: Double, events: [InputEvent], engine: CAEngine, drawing: Bool) throws {
        switch phase {
        case .input:
            stage.beginFrame(at: time)
            for e in events { stage.handle(e, at: time) }
        case .timers:
            engine.fireTimers()
            MainQueue.drain(for: engine)
        case .displayLink: engine.runDisplayLinks()
        case .commit: engine.commit()
        case .animate: engine.animate(root: stage.rootLayer)
        case .layout: engine.layout(root: stage.rootLayer)
        case .render:
            compositor.composite(display.snapshot(of: stage.rootLayer, scale: scale), into: bitmap)
            for o in overlays { o.draw(into: bitmap, scale: scale) }
        case .present:
            let frame = FinishedFrame(number: framesProduced, time: time, bitmap: bitmap, stage: stage)
            for sink in sinks { try sink.present(frame) }
        }
    }

    /// Shows a frame made elsewhere (time travel's replay of an earlier time): copies it into the
    /// driver's bitmap, draws the overlays over it and hands it to the sinks, without running the stage.
    public func present(still: Bitmap, time: Double) throws {
        // Row by row over the common part (the window may have been resized since the replay began).
        if still.width != bitmap.width || still.height != bitmap.height { bitmap.clear() }
        let w = min(still.width, bitmap.width)
        for y in 0..<min(still.height, bitmap.height) {
            (bitmap.pixels + y * bitmap.stride).update(from: still.pixels + y * still.stride, count: w)
        }
        for o in overlays { o.draw(into: bitmap, scale: scale) }
        let frame = FinishedFrame(number: framesProduced, time: time, bitmap: bitmap, stage: stage)
        for sink in sinks { try sink.present(frame) }
    }

    /// Serves the main queue between frames (an idle window), inside the stage's engine binding, so
    /// work queued while nothing animates runs without waiting for input.
    public func serveMainQueue() {
        stage.engine.perform { MainQueue.drain(for: stage.engine) }
    }

    /// The media time of the next frame that must be drawn, or nil when nothing is scheduled and no
    /// host-side work is pending (the window then sleeps until input arrives).
    public func nextDeadline() -> Double? {
        let now = clock.now
        if hasWork { return now }
        guard !clock.isPaused else { return nil }
        return stage.engine.nextDeadline(after: now)
    }
}
