import FlipbookTesting
import Testing
@testable import Examples

/// The card scene as `check.sh` renders it (480 × 270), tested with Flipbook's test kit.
struct CardViewControllerTests {
    let size = CGSize(width: 480, height: 270)

    func isColor(_ p: (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8)?, _ r: UInt8, _ g: UInt8, _ b: UInt8) -> Bool {
        p?.red == r && p?.green == g && p?.blue == b && p?.alpha == 255
    }

    /// Images/star.png comes from this package's own resource bundle (Bundle.module).
    @Test func theStarIsThePackagesOwnImage() throws {
        let tester = try SceneTester(CardViewController.self, size: size)
        #expect(isColor(tester.pixel(x: 60, y: 140), 255, 204, 0))    // the star's middle, on the card at (48, 128)
        #expect(isColor(tester.pixel(x: 49, y: 129), 0, 122, 255))    // its transparent corner shows the blue card
    }

    /// A `Timer` nobody kept fires at 0.5 s exactly: the page is grey one frame before, green at 0.5.
    @Test func theTimerTurnsThePageGreenAtHalfASecond() throws {
        let tester = try SceneTester(CardViewController.self, size: size)
        tester.advance(to: 0.5 - 1.0 / 60)
        #expect(isColor(tester.pixel(x: 5, y: 5), 242, 242, 247))
        tester.advance(to: 0.5)
        #expect(isColor(tester.pixel(x: 5, y: 5), 52, 199, 89))
    }

    /// The pan gesture's closure pauses the animator and scrubs it with the finger: while the finger
    /// holds still the card holds still; moved right, the card moves right.
    @Test func aDragScrubsTheAnimator() throws {
        let tester = try SceneTester(CardViewController.self, size: size)
        func x() -> Double { Double(tester.presentationLayer(named: "card")?.position.x ?? .nan) }
        tester.send([.pointerDown(CGPoint(x: 160, y: 170))], at: 1)
        tester.send([.pointerMove(CGPoint(x: 180, y: 170))], at: 1 + 1.0 / 60)  // past the pan's slop: it begins
        tester.advance(to: 1.5)
        let held = x()
        #expect(held < 270)                                    // unpaused, easing in-out, it would be halfway (270) by now
        tester.advance(to: 1.8)
        #expect(x() == held)                                   // paused: no time passes for it
        tester.send([.pointerMove(CGPoint(x: 270, y: 170))])   // 90 points more: 30 % of the way
        tester.advance(frames: 1)
        #expect(x() > held + 50)
    }

    @Test func goldenFrames() throws {
        let tester = try SceneTester(CardViewController.self, size: size)
        tester.assertSnapshot()                                // goldenFrames.0: the card with its label and star
        tester.advance(to: 2)
        tester.assertSnapshot()                                // goldenFrames.120: green, the card slid and turned
    }
}
