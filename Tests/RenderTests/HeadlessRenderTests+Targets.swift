import FrameLoop
import Flipbook
import Foundation
@testable import DevTools
@testable import Render
@testable import Window
import TestSupport
import Testing

/// A layer named "dot" sliding from x 50 to 250 over 2 s (linear), and a hidden one named "ghost";
/// records its input (test-only).
final class TargetScene: Scene {
    static let name = "targets"
    static let summary = "A named layer that slides; records its input (tests)"
    let rootLayer = CALayer()
    var events: [(Double, InputEvent)] = []
    init() {}
    func setUp(size: CGSize, time: Double) {
        let dot = CALayer()
        dot.name = "dot"
        dot.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
        dot.position = CGPoint(x: 250, y: 60)
        let slide = CABasicAnimation(keyPath: "position.x")
        slide.fromValue = 50
        slide.toValue = 250
        slide.duration = 2
        slide.beginTime = time
        slide.timingFunction = CAMediaTimingFunction(name: .linear)
        dot.add(slide, forKey: "slide")
        let ghost = CALayer()
        ghost.name = "ghost"
        ghost.frame = CGRect(x: 10, y: 10, width: 10, height: 10)
        ghost.isHidden = true
        rootLayer.addSublayer(dot)
        rootLayer.addSublayer(ghost)
    }
    func handle(_ event: InputEvent, at time: Double) { events.append((time, event)) }
}

extension HeadlessRenderTests {
    /// `tap @dot` presses where the sliding layer is shown when the tap is due, and releases there;
    /// `drag @dot DX DY` starts there; a name not on screen (hidden, or none) is one reported line
    /// and no event, through the stage's engine.
    @Test func namedTargetsAreFoundWhereTheyAreShownWhenDue() throws {
        var o = RenderOptions(sceneName: "targets", width: 400, height: 200, frameCount: 120, outDirectory: Self.tempDir("targets"))
        o.dump = .at([0])
        o.script = try InputScript.parse("""
            0.5 tap @dot
            1.0 tap @ghost
            1.2 drag @dot 0 100 0.2
            1.5 up @nobody
            """)
        let session = try SDLSession.start(headless: true)
        defer { session.shutdown() }
        let stage = Playground(registry: [TargetScene.self], initial: TargetScene.self)
        var reports: [String] = []
        stage.engine.reportSink = { reports.append($0) }
        defer { try? FileManager.default.removeItem(atPath: o.outDirectory!) }
        _ = try HeadlessDriver(options: o).run(session: session, stage: stage)
        let events = (stage.scene as! TargetScene).events
        let downs = events.compactMap { if case .pointerDown(let p) = $0.1 { p } else { nil } }
        let ups = events.compactMap { if case .pointerUp(let p) = $0.1 { p } else { nil } }
        // Found before the frame at 0.5 s, as the frame at 29/60 s presented it: x = 50 + 200 × (29/60) / 2.
        #expect(downs.count == 2 && ups.count == 2, "\(events)")
        #expect(abs(downs[0].x - (50 + 100 * 29.0 / 60)) <= 0.5 && downs[0].y == 60, "\(downs)")
        #expect(ups[0] == downs[0])
        // The drag: pressed at the dot (1.2 s: frame 71 presented x = 50 + 100 × 71/60), released 100 pt below.
        #expect(abs(downs[1].x - (50 + 100 * 71.0 / 60)) <= 0.5 && downs[1].y == 60, "\(downs)")
        #expect(ups[1].x == downs[1].x && ups[1].y == 160, "\(ups)")
        #expect(reports == [
            "script line 2: no layer or view named ghost on screen at 1 s; skipped",
            "script line 4: no layer or view named nobody on screen at 1.5 s; skipped",
        ])
    }
}
