import FlipbookTesting
import Testing
@testable import Examples

/// The bounce scene: a `DispatchQueue.main.async` block from `viewDidLoad`, a spring, a tap.
struct BounceViewControllerTests {
    func ballY(_ tester: SceneTester) -> Double { Double(tester.presentationLayer(named: "ball")?.position.y ?? .nan) }

    /// The block queued in `viewDidLoad` runs at the first frame, as at the next pass of iOS's run
    /// loop: the first frame drawn is already dark, and the drop has begun.
    @Test func mainQueueWorkRunsAtTheFirstFrame() throws {
        let tester = try SceneTester(BounceViewController.self, size: CGSize(width: 480, height: 270))
        let p = try #require(tester.pixel(x: 5, y: 5))
        #expect(p.red == 28 && p.green == 31 && p.blue == 46)
        #expect(ballY(tester) == 60)
        tester.advance(to: 0.3)
        #expect(ballY(tester) > 60)
    }

    @Test func theSpringLandsAndATapDropsTheBallAgain() throws {
        let tester = try SceneTester(BounceViewController.self, size: CGSize(width: 480, height: 270))
        tester.advance(to: 1.6)
        #expect(ballY(tester) == 210)                         // 60 points above the bottom, at rest
        tester.tap(CGPoint(x: 240, y: 250), at: 2)
        tester.advance(to: 2.05)                              // the tap ends: dropped from the top again
        #expect(ballY(tester) == 60)
        tester.advance(to: 2.3)
        #expect(ballY(tester) > 60 && ballY(tester) < 210 + 60)
    }
}
