import FrameLoop
import ArgumentParser
import Flipbook
import Foundation
import DevTools
import Render
import Window
import RasterIO

/// The playground's command line for `App`'s scenes (`flipbook` is the one with the built-in scenes).
///
/// Generic over the app so the scene list reaches every subcommand through its type, with no
/// global to set: swift-argument-parser makes the commands from their types. Every user error prints
/// one line naming the problem and exits with status 2; `--help` and `help SUBCOMMAND` print the
/// full help and exit 0.
struct PlaygroundCommand<App: PlaygroundApp>: ParsableCommand {
    // Computed: generic types cannot have stored static properties.
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: App.commandName,
            abstract: "A Core Animation / UIKit-style animation playground for Linux.",
            discussion: """
                With no subcommand, opens a window with the scene menu (mouse, keyboard and controller \
                choose; Escape or B returns to the menu). Keys: space pauses, period steps one frame, \
                S toggles slow motion ×10, R starts and stops recording the window to an APNG, D flashes the \
                redrawn rectangles, A switches between the light and the dark appearance; drag the band at the bottom (or hold - or =) to travel in time. Without a \
                display (DISPLAY and WAYLAND_DISPLAY unset), \
                renders a headless tour of every scene instead (see the tour subcommand) into out/, \
                or out-2/, out-3/… when that exists.
                """,
            subcommands: [List.self, Run.self, Watch.self, Render.self, Report.self, Assemble.self, Tour.self, Bench.self, WatchChildCommand.self]
        )
    }

    static var launcher: Launcher { Launcher(scenes: App.scenes, commandName: App.commandName, benchmarkScenes: App.benchmarkScenes) }

    func run() throws {
        if SDLSession.hasDisplay {
            try Self.launcher.openWindow(scene: nil, size: nil, scale: nil, slow: 1, threads: RenderThreads.resolve(option: nil), showDamage: false)
        } else {
            let out = Launcher.firstFreeFolder(named: "out")
            Files.print("no display (DISPLAY and WAYLAND_DISPLAY are unset): rendering a headless tour into \(out)/", to: STDOUT_FILENO)
            try Self.launcher.tour(Launcher.TourOptions(out: out))
        }
    }

    static func main() {
        do {
            try launcher.checkScenes()
            // Arguments byte for byte: a non-UTF-8 file name stays the name the user typed (see Files).
            var command = try parseAsRoot(Files.arguments())
            // A debug build says so when stderr is a terminal; a window and `bench` always (there).
            BuildConfiguration.announce(program: App.commandName, always: false)
            try command.run()
        } catch let error as HostError {
            fail(error.description)
        } catch {
            let code = exitCode(for: error)
            if code == .success || error is CleanExit {
                exit(withError: error) // --help, --version: full text, status 0
            }
            fail(message(for: error).split(separator: "\n").first.map(String.init) ?? "\(error)")
        }
    }

    /// One line on standard error, whatever the message echoes (control characters are escaped).
    static func fail(_ message: String) -> Never {
        var line = message.trimmingCharacters(in: .whitespacesAndNewlines)
        if line.hasPrefix("Error: ") { line.removeFirst(7) }
        Files.print("\(App.commandName): \(OneLine.escape(line))", to: STDERR_FILENO)
        Foundation.exit(2)
    }
}

extension PlaygroundCommand {
    struct List: ParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(abstract: "List the scenes with one-line descriptions.")
        }
        @Flag(help: "Print the names only, one per line (for scripts).") var names = false

        func run() {
            let scenes = App.scenes
            if names { scenes.forEach { print($0.name) }; return }
            let width = scenes.map { $0.name.count }.max() ?? 0
            for s in scenes { print(s.name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + s.summary) }
        }
    }

    struct Run: ParsableCommand {
        static var configuration: CommandConfiguration { CommandConfiguration(abstract: "Open a scene in a window.") }
        @Argument(help: "The scene to open (see the list subcommand).") var scene: String
        @Option(help: "Window size in points, WxH.", transform: { try Size.parse($0) }) var size: Size?
        @Option(help: "Pixels per point (default: follow the display).") var scale: Double?
        @Option(help: "Slow motion: media time runs N times slower.") var slow: Double = 1
        @Flag(help: "Open the HUD at start (H toggles it, as does the handle the top-left corner shows under the pointer).") var hud = false
        @Option(help: "Compositing threads (default: FLIPBOOK_THREADS, else one per core up to 16).") var threads: Int?
        @Flag(help: "Flash the rectangles each frame redraws (key D toggles it).") var showDamage = false
        @Option(help: "light or dark: the appearance the scene starts in (key A toggles it).", transform: { try Appearance.parse($0) })
        var appearance: Appearance = .light
        @Option(help: "Save the window's input when it closes, as a frame-timed input script that render --input replays to the same frames.")
        var recordInput: String?
        @Option(help: "Input script to play live in the window on its media clock, beside the real mouse, keys and pads (see README: Input scripts).")
        var input: String?
        @Option(help: "What R records the window into: apng (default), gif or webp.")
        var recordAs: String = "apng"

        func run() throws {
            guard let format = RecordingFormat(rawValue: recordAs.lowercased()) else {
                throw HostError("--record-as \(OneLine.quote(recordAs)) is not a format; choose apng, gif or webp")
            }
            try PlaygroundCommand.launcher.openWindow(scene: scene, size: size.map { ($0.width, $0.height) }, scale: scale, slow: slow, hud: hud,
                                                      threads: RenderThreads.resolve(option: threads), showDamage: showDamage,
                                                      darkAppearance: appearance == .dark, recordInput: recordInput, input: input, recordAs: format)
        }
    }

    struct Render: ParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(
                abstract: "Render a scene headless into PNG frames and animated files (deterministic: same arguments, same bytes).",
                discussion: "Frame n is at n / fps seconds. Without --at or --every, every frame is kept. Without --duration or --frames, the render lasts 3 s, or up to the last --at time. Recordings (--apng, --gif, --webp, --mp4) hold the kept frames, timed by the fps; --out may then be left out. A progress bar shows on standard error when it is a terminal.")
        }
        @Argument(help: "The scene to render (see the list subcommand).") var scene: String
        @Option(help: "Output directory for frame-NNNNN.png files (optional with a recording, --sheet or --trace).") var out: String?
        @Option(help: "Frame size in points, WxH (default: 1280x720).", transform: { try Size.parse($0) }) var size: Size = .standard
        @Option(help: "Pixels per point.") var scale: Double = 1
        @Option(help: "Frames per second of the virtual clock.") var fps: Double = 60
        @Option(help: "Seconds to render (inclusive of the last instant).") var duration: Double?
        @Option(help: "Number of frames to render.") var frames: Int?
        @Option(help: "Keep every K-th frame.") var every: Int?
        @Option(help: "Keep the frames at these times, e.g. 0,2.5,5.", transform: { try parseTimes($0) }) var at: Times?
        @Option(help: "Input script to play (see README: Input scripts).") var input: String?
        @Flag(help: "Play the scene's own demo script (Scene.demoScript), its positions scaled to --size, as the tour does.") var demo = false
        @Option(help: "Write one JSON line per frame with the named layers' presentation values.") var trace: String?
        @Option(help: "Write a contact sheet of the kept frames with their times.") var sheet: String?
        @Flag(help: "Write OUT/report.html, one page with the frames as a player and a contact sheet and plots of the traced values (see the report subcommand); traces into OUT/trace.jsonl unless --trace is given.")
        var report = false
        @Option(help: "Write the kept frames as a lossless animated PNG.") var apng: String?
        @Option(help: "Write the kept frames as an animated GIF (256 colours per frame).") var gif: String?
        @Option(help: "Write the kept frames as a lossless animated WebP (needs libwebpmux3).") var webp: String?
        @Option(help: "Write the kept frames as an H.264 MP4 (needs ffmpeg on the PATH).") var mp4: String?
        @Flag(help: "No progress bar and no report of what was written.") var quiet = false
        @Option(help: "Render only part I of N (0-based): every N-th block of frames, for `assemble` to join (README: Long renders in parts).") var shard: String?
        @Option(help: "Frames per block with --shard (default 30).") var shardBlock: Int?
        @Flag(help: "Draw the HUD over the frames (its graph's phase times are measured in the window only).") var hud = false
        @Flag(help: "Open the layer inspector, docked beside the scene (which is laid out narrower); an input script's tap selects a layer.") var inspector = false
        @Option(help: "light or dark: the appearance of the scene (a script's A key switches it).", transform: { try Appearance.parse($0) })
        var appearance: Appearance = .light
        @Option(help: "Compositing threads (default: FLIPBOOK_THREADS, else one per core up to 16; the frames are the same bytes whatever the count).") var threads: Int?
        @Flag(help: "Draw every frame as the window does, not only the kept ones (soaks; the kept frames are the same bytes).") var drawAll = false
        @Flag(help: "Replace the --out folder when Flipbook made it (its .flipbook-output marker lists every file in it); anything else is refused. The old folder goes only when the new render succeeded.")
        var replace = false

        func run() throws {
            guard !replace || out != nil else { throw HostError("--replace needs --out FOLDER (the folder to replace)") }
            guard !demo || input == nil else { throw HostError("give --demo or --input, not both") }
            guard !report || out != nil else { throw HostError("--report needs --out FOLDER (the page goes beside the frames)") }
            guard !report || shard == nil else { throw HostError("--report needs the whole render; run `report` on the folder `assemble` joins") }
            // The report's plots come from the trace: one in the folder unless --trace names another.
            let trace = self.trace ?? (report ? out.map { $0.hasSuffix("/") ? $0 + "trace.jsonl" : $0 + "/trace.jsonl" } : nil)
            let replacement = try replace ? out.map { try OutputReplacement(out: $0) } : nil
            // A report.html the page could not replace is refused now, before the render.
            if report, replacement?.target == nil, let out { try RenderReport.checkTarget(in: out) }
            let redirect = { (p: String?) in replacement?.redirect(p) ?? p }
            let recordings = [(RecordingFormat.apng, apng), (.gif, gif), (.webp, webp), (.mp4, mp4)].compactMap { f, p in
                redirect(p).map { Recording(f, path: $0) }
            }
            var options = try RenderOptions.commandLine(
                scene: scene, out: replacement?.renderFolder ?? out, width: size.width, height: size.height, scale: scale, fps: fps,
                duration: duration, frames: frames, every: every, at: at?.values, input: input, trace: redirect(trace), sheet: redirect(sheet),
                recordings: recordings, shard: shard, shardBlock: shardBlock)
            if demo { options.script = try PlaygroundCommand.launcher.demoScript(scene: scene, width: size.width, height: size.height) }
            options.hud = hud
            options.inspector = inspector
            options.darkAppearance = appearance == .dark
            options.drawsEveryFrame = drawAll
            options.threads = try RenderThreads.resolve(option: threads)
            RenderSignals.install() // Ctrl-C, SIGTERM, SIGHUP: the partial render is removed
            let bar = quiet ? nil : RenderProgress.onTerminal(label: scene)
            defer { bar?.finish() }
            var result = try PlaygroundCommand.launcher.render(options, progress: bar.map { b in { b.update(done: $0, total: $1) } })
            bar?.finish()
            if let replacement {
                try replacement.commit()
                result = result.moved(replacement.shown)
            }
            if !quiet { Launcher.report(result, out: out) }
            if report, let out {
                var options = RenderReport.Options(folder: out)
                options.trace = result.trace
                options.title = scene
                let written = try RenderReport.write(options)
                if !quiet { Files.print("report: \(written.path)", to: STDOUT_FILENO) }
            }
            if drawAll { Files.print("drew \(result.framesDrawn) frames", to: STDOUT_FILENO) }
        }
    }

    struct Report: ParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(
                abstract: "Write FOLDER/report.html: a render's frames as a player and a contact sheet, and plots of its trace's layer values with the animations marked.",
                discussion: """
                    One self-contained page (no network): the frames embedded while they add up to 32 MB, else referenced beside the page. \
                    The trace is --trace, else trace.jsonl in the folder, else the only *.jsonl there; without one there are no plots. \
                    An existing report.html is replaced only when it is an unedited page Flipbook wrote; anything else is refused.
                    """)
        }
        @Argument(help: "A render's --out folder (frame-NNNNN.png files).") var folder: String
        @Option(help: "The render's --trace file (default: trace.jsonl in the folder, else the only *.jsonl there).") var trace: String?
        @Option(help: "Frames per second, for the frames' times when there is no trace.") var fps: Double = 60
        @Option(help: "The page's title (default: the folder's name).") var title: String?

        func run() throws {
            var options = RenderReport.Options(folder: folder)
            options.trace = trace
            options.fps = fps
            options.title = title
            let w = try RenderReport.write(options)
            let how = w.embedded ? "frames embedded" : "frames referenced beside it"
            Files.print("wrote \(w.path) (\(w.frames) frame\(w.frames == 1 ? "" : "s"), \(how))\(w.replaced ? ", replacing the earlier report" : "")", to: STDOUT_FILENO)
        }
    }

    struct Assemble: ParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(
                abstract: "Join the parts of a render made with render --shard I/N into the frames (and sheet) one render writes.",
                discussion: "Give every part's --out folder. Every part is checked first (same render, each of 0…N−1 once, every frame there); files that exist are refused, never replaced.")
        }
        @Argument(help: "The --out folders of the parts.") var parts: [String]
        @Option(help: "Output directory for the joined frame-NNNNN.png files.") var out: String
        @Option(help: "Write a contact sheet of the frames with their times.") var sheet: String?

        func run() throws {
            RenderSignals.install()
            let result = try ShardAssembly.assemble(folders: parts, out: out, sheet: sheet)
            Launcher.report(result, out: out)
        }
    }

    struct Tour: ParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(
                abstract: "Render every scene headless: frames in DIR/SCENE/ and a contact sheet DIR/SCENE.png.",
                discussion: """
                    Each scene is a render of its own, with render's guarantees: files that exist are refused, never replaced. \
                    A scene with a demo script (Scene.demoScript) gets its input, its positions scaled to the tour's size.
                    """)
        }
        @Option(help: "The folder for the scenes' frames and sheets (made when missing; its parent is not).") var out: String = "out"
        @Option(help: "Frame size in points, WxH (default: 1280x720).", transform: { try Size.parse($0) }) var size: Size = .standard
        @Option(help: "Pixels per point.") var scale: Double = 1
        @Option(help: "Seconds to render per scene (inclusive of the last instant).") var duration: Double = 4
        @Option(help: "Write every K-th frame.") var every: Int = 30

        func run() throws {
            RenderSignals.install()
            try PlaygroundCommand.launcher.tour(Launcher.TourOptions(out: out, width: size.width, height: size.height,
                                                                     scale: scale, duration: duration, every: every))
        }
    }

    struct Bench: ParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(abstract: "Measure frame times headless (release build; see BENCHMARKS.md).")
        }
        @Option(help: "Frames to time per case.") var frames: Int = 300
        @Option(help: "Only cases whose name contains this text.") var filter: String?
        @Option(help: "Compositing threads (default: FLIPBOOK_THREADS, else 1, so figures compare across machines).") var threads: Int?

        func run() throws {
            guard frames >= 10, frames <= 100_000 else { throw HostError("--frames \(frames) is outside 10…100000") }
            // One thread unless asked: the bench's figures are per core (BENCHMARKS.md).
            let threads = try RenderThreads.resolve(option: threads, otherwise: 1)
            BuildConfiguration.announce(program: App.commandName, always: true)
            try App.benchmark(frames: frames, filter: filter, threads: threads)
        }
    }

    struct Watch: ParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(
                abstract: "Rebuild in release on every save and swap the window for the new build at the same moment of the scene.",
                discussion: """
                    Watches the package's Sources/ folder (the package is found from the working directory up, or \
                    --package-path). Each save (files added and removed too; a burst of saves is one build) runs \
                    swift build -c release --product PROGRAM; the new build opens where the window was, replays the \
                    session's input to the same media time and goes on live. A failed build shows its errors over \
                    the running window. With --headless SCENE, each build renders the scene and prints which frames changed.
                    """)
        }
        @Argument(help: "The scene to open (default: the menu); required with --headless.") var scene: String?
        @Option(help: "The package to watch and build (default: the nearest folder with a Package.swift from here up).") var packagePath: String?
        @Option(help: "Passed to swift build as --scratch-path (default: the package's .build).") var scratchPath: String?
        @Flag(help: "No window: render the scene on every good build and print the frame numbers that changed.") var headless = false
        @Option(help: "With --headless: write the contact sheet here (replaced on later builds while it is the file watch wrote).") var sheet: String?
        @Option(help: "Window or frame size in points, WxH.", transform: { try Size.parse($0) }) var size: Size?
        @Option(help: "With --headless: seconds to render.") var duration: Double = 3
        @Option(help: "With --headless: keep every K-th frame.") var every: Int = 15
        @Flag(help: "Open the HUD at start.") var hud = false

        func run() throws {
            if let scene { _ = try Playground.sceneType(named: scene, in: App.scenes + App.benchmarkScenes) }
            guard duration.isFinite, duration > 0, duration <= 3600 else { throw HostError("--duration \(duration) is outside 0…3600 (exclusive of 0)") }
            guard every >= 1, every <= 216_000 else { throw HostError("--every \(every) is outside 1…216000") }
            let root = try WatchLoop.packageRoot(packagePath)
            var template = Array("/tmp/flipbook-watch-XXXXXX".utf8CString)
            guard let made = mkdtemp(&template) else { throw HostError("cannot make a folder in /tmp: \(Files.reason(errno))") }
            let dir = String(cString: made)
            let loop = WatchLoop(product: App.commandName, root: root, scene: scene, files: WatchFiles(dir: dir), scratchPath: scratchPath)
            defer { loop.cleanUp() }
            let watcher = try SourceWatcher(root: root + "/Sources")
            // Ctrl-C, SIGTERM, SIGHUP: the window is stopped with the watch, and the watch's folder removed.
            WatchLoop.catchStopSignals()
            loop.say("watching \(root)/Sources (\(watcher.folderCount) folders); building \(App.commandName) in release")
            if headless {
                guard let scene else { throw HostError("watch --headless needs a SCENE") }
                try WatchHeadless(loop: loop, scene: scene, sheet: sheet, size: size ?? .standard, duration: duration, every: every).run(watcher)
                return
            }
            guard SDLSession.hasDisplay else { throw HostError("no display (DISPLAY and WAYLAND_DISPLAY are unset); use watch --headless SCENE") }
            var (seconds, errors) = try loop.build()
            while !errors.isEmpty {
                try loop.report(errors)
                loop.say("build failed; fix it and save")
                _ = loop.waitForChanges(watcher, child: nil)
                (seconds, errors) = try loop.build()
            }
            loop.clearErrors()
            loop.say(String(format: "built in %.1f s; opening the window", seconds))
            let binary = try loop.binary()
            let extra = (size.map { ["--size", $0.description] } ?? []) + (hud ? ["--hud"] : [])
            var child = try loop.startChild(binary, resume: nil, extra: extra)
            while true {
                let changes = loop.waitForChanges(watcher, child: child)
                guard child.isRunning else { loop.say("the window closed; watch ends"); loop.clearErrors(); return }
                guard !changes.isEmpty else { continue }
                loop.say("changed: " + loop.shown(changes))
                let (seconds, errors) = try loop.build()
                if !errors.isEmpty {
                    try loop.report(errors)
                    loop.say(String(format: "build failed (%.1f s): the window shows the errors; the last good build keeps running", seconds))
                    continue
                }
                loop.clearErrors()
                do {
                    let s = try loop.swap(child, binary: binary, extra: [])
                    child = s.0
                    loop.say(String(format: "built in %.1f s; swapped in %.0f ms (hand-over %.0f ms, start + replay + first frame %.0f ms): ",
                                    seconds, (s.handover + s.start) * 1000, s.handover * 1000, s.start * 1000) + s.line)
                } catch {
                    loop.say("\(error)")
                }
            }
        }
    }

    /// The window `watch` runs and swaps (not for typing: `watch` starts it).
    struct WatchChildCommand: ParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(commandName: "watch-child", abstract: "The window watch runs (started by watch).", shouldDisplay: false)
        }
        @Argument(help: "The scene the first window opened (default: the menu).") var scene: String?
        @Option(help: "The watch's folder.") var watchDir: String
        @Option(help: "A hand-over state to resume.") var resume: String?
        @Option(help: "Window size in points, WxH.", transform: { try Size.parse($0) }) var size: Size?
        @Flag(help: "Open the HUD at start.") var hud = false

        func run() throws {
            let state = try resume.map { try ResumeState.read(path: $0) }
            let child = WatchChild(files: WatchFiles(dir: watchDir), resume: state, scene: scene)
            try PlaygroundCommand.launcher.openWindow(scene: scene, size: size.map { ($0.width, $0.height) }, scale: nil, slow: 1, hud: hud,
                                                      threads: RenderThreads.resolve(option: nil), watch: child)
        }
    }
}
