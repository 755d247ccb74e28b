import FrameLoop
import Compositor
import Flipbook
import Foundation
import Raster

/// Time travel in the window: the session's input is recorded frame by frame (`SessionLog`), and
/// the timeline in its band along the bottom edge (`TimelineOverlay`) moves the scene's clock to any earlier or
/// later time of the session, deterministically.
///
/// Dragging the timeline with the mouse, holding `-` or `=`, or pulling the controller's left or
/// right trigger *scrubs*: the live stage stops, and the window shows a `Replay` — a new playground
/// run through the recorded frames up to the chosen one, on their recorded times and input, drawing
/// only the frames it shows — the same bytes a headless render of the recorded input makes there.
/// Releasing *resumes*: the replay becomes the live stage, the clock continues from the chosen
/// frame's time, and the input recorded after it is dropped (an editor's undo history); whatever
/// the dropped part would have released (a held touch, key, button or stick) is released in the
/// first live frame, and the release is recorded too, so the saved script replays the same.
///
/// Scene objects cannot be copied or saved, so there are no snapshots: speed comes from replaying
/// without drawing and from keeping replays parked at earlier frames to start from (a replay only
/// moves forward; one passed by a scrub back is parked for later). While the scrub moves, the
/// window answers at once from *previews* — quarter-size copies of live frames kept as the session
/// ran (`maxPreviewBytes` at most; every `previewStep`-th frame) — and the exact replay is made
/// when the scrub rests for a frame, and on resume. BENCHMARKS.md has the figures.
public final class TimeMachine: FrameInterposer, FrameRecording {
    /// The live session's frames and input, which every replay plays back.
    public let log = SessionLog()
    /// The stage the window shows: the live playground, or the replay a resume made live.
    public let stage: TravelStage
    public private(set) lazy var timeline = TimelineOverlay(machine: self)
    private let make: (CAEngine) -> Playground
    /// The replay being shown while scrubbing.
    private var current: Replay?
    /// Replays kept at earlier frames, to start from instead of frame 0, by position (ascending).
    private var parked: [Replay] = []
    /// Most replays parked. Default: 12.
    public var maxParked = 12
    /// Parking places a live frame keeps (at most `maxParked`; scrubbing frames keep `maxParked`).
    /// Default: 4.
    ///
    /// The places are *lanes*: with m of them, lane j's replay sits at j/(m+1) of the history
    /// (`place(_:of:below:)`), so as the history grows it moves on by j/(m+1) of a frame per live
    /// frame, and the m together run m/2 replay frames per live frame however long the session
    /// — no place is ever made again from frame 0. The price of fewer lanes is a longer first
    /// replay when a scrub rests: at most 1/(m+1) of the history from the nearest place. Until
    /// 2026-11-28 places 1/13 of the history apart were remade from frame 0 as it grew, so live
    /// parking spent its whole budget every frame for ever (BENCHMARKS.md, 2026-11-26).
    public var liveLanes = 4
    /// Replay frames run while parking since the machine was made (for tests and the bench: while
    /// the lanes are kept, the parked replays' positions add up to it).
    public private(set) var parkingFramesRun = 0
    /// Replays made from frame 0 for parking since the machine was made (one a lane, while the
    /// lanes are kept).
    public private(set) var parkingReplaysMade = 0
    /// Live frames that parked (for tests: each ran at least `parkingBatch` replay frames, unless
    /// its budget ran out).
    public private(set) var parkingLiveFrames = 0
    /// Replay frames the live lanes fall behind their places before a live frame parks them.
    ///
    /// In batches because a live frame that parks first serves the live stage's main queue
    /// (`FrameDriver.serveMainQueue`): replays run the process's one main run loop in their
    /// `.timers` phase, and live work queued since the live stage's last pass must not run in
    /// them. That pass is what the window loop once made before every frame; the frame's own
    /// `.timers` phase serves the queue now, so a pass here every few frames is cheaper.
    static let parkingBatch = 8
    /// Spare time per scrubbing frame spent on parking replays, in seconds. Default: 6 ms.
    public var spareSeconds = 0.006
    /// Most time per live frame spent on parking replays while the session runs, in seconds, so
    /// the first scrub finds replays to start from. Default: 1 ms (0 turns it off).
    ///
    /// A live frame parks until its `liveLanes` replays are at their places, for at most about
    /// `liveSpareShare` of the last live frame's own work (the main thread's CPU time for its
    /// phases, its sinks and its present; waiting for vsync is not work), so time travel adds at
    /// most that share to a light scene's CPU, and less when the lanes keep up (the usual case: a
    /// replay frame does not draw). About: the deadline is checked between replay frames, and
    /// starting a replay makes a whole playground. A lane that falls behind catches up in later
    /// frames.
    public var liveSpareSeconds = 0.001
    /// The share of the last live frame's own work a live frame spends parking (within
    /// `liveSpareSeconds`). Default: 0.5, so time travel adds at most half a light scene's CPU;
    /// at 1 (until 2026-11-28) it doubled it, about a quarter of the window's CPU in the light
    /// scenes (BENCHMARKS.md, 2026-11-26 (morning) and 2026-11-28). Less parking
    /// means the first scrub of a long session finds fewer replays parked and rests longer
    /// before its exact frame; scrubbing frames park as before (`spareSeconds`). Values outside
    /// 0…1 are clamped.
    public var liveSpareShare = 0.5
    /// The main thread's CPU seconds when the current live frame's own work began (after its
    /// parking), and the last live frame's work.
    private var liveWorkStart: Double?
    private var liveWorkSeconds = 0.0

    /// What drives a scrub: the mouse on the strip, the `-` and `=` keys, or the triggers.
    public enum Control: Equatable { case mouse, keys, pad }
    struct Scrub {
        var control: Control
        /// The frame shown: an index into the log.
        var target: Int
        /// The last frame of the history being scrubbed (the log is cut only on resume).
        var end: Int
        /// Keys and triggers: where the cursor is (media seconds), how fast it moves, since when.
        var cursor: Double
        var velocity = 0.0
        var heldSince: Double
        var lastSource: Double
    }
    private(set) var scrub: Scrub?
    /// The mouse is over the band (its track is lit).
    private(set) var hovering = false
    private var keysHeld: Set<InputEvent.Key> = []
    private var triggers = (left: 0.0, right: 0.0)
    /// Seconds the last scrub step took to make its frame (replaying and drawing), for the bench.
    public private(set) var lastStepSeconds = 0.0
    /// Wall time for the parking deadlines and the scrub's speed (tests stop it, so parking runs
    /// until the lanes are at their places).
    var wallClock: TimeSource = PerformanceCounterSource()

    // MARK: Previews

    /// Quarter-size copies of drawn live frames, by log index: the stage's part as it was
    /// composited, before the overlays drew (the scene only: no tool, band or pointer in them),
    /// in strips shared between consecutive previews where the frames did not change
    /// (`TravelPreview`).
    var previews: [Int: TravelPreview] = [:]
    /// Frames between previews kept; doubles (and the store thins out) when `maxPreviewBytes` would be passed.
    var previewStep = 2
    /// Most bytes the previews take. Default: 64 MiB (a 60 s session of a scene changing all
    /// over at 1280×720 keeps every 2nd frame: 1800 × 225 KiB would be 400 MiB, so every 16th:
    /// 225 of them; a scene whose changes touch a few strips keeps every 2nd far longer).
    public var maxPreviewBytes = 64 << 20
    /// Bytes the previews take now: each strip once, however many previews share it.
    public internal(set) var previewBytes = 0
    /// Previews kept now.
    public var previewCount: Int { previews.count }
    /// The target the last scrub frame showed, and whether it was exact (a replay) or a preview.
    private var lastShown: (target: Int, exact: Bool)?
    /// The full-size picture a preview is scaled into.
    var previewBitmap: Bitmap?
    /// The preview kept last: the next one shares its strips when the sink knows what changed.
    var lastPreview: TravelPreview?
    /// Previews made from the last one and the pixels that changed since (the rest were made whole).
    public internal(set) var previewsFromLast = 0
    /// Strips no stored preview holds any more (the store thinned out, or a resume dropped
    /// them), written over by the next previews instead of allocating: a new strip is fresh
    /// pages, a fault each on first touch and a clear. Previews and spares together take at most
    /// `maxPreviewBytes` and one preview more.
    var spareStrips: [PreviewStrip] = []
    /// Preview strips allocated since the machine was made (for tests: past the budget, none).
    var previewStripsMade = 0
    /// Blocks averaged for previews since the machine was made (for tests: each changed block
    /// once a preview, however many damage rectangles cover it).
    var previewBlocksAveraged = 0
    /// Strips copied from the last preview before blocks of them were averaged again (for
    /// tests: a strip whose every block is averaged again is not copied).
    var previewStripsCopied = 0

    /// - Parameters: as `Playground`'s; every replay makes its playground the same way on an engine of its own.
    public init(registry: [Scene.Type], initial: Scene.Type?, engine: CAEngine = .current) {
        make = { Playground(registry: registry, initial: initial, engine: $0) }
        stage = TravelStage(make(engine))
        log.describeHit = { [unowned self] p in Self.describeHit(at: p, on: stage) }
    }

    /// What a press at `point` hits on `stage` as its last frame presented it: the topmost
    /// layer's path from the root, each step its name or, unnamed, its class and index
    /// (`CALayer#2/CAShapeLayer#0`); "" when it hits nothing but the root. Names keep a path stable when layers
    /// are added beside it.
    static func describeHit(at point: CGPoint, on stage: Stage) -> String {
        stage.engine.perform {
            let root = stage.rootLayer
            // The root is behind everything: a press that reaches only the root hit nothing.
            guard var layer = LayerPicker.pick(at: point, root: root), layer !== root else { return "" }
            var steps: [String] = []
            while layer !== root, let parent = layer.superlayer {
                let index = parent.sublayers?.firstIndex { $0 === layer } ?? 0
                steps.append(layer.name.flatMap { $0.isEmpty ? nil : $0 } ?? "\(type(of: layer))#\(index)")
                layer = parent
            }
            return "/" + steps.reversed().joined(separator: "/")
        }
    }

    /// Makes `session` (a log read back from the file an earlier build of the program wrote) this
    /// machine's history and resumes at its last frame, as a scrub released there does: a replay
    /// runs the recorded frames on their times and input, becomes the live stage, and the clock
    /// goes on from the last frame's time (`watch` swapping in a rebuilt program).
    /// - Returns: one line for each press that hit something else than it hit live ("the press at
    ///   1.25 s hit /card, now nothing"), empty when the replay applied as recorded.
    @discardableResult
    public func restore(_ session: SessionLog, driver: FrameDriver) throws -> [String] {
        guard !session.frames.isEmpty, scrub == nil else { return [] }
        log.load(session.frames)
        let last = log.frames.count - 1
        let replay = try show(last)
        let misses = replay.misses.map { m in
            String(format: "the press at %.2f s hit %@, now %@", m.time, m.then.isEmpty ? "nothing" : m.then, m.now.isEmpty ? "nothing" : m.now)
        }
        beginScrub(at: last, control: .mouse)
        try resume(driver: driver)
        return misses
    }

    /// Records the driver's frames and puts the timeline over them.
    public func install(on driver: FrameDriver, showsTimeline: Bool = true) {
        driver.recorder = self
        driver.interposer = self
        driver.sceneSinks.append(PreviewSink(machine: self))
        driver.sinks.append(LiveFrameSink(machine: self))
        timeline.driver = driver
        if showsTimeline { driver.overlays.append(timeline) }
    }

    /// True while a scrub is under way (the timeline dragged, `-`/`=` held, or a trigger pulled): the
    /// window shows replayed stills instead of live frames.
    public var isActive: Bool { scrub != nil }

    // MARK: Recording

    /// Records a host event the router turned into `routed` (see `SessionLog.routed(_:as:)`).
    public func routed(_ event: HostEvent, as routed: [InputRouter.Routed]) { log.routed(event, as: routed) }

    /// Records the live frame, then moves the parked replays on to their lanes' places in the
    /// history so far, for up to `liveSpareSeconds` (and no longer than `liveSpareShare` of the last
    /// live frame's own work).
    public func frame(_ timing: FrameTiming, events: [InputEvent], driver: FrameDriver) {
        log.frame(timing, events: events, driver: driver)
        defer { liveWorkStart = WorkerPool.threadCPUSeconds() }
        let budget = min(liveSpareSeconds, liveWorkSeconds * min(1, max(0, liveSpareShare.isNaN ? 0 : liveSpareShare)))
        let end = log.frames.count - 1
        guard budget > 0, end > 0, lanesBehind(below: end, lanes: liveLanes) >= Self.parkingBatch else { return }
        let deadline = wallClock.seconds + budget
        driver.serveMainQueue() // live work queued since the last pass runs on the live stage, not in a replay
        parkingLiveFrames += 1
        // A replay that cannot run a frame (none can fail today) is dropped: the next one starts afresh.
        do { try park(until: deadline, below: end, lanes: liveLanes) } catch { parked.removeAll() }
    }

    /// Frames the parked replays are behind their lanes' places in the first `end` frames (an
    /// empty lane counts from frame 0), with lanes given as `park(until:below:lanes:)` gives them.
    func lanesBehind(below end: Int, lanes: Int) -> Int {
        let m = max(0, min(lanes, maxParked)), k = parked.count
        var behind = 0
        for lane in stride(from: m, through: 1, by: -1) {
            let i = k - 1 - (m - lane)
            behind += max(0, Self.place(lane, of: m, below: end) - (i >= 0 ? parked[i].position : 0))
        }
        return behind
    }

    /// Replays parked (for tests).
    var parkingReplays: Int { parked.count }
    /// The parked replays' positions, ascending (for tests).
    var parkedPositions: [Int] { parked.map(\.position) }

    /// The live frame begun in `frame(_:events:driver:)` has been shown (its sinks ran): its work
    /// sets the next frame's parking budget. A frame shown while scrubbing is not live.
    func liveFrameShown() {
        guard let start = liveWorkStart else { return }
        liveWorkSeconds = isActive ? 0 : WorkerPool.threadCPUSeconds() - start
        liveWorkStart = nil
    }

    /// The media time shown and the last recorded one (the timeline's cursor and length).
    var shownTime: Double? { scrub.map { log.frames[$0.target].timing.mediaTime } ?? log.frames.last?.timing.mediaTime }
    var endTime: Double { scrub.map { log.frames[$0.end].timing.mediaTime } ?? log.frames.last?.timing.mediaTime ?? 0 }
    var startTime: Double { log.frames.first?.timing.mediaTime ?? 0 }

    // MARK: Scrubbing

    /// Starts scrubbing at frame `target` (nothing happens before the first frame).
    public func beginScrub(at target: Int, control: Control = .mouse) {
        guard !log.frames.isEmpty, scrub == nil else { return }
        let end = log.frames.count - 1
        let t = min(max(0, target), end)
        scrub = Scrub(control: control, target: t, end: end, cursor: log.frames[t].timing.mediaTime,
                      heldSince: wallClock.seconds, lastSource: wallClock.seconds)
    }

    /// Moves the scrub to the frame at or before media time `time`.
    public func scrub(to time: Double) {
        guard var s = scrub else { return }
        s.cursor = min(max(time, startTime), log.frames[s.end].timing.mediaTime)
        s.target = min(log.frameIndex(at: s.cursor), s.end)
        scrub = s
    }

    /// Makes the frame being scrubbed to and returns it; spare time parks replays for later scrubs.
    public func frame(driver: FrameDriver) throws -> (bitmap: Bitmap, time: Double)? {
        guard var s = scrub else { return nil }
        // The live stage's queued work runs there before any replay runs the main run loop (the
        // window loop no longer serves it before each frame; a scrubbing frame has no `.timers`).
        driver.serveMainQueue()
        let now = wallClock.seconds
        if s.control != .mouse {
            s.velocity = s.control == .pad ? 10 * (triggers.right - triggers.left)
                : (keysHeld.contains(Self.forwardKey) ? 1.0 : 0) - (keysHeld.contains(Self.backKey) ? 1 : 0)
            if s.control == .keys { s.velocity *= min(10, 1 + 3 * (now - s.heldSince)) } // speeds up while held
            scrub = s
            scrub(to: s.cursor + s.velocity * min(0.1, now - s.lastSource))
            s = scrub!
        }
        scrub!.lastSource = now
        // Moving: answer from a preview at once. Resting (the same target as the frame before, or
        // no preview near): the exact replay.
        let moved = lastShown.map { $0.target != s.target } ?? true
        let shown = log.frames[s.target]
        if moved, let p = preview(at: s.target, width: shown.pixelWidth, height: shown.pixelHeight) {
            lastShown = (s.target, false)
            lastStepSeconds = wallClock.seconds - now
            try park(until: wallClock.seconds + spareSeconds, below: s.end, lanes: maxParked)
            return (p, log.frames[s.target].timing.mediaTime)
        }
        let replay = try show(s.target)
        lastShown = (s.target, true)
        lastStepSeconds = wallClock.seconds - now
        try park(until: wallClock.seconds + spareSeconds, below: s.end, lanes: maxParked)
        return (replay.driver.bitmap, log.frames[s.target].timing.mediaTime)
    }

    /// Ends the scrub: the replay at the chosen frame becomes the live stage and the clock goes on
    /// from that frame's time; the recorded input after it is dropped.
    public func resume(driver: FrameDriver) throws {
        guard let s = scrub else { return }
        let i = s.target
        driver.serveMainQueue() // as in a scrubbing frame: live work runs before a replay may
        let replay = try show(i)
        scrub = nil
        lastShown = nil
        log.truncate(to: i + 1)
        for k in previews.keys where k > i { dropPreview(k) }
        parked.removeAll { $0.position > i + 1 }
        // What the dropped input would have released is released now, live and in the record.
        let frame = log.frames[i]
        let releases = log.releases(after: i + 1)
        log.appendPending(releases)
        driver.enqueue(releases.flatMap { Self.events(releasing: $0, pointer: frame.pointer) })
        current = nil
        stage.replace(with: replay.stage)
        // The replay was laid out in the recorded stage's area; the live one may differ (a window
        // resized since, or a docked tool opened or closed).
        if replay.driver.sizeInPoints != driver.stageSizeInPoints || replay.driver.scale != driver.scale {
            stage.engine.perform { stage.resize(to: driver.stageSizeInPoints, scale: driver.scale) }
        }
        driver.router.place(pointer: frame.pointer)
        driver.clock.jump(to: frame.timing.mediaTime)
        driver.repaintAll() // another stage's tree, over a still the compositor did not draw
        driver.setNeedsFrame()
    }

    /// The replay showing frame `index` exactly: the parked or current replay furthest along that
    /// can still reach it exactly, else a new one from the session's start.
    @discardableResult
    func show(_ index: Int) throws -> Replay {
        if let c = current, c.position == index + 1, c.drawnTail >= min(3, index + 1) { return c }
        var pool = parked
        if let c = current { pool.append(c) }
        let best = pool.filter { $0.canShowExactly(index) }.max { $0.position < $1.position }
        let replay: Replay
        if let best { replay = best } else {
            guard let r = Replay(make: make, first: log.frames[0]) else { throw HostError("cannot make a replay frame") }
            replay = r
        }
        parked.removeAll { $0 === replay }
        if let c = current, c !== replay { parkReplay(c) }
        current = replay
        try replay.advance(through: index, in: log, drawFrom: index - 2)
        return replay
    }

    private func parkReplay(_ r: Replay) {
        parked.append(r)
        parked.sort { $0.position < $1.position }
        while parked.count > maxParked {
            // Drop the one whose neighbours are closest together: the gaps stay even.
            var drop = 0, smallest = Int.max
            for k in parked.indices {
                let before = k > 0 ? parked[k - 1].position : 0
                let after = k + 1 < parked.count ? parked[k + 1].position : Int.max / 2
                if after - before < smallest { smallest = after - before; drop = k }
            }
            parked.remove(at: drop)
        }
    }

    /// Frame `lane` of `m` lanes' place in a history of `end` frames: lane × end / (m + 1), so the
    /// places split it evenly and each grows by lane / (m + 1) of a frame per frame.
    static func place(_ lane: Int, of m: Int, below end: Int) -> Int { lane * max(0, end) / (m + 1) }

    /// Moves the parked replays on, a frame at a time, until each is at its lane's place in the
    /// first `end` frames or `deadline` (wall seconds) passes; with fewer than `lanes` parked, a
    /// new replay from frame 0 takes the lowest free lane.
    ///
    /// Lanes go to the parked replays from the top: the furthest has lane `lanes`, the next
    /// `lanes` − 1, and so on; a replay past its place waits there (places only grow while the
    /// session runs), and replays below lane 1 (more than `lanes` parked, after a scrub) stay
    /// where they are. The one furthest behind its place moves first, so a short budget keeps the
    /// lanes even. Replays run without drawing: a parked replay shows a frame exactly whenever
    /// the two before it are still to run (`Replay.canShowExactly`).
    func park(until deadline: Double, below end: Int, lanes: Int) throws {
        let m = max(0, min(lanes, maxParked))
        guard m > 0, end > 0, !log.frames.isEmpty else { return }
        while wallClock.seconds < deadline {
            let k = parked.count
            var behind: Int?, most = 0
            for i in parked.indices where m - (k - 1 - i) >= 1 {
                let d = Self.place(m - (k - 1 - i), of: m, below: end) - parked[i].position
                if d > most { most = d; behind = i }
            }
            if let i = behind {
                // One frame: the deadline is kept.
                try parked[i].advance(through: parked[i].position, in: log, drawFrom: Int.max)
                parkingFramesRun += 1
                // Ascending again if it passed the next (two lanes share a place early in a session).
                var j = i
                while j + 1 < k, parked[j].position > parked[j + 1].position { parked.swapAt(j, j + 1); j += 1 }
                continue
            }
            guard k < m, Self.place(m - k, of: m, below: end) > 0,
                  let r = Replay(make: make, first: log.frames[0]) else { return }
            parked.insert(r, at: 0)
            parkingReplaysMade += 1
        }
    }

    // MARK: Input

    /// Time travel's back and forward keys, `-` and `=`.
    static let backKey = InputEvent.Key.character("-")
    static let forwardKey = InputEvent.Key.character("=")
    /// Trigger pull (0…1) that starts a scrub; below it on both triggers the scrub ends.
    static let triggerThreshold = 0.2

    /// Takes the events that drive time travel (timeline drags, `-` and `=`, the triggers) out of
    /// `events` and returns the rest, in order, for the scene.
    public func filter(_ events: [HostEvent], driver: FrameDriver) -> [HostEvent] {
        var passed: [HostEvent] = []
        for e in events where !take(e, driver: driver) { passed.append(e) }
        return passed
    }

    /// True when the event was the timeline's (or is dropped while scrubbing).
    private func take(_ e: HostEvent, driver: FrameDriver) -> Bool {
        let size = driver.sizeInPoints
        switch e {
        case .mouseMotion(let p):
            hovering = timeline.contains(y: p.y, height: size.height)
            if scrub?.control == .mouse { scrub(to: timeline.time(atX: p.x, width: size.width)); return true }
        case .mouseButton(true, let p):
            if scrub == nil, !log.frames.isEmpty, timeline.contains(y: p.y, height: size.height) {
                beginScrub(at: log.frames.count - 1, control: .mouse)
                scrub(to: timeline.time(atX: p.x, width: size.width))
                return true
            }
        case .mouseButton(false, _):
            if scrub?.control == .mouse { resumeReporting(driver); return true }
        case let .key(key, _, down, _):
            guard key == Self.backKey || key == Self.forwardKey else { break }
            if down {
                keysHeld.insert(key)
                if scrub == nil { beginScrub(at: log.frames.count - 1, control: .keys) }
            } else {
                keysHeld.remove(key)
                if keysHeld.isEmpty, scrub?.control == .keys { resumeReporting(driver) }
            }
            return true
        case let .padAxis(_, axis, value):
            guard axis == .leftTrigger || axis == .rightTrigger else { break }
            let v = max(0, value)
            if axis == .leftTrigger { triggers.left = v } else { triggers.right = v }
            let pulled = max(triggers.left, triggers.right) >= Self.triggerThreshold
            if pulled, scrub == nil { beginScrub(at: log.frames.count - 1, control: .pad) }
            if !pulled, scrub?.control == .pad { resumeReporting(driver) }
            return true
        default: break
        }
        // While scrubbing the scene gets no input; the window's own events still pass.
        guard scrub != nil else { return false }
        switch e {
        case .mouseMotion, .mouseButton, .mouseWheel, .key, .padButton, .padAxis: return true
        case .quit, .windowResized, .windowChanged, .padAdded, .padRemoved: return false
        }
    }

    /// Resumes; a failure (a scene that throws cannot, but a frame that cannot be made can) is one line.
    private func resumeReporting(_ driver: FrameDriver) {
        do { try resume(driver: driver) } catch {
            scrub = nil
            FileHandle.standardError.write(Data("\(ProgramName.current): time travel: \(error)\n".utf8))
        }
    }

    /// The events a release action gives the stage, as the router would make them.
    static func events(releasing a: InputScript.Action, pointer: CGPoint) -> [InputEvent] {
        switch a {
        case let .pointerUp(x, y): [.pointerUp(CGPoint(x: x, y: y))]
        case let .keyState(name, down): KeyNames.inputKey(named: name).map { [.key($0, isDown: down)] } ?? []
        case let .padButton(b, down): [.padButton(b, isDown: down)] + (b == .a && !down ? [.pointerUp(pointer)] : [])
        case let .padAxis(axis, v): [.padAxis(axis, value: v)]
        default: []
        }
    }
}
