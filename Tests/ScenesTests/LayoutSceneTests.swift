import Flipbook
import FlipbookTesting
import Foundation
import FrameLoop
@testable import Scenes
import Testing
import TestSupport

/// The layout scene at 640×360 (a screen of constraints only), driven through the frame loop by
/// docs/scripts/layout.script or by single taps: the frames come from the solver, the motion from
/// the constraint animations, checked against UIKit's curves and the constraints' own numbers.
@Suite(.isolatedEngine) struct LayoutSceneTests {
    static func controller(_ d: SceneTester) -> LayoutScene { d.scene as! LayoutScene }
    /// The card's height on screen.
    static func cardHeight(_ d: SceneTester) -> Double { Double(controller(d).card.layer.presentation()!.bounds.height) }

    static func script() throws -> InputScript {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../docs/scripts/layout.script")
        return try InputScript.parse(String(contentsOf: url, encoding: .utf8), file: "layout.script")
    }

    /// Nothing is placed by frame: the constraints alone put every view where the script's
    /// coordinates expect it (margins 8, the card half the width less 20, the stack beside it).
    @Test func theConstraintsLayTheScreenOut() throws {
        let d = try SceneTester(scene: "layout", width: 640, height: 360)
        d.advance(to: 0.1)
        let c = Self.controller(d)
        #expect(c.card.frame == CGRect(x: 8, y: 50, width: 300, height: 76))
        #expect(c.rowStack.frame == CGRect(x: 332, y: 50, width: 300, height: 138))
        #expect(c.rows.map(\.frame.minY) == [0, 36, 72, 108])
        #expect(c.bar.frame == CGRect(x: 0, y: 308, width: 640, height: 52))
        #expect(c.badge.center == CGPoint(x: 302, y: 56))
        #expect(c.buttons["2"]!.convert(c.buttons["2"]!.bounds, to: c.view).midY == 213)
        #expect(!c.view.hasAmbiguousLayout && !c.card.hasAmbiguousLayout && !c.badge.hasAmbiguousLayout)
    }

    /// The card button: the height constant changes and a property animator lays out, 0.6 s
    /// easing in and out from 76 to 200 (360 − 160).
    @Test func theCardOpensOnAPropertyAnimator() throws {
        let d = try SceneTester(scene: "layout", width: 640, height: 360)
        let p = CGPoint(x: 109, y: 25)
        d.send([.pointerDown(p)], at: 0.3)
        d.advance(to: 0.3)
        d.send([.pointerUp(p)], at: 0.35)
        d.advance(to: 0.35)
        let t0 = d.time
        #expect(Self.controller(d).cardHeight.constant == 200)
        for f in [0.25, 0.5, 0.75] {
            d.advance(to: t0 + 0.6 * f)
            #expect(isNear(Self.cardHeight(d), 76 + 124 * CubicBezier.easeInEaseOut.value(at: f), 1e-3), "at \(f)")
        }
        d.advance(to: t0 + 0.65)
        #expect(Self.cardHeight(d) == 200 && Self.controller(d).isExpanded && Self.controller(d).cardAnimator == nil)
    }

    /// Without a touch the scene plays its demo (the card opens at 1.2 s); the first touch ends it.
    @Test func theDemoPlaysUntilTheFirstTouch() throws {
        let alone = try SceneTester(scene: "layout", width: 640, height: 360)
        alone.advance(to: 2.0)
        #expect(Self.cardHeight(alone) == 200)
        alone.advance(to: 2.8)
        #expect(Self.controller(alone).rows[1].isHidden)
        let played = try SceneTester(scene: "layout", width: 640, height: 360)
        played.play(try Self.script())
        played.advance(to: 2.5)
        #expect(!Self.controller(played).rows[1].isHidden)             // the demo would have hidden it at 2.4
    }

    /// The script: scrubbed more than half shut and let go, the card closes, and the animator's
    /// completion puts the constant back; row 2 hides and the buttons under the stack follow its
    /// bottom up; the bar slides down by its constant and the badge springs onto it and rides along.
    @Test func theScriptScrubsHidesSlidesAndSprings() throws {
        let d = try SceneTester(scene: "layout", width: 640, height: 360)
        d.play(try Self.script())
        let c = Self.controller(d)
        d.advance(to: 1.5)
        #expect(c.cardAnimator.map { $0.state == .active && !$0.isRunning } == true)
        let scrubbed = Self.cardHeight(d)
        #expect(scrubbed > 76 && scrubbed < 200)
        d.advance(to: 2.5)
        #expect(Self.cardHeight(d) == 76 && c.cardHeight.constant == 76 && !c.isExpanded)
        d.advance(to: 3.1)
        #expect(c.rows[1].isHidden && c.buttons["2"]!.convert(c.buttons["2"]!.bounds, to: c.view).midY == 177)
        d.advance(to: 3.7)
        #expect(c.bar.frame.minY == 360 && c.barBottom.constant == 52)
        d.advance(to: 3.9 + 1.0 / 60 * 10)
        let rising = c.badge.layer.presentation()!.position
        #expect(rising.y > 56 && rising.y < 330)
        d.advance(to: 4.9)
        #expect(c.badge.frame == CGRect(x: 596, y: 312, width: 36, height: 36))
        #expect(c.badge.layer.presentation()!.position == c.badge.layer.position)
    }

    /// Turned round mid-way (a second tap on the card), the animator ends at its start and the
    /// completion puts the height constant back, so the next layout pass keeps the card closed.
    @Test func turnedRoundTheCardClosesAndKeepsItsConstant() throws {
        let d = try SceneTester(scene: "layout", width: 640, height: 360)
        d.play(try Self.script())
        d.advance(to: 5.3)
        let c = Self.controller(d)
        #expect(c.cardAnimator?.isReversed == true && Self.cardHeight(d) > 80)
        d.advance(to: 6.0)
        #expect(Self.cardHeight(d) == 76 && c.cardHeight.constant == 76 && !c.isExpanded && c.cardAnimator == nil)
        c.view.setNeedsLayout()
        c.view.layoutIfNeeded()
        #expect(c.card.frame.height == 76)
    }

    @Test(arguments: [1.75, 3.0, 4.25, 5.4, 7.5])
    func golden(_ t: Double) throws {
        let d = try SceneTester(scene: "layout", width: 640, height: 360)
        d.play(try Self.script())
        d.advance(to: t)
        d.assertSnapshot(named: "layout-\(t)")
    }
}
