import ArgumentParser
import Foundation
import Host
import Scenes

/// `flipbook`: the playground's command line.
///
/// Every user error prints one line naming the problem and exits with status 2; `--help` and
/// `help SUBCOMMAND` print the full help and exit 0.
@main
struct FlipbookCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "flipbook",
        abstract: "A Core Animation / UIKit-style animation playground for Linux.",
        discussion: """
            With no subcommand, opens a window with the scene menu (mouse, keyboard and controller \
            choose; Escape or B returns to the menu). Keys: space pauses, period steps one frame, \
            S toggles slow motion ×10.
            """,
        subcommands: [List.self, Run.self, Render.self, Bench.self]
    )

    func run() throws {
        try Launcher.openWindow(scene: nil, size: nil, scale: nil, slow: 1)
    }

    static func main() {
        do {
            // Arguments byte for byte: a non-UTF-8 file name stays the name the user typed (see FileName).
            var command = try parseAsRoot(FileName.arguments())
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
        FileName.print("flipbook: \(OneLine.escape(line))", to: STDERR_FILENO)
        Foundation.exit(2)
    }
}

/// `WxH` with positive integers, e.g. 1280x720.
struct Size: ExpressibleByArgument {
    var width: Int, height: Int
    init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]) else { return nil }
        width = w; height = h
    }
    static var defaultValueDescription: String { "1280x720" }
}

/// A comma-separated list of times in seconds: `0,2.5,5`.
struct Times: ExpressibleByArgument {
    var values: [Double]
    init?(argument: String) {
        let vals = argument.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard !vals.isEmpty, vals.allSatisfy({ $0 != nil && $0!.isFinite }) else { return nil }
        values = vals.map { $0! }
    }
}

extension FlipbookCommand {
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the scenes with one-line descriptions.")
        @Flag(help: "Print the names only, one per line (for scripts).") var names = false

        func run() {
            let scenes = SceneRegistry.all
            if names { scenes.forEach { print($0.name) }; return }
            let width = scenes.map { $0.name.count }.max() ?? 0
            for s in scenes { print(s.name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + s.summary) }
        }
    }

    struct Run: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Open a scene in a window.")
        @Argument(help: "The scene to open (see `flipbook list`).") var scene: String
        @Option(help: "Window size in points, WxH.") var size: Size?
        @Option(help: "Pixels per point (default: follow the display).") var scale: Double?
        @Option(help: "Slow motion: media time runs N times slower.") var slow: Double = 1

        func run() throws {
            try Launcher.openWindow(scene: scene, size: size.map { ($0.width, $0.height) }, scale: scale, slow: slow)
        }
    }

    struct Render: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Render a scene headless into PNG frames (deterministic: same arguments, same bytes).",
            discussion: "Frame n is at n / fps seconds. Without --at or --every, every frame is written. Without --duration or --frames, the render lasts 3 s, or up to the last --at time.")
        @Argument(help: "The scene to render (see `flipbook list`).") var scene: String
        @Option(help: "Output directory for frame-NNNNN.png files.") var out: String
        @Option(help: "Frame size in points, WxH.") var size: Size = Size(argument: "1280x720")!
        @Option(help: "Pixels per point.") var scale: Double = 1
        @Option(help: "Frames per second of the virtual clock.") var fps: Double = 60
        @Option(help: "Seconds to render (inclusive of the last instant).") var duration: Double?
        @Option(help: "Number of frames to render.") var frames: Int?
        @Option(help: "Write every K-th frame.") var every: Int?
        @Option(help: "Write the frames at these times, e.g. 0,2.5,5.") var at: Times?
        @Option(help: "Input script to play (see README: Input scripts).") var input: String?
        @Option(help: "Write one JSON line per frame with the named layers' presentation values.") var trace: String?
        @Option(help: "Write a contact sheet of the written frames with their times.") var sheet: String?

        func run() throws {
            let options = try RenderOptions.commandLine(
                scene: scene, out: out, width: size.width, height: size.height, scale: scale, fps: fps,
                duration: duration, frames: frames, every: every, at: at?.values, input: input, trace: trace, sheet: sheet)
            RenderSignals.install() // Ctrl-C, SIGTERM, SIGHUP: the partial render is removed
            let result = try Launcher.render(options)
            let folder = result.frames.first.map { String($0[..<$0.lastIndex(of: "/")!]) } ?? out
            FileName.print("wrote \(result.frames.count) frame\(result.frames.count == 1 ? "" : "s") to \(folder)", to: STDOUT_FILENO)
            if let s = result.sheet { FileName.print("contact sheet: \(s)", to: STDOUT_FILENO) }
            if let t = result.trace { FileName.print("trace: \(t)", to: STDOUT_FILENO) }
        }
    }

    struct Bench: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Measure frame times headless (release build; see BENCHMARKS.md).")
        @Option(help: "Frames to time per case.") var frames: Int = 300
        @Option(help: "Only cases whose name contains this text.") var filter: String?

        func run() throws {
            guard frames >= 10, frames <= 100_000 else { throw HostError("--frames \(frames) is outside 10…100000") }
            try Benchmarks.run(frames: frames, filter: filter)
        }
    }
}
