import Flipbook
import FlipbookTesting
import FrameLoop
import Scenes
import Testing

/// The built-in scenes' demo scripts, as `flipbook tour` plays them: at 1280 × 720 (the tour's
/// size and the scripts'), frames kept at 0, 0.5, …, 4 s (its `--every 30` over 4 s at 60 fps).
@Suite struct DemoScriptTests {
    static let tourTimes = stride(from: 0.0, through: 4.0, by: 0.5).map { $0 }
    static let tourSize = CGSize(width: 1280, height: 720)

    static func type(named name: String) throws -> any Scene.Type {
        try #require(SceneRegistry.all.first { $0.name == name })
    }

    /// The tour's frames of `type` as PNG bytes, drawn at a quarter scale (the layout is the
    /// 1280 × 720 one; only the pixels are fewer), its demo script played when `playsDemo`.
    static func tourFrames(_ type: any Scene.Type, playsDemo: Bool) throws -> [Data] {
        let tester = try SceneTester(type, size: tourSize, scale: 0.25)
        if playsDemo, let demo = type.demoScript { tester.play(try InputScript.parse(demo.text, file: "\(type.name)'s demoScript")) }
        return try tourTimes.map { t in
            tester.advance(to: t)
            return try tester.pngData()
        }
    }

    /// Every built-in scene moves in the tour, by itself or through its demo script: at least three
    /// different frames of the nine (more than one change).
    @Test(arguments: SceneRegistry.all.map { $0.name })
    func everySceneMovesInTheTour(_ name: String) throws {
        let frames = try Self.tourFrames(try Self.type(named: name), playsDemo: true)
        #expect(Set(frames).count >= 3, "\(name): \(Set(frames).count) different frames of \(frames.count)")
    }

    /// The scenes with a demo script are those that wait for input: without it their tour stands
    /// still from 0.5 s on (a scene that moves by itself needs none). The first frame may differ
    /// once: animator's status line appears at its timer's first tick.
    @Test(arguments: SceneRegistry.all.filter { $0.demoScript != nil }.map { $0.name })
    func aSceneWithADemoScriptStandsStillWithoutIt(_ name: String) throws {
        let frames = try Self.tourFrames(try Self.type(named: name), playsDemo: false).dropFirst()
        #expect(Set(frames).count == 1, "\(name) moves by itself: \(Set(frames).count) different frames from 0.5 s on")
    }

    /// The waiting scenes named in issue 39 ship a script, each written for the tour's size, with
    /// every position inside the window and its last event early enough to be seen (by 3.5 s).
    @Test func theDemoScriptsFitTheTour() throws {
        let withScripts = SceneRegistry.all.filter { $0.demoScript != nil }.map { $0.name }
        #expect(Set(["cities", "modal", "animator", "flo", "progress"]).isSubset(of: withScripts))
        for type in SceneRegistry.all {
            guard let demo = type.demoScript else { continue }
            #expect(demo.size == Self.tourSize, "\(type.name)")
            let script = try InputScript.parse(demo.text, file: type.name)
            #expect(!script.lines.isEmpty && !script.isFrameTimed, "\(type.name)")
            #expect((script.lines.last?.time ?? 99) <= 3.5, "\(type.name)")
            for line in script.lines {
                let points: [(Double, Double)]
                switch line.action {
                case let .tap(x, y), let .pointerDown(x, y), let .pointerMove(x, y), let .pointerUp(x, y), let .wheel(x, y, _, _): points = [(x, y)]
                case let .drag(x0, y0, x1, y1, _): points = [(x0, y0), (x1, y1)]
                default: points = []
                }
                for (x, y) in points {
                    #expect(x >= 0 && x < 1280 && y >= 0 && y < 720, "\(type.name) line \(line.lineNumber): (\(x), \(y)) is outside the window")
                }
            }
        }
    }
}
