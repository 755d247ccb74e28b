import Compositor
import Flipbook
import Raster

/// The one frame driver: the window, headless renders, tests and benchmarks all make frames here.
///
/// A frame is: route the host's events (`HostEvent`) (input for the stage, clock requests applied at once),
/// step the clock for a pending single step, move the controller's pointer by the source time since
/// the last frame, then run the phases of `FramePhase` once, in order, at one media time read from
/// the clock once — inside `stage.engine.perform`, so the static APIs reach the stage's engine —
/// and hand the finished frame to the overlays and then the sinks.
///
/// What stays with each host: where events and time come from (the window polls SDL and runs on
/// wall time; a headless render steps a manual clock and injects its script as SDL events, both
/// translated into `HostEvent`s) and where
/// frames go (its sinks).
public final class FrameDriver {
    /// What the driver makes frames of: a playground, or time travel's stage.
    public let stage: Stage
    /// The media clock frames are timed by (virtual headless, the performance counter in the window).
    public let clock: MediaClock
    /// Host events → input events and requests; owns the controller's virtual pointer.
    public let router = InputRouter()
    /// Where finished frames go, in order.
    public var sinks: [FrameSink] = []
    /// Given each drawn live frame as the stage composited it, before the overlays draw over it
    /// (time travel's previews, which must show the scene and no tool), in order; its damage is what
    /// the compositor re-composited. The stage's part is `stagePixelWidth` × `stagePixelHeight`
    /// from the top-left corner. Not called for frames made elsewhere (`present(still:time:)`).
    public var sceneSinks: [FrameSink] = []
    /// Drawn over each frame in order; starts with the controller's pointer. Those that are
    /// `InteractiveOverlay`s are offered input before the stage, the last (topmost) first.
    public var overlays: [FrameOverlay] { didSet { interactiveOverlays = overlays.compactMap { $0 as? InteractiveOverlay } } }
    /// The `overlays` that are `InteractiveOverlay`s, in order: `hasWork` asks them on every turn
    /// of the window's loop (twice), and a cast per overlay per question was 1 % of a light
    /// scene's window CPU.
    private var interactiveOverlays: [InteractiveOverlay] = []
    /// Media seconds one single step (`.stepFrame` while paused) moves: 1/fps headless, the display's
    /// refresh period in the window. Default: 1/60.
    public var stepDuration = 1.0 / 60 { didSet { stage.engine.frameInterval = stepDuration } }
    /// The frame being made, `sizeInPoints` × `scale` pixels; valid after each frame until the next.
    public private(set) var bitmap: Bitmap
    /// The frame's size in points.
    public private(set) var sizeInPoints: CGSize
    /// Pixels per point.
    public private(set) var scale: Double
    /// The part of the frame the stage is laid out in, in pixels from its top-left corner: the
    /// frame less the room its docked overlays take (`FrameOverlay.docked`: the inspector's panel
    /// on the right, the time-travel band at the bottom), at least one pixel each way.
    ///
    /// A docked tool opening or closing resizes the stage as a window resize does — the scene gets
    /// `stage.resize(to:scale:)` with the narrower or shorter size and lays itself out again, as a
    /// UIKit split view or sheet gives its view controller a new size (`viewWillTransition(to:with:)`
    /// and a layout pass) — rather than drawing the tool over the scene, which hid what lay under
    /// it. The stage keeps the frame's origin, so input needs no translation.
    public private(set) var stagePixelWidth: Int
    /// The stage's part of the frame's height in pixels (see `stagePixelWidth`).
    public private(set) var stagePixelHeight: Int
    /// The stage's size in points: `stagePixelWidth` × `stagePixelHeight` over `scale`.
    public var stageSizeInPoints: CGSize { CGSize(width: Double(stagePixelWidth) / scale, height: Double(stagePixelHeight) / scale) }
    /// Media time of the last frame produced.
    public private(set) var frameTime: Double = 0
    /// Frames produced so far (drawn or not).
    public private(set) var framesProduced = 0
    /// Seconds spent per phase in the last finished frame, indexed by `FramePhase.rawValue`, when
    /// `phaseTimer` is set (the window sets it for the HUD; 0 otherwise). A fixed array, not a
    /// dictionary: the window measures every frame, and this keeps the measuring to 16 clock reads.
    public private(set) var lastPhaseSeconds = [Double](repeating: 0, count: FramePhase.allCases.count)
    /// Of `.render`, the seconds the overlays took (the HUD's own cost), when `phaseTimer` is set.
    public private(set) var lastOverlaySeconds = 0.0
    /// Reads seconds for the phase timings; nil (the default, headless and tests) measures nothing,
    /// so frames stay deterministic.
    public var phaseTimer: (() -> Double)?
    private var measuring = [Double](repeating: 0, count: FramePhase.allCases.count)
    private var measuringOverlays = 0.0
    /// Sees every routed host event and every frame's time and input (the window's input recording
    /// and time travel). Default: nil.
    public var recorder: FrameRecording?
    /// Sees the host's events before the router and may take over the frame (time travel's
    /// scrubbing). Default: nil.
    public var interposer: FrameInterposer?
    /// False for a replay of recorded frames: their media times already include every pause, step
    /// and slow motion, so the keys that asked for them reach the scene but not the clock. Default: true.
    public var appliesClockRequests = true

    /// The render phase's two halves: the display step (main thread) makes an immutable snapshot,
    /// the frame compositor turns it into pixels — only the damage since the last drawn frame, in
    /// bands on its worker threads (FrameCompositor.swift).
    private let display = DisplayStep()
    /// The compositor that turns the render snapshot into pixels (bands on its worker threads).
    public private(set) var compositor: FrameCompositor
    /// What the overlays drew over the last drawn frame (nil: not known), which the next frame
    /// must re-composite.
    private var overlayPixels: [PixelRect]? = nil
    /// What the overlays drew over the last drawn frame, the docked tools' room included: in a
    /// frame whose room is painted by its tools (`roomIsPainted`), what the overlays drew in the
    /// room is not re-composited but painted over by the tools, so it is part of the frame's damage.
    private var overlayPixelsWithRoom: [PixelRect]? = nil
    /// What the overlays other than the room's own tools drew in the room in the last drawn frame,
    /// when `roomIsPainted` (nil: not known); see `roomOverdrawn`.
    private var othersInRoom: [PixelRect]? = nil
    /// While an overlay draws in `.render`: the pixels of the docked tools' room that may not hold
    /// what the tools painted there in the last frame — what overlays drew in the room since (in
    /// the last frame, and in this one before this overlay); nil at any other time, and when not
    /// known (the room is not the tools' alone, `roomIsPainted`; the frame was repainted, resized
    /// or shown from a still since). A docked tool that keeps a copy of what it painted (the
    /// time-travel band) restores only these and what it changed itself.
    public private(set) var roomOverdrawn: [PixelRect]? = nil
    /// The pixels the last drawn frame changed (composited damage and overlays); nil: all of them.
    public private(set) var frameDamage: [PixelRect]? = nil
    /// The damage flash (`--show-damage`, key D): tints each frame's re-composited rectangles.
    public let damageFlash = DamageFlash()
    private var pendingInput: [InputEvent] = []
    private var pendingSteps = 0
    private var lastSourceSeconds: Double
    /// Set when something outside the stage changed what a frame would show (pause, slow motion).
    public private(set) var needsFrame = true

    /// A driver making frames of `stage` timed by `clock`; nil when `scale` is not a positive finite
    /// number or the frame bitmap cannot be made.
    /// - Parameters:
    ///   - stage: what the frames show.
    ///   - clock: the media clock that times the frames.
    ///   - pixelWidth: the drawable's width in pixels (points × scale).
    ///   - pixelHeight: the drawable's height in pixels (points × scale).
    ///   - scale: pixels per point.
    ///   - threads: compositing threads, the caller's included; nil: `RenderThreads.default`
    ///     (FLIPBOOK_THREADS, else one per core up to 16).
    public init?(stage: Stage, clock: MediaClock, pixelWidth: Int, pixelHeight: Int, scale: Double, threads: Int? = nil) {
        guard scale.isFinite, scale > 0, let bmp = Bitmap(width: pixelWidth, height: pixelHeight) else { return nil }
        compositor = FrameCompositor(threads: threads ?? RenderThreads.default)
        self.stage = stage
        self.clock = clock
        bitmap = bmp
        self.scale = scale
        sizeInPoints = CGSize(width: Double(pixelWidth) / scale, height: Double(pixelHeight) / scale)
        stagePixelWidth = bmp.width
        stagePixelHeight = bmp.height
        lastSourceSeconds = clock.source.seconds
        overlays = [PointerOverlay(router: router), damageFlash]
        interactiveOverlays = overlays.compactMap { $0 as? InteractiveOverlay }
        damageFlash.driver = self
        router.resize(to: sizeInPoints)
        stage.engine.perform { stage.resize(to: sizeInPoints, scale: scale) }
    }

    /// Resizes the drawable; returns false (and keeps the old size) when the size is not allowed.
    @discardableResult
    public func resize(pixelWidth: Int, pixelHeight: Int, scale: Double) -> Bool {
        guard pixelWidth != bitmap.width || pixelHeight != bitmap.height || scale != self.scale else { return true }
        guard scale.isFinite, scale > 0, let bmp = Bitmap(width: pixelWidth, height: pixelHeight) else { return false }
        bitmap = bmp
        othersInRoom = nil   // a new frame: nothing of the room is known to be in it
        self.scale = scale
        sizeInPoints = CGSize(width: Double(pixelWidth) / scale, height: Double(pixelHeight) / scale)
        router.resize(to: sizeInPoints)
        fitStage(force: true)
        return true
    }

    /// Lays the stage out in what the docked overlays leave of the frame, when that changed (or
    /// `force`): the stage is resized and the next frame composited whole.
    private func fitStage(force: Bool = false) {
        var room = DockedSpace.none
        for o in overlays {
            let d = o.docked
            room.right += d.right
            room.bottom += d.bottom
        }
        // Whole pixels, so a replay made at the stage's pixel size lays out the same points.
        let w = max(1, bitmap.width - Int(min(Double(bitmap.width), room.right * scale).rounded()))
        let h = max(1, bitmap.height - Int(min(Double(bitmap.height), room.bottom * scale).rounded()))
        guard force || w != stagePixelWidth || h != stagePixelHeight else { return }
        stagePixelWidth = w
        stagePixelHeight = h
        let size = stageSizeInPoints, scale = scale
        stage.engine.perform { stage.resize(to: size, scale: scale) }
        compositor.invalidate()
        needsFrame = true
    }

    /// The stage's part of the frame, from its top-left corner.
    private var stageRect: PixelRect { PixelRect(x0: 0, y0: 0, x1: stagePixelWidth, y1: stagePixelHeight) }

    /// The frame outside the stage (the docked tools' room): the columns right of the stage above
    /// its last row, and the full rows below it (either may be empty).
    private var roomRects: [PixelRect] {
        [PixelRect(x0: stagePixelWidth, y0: 0, x1: bitmap.width, y1: stagePixelHeight),
         PixelRect(x0: 0, y0: stagePixelHeight, x1: bitmap.width, y1: bitmap.height)].filter { !$0.isEmpty }
    }

    /// True when some overlay docks and every one that does paints its room opaque in every frame
    /// (`FrameOverlay.paintsDockedRoom`): the frame outside the stage is then the tools' alone,
    /// and the compositor works in the stage's part only. False (and the whole frame composited,
    /// as before 2026-11-28) when an overlay docks without that promise.
    public var roomIsPainted: Bool {
        var docking = false
        for o in overlays where o.docked != .none {
            guard o.paintsDockedRoom else { return false }
            docking = true
        }
        return docking
    }

    /// What the host itself must do after routing (the driver applied the clock requests).
    public enum HostAction: Equatable {
        /// Close the window and end the program (a scene's request, or the window closed).
        case quit
        /// Show this text in the window's title bar.
        case setTitle(String)
        /// The window changed size: the host measures its drawable and calls `resize`.
        case resized
        /// R: the window starts or stops recording.
        case toggleRecording
    }

    /// Routes one batch of the host's events and the stage's requests: input is queued for the next frame,
    /// pause / step / slow motion go to the clock, the rest is returned to the host.
    @discardableResult
    public func route(_ events: [HostEvent]) -> [HostAction] {
        var actions: [HostAction] = []
        let events = interposer.map { $0.filter(events, driver: self) } ?? events
        let marks = router.twoFingerMarks
        defer { if router.twoFingerMarks != marks { needsFrame = true } } // Alt's two fingers are drawn
        for (event, routed) in router.routeEach(events) {
            var reachedStage = false
            for r in routed {
                switch r {
                case .input(let e): if offer(e) { reachedStage = true }
                case .request(let r):
                    // A key typed into a text field is the field's, not a playground command.
                    if case .key = event, stageTakesText { continue }
                    if let a = apply(r) { actions.append(a) }
                case .windowResized: actions.append(.resized)
                case .hover(let p): hover(at: p)
                }
            }
            // Input a tool took (a click on the HUD, H, the inspector's keys) is not the scene's:
            // a recording replayed without the tools, or a time-travel replay, must not give it to
            // the scene, so it is recorded only when some of it reached the stage.
            recorder?.routed(event, as: reachedStage ? routed : routed.filter { if case .input = $0 { false } else { true } })
        }
        for r in stage.takeRequests() { if let a = apply(r) { actions.append(a) } }
        return actions
    }

    /// Composites with `count` threads from the next frame on (the caller's included).
    public func setThreads(_ count: Int) {
        guard count != compositor.threads else { return }
        let old = compositor
        compositor = FrameCompositor(threads: count)
        compositor.tracksDamage = old.tracksDamage
        compositor.smallestSharedWork = old.smallestSharedWork
    }

    /// Queues input events for the next frame (tests; hosts route their events, which come here).
    /// Each is first offered to the interactive overlays, topmost first: one that takes it (a click
    /// on the HUD, the inspector's keys) keeps it from the stage.
    public func enqueue(_ events: [InputEvent]) {
        for e in events { offer(e) }
    }

    /// Offers `e` to the interactive overlays, topmost first, then queues it for the stage; true
    /// when it reached the stage (no overlay took it).
    @discardableResult
    private func offer(_ e: InputEvent) -> Bool {
        // Typing is the stage's while it takes text: the tools' letters (H, I) would steal them.
        let typed = if case .key = e { stageTakesText } else { false }
        for tool in interactiveOverlays.reversed() where !typed && tool.handle(e, driver: self) {
            needsFrame = true
            return false
        }
        pendingInput.append(e)
        return true
    }

    /// True while the stage takes typed text (`Stage.isTakingTextInput`, asked in its engine).
    private var stageTakesText: Bool { stage.engine.perform { stage.isTakingTextInput } }

    /// The pointer moved without a press (the mouse hovering; the pad's pointer moving): the
    /// interactive overlays hear it, and a frame follows when one of them shows it.
    public func hover(at point: CGPoint) {
        for tool in interactiveOverlays where tool.hover(at: point) { needsFrame = true }
    }

    /// Makes the next frame run even with nothing else to do (time travel resuming shows its frame).
    public func setNeedsFrame() { needsFrame = true }

    /// True when a frame would show something new: queued input, a pending step, a request that
    /// changed the clock, or a deflected stick moving the pointer.
    public var hasWork: Bool {
        needsFrame || !pendingInput.isEmpty || pendingSteps > 0 || router.isPointerMoving || interposer?.isActive == true
            || interactiveOverlays.contains { $0.wantsFrames }
    }

    /// Applies a request: clock requests at once (the HUD's buttons come here too), the rest is the
    /// host's.
    @discardableResult
    public func apply(_ r: HostRequest) -> HostAction? {
        switch r {
        case .quit: return .quit
        case .setTitle(let t): return .setTitle(t)
        case .togglePause where appliesClockRequests: clock.togglePause(); needsFrame = true
        case .stepFrame where appliesClockRequests: if clock.isPaused { pendingSteps += 1 }
        case .toggleSlowMotion where appliesClockRequests: clock.timeScale = clock.timeScale == 1 ? 0.1 : 1; needsFrame = true
        case .togglePause, .stepFrame, .toggleSlowMotion: break // a replay: the recorded times have them
        case .setTimeScale(let scale) where appliesClockRequests: clock.timeScale = scale; needsFrame = true
        case .setTimeScale: break
        case .toggleRecording: needsFrame = true; return .toggleRecording
        case .toggleDamageFlash: damageFlash.isOn.toggle(); needsFrame = true
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
        fitStage()
        let padPointer = router.pointer
        enqueue(router.advancePointer(by: pointerSeconds))
        if router.pointer != padPointer { hover(at: router.pointer) }
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
                if let start, let end = phaseTimer?() { measuring[phase.rawValue] = end - start }
            }
        }
        if phaseTimer != nil {
            // Published whole when the frame ends: the HUD, drawn inside the next frame, sees one frame.
            lastPhaseSeconds = measuring
            lastOverlaySeconds = measuringOverlays
            for i in measuring.indices { measuring[i] = 0 }
        }
        if !drawing {
            let frame = FinishedFrame(number: framesProduced, time: time, bitmap: nil, stage: stage)
            for sink in sinks { try sink.present(frame) }
        }
        framesProduced += 1
    }

    /// Produces one frame at media time `time`, whatever the clock says: frames at exact times for
    /// the fuzzer, benchmarks and tests (the controller's pointer does not move).
    /// - Parameters:
    ///   - time: the frame's media time.
    ///   - drawing: false skips `.render` and `.present`. Default: true.
    /// - Throws: the first error a sink throws.
    public func runFrame(at time: Double, drawing: Bool = true) throws {
        try runFrame(drawing: drawing, timing: FrameTiming(mediaTime: time, pointerSeconds: 0))
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
            let snapshot = display.snapshot(of: stage.rootLayer, scale: scale)
            // With the docked tools' room painted by them, the scene is composited in the stage's
            // part only: its layers reaching past it, and what the overlays drew in the room,
            // would be composited there only to be painted over.
            let room = roomIsPainted ? roomRects : []
            let composited = compositor.composite(snapshot, into: bitmap, alsoDamaged: overlayPixels, within: roomIsPainted ? stageRect : nil)
            for failure in compositor.takeFailures() { engine.report(failure) }
            if !sceneSinks.isEmpty {
                let frame = FinishedFrame(number: framesProduced, time: time, bitmap: bitmap, stage: stage, damage: composited)
                for sink in sceneSinks { try sink.present(frame) }
            }
            // The overlay rule: an overlay draws over the composited frame and says which pixels it
            // touched (nil: not known). The next frame re-composites them; this frame's upload
            // covers them.
            let start = phaseTimer?()
            var drawn: [PixelRect]? = []
            // In the room, what the overlays drew in the last frame is painted over by the tools
            // in this one: changed pixels, though no one re-composited them.
            let restored = room.isEmpty ? [] : (overlayPixelsWithRoom ?? []).flatMap { r in room.map { $0.intersection(r) } }.filter { !$0.isEmpty }
            // What overlays other than the room's own tools drew in the room, last frame and so far.
            var overdrawn: [PixelRect]? = room.isEmpty ? nil : othersInRoom
            var others: [PixelRect]? = room.isEmpty ? nil : []
            for o in overlays {
                roomOverdrawn = overdrawn
                o.draw(into: bitmap, scale: scale)
                if let touched = o.pixelsDrawn, drawn != nil { drawn! += touched } else { drawn = nil }
                guard !o.paintsDockedRoom || o.docked == .none else { continue }
                if let touched = o.pixelsDrawn {
                    let inRoom = touched.flatMap { r in room.map { $0.intersection(r) } }.filter { !$0.isEmpty }
                    overdrawn? += inRoom
                    others? += inRoom
                } else { overdrawn = nil; others = nil }
            }
            roomOverdrawn = nil
            othersInRoom = others
            if let start, let end = phaseTimer?() { measuringOverlays = end - start }
            overlayPixelsWithRoom = drawn
            overlayPixels = room.isEmpty ? drawn : drawn.map { $0.map { $0.intersection(stageRect) }.filter { !$0.isEmpty } }
            frameDamage = compositor.lastWasFull || drawn == nil ? nil : FrameDamage.merged(composited + drawn! + restored)
        case .present:
            let frame = FinishedFrame(number: framesProduced, time: time, bitmap: bitmap, stage: stage, damage: frameDamage)
            for sink in sinks { try sink.present(frame) }
        }
    }

    /// The next frame is composited and presented whole: the frame bitmap or the stage was changed
    /// behind the compositor's back (time travel's stills and its resume).
    public func repaintAll() {
        compositor.invalidate()
        overlayPixels = nil
        overlayPixelsWithRoom = nil
        othersInRoom = nil
        frameDamage = nil
    }

    /// Shows a frame made elsewhere (time travel's replay of an earlier time): copies it into the
    /// driver's bitmap, draws the overlays over it and hands it to the sinks, without running the
    /// stage; `time` is the still's media time. A still of another size is copied over the common
    /// part of a cleared frame.
    public func present(still: Bitmap, time: Double) throws {
        repaintAll()
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
