import Flipbook
import Foundation

/// A playground program: the whole `flipbook` command line and window, for your scenes.
///
/// One file in an executable target is the whole program:
///
///     import Flipbook
///     import FlipbookPlayground
///
///     @main struct MyPlayground: PlaygroundApp {
///         static let scenes: [any Scene.Type] = [Bounce.self, Stopwatch.self]
///     }
///
/// The program then has every subcommand `flipbook` has: with none, a window with the scene menu
/// (or, without a display, a headless tour of every scene into `out/`); `list`, `run SCENE`,
/// `render SCENE --out DIR …` (deterministic PNG frames, contact sheet, trace, input scripts),
/// `tour` and `bench`. `flipbook` itself is this protocol with the built-in scenes.
public protocol PlaygroundApp {
    /// The scenes, in menu order. Names must be unique, lowercase words (`Scene.name`).
    static var scenes: [any Scene.Type] { get }
    /// The program's name in help and messages. Default: the name it was started by.
    static var commandName: String { get }
    /// Scenes made for measuring: opened by name (`run`, `render`), never in the menu. Default: none.
    static var benchmarkScenes: [any Scene.Type] { get }
    /// What `bench` measures, headless, with `threads` compositing threads; prints one line per
    /// case. Default: the frame times of each of `scenes` at 1280×720 and 1920×1080 (cases whose
    /// name contains `filter`, when given). `flipbook` itself measures its whole suite here.
    static func benchmark(frames: Int, filter: String?, threads: Int) throws
}

public extension PlaygroundApp {
    /// The last component of the path the program was started by (`CommandLine.arguments[0]`);
    /// "playground" when that is empty.
    static var commandName: String {
        let path = CommandLine.arguments.first ?? ""
        let name = path.split(separator: "/").last.map(String.init) ?? ""
        return name.isEmpty ? "playground" : name
    }

    /// None: a playground's scenes are all in its menu.
    static var benchmarkScenes: [any Scene.Type] { [] }

    /// Each scene's frame times at 1280×720 and 1920×1080 (`SceneBenchmark`).
    static func benchmark(frames: Int, filter: String?, threads: Int) throws {
        try SceneBenchmark.run(frames: frames, filter: filter, scenes: scenes, threads: threads)
    }

    /// Parses the command line and runs it; a user error is one line on standard error and exit
    /// status 2.
    static func main() {
        PlaygroundCommand<Self>.main()
    }
}
