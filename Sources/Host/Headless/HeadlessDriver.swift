import CSDL2
import Flipbook
import Foundation
import Raster
import RasterIO

/// Renders a stage frame by frame on a manual clock, writing PNGs, a trace and a contact sheet.
///
/// Deterministic: frame n is at exactly n / fps, input comes from the script at exact times, and
/// nothing reads the wall clock, so the same options give byte-identical files. Output is
/// all-or-nothing and only ever adds files: `RenderOutput` stages them and puts them in place only
/// when the whole render succeeded; a failed run changes nothing.
public final class HeadlessDriver {
    public struct Result: Equatable {
        /// Absolute paths of the PNGs written, in frame order.
        public var frames: [String]
        public var sheet: String?
        public var trace: String?
    }

    public let options: RenderOptions
    public init(options: RenderOptions) { self.options = options }

    /// Runs the render. `makeStage` is called after SDL is up.
    public func run(session: SDLSession, stage: Stage) throws -> Result {
        try options.validate()
        let output = try RenderOutput(OutputPaths(options))
        defer { output.abandon() } // after a commit there is nothing left to remove
        return try render(session: session, stage: stage, output: output)
    }

    private func render(session: SDLSession, stage: Stage, output: RenderOutput) throws -> Result {
        let source = ManualSource(fps: options.fps)
        let clock = MediaClock(source: source)
        guard let loop = FrameLoop(stage: stage, clock: clock, pixelWidth: options.pixelWidth,
                                   pixelHeight: options.pixelHeight, scale: options.scale) else {
            throw HostError("cannot make a \(options.pixelWidth)x\(options.pixelHeight) frame")
        }
        let router = InputRouter()
        router.resize(to: loop.sizeInPoints)
        router.drawPointer(on: loop)
        let player = options.script.map { ScriptPlayer(script: $0, windowID: 0) }
        defer { player?.close(); router.closeAll() }
        _ = session.pollEvents() // nothing from before the run leaks into it

        let dumped = Set(options.dumpedFrames)
        var written: [(frame: Int, time: Double, name: String)] = []
        var trace = TraceWriter()
        var sheetFrames: [(Bitmap, Double)] = []
        var stepsPending = 0
        var writeFailure: Error?

        for frame in 0..<options.frameCount {
            // The clock reaches frame n; a pause (space) freezes media time, a step (period) moves one frame.
            let before = source.seconds
            if frame > 0 { source.advance() }
            if clock.isPaused && stepsPending > 0 { clock.step(by: 1 / options.fps); stepsPending -= 1 }
            player?.inject(upTo: source.seconds)
            SDL_PumpEvents()
            var events: [InputEvent] = []
            for routed in router.route(session.pollEvents()) {
                switch routed {
                case .input(let ev): events.append(ev)
                case .request(let r): apply(r, clock: clock, steps: &stepsPending)
                case .windowResized: break
                }
            }
            events += router.advancePointer(by: source.seconds - before)
            for r in stage.takeRequests() { apply(r, clock: clock, steps: &stepsPending) }
            var png: String?
            loop.runFrame(events: events) { bitmap in
                guard dumped.contains(frame) else { return }
                let name = String(format: "frame-%05d.png", frame)
                png = name
                if options.sheetPath != nil, let thumb = ContactSheet.thumbnail(of: bitmap) { sheetFrames.append((thumb, loop.frameTime)) }
                do { try output.writeFrame(bitmap, named: name) } catch {
                    png = nil; writeFailure = error
                }
            }
            if dumped.contains(frame) {
                guard let png else { throw writeFailure ?? HostError("cannot write frame \(frame)") }
                written.append((frame, loop.frameTime, png))
            }
            if options.tracePath != nil { trace.add(frame: frame, time: loop.frameTime, layers: stage.traceValues()) }
        }

        // Everything rendered: the sheet and trace are written, then every file is put in place.
        let sheet = options.sheetPath == nil ? nil : ContactSheet.make(frames: sheetFrames, title: options.sceneName)
        return try output.commit(sheet: sheet, trace: options.tracePath == nil ? nil : trace.contents)
    }

    private func apply(_ r: HostRequest, clock: MediaClock, steps: inout Int) {
        switch r {
        case .togglePause: clock.togglePause()
        case .stepFrame: steps += 1
        case .toggleSlowMotion: clock.timeScale = clock.timeScale == 1 ? 0.1 : 1
        case .quit, .setTitle: break
        }
    }
}

extension HeadlessDriver {
    /// The whole headless command: finds the scene, checks the options, starts SDL's dummy driver
    /// and renders. The CLI and the tests both come through here.
    public static func render(_ options: RenderOptions, registry: [Scene.Type]) throws -> Result {
        try options.validate()
        let type = try Playground.sceneType(named: options.sceneName, in: registry)
        let session = try SDLSession.start(headless: true)
        defer { session.shutdown() }
        let stage = Playground(registry: registry, initial: type)
        return try HeadlessDriver(options: options).run(session: session, stage: stage)
    }
}
