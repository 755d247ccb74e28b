import FlipbookTesting
import Testing

/// A layer scene that logs the input it gets and the media times of its frames.
private final class InputLog: Scene {
    static let name = "input-log"
    static let summary = "Logs its input"
    let rootLayer = CALayer()
    var events: [(time: Double, event: InputEvent)] = []
    var frames: [Double] = []
    func setUp(size: CGSize, time: Double) {}
    func handle(_ event: InputEvent, at time: Double) { events.append((time, event)) }
    func update(at time: Double) { frames.append(time) }
}

struct SceneTesterTests {
    /// Time is frame / fps computed afresh: 2.5 s is frame 150 exactly, not 150 sums of 1/60.
    @Test func advanceReachesExactTimesAsFramesOverFPS() throws {
        let tester = try SceneTester(InputLog.self)
        #expect(tester.frame == 0 && tester.time == 0)
        tester.advance(to: 2.5)
        #expect(tester.frame == 150 && tester.time == 2.5)
        let log = try #require(tester.scene as? InputLog)
        #expect(log.frames.last == 2.5)
        #expect(log.frames.count == 151)           // frames 0…150, each once
        var summed = 0.0
        for _ in 0..<150 { summed += 1.0 / 60 }
        #expect(summed != 2.5)                    // what accumulating would have given
        tester.advance(frames: 3)
        #expect(tester.frame == 153 && tester.time == 153.0 / 60)
        tester.advance(to: 1)                     // the past: no frame
        #expect(tester.frame == 153)
        let at30 = try SceneTester(InputLog.self, fps: 30)
        at30.advance(by: 0.5)
        #expect(at30.frame == 15 && at30.time == 0.5)
    }

    @Test func tapsDragsKeysAndPadArriveAtTheirFrames() throws {
        let tester = try SceneTester(InputLog.self)
        tester.tap(CGPoint(x: 10, y: 20), at: 0.5)
        tester.drag(from: CGPoint(x: 0, y: 0), to: CGPoint(x: 60, y: 0), duration: 0.1, at: 1)
        tester.press(.space, at: 1.5)
        tester.pad(.a, isDown: true, at: 2)
        tester.pad(.leftX, value: 0.8, at: 2)
        tester.advance(to: 3)
        let log = try #require(tester.scene as? InputLog).events
        let tap = log.filter { if case .pointerDown(CGPoint(x: 10, y: 20)) = $0.event { true } else { false } }
        #expect(tap.map(\.time) == [0.5])
        #expect(log.contains { $0.time == 33.0 / 60 && $0.event == .pointerUp(CGPoint(x: 10, y: 20)) }) // 50 ms later
        // The drag moves on each frame between its ends: 1 + 1/60 … 1 + 5/60, then ends at 1.1.
        let moves = log.filter { if case .pointerMove = $0.event { $0.time > 1 } else { false } }
        #expect(moves.map(\.time) == (61...66).map { Double($0) / 60 })
        if case .pointerMove(let p)? = moves.first?.event { #expect(abs(p.x - 10) < 1e-9 && p.y == 0) } else { Issue.record("no move") }
        #expect(log.contains { $0.time == 66.0 / 60 && $0.event == .pointerUp(CGPoint(x: 60, y: 0)) })
        #expect(log.contains { $0.time == 1.5 && $0.event == .key(.space, isDown: true) })
        #expect(log.contains { $0.time == 2 && $0.event == .padButton(.a, isDown: true) })
        #expect(log.contains { $0.time == 2 && $0.event == .padAxis(.leftX, value: 0.8) })
    }

    @Test func anInputScriptPlaysAsRenderPlaysIt() throws {
        let tester = try SceneTester(InputLog.self)
        try tester.play(script: "0.25 key enter\n0.5 pad b down\n")
        #expect(throws: (any Error).self) { try tester.play(script: "0.5 tap 1") }
        tester.advance(to: 1)
        let log = try #require(tester.scene as? InputLog).events
        #expect(log.map(\.event) == [.key(.enter, isDown: true), .key(.enter, isDown: false), .padButton(.b, isDown: true)])
        #expect(log.map(\.time) == [0.25, 18.0 / 60, 0.5])
    }

    /// A view controller's model and presentation values, read the iOS way, mid-animation.
    @Test func aViewControllerAnimatesAndIsDrawn() throws {
        let controller = UIViewController()
        let box = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        box.backgroundColor = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
        box.layer.name = "box"
        controller.view.backgroundColor = .white
        controller.view.addSubview(box)
        let tester = try SceneTester(viewController: controller, size: CGSize(width: 200, height: 100))
        #expect(tester.window === controller.view.window && tester.window != nil)
        tester.perform {
            UIView.animate(withDuration: 1, delay: 0, options: [.curveLinear]) { box.center.x = 120 }
        }
        tester.advance(to: 0.5)
        #expect(box.center.x == 120)                                         // the model is at the end
        let x = try #require(tester.presentationLayer(named: "box")).position.x
        #expect(abs(x - (10 + 110 * (0.5 - 1.0 / 60) / 1)) < 1e-9)           // began at frame 1
        #expect(tester.layer(named: "box") === box.layer)
        #expect(tester.traceValues(ofLayerNamed: "box")["position"] != nil)
        let red = tester.pixel(x: Int(x), y: 10), white = tester.pixel(x: 195, y: 95)
        #expect(red?.red == 255 && red?.green == 0 && red?.alpha == 255)
        #expect(white?.red == 255 && white?.green == 255 && white?.blue == 255)
        #expect(tester.pixel(x: 200, y: 0) == nil)
        let png = try tester.pngData()
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    }

    @Test func aViewAtScaleTwo() throws {
        let view = UIView(frame: CGRect(x: 10, y: 10, width: 30, height: 30))
        view.backgroundColor = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
        let tester = try SceneTester(view: view, size: CGSize(width: 50, height: 50), scale: 2)
        #expect(tester.bitmap.width == 100 && tester.bitmap.height == 100)
        #expect(tester.pixel(x: 21, y: 21)?.blue == 255)
        #expect(tester.pixel(x: 19, y: 19)?.alpha == 0)    // outside the view: the window is clear
        #expect(throws: SceneTester.Failure.self) { try SceneTester(view: UIView(), size: CGSize(width: 0, height: 10)) }
        #expect(throws: SceneTester.Failure.self) { try SceneTester(view: UIView(), fps: .nan) }
    }

    /// `drawsAsynchronously` is accepted and changes nothing: the same bytes either way.
    @Test func drawsAsynchronouslyDrawsTheSameFrame() throws {
        func frame(drawsAsynchronously: Bool) throws -> Data {
            let view = Dial(frame: CGRect(x: 0, y: 0, width: 64, height: 64))
            view.layer.drawsAsynchronously = drawsAsynchronously
            #expect(view.layer.drawsAsynchronously == drawsAsynchronously)
            let tester = try SceneTester(view: view, size: CGSize(width: 64, height: 64))
            return try tester.pngData()
        }
        #expect(try frame(drawsAsynchronously: true) == frame(drawsAsynchronously: false))
    }
}

/// A view drawing in `draw(_:)`, what `drawsAsynchronously` would move off the main thread on iOS.
private final class Dial: UIView {
    override func draw(_ rect: CGRect) {
        let path = UIBezierPath(arcCenter: CGPoint(x: 32, y: 32), radius: 24, startAngle: 0, endAngle: 4, clockwise: true)
        path.lineWidth = 6
        UIColor.systemBlue.setStroke()
        path.stroke()
    }
}
