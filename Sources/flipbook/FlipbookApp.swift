import Flipbook
import FlipbookBench
import FlipbookPlayground
import Scenes

/// `flipbook`: the playground program with the built-in scenes — the first user of
/// FlipbookPlayground, written as any user's playground is.
@main
struct FlipbookApp: PlaygroundApp {
    static let commandName = "flipbook"
    static let scenes: [any Scene.Type] = SceneRegistry.all
    static let benchmarkScenes: [any Scene.Type] = Benchmarks.scenes

    /// Flipbook's own suite (BENCHMARKS.md): raster, scenes, damage, threads, evaluation, tools.
    static func benchmark(frames: Int, filter: String?, threads: Int) throws {
        try Benchmarks.run(frames: frames, filter: filter, scenes: scenes, threads: threads)
    }
}
