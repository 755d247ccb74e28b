import CSDL2
import Flipbook
import Foundation
import Raster
import RasterIO

/// Renders a stage frame by frame on a manual clock, writing PNGs, a trace and a contact sheet.
///
/// Deterministic: frame n is at exactly n / fps, input comes from the script at exact times, and
/// nothing reads the wall clock, so the same options give byte-identical files. Output is
/// all-or-nothing: files are written into a hidden folder inside the output directory and moved
/// into place only when the whole render succeeded.
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
        let fm = FileManager.default
        let out = URL(fileURLWithPath: options.outDirectory).standardizedFileURL
        var createdOut = false
        if !fm.fileExists(atPath: out.path) {
            do { try fm.createDirectory(at: out, withIntermediateDirectories: true) } catch {
                throw HostError("cannot create output directory \(out.path): \(Self.reason(error))")
            }
            createdOut = true
        }
        var isDir: ObjCBool = false
        guard fm.fileExists(atPath: out.path, isDirectory: &isDir), isDir.boolValue else {
            throw HostError("output path \(out.path) exists and is not a directory")
        }
        let partial = out.appendingPathComponent(".flipbook-partial-\(getpid())")
        do { try fm.createDirectory(at: partial, withIntermediateDirectories: true) } catch {
            throw HostError("cannot write to output directory \(out.path): \(Self.reason(error))")
        }
        defer { try? fm.removeItem(at: partial) }
        do {
            return try render(session: session, stage: stage, partial: partial, out: out)
        } catch {
            if createdOut { try? fm.removeItem(at: out) }
            throw error
        }
    }

    private func render(session: SDLSession, stage: Stage, partial: URL, out: URL) throws -> Result {
        let fm = FileManager.default
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
                do { try PNG.write(bitmap, to: partial.appendingPathComponent(name).path) } catch {
                    png = nil
                }
            }
            if dumped.contains(frame) {
                guard let png else { throw HostError("cannot write frame \(frame) into \(out.path): disk full or not writable") }
                written.append((frame, loop.frameTime, png))
            }
            if options.tracePath != nil { trace.add(frame: frame, time: loop.frameTime, layers: stage.traceValues()) }
        }

        // Everything rendered: build the side files in the partial folder, then move all into place.
        var result = Result(frames: [], sheet: nil, trace: nil)
        var moves: [(URL, URL)] = written.map { (partial.appendingPathComponent($0.name), out.appendingPathComponent($0.name)) }
        if let sheetPath = options.sheetPath {
            let sheet = ContactSheet.make(frames: sheetFrames, title: options.sceneName)
            let tmp = partial.appendingPathComponent("sheet.png")
            do { try PNG.write(sheet, to: tmp.path) } catch { throw HostError("cannot write the contact sheet: \(error)") }
            let dest = URL(fileURLWithPath: sheetPath, relativeTo: URL(fileURLWithPath: fm.currentDirectoryPath)).standardizedFileURL
            moves.append((tmp, dest)); result.sheet = dest.path
        }
        if let tracePath = options.tracePath {
            let tmp = partial.appendingPathComponent("trace.jsonl")
            guard fm.createFile(atPath: tmp.path, contents: Data(trace.contents.utf8)) else {
                throw HostError("cannot write the trace into \(partial.path)")
            }
            let dest = URL(fileURLWithPath: tracePath, relativeTo: URL(fileURLWithPath: fm.currentDirectoryPath)).standardizedFileURL
            moves.append((tmp, dest)); result.trace = dest.path
        }
        for (from, to) in moves {
            do {
                if fm.fileExists(atPath: to.path) { try fm.removeItem(at: to) }
                try fm.moveItem(at: from, to: to)
            } catch {
                throw HostError("cannot move \(from.lastPathComponent) to \(to.path): \(Self.reason(error))")
            }
        }
        result.frames = written.map { out.appendingPathComponent($0.name).path }
        return result
    }

    private func apply(_ r: HostRequest, clock: MediaClock, steps: inout Int) {
        switch r {
        case .togglePause: clock.togglePause()
        case .stepFrame: steps += 1
        case .toggleSlowMotion: clock.timeScale = clock.timeScale == 1 ? 0.1 : 1
        case .quit, .setTitle: break
        }
    }

    static func reason(_ error: Error) -> String {
        let ns = error as NSError
        if let under = ns.userInfo[NSUnderlyingErrorKey] as? NSError { return under.localizedDescription }
        return ns.localizedDescription
    }
}

extension HeadlessDriver {
    /// The whole headless command: finds the scene, checks the options, starts SDL's dummy driver
    /// and renders. The CLI and the tests both come through here.
    public static func render(_ options: RenderOptions, registry: [Scene.Type]) throws -> Result {
        let type = try Playground.sceneType(named: options.sceneName, in: registry)
        try options.validate()
        let session = try SDLSession.start(headless: true)
        defer { session.shutdown() }
        let stage = Playground(registry: registry, initial: type)
        return try HeadlessDriver(options: options).run(session: session, stage: stage)
    }
}
