import FrameLoop
import Flipbook
import Foundation
import DevTools
import Render
import Window
import RasterIO

/// Starts the window, a headless render or a tour for the command line, over one app's scenes.
struct Launcher {
    let scenes: [any Scene.Type]
    /// The program's name, for messages that tell the user what to type.
    let commandName: String
    /// Scenes made for measuring (`PlaygroundApp.benchmarkScenes`): opened by name, not in the menu.
    var benchmarkScenes: [any Scene.Type] = []

    /// Refuses a scene list the command line could not address: no scenes, a name that is empty,
    /// not one word or taken twice.
    func checkScenes() throws {
        guard !scenes.isEmpty else { throw HostError("the playground has no scenes (PlaygroundApp.scenes is empty)") }
        var seen: Set<String> = []
        for type in scenes {
            let name = type.name
            guard !name.isEmpty, !name.contains(where: { $0.isWhitespace || $0.isNewline || $0 == "/" || $0.asciiValue.map { $0 < 0x20 } == true }) else {
                throw HostError("scene \(type) has the name \(OneLine.quote(name)); a scene's name is one word without '/'")
            }
            guard seen.insert(name).inserted else { throw HostError("two scenes are named \(OneLine.quote(name)); names must be unique") }
        }
    }

    /// - Parameters:
    ///   - recordInput: where to save the session's input as a frame-timed script when the
    ///     window closes (checked before the window opens; see `RecordingFile`).
    ///   - input: an input script to play live in the window (read and checked before it opens).
    ///   - recordAs: what R records the window into.
    ///   - watch: the window run by `watch`: resumes a handed-over session, shows build errors.
    func openWindow(scene: String?, size: (Int, Int)?, scale: Double?, slow: Double, hud: Bool = false,
                    threads: Int = RenderThreads.default, showDamage: Bool = false, darkAppearance: Bool = false,
                    recordInput: String? = nil, input: String? = nil, recordAs: RecordingFormat = .apng,
                    watch: WatchChild? = nil) throws {
        // The benchmark scenes (`bench-collection`) open by name too, for frame rates in the window;
        // a program's own scene of the same name comes first.
        let type = try scene.map { name in
            if !scenes.contains(where: { $0.name == name }), let bench = benchmarkScenes.first(where: { $0.name == name }) { return bench }
            return try Playground.sceneType(named: name, in: scenes)
        }
        var options = WindowHost.Options()
        if let (w, h) = size { options.width = w; options.height = h }
        options.scale = scale
        options.slow = slow
        options.hud = hud
        options.threads = threads
        options.showDamage = showDamage
        options.darkAppearance = darkAppearance
        options.title = "Flipbook — \(type?.name ?? "menu")"
        options.script = try input.map { try InputScript.load(path: $0) }
        options.recordFormat = recordAs
        options.notes = BuildConfiguration.hudNotes
        watch?.apply(to: &options)
        try options.validate() // before looking for a display: a bad option or script is named first
        let recording = try recordInput.map { try RecordingFile(path: $0) }
        guard SDLSession.hasDisplay else {
            throw HostError("no display (DISPLAY and WAYLAND_DISPLAY are unset); render headless instead: \(commandName) render SCENE --out DIR")
        }
        let session = try SDLSession.start(headless: false)
        defer { session.shutdown() }
        BuildConfiguration.announce(program: commandName, always: true)
        // Time travel: the live playground runs under a time machine that records its input.
        let travel = TimeMachine(registry: scenes, initial: type)
        let host = try WindowHost(session: session, stage: travel.stage, options: options)
        travel.install(on: host.frameDriver)
        try watch?.start(host: host, travel: travel)
        // The recording is saved however the window ends: closed, Ctrl-C (a quit event), an X error.
        var failure: Error?
        do { try host.run() } catch { failure = error }
        if let recording {
            // The scene's area, not the window: the time-travel band (and an open inspector) took
            // part of it, and a render of the recording must lay the scene out as it was.
            let first = travel.log.frames.first
            let width = first.map { Int((Double($0.pixelWidth) / $0.scale).rounded()) } ?? options.width
            let height = first.map { Int((Double($0.pixelHeight) / $0.scale).rounded()) } ?? options.height
            try recording.save(travel.log.script(scene: type?.name ?? "menu", width: width, height: height))
            Files.print("input recording (\(travel.log.frames.count) frames): \(recording.path)", to: STDOUT_FILENO)
        }
        if let failure { throw failure }
    }

    func render(_ options: RenderOptions, progress: ((_ done: Int, _ total: Int) -> Void)? = nil) throws -> HeadlessDriver.Result {
        try HeadlessDriver.render(options, registry: scenes, progress: progress)
    }

    /// What `wrote N frames to DIR` and the sheet, trace and recording lines say after a render.
    static func report(_ result: HeadlessDriver.Result, out: String?) {
        if let out {
            let folder = result.frames.first.map { String($0[..<$0.lastIndex(of: "/")!]) } ?? out
            Files.print("wrote \(result.frames.count) frame\(result.frames.count == 1 ? "" : "s") to \(folder)", to: STDOUT_FILENO)
        }
        if let s = result.sheet { Files.print("contact sheet: \(s)", to: STDOUT_FILENO) }
        if let t = result.trace { Files.print("trace: \(t)", to: STDOUT_FILENO) }
        if let m = result.manifest { Files.print("shard manifest: \(m) (join the parts with assemble)", to: STDOUT_FILENO) }
        for r in result.recordings { Files.print("recording: \(r)", to: STDOUT_FILENO) }
    }
}
