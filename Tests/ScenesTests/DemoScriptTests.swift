import Flipbook
import FlipbookTesting
import FrameLoop
import Scenes
import Testing

/// The built-in scenes' demo scripts, as `flipbook tour` plays them: at 640 × 480, 1280 × 720 (the
/// tour's default size and the scripts') and 1920 × 1080, frames kept at 0, 0.5, …, 4 s (its
/// `--every 30` over 4 s at 60 fps), positions written as numbers scaled as the tour scales them.
@Suite struct DemoScriptTests {
    static let tourTimes = stride(from: 0.0, through: 4.0, by: 0.5).map { $0 }
    static let tourSize = CGSize(width: 1280, height: 720)
    static let sizes = ["640x480", "1280x720", "1920x1080"]

    static func type(named name: String) throws -> any Scene.Type {
        try #require(SceneRegistry.all.first { $0.name == name })
    }

    static func size(_ text: String) -> CGSize {
        let n = text.split(separator: "x").compactMap { Double($0) }
        return CGSize(width: n[0], height: n[1])
    }

    /// The tour's frames of `type` at `size` as PNG bytes, drawn 320 pixels wide (the layout is
    /// the one at `size`; only the pixels are fewer), its demo script played when `playsDemo`, and
    /// the lines the engine reported meanwhile (a named target not found is one).
    static func tourFrames(_ type: any Scene.Type, size: CGSize = tourSize, playsDemo: Bool) throws -> (frames: [Data], reports: [String]) {
        let tester = try SceneTester(type, size: size, scale: 320 / size.width)
        var reports: [String] = []
        tester.engine.reportSink = { reports.append($0) }
        if playsDemo, let demo = type.demoScript {
            let script = try InputScript.parse(demo.text, file: "\(type.name)'s demoScript")
            tester.play(script.scaled(x: size.width / demo.size.width, y: size.height / demo.size.height))
        }
        let frames = try tourTimes.map { t in
            tester.advance(to: t)
            return try tester.pngData()
        }
        return (frames, reports)
    }

    /// Every built-in scene moves in the tour at each size, by itself or through its demo script:
    /// at least three different frames of the nine (more than one change), and every named target
    /// of its script is found when due.
    @Test(arguments: SceneRegistry.all.map { $0.name }, sizes)
    func everySceneMovesInTheTour(_ name: String, _ size: String) throws {
        let (frames, reports) = try Self.tourFrames(try Self.type(named: name), size: Self.size(size), playsDemo: true)
        #expect(Set(frames).count >= 3, "\(name) at \(size): \(Set(frames).count) different frames of \(frames.count)")
        #expect(!reports.contains { $0.hasPrefix("script line") }, "\(name) at \(size): \(reports)")
    }

    /// The scenes whose taps a fixed layout puts off the scaled positions aim at named controls,
    /// and every tap of every demo script hits something that reacts: each script line, played
    /// alone after the first, changes a frame within 0.5 s, at every size.
    @Test(arguments: ["progress", "modal", "animator", "flo"], sizes)
    func everyTapOfTheDemoScriptTakesEffect(_ name: String, _ size: String) throws {
        let type = try Self.type(named: name)
        let demo = try #require(type.demoScript)
        let script = try InputScript.parse(demo.text, file: name)
        #expect(script.lines.allSatisfy {
            switch $0.action { case .tapTarget, .dragTarget: true; default: false }
        }, "\(name): every line names its target")
        let s = Self.size(size)
        let tester = try SceneTester(type, size: s, scale: 320 / s.width)
        var reports: [String] = []
        tester.engine.reportSink = { reports.append($0) }
        tester.play(script)
        for (i, line) in script.lines.enumerated() {
            tester.advance(to: line.time - 1.0 / 60)
            let before = try tester.pngData()
            let until = i + 1 < script.lines.count ? min(line.time + 0.5, script.lines[i + 1].time - 1.0 / 60) : line.time + 0.5
            var changed = false
            for t in stride(from: line.time + 1.0 / 60, through: until, by: 2.0 / 60) {
                tester.advance(to: t)
                if try tester.pngData() != before { changed = true; break }
            }
            #expect(changed, "\(name) at \(size): line \(line.lineNumber) changed nothing")
        }
        #expect(reports.filter { $0.hasPrefix("script line") }.isEmpty, "\(reports)")
    }

    /// The scenes with a demo script are those that wait for input: without it their tour stands
    /// still from 0.5 s on (a scene that moves by itself needs none). The first frame may differ
    /// once: animator's status line appears at its timer's first tick.
    @Test(arguments: SceneRegistry.all.filter { $0.demoScript != nil }.map { $0.name })
    func aSceneWithADemoScriptStandsStillWithoutIt(_ name: String) throws {
        let frames = try Self.tourFrames(try Self.type(named: name), playsDemo: false).frames.dropFirst()
        #expect(Set(frames).count == 1, "\(name) moves by itself: \(Set(frames).count) different frames from 0.5 s on")
    }

    /// The waiting scenes named in issue 39 ship a script, each written for the tour's size, with
    /// every position written as numbers inside the window and its last event early enough to be
    /// seen (by 3.5 s).
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
