import Flipbook
import Foundation
@testable import Scenes
import Testing
import TestSupport

@Suite(.isolatedEngine) struct ProgressSceneTests {
    static func buttonCenter(_ d: SceneDriver) -> CGPoint {
        (d.stage.scene as! ProgressScene).button.center
    }

    func strokeEnd(_ d: SceneDriver) -> Double {
        if case .number(let n)? = d.values(of: "progress")["strokeEnd"] { return n } else { return .nan }
    }

    @Test func theButtonAnimatesToItsValueOverOneSecondWithEaseInEaseOut() throws {
        let d = try SceneDriver("progress", width: 640, height: 360)
        d.run(to: 0.5)
        #expect(strokeEnd(d) == 0)
        let button = Self.buttonCenter(d)
        d.run(to: 0.5 + 1.0 / 60, events: [.pointerDown(button)])
        d.run(to: 0.5 + 2.0 / 60, events: [.pointerUp(button)]) // touchUpInside: the animation begins here
        let start = d.time
        d.run(to: start + 1.5)
        let target = strokeEnd(d)
        #expect(target > 0 && target <= 1)
        // Replay and sample the curve: value(t) = target · easeInEaseOut(t / 1 s).
        let e = try SceneDriver("progress", width: 640, height: 360)
        e.run(to: 0.5 + 1.0 / 60, events: [.pointerDown(button)])
        e.run(to: 0.5 + 2.0 / 60, events: [.pointerUp(button)])
        let curve = CAMediaTimingFunction(name: .easeInEaseOut)
        for f in [0.25, 0.5, 0.75] {
            e.run(to: start + f)
            #expect(abs(strokeEnd(e) - target * curve.value(at: f)) < 1e-6, "at \(f) s")
        }
        e.run(to: start + 1)
        #expect(abs(strokeEnd(e) - target) < 1e-9)
    }
}

@Suite(.isolatedEngine) struct ProgressGoldenTests {
    @Test func goldenMidAnimation() throws {
        let d = try SceneDriver("progress", width: 640, height: 360)
        let button = ProgressSceneTests.buttonCenter(d)
        d.run(to: 0.5, events: [.pointerDown(button)])
        d.run(to: 0.55, events: [.pointerUp(button)])
        d.run(to: 2.0, events: [.pointerDown(button)])
        d.run(to: 2.05, events: [.pointerUp(button)])
        d.run(to: 2.5)
        #expect(Snapshot.verify(d.bitmap, named: "progress-2.5") == nil)
    }
}
