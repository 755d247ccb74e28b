import Flipbook
import FlipbookTesting
import Foundation
import FrameLoop
@testable import Scenes
import Testing
import TestSupport

/// The animator scene at 640×360, driven through the frame loop with the pointer: its buttons, the
/// slider and the card reach the property animator, which moves the card on the media clock.
@Suite(.isolatedEngine) struct AnimatorSceneTests {
    static func controller(_ d: SceneTester) -> AnimatorScene {
        d.scene as! AnimatorScene
    }
    /// The card's presentation x and the x it has at fraction 0 and 1 of its way.
    func cardX(_ d: SceneTester) -> Double { Double(Self.controller(d).card.layer.presentation()!.position.x) }
    static let left = 84.0, right = 640.0 - 24 - 60

    static func script() throws -> InputScript {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../docs/scripts/animator.script")
        return try InputScript.parse(String(contentsOf: url, encoding: .utf8), file: "animator.script")
    }

    @Test func startMovesTheCardAcrossInTwoSecondsEasingInAndOut() throws {
        let d = try SceneTester(scene: "animator", width: 640, height: 360)
        let start = Self.controller(d).buttons[0].center
        d.send([.pointerDown(start)], at: 0.5)
        d.advance(to: 0.5)
        d.send([.pointerUp(start)], at: 0.55)
        d.advance(to: 0.55)          // touchUpInside: startAnimation, runs from this frame
        let t0 = d.time
        for f in [0.25, 0.5, 0.75] {
            d.advance(to: t0 + 2 * f)
            let expected = Self.left + (Self.right - Self.left) * CubicBezier.easeInEaseOut.value(at: f)
            #expect(isNear(cardX(d), expected, 1e-3), "at \(f)")
        }
        d.advance(to: t0 + 2.05)
        #expect(Self.controller(d).animator.state == .inactive && isNear(cardX(d), Self.right, 1e-9))
    }

    @Test func theSliderPausesAndScrubsLinearly() throws {
        let d = try SceneTester(scene: "animator", width: 640, height: 360)
        d.play(try Self.script())
        d.advance(to: 1.6)
        let c = Self.controller(d)
        #expect(c.animator.state == .active && !c.animator.isRunning)
        let f = Double(c.animator.fractionComplete)
        #expect(f > 0.5 && f < 0.95 && isNear(Double(c.slider.value), f, 1e-6))
        #expect(isNear(cardX(d), Self.left + (Self.right - Self.left) * f, 1e-3))
    }

    @Test func releasingTheCardContinuesAsASpringToTheEnd() throws {
        let d = try SceneTester(scene: "animator", width: 640, height: 360)
        d.play(try Self.script())
        d.advance(to: 2.40)
        let c = Self.controller(d)
        #expect(c.animator.isRunning)
        let released = cardX(d)
        d.advance(to: 2.40 + 1.0 / 60)
        #expect(cardX(d) < released)                          // the drag went left: the spring starts that way
        d.advance(to: 3.5)
        #expect(c.animator.state == .inactive && isNear(cardX(d), Self.right, 1e-9))
        #expect(d.scene != nil)
    }

    @Test(arguments: [1.5, 2.3, 4.5, 5.6])
    func golden(_ t: Double) throws {
        let d = try SceneTester(scene: "animator", width: 640, height: 360)
        d.play(try Self.script())
        d.advance(to: t)
        d.assertSnapshot(named: "animator-\(t)")
    }
}
