import Flipbook
import FlipbookTesting
import Foundation
@testable import Scenes
import Testing
import TestSupport

@Suite(.isolatedEngine) struct ProgressSceneTests {
    static func buttonCenter(_ d: SceneTester) -> CGPoint {
        (d.scene as! ProgressScene).button.center
    }

    func strokeEnd(_ d: SceneTester) -> Double {
        if case .number(let n)? = d.traceValues(ofLayerNamed: "progress")["strokeEnd"] { return n } else { return .nan }
    }

    @Test func theButtonAnimatesToItsValueOverOneSecondWithEaseInEaseOut() throws {
        let d = try SceneTester(scene: "progress", width: 640, height: 360)
        d.advance(to: 0.5)
        #expect(strokeEnd(d) == 0)
        let button = Self.buttonCenter(d)
        d.send([.pointerDown(button)], at: 0.5 + 1.0 / 60)
        d.advance(to: 0.5 + 1.0 / 60)
        d.send([.pointerUp(button)], at: 0.5 + 2.0 / 60)
        d.advance(to: 0.5 + 2.0 / 60) // touchUpInside: the animation begins here
        let start = d.time
        d.advance(to: start + 1.5)
        let target = strokeEnd(d)
        #expect(target > 0 && target <= 1)
        // Replay and sample the curve: value(t) = target · easeInEaseOut(t / 1 s).
        let e = try SceneTester(scene: "progress", width: 640, height: 360)
        e.send([.pointerDown(button)], at: 0.5 + 1.0 / 60)
        e.advance(to: 0.5 + 1.0 / 60)
        e.send([.pointerUp(button)], at: 0.5 + 2.0 / 60)
        e.advance(to: 0.5 + 2.0 / 60)
        let curve = CAMediaTimingFunction(name: .easeInEaseOut)
        for f in [0.25, 0.5, 0.75] {
            e.advance(to: start + f)
            #expect(abs(strokeEnd(e) - target * curve.value(at: f)) < 1e-6, "at \(f) s")
        }
        e.advance(to: start + 1)
        #expect(abs(strokeEnd(e) - target) < 1e-9)
    }
}

@Suite(.isolatedEngine) struct ProgressGoldenTests {
    @Test func goldenMidAnimation() throws {
        let d = try SceneTester(scene: "progress", width: 640, height: 360)
        let button = ProgressSceneTests.buttonCenter(d)
        d.tap(button, at: 0.5)
        d.tap(button, at: 2.0)
        d.advance(to: 2.05)
        d.advance(to: 2.5)
        d.assertSnapshot(named: "progress-2.5")
    }
}
