import Flipbook
import FlipbookTesting
import Foundation
@testable import Scenes
import Testing
import TestSupport

@Suite(.isolatedEngine) struct FloSceneTests {
    func controller(_ d: SceneTester) -> FloScene {
        d.scene as! FloScene
    }

    func tap(_ d: SceneTester, _ p: CGPoint) {
        d.tap(p, at: d.time + 0.1) // down 0.1 s from now, up 0.05 s later
        d.advance(to: d.time + 0.15)
    }

    @Test func theButtonsChangeTheCounterWithinZeroToEight() throws {
        let d = try SceneTester(scene: "flo", width: 1280, height: 720)
        d.advance(to: 0.1)
        let vc = controller(d)
        #expect(vc.counterView.counter == 5)
        let plus = vc.addButton.center, minus = vc.subtractButton.center
        for _ in 0..<5 { tap(d, plus) }
        #expect(vc.counterView.counter == 8)
        #expect(vc.countLabel.text == "8")
        for _ in 0..<10 { tap(d, minus) }
        #expect(vc.counterView.counter == 0)
    }

    @Test func theCounterRedrawsOnlyWhenItChanges() throws {
        let d = try SceneTester(scene: "flo", width: 1280, height: 720)
        d.advance(to: 0.1)
        let vc = controller(d)
        let draws = vc.counterView.layer.displayCount
        d.advance(to: 0.5)
        #expect(vc.counterView.layer.displayCount == draws)
        tap(d, vc.addButton.center)
        #expect(vc.counterView.layer.displayCount == draws + 1)
    }

    @Test func goldenFrame() throws {
        let d = try SceneTester(scene: "flo", width: 640, height: 480)
        d.advance(to: 0.1)
        d.assertSnapshot(named: "flo-5")
    }
}
