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
        guard let driver = FrameDriver(stage: stage, clock: MediaClock(source: source), pixelWidth: options.pixelWidth,
                                       pixelHeight: options.pixelHeight, scale: options.scale) else {
            throw HostError("cannot make a \(options.pixelWidth)x\(options.pixelHeight) frame")
        }
        driver.stepDuration = 1 / options.fps
        let player = options.script.map { ScriptPlayer(script: $0, windowID: 0) }
        defer { player?.close(); driver.router.closeAll() }
        _ = session.pollEvents() // nothing from before the run leaks into it

        let dumped = Set(options.dumpedFrames)
        let pngs = PNGSequenceSink(folder: partial, frames: dumped)
        let sheet = options.sheetPath.map { _ in ContactSheetSink(frames: dumped) }
        let trace = options.tracePath.map { _ in TraceSink() }
        driver.sinks = [pngs]
        if let sheet { driver.sinks.append(sheet) }
        if let trace { driver.sinks.append(trace) }

        for frame in 0..<options.frameCount {
            // The clock reaches frame n (n / fps); the script's events due by then arrive through SDL.
            if frame > 0 { source.advance() }
            player?.inject(upTo: source.seconds)
            SDL_PumpEvents()
            driver.route(session.pollEvents()) // quit and titles mean nothing headless
            try driver.runFrame()
        }
        let written = pngs.written

        // Everything rendered: build the side files in the partial folder, then move all into place.
        var result = Result(frames: [], sheet: nil, trace: nil)
        var moves: [(URL, URL)] = written.map { (partial.appendingPathComponent($0.name), out.appendingPathComponent($0.name)) }
        if let sheetPath = options.sheetPath, let sheet {
            let tmp = partial.appendingPathComponent("sheet.png")
            do { try PNG.write(sheet.sheet(title: options.sceneName), to: tmp.path) } catch { throw HostError("cannot write the contact sheet: \(error)") }
            let dest = URL(fileURLWithPath: sheetPath, relativeTo: URL(fileURLWithPath: fm.currentDirectoryPath)).standardizedFileURL
            moves.append((tmp, dest)); result.sheet = dest.path
        }
        if let tracePath = options.tracePath, let trace {
            let tmp = partial.appendingPathComponent("trace.jsonl")
            guard fm.createFile(atPath: tmp.path, contents: Data(trace.writer.contents.utf8)) else {
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
