import DevTools
import FrameLoop
import CSDL2
import Flipbook
import Foundation
import Raster
import RasterIO

/// Renders a stage frame by frame on a manual clock, writing PNGs, a trace and a contact sheet.
///
/// Deterministic: frame n is at exactly n / fps (or, for a frame-timed script, at its n-th
/// frame line's time), input comes from the script at exact times as SDL
/// events, and nothing reads the wall clock, so the same options give byte-identical files. Frames
/// are made by `FrameDriver` like the window's: every frame runs, only the kept ones (and the two
/// before each) are drawn, and they go to its sinks. Output is all-or-nothing and only ever adds
/// files: `RenderOutput` stages them and puts them in place only when the whole render succeeded;
/// a failed run changes nothing.
public final class HeadlessDriver {
    /// What a render wrote: absolute paths, each file complete (nothing is written on failure).
    public struct Result: Equatable {
        /// Absolute paths of the PNGs written, in frame order.
        public var frames: [String]
        /// Absolute path of the contact sheet (`--sheet`), if one was asked for.
        public var sheet: String?
        /// Absolute path of the JSON trace (`--trace`), if one was asked for.
        public var trace: String?
        /// Absolute paths of the recordings written (`--apng`, `--gif`, `--webp`, `--mp4`), in the options' order.
        public var recordings: [String] = []
        /// A shard's `shard-I-of-N.json`, when the render was one part (`--shard`).
        public var manifest: String?
        /// Frames drawn (rendered and presented), kept or not: the kept frames and the two before
        /// each, or every frame with `--draw-all`. Not compared: it says what the run cost.
        public var framesDrawn = 0

        /// Equal when the same files were written.
        public static func == (a: Result, b: Result) -> Bool {
            a.frames == b.frames && a.sheet == b.sheet && a.trace == b.trace && a.recordings == b.recordings && a.manifest == b.manifest
        }

        /// A result with these paths (for tests comparing results).
        public init(frames: [String], sheet: String? = nil, trace: String? = nil, recordings: [String] = [], manifest: String? = nil) {
            self.frames = frames
            self.sheet = sheet
            self.trace = trace
            self.recordings = recordings
            self.manifest = manifest
        }
    }

    /// The render's options, checked by `render(stage:)` before anything runs.
    public let options: RenderOptions
    /// Told after each frame (frames done, total); the progress bar on a terminal.
    public var progress: ((_ done: Int, _ total: Int) -> Void)?
    /// A driver for one render with `options`; nothing is checked or written until `render(stage:)`.
    public init(options: RenderOptions) { self.options = options }

    /// Checks the options, then renders `stage`; SDL (the dummy driver) must be up.
    public func run(session: SDLSession, stage: Stage) throws -> Result {
        try options.validate()
        return try runValidated(session: session, stage: stage)
    }

    private func runValidated(session: SDLSession, stage: Stage) throws -> Result {
        let output = try RenderOutput(OutputPaths(options))
        defer { output.abandon() } // after a commit there is nothing left to remove
        return try render(session: session, stage: stage, output: output)
    }

    private func render(session: SDLSession, stage: Stage, output: RenderOutput) throws -> Result {
        let source = ManualSource(fps: options.fps)
        guard let driver = FrameDriver(stage: stage, clock: MediaClock(source: source), pixelWidth: options.pixelWidth,
                                       pixelHeight: options.pixelHeight, scale: options.scale, threads: options.threads) else {
            throw HostError("cannot make a \(options.pixelWidth)x\(options.pixelHeight) frame")
        }
        driver.stepDuration = 1 / options.fps
        if options.darkAppearance { stage.engine.perform { UIScreen.main.userInterfaceStyle = .dark } }
        if options.hud || options.inspector {
            driver.installTools(hudOpen: options.hud, inspectorOpen: options.inspector, showsHandle: options.hud)
        }
        // A frame-timed script (a window's recording) gives every frame's time; its clock keys reach
        // the scene only, their pauses being in the times already.
        let timings = options.frameTimings
        driver.appliesClockRequests = timings == nil
        // Named targets are found in the tree drawn, as the last frame presented it; a missing
        // one is reported as the stage's misuse is.
        let player = options.script.map {
            ScriptPlayer(script: $0, windowID: 0,
                         resolve: { name in stage.engine.perform { InputScript.centre(ofTarget: name, in: stage.rootLayer) } },
                         report: { stage.engine.report($0) })
        }
        // A scene's haptic feedback rumbles the script's virtual pad, as the window's controllers.
        let rumble = RumblePlayer(engine: stage.engine, session: session)
        defer { player?.close(); rumble.close(); session.closeControllers() }
        session.discardPendingEvents() // nothing from before the run leaks into it

        let dumped = Set(options.keptFrames)
        let pngs = PNGSequenceSink(frames: dumped) { bitmap, name in try output.writeFrame(bitmap, named: name) }
        if options.outDirectory != nil { driver.sinks.append(pngs) }
        let sheet = options.sheetPath.map { _ in ContactSheetSink(frames: dumped) }
        let trace = try options.tracePath.map { _ in TraceSink(write: try output.openTrace()) }
        if let sheet { driver.sinks.append(sheet) }
        if let trace { driver.sinks.append(trace) }
        let recordings = try output.paths.recordings.map { try recordingSink($0.format, path: $0.path, frames: dumped, output: output) }
        driver.sinks += recordings as [FrameSink]

        // Only the frames a PNG or the sheet keeps are drawn, and the two before each: input, timers,
        // animations and layout run on every frame exactly as when drawn (the trace reads
        // presentation values, not pixels), so `--at 3.5` costs three renders instead of 211. The
        // two before make a kept frame byte-identical to the same frame of a render that draws
        // every one: content that changed on each of the last two drawn frames is played straight
        // into the frame rather than resampled from its cache (DisplayStep), so a frame's pixels
        // depend on whether its content changed at it and at the frame before.
        // `--draw-all` draws every frame (soaks measure the whole path, as the window runs it).
        let drawn = options.drawsEveryFrame ? nil : Set(dumped.flatMap { [$0 - 2, $0 - 1, $0] })
        var framesDrawn = 0
        for frame in 0..<options.frameCount {
            // The clock reaches frame n (n / fps); the script's events due by then arrive through SDL.
            if frame > 0 { source.advance() }
            let timing = timings?[frame]
            player?.inject(upTo: timing?.mediaTime ?? source.seconds, frame: frame)
            SDL_PumpEvents()
            driver.route(session.pollEvents()) // quit and titles mean nothing headless
            let drawing = drawn?.contains(frame) ?? true
            try driver.runFrame(drawing: drawing, timing: timing)
            rumble.play(upTo: timing?.mediaTime ?? source.seconds)
            if drawing { framesDrawn += 1 }
            progress?(frame + 1, options.frameCount)
        }
        // The last kept frame shows until the next one would have come: K frames for --every K, one for --at.
        if let last = options.dumpedFrames.last {
            let gap: Int
            if case .every(let k) = options.dump { gap = k } else { gap = 1 }
            for r in recordings { try r.finish(endingAtFrame: last + gap) }
        }
        if let shard = options.shard {
            let frames = pngs.written.map { ShardManifest.Frame(number: $0.frame, time: $0.time, name: $0.name) }
            try output.writeManifest(ShardManifest(options: options, shard: shard, frames: frames).encoded())
        }
        // Everything rendered: the sheet and trace are written, then every file is put in place.
        var result = try output.commit(sheet: sheet?.sheet(title: options.sceneName), trace: nil) // the trace was streamed
        result.framesDrawn = framesDrawn
        return result
    }

    /// A recording of the kept frames into a staged file of `output`, timed by the fps as a fraction.
    private func recordingSink(_ format: RecordingFormat, path: String, frames: Set<Int>, output: RenderOutput) throws -> RecordingSink {
        let file = try output.openStream(for: path, what: "the \(format.rawValue.uppercased())")
        let fps = options.fpsFraction
        // Frame n starts at n × seconds / frames: ticks of 1 / frames s, `seconds` per frame.
        let clock = FrameClock(rate: fps.frames)
        let writer: AnimationWriter
        switch format {
        case .apng: writer = APNGWriter(file: file, clock: clock)
        case .gif: writer = GIFWriter(file: file, clock: clock)
        case .webp: writer = WebPWriter(file: file, clock: clock)
        case .mp4:
            var every = 1 // validate() refused --at with --mp4
            if case .every(let k) = options.dump { every = k }
            writer = MP4Writer(file: file, rate: (fps.frames, fps.seconds * Int64(every)))
        }
        return RecordingSink(format: format, frames: frames, writer: writer, ticksPerFrame: fps.seconds)
    }
}

extension HeadlessDriver {
    /// The whole headless command: checks the options (the one place they are checked), finds the
    /// scene, starts SDL's dummy driver and renders. The CLI and the tests both come through here.
    public static func render(_ options: RenderOptions, registry: [Scene.Type],
                              progress: ((_ done: Int, _ total: Int) -> Void)? = nil) throws -> Result {
        try options.validate()
        let type = try Playground.sceneType(named: options.sceneName, in: registry)
        let session = try SDLSession.start(headless: true)
        defer { session.shutdown() }
        let stage = Playground(registry: registry, initial: type)
        let driver = HeadlessDriver(options: options)
        driver.progress = progress
        return try driver.runValidated(session: session, stage: stage)
    }
}
