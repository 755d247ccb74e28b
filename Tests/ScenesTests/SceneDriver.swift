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

    /// Runs frames until `t`, playing the pointer lines of `script` as the headless player does
    /// (a tap holds 0.05 s; a drag moves on every frame between its ends); drawn at `t`.
    func play(_ script: InputScript, to t: Double) {
        var steps: [(time: Double, event: InputEvent)] = []
        var drags: [(from: CGPoint, to: CGPoint, start: Double, duration: Double)] = []
        for line in script.lines {
            switch line.action {
            case let .tap(x, y):
                steps += [(line.time, .pointerDown(CGPoint(x: x, y: y))), (line.time + InputScript.tapHoldTime, .pointerUp(CGPoint(x: x, y: y)))]
            case let .drag(x0, y0, x1, y1, d):
                steps += [(line.time, .pointerDown(CGPoint(x: x0, y: y0))), (line.time + d, .pointerMove(CGPoint(x: x1, y: y1))),
                          (line.time + d, .pointerUp(CGPoint(x: x1, y: y1)))]
                drags.append((CGPoint(x: x0, y: y0), CGPoint(x: x1, y: y1), line.time, d))
            case let .pointerDown(x, y): steps.append((line.time, .pointerDown(CGPoint(x: x, y: y))))
            case let .pointerMove(x, y): steps.append((line.time, .pointerMove(CGPoint(x: x, y: y))))
            case let .pointerUp(x, y): steps.append((line.time, .pointerUp(CGPoint(x: x, y: y))))
            default: break
            }
        }
        let target = Int((t * source.fps).rounded())
        while frame < target {
            source.advance()
            frame += 1
            let now = source.seconds
            var events: [InputEvent] = drags.filter { now > $0.start && now < $0.start + $0.duration }.map { d in
                let f = (now - d.start) / d.duration
                return .pointerMove(CGPoint(x: d.from.x + (d.to.x - d.from.x) * f, y: d.from.y + (d.to.y - d.from.y) * f))
            }
            events += steps.filter { $0.time <= now + 1e-9 && $0.time > now - 1 / source.fps + 1e-9 }.map(\.event)
            driver.enqueue(events)
            try? driver.runFrame(drawing: frame == target)
        }
    }

    /// The presentation values of the named layer at the last frame.
    func values(of name: String) -> [String: TraceValue] {
        Dictionary(uniqueKeysWithValues: LayerTrace.values(of: stage.rootLayer).first { $0.0 == name }?.1 ?? [])
    }

    var bitmap: Bitmap { driver.bitmap }
}
