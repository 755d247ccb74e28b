import Flipbook
import Host
import Raster
import Scenes

/// Runs a scene through the same frame loop as the window, on a manual clock, without SDL:
/// frame n at n / fps, events injected at exact frames.
final class SceneDriver {
    let stage: Playground
    let source: ManualSource
    let driver: FrameDriver
    private(set) var frame = 0

    init(_ name: String, width: Int = 640, height: Int = 360, fps: Double = 60) throws {
        stage = Playground(registry: SceneRegistry.all, initial: try Playground.sceneType(named: name, in: SceneRegistry.all))
        source = ManualSource(fps: fps)
        driver = FrameDriver(stage: stage, clock: MediaClock(source: source), pixelWidth: width, pixelHeight: height, scale: 1)!
        try driver.runFrame()
    }

    var time: Double { source.seconds }

    /// Runs frames until the clock reaches `t` (the frame nearest it), the last one with `events`;
    /// only that last frame is drawn.
    func run(to t: Double, events: [InputEvent] = []) {
        let target = Int((t * source.fps).rounded())
        while frame < target {
            source.advance()
            frame += 1
            if frame == target { driver.enqueue(events) }
            // Only the last frame is drawn; the sinks are empty, so nothing can throw.
            try? driver.runFrame(drawing: frame == target)
        }
    }

    /// The presentation values of the named layer at the last frame.
    func values(of name: String) -> [String: TraceValue] {
        Dictionary(uniqueKeysWithValues: LayerTrace.values(of: stage.rootLayer).first { $0.0 == name }?.1 ?? [])
    }

    var bitmap: Bitmap { driver.bitmap }
}
