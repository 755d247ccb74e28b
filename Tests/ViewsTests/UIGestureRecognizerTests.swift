import TestSupport
import Foundation
import Layers
import Testing
@testable import Views

/// Gestures driven by InputEvents at exact media times, through UIWindow as the host delivers them.
@Suite(.isolatedEngine) struct UIGestureRecognizerTests {
    final class TouchLog: UIView {
        var log: [String] = []
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { log.append("began") }
        override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { log.append("moved") }
        override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { log.append("ended") }
        override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { log.append("cancelled") }
    }

    func setUp() -> (ViewStage, TouchLog) {
        let st = ViewStage()
        let v = TouchLog(frame: CGRect(x: 50, y: 50, width: 100, height: 100))
        st.show(v)
        return (st, v)
    }

    @Test func touchesReachTheHitViewWithLocations() {
        let (st, v) = setUp()
        var location: CGPoint?
        final class Probe: UIView {
            var onBegan: ((UITouch) -> Void)?
            override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { onBegan?(touches.first!) }
        }
        let p = Probe(frame: CGRect(x: 10, y: 10, width: 20, height: 20))
        v.addSubview(p)
        p.onBegan = { location = $0.location(in: p) }
        st.input(.pointerDown(CGPoint(x: 65, y: 70)), at: 0.1)
        #expect(location == CGPoint(x: 5, y: 10))
        st.input(.pointerUp(CGPoint(x: 65, y: 70)), at: 0.2)
        st.input(.pointerDown(CGPoint(x: 100, y: 100)), at: 0.3)
        st.input(.pointerMove(CGPoint(x: 101, y: 100)), at: 0.31)
        st.input(.pointerUp(CGPoint(x: 101, y: 100)), at: 0.32)
        // The probe does not handle touchesEnded: it goes up the responder chain to its superview.
        #expect(v.log == ["ended", "began", "moved", "ended"])
    }

    @Test func tapRecognizesAndCancelsTheViewsTouch() {
        let (st, v) = setUp()
        var states: [UIGestureRecognizer.State] = []
        let tap = UITapGestureRecognizer { states.append($0.state) }
        v.addGestureRecognizer(tap)
        st.input(.pointerDown(CGPoint(x: 100, y: 100)), at: 1.0)
        st.input(.pointerUp(CGPoint(x: 102, y: 100)), at: 1.1)
        #expect(states == [.ended])
        #expect(v.log == ["began", "cancelled"])       // cancelsTouchesInView, as UIKit
        #expect(tap.state == .possible)                // reset for the next gesture
        // Too long a press is not a tap; neither is a drag.
        st.input(.pointerDown(CGPoint(x: 100, y: 100)), at: 2.0)
        st.input(.pointerUp(CGPoint(x: 100, y: 100)), at: 2.6)
        st.input(.pointerDown(CGPoint(x: 100, y: 100)), at: 3.0)
        st.input(.pointerMove(CGPoint(x: 130, y: 100)), at: 3.05)
        st.input(.pointerUp(CGPoint(x: 130, y: 100)), at: 3.1)
        #expect(states == [.ended])
    }

    @Test func doubleTapNeedsTwoTapsCloseTogether() {
        let (st, v) = setUp()
        var count = 0
        let tap = UITapGestureRecognizer { _ in count += 1 }
        tap.numberOfTapsRequired = 2
        v.addGestureRecognizer(tap)
        for (down, up) in [(0.0, 0.05), (0.2, 0.25)] {
            st.input(.pointerDown(CGPoint(x: 100, y: 100)), at: down)
            st.input(.pointerUp(CGPoint(x: 100, y: 100)), at: up)
        }
        #expect(count == 1)
        for (down, up) in [(1.0, 1.05), (1.5, 1.55)] {     // 0.45 s apart: too slow
            st.input(.pointerDown(CGPoint(x: 100, y: 100)), at: down)
            st.input(.pointerUp(CGPoint(x: 100, y: 100)), at: up)
        }
        #expect(count == 1)
    }

    @Test func panReportsTranslationAndVelocityFromMediaTimes() {
        let (st, v) = setUp()
        var log: [(UIGestureRecognizer.State, CGPoint, CGPoint)] = []
        let pan = UIPanGestureRecognizer()
        pan.addAction { p in  // typed: a UIPanGestureRecognizer
            log.append((p.state, p.translation(in: v), p.velocity(in: v)))
        }
        v.addGestureRecognizer(pan)
        st.input(.pointerDown(CGPoint(x: 60, y: 60)), at: 0)
        // 5 points right and 2 down per frame at 60 fps: 300 and 120 points per second.
        for i in 1...6 {
            st.input(.pointerMove(CGPoint(x: 60 + 5 * Double(i), y: 60 + 2 * Double(i))), at: Double(i) / 60)
        }
        st.input(.pointerUp(CGPoint(x: 90, y: 72)), at: 7.0 / 60)
        // Begins once the touch is 10 points away (the 2nd move, 10.8 points), then changes on each move.
        #expect(log.map(\.0) == [.began, .changed, .changed, .changed, .changed, .ended])
        #expect(log.first?.1 == CGPoint(x: 10, y: 4))
        #expect(log.last?.1 == CGPoint(x: 30, y: 12))
        #expect(isNear(log[3].2, CGPoint(x: 300, y: 120), 1e-6))
        // Lifted one frame after the last move, at the same place: the 0.1 s window (1/60…7/60 s)
        // then holds 25 × 10 points of travel over 0.1 s.
        #expect(isNear(log[5].2, CGPoint(x: 250, y: 100), 1e-6))
        #expect(v.log == ["began", "moved", "cancelled"])   // the view saw the touch until the pan began
    }

    @Test func panSetTranslationAndVelocityInARotatedView() {
        let (st, v) = setUp()
        v.transform = CGAffineTransform(rotationAngle: .pi / 2)
        var translations: [CGPoint] = []
        let pan = UIPanGestureRecognizer { p in  // typed: a UIPanGestureRecognizer
            translations.append(p.translation(in: v))
            p.setTranslation(.zero, in: v)
        }
        v.addGestureRecognizer(pan)
        st.input(.pointerDown(CGPoint(x: 100, y: 100)), at: 0)
        st.input(.pointerMove(CGPoint(x: 100, y: 120)), at: 0.1)   // 20 down on screen = +x in the turned view
        st.input(.pointerMove(CGPoint(x: 100, y: 125)), at: 0.2)
        #expect(translations.count == 2)
        #expect(isNear(translations[0], CGPoint(x: 20, y: 0), 1e-9))
        #expect(isNear(translations[1], CGPoint(x: 5, y: 0), 1e-9))       // consumed by setTranslation
        // Velocity spans the samples of the last 0.1 s: 120 → 125 on screen between 0.1 and 0.2 s.
        #expect(isNear(pan.velocity(in: v), CGPoint(x: 50, y: 0), 1e-6))
    }

    @Test func longPressBeginsAtTheFrameThatReachesTheDuration() {
        let (st, v) = setUp()
        var log: [(UIGestureRecognizer.State, Double)] = []
        let press = UILongPressGestureRecognizer { log.append(($0.state, CACurrentMediaTime())) }
        press.minimumPressDuration = 0.5
        v.addGestureRecognizer(press)
        st.frame(1.0)
        st.input(.pointerDown(CGPoint(x: 100, y: 100)), at: 1.0)
        var t = 1.0
        while t < 1.45 { t += 0.05; st.frame(t) }
        #expect(log.isEmpty)
        st.frame(1.5)
        #expect(log.map(\.0) == [.began])
        #expect(log.first?.1 == 1.5)
        #expect(v.log == ["began", "cancelled"])
        st.input(.pointerMove(CGPoint(x: 120, y: 100)), at: 1.6)
        st.input(.pointerUp(CGPoint(x: 120, y: 100)), at: 1.7)
        #expect(log.map(\.0) == [.began, .changed, .ended])
        // A short press fails.
        st.input(.pointerDown(CGPoint(x: 100, y: 100)), at: 2.0)
        st.frame(2.2)
        st.input(.pointerUp(CGPoint(x: 100, y: 100)), at: 2.3)
        #expect(log.count == 3)
    }

    @Test func buttonHighlightsWhilePressedAndRunsItsAction() {
        let st = ViewStage()
        let button = UIButton(type: .system)
        button.frame = CGRect(x: 20, y: 20, width: 120, height: 44)
        button.setTitle("Go", for: .normal)
        st.show(button)
        var taps = 0, downs = 0
        button.addAction(UIAction { _ in taps += 1 }, for: .touchUpInside)
        button.addAction(for: .touchDown) { downs += 1 }
        #expect(button.titleLabel?.text == "Go")
        st.input(.pointerDown(CGPoint(x: 40, y: 40)), at: 0.1)
        #expect(button.isHighlighted && button.state.contains(.highlighted))
        #expect(button.titleLabel?.textColor.cgColor.alpha == 0.2)   // a system button dims while pressed
        #expect(downs == 1 && taps == 0)
        st.input(.pointerUp(CGPoint(x: 41, y: 40)), at: 0.2)
        #expect(!button.isHighlighted && taps == 1)
        #expect(button.titleLabel?.textColor == UIColor.systemBlue)
        // Lifting far outside is touchUpOutside: no tap.
        st.input(.pointerDown(CGPoint(x: 40, y: 40)), at: 0.3)
        st.input(.pointerMove(CGPoint(x: 300, y: 300)), at: 0.4)
        #expect(!button.isHighlighted)
        st.input(.pointerUp(CGPoint(x: 300, y: 300)), at: 0.5)
        #expect(taps == 1)
        #expect(st.window.hitTest(CGPoint(x: 40, y: 40), with: nil) === button)   // not its title label
        button.isEnabled = false
        st.input(.pointerDown(CGPoint(x: 40, y: 40)), at: 0.6)
        #expect(!button.isHighlighted)
        st.input(.pointerUp(CGPoint(x: 40, y: 40)), at: 0.7)
        #expect(taps == 1 && downs == 2)
    }

    @Test func animationsStartedFromATouchCountFromTheTouchesFrame() {
        let (st, v) = setUp()
        st.frame(4.9)
        let tap = UITapGestureRecognizer { _ in
            UIView.animate(withDuration: 1, delay: 0.5, options: .curveLinear, animations: { v.alpha = 0 })
        }
        v.addGestureRecognizer(tap)
        st.input(.pointerDown(CGPoint(x: 100, y: 100)), at: 4.95)
        st.input(.pointerUp(CGPoint(x: 100, y: 100)), at: 5.0)   // input comes before the frame's timers phase
        st.frame(5.0)
        st.frame(5.4)
        #expect(v.layer.presented.opacity == 1)                             // still in the delay
        st.frame(6.0)
        #expect(isNear(Double(v.layer.presented.opacity), 0.5, 1e-6))      // begun at 5.0 + 0.5
    }

    @Test func aRecognizerThatDoesNotCancelLeavesTheViewItsTouch() {
        let (st, v) = setUp()
        var began = 0
        let pan = UIPanGestureRecognizer { if $0.state == .began { began += 1 } }
        pan.cancelsTouchesInView = false
        v.addGestureRecognizer(pan)
        st.input(.pointerDown(CGPoint(x: 60, y: 60)), at: 0)
        st.input(.pointerMove(CGPoint(x: 90, y: 60)), at: 0.1)
        st.input(.pointerUp(CGPoint(x: 90, y: 60)), at: 0.2)
        #expect(began == 1)
        #expect(v.log == ["began", "moved", "ended"])
    }
}

/// Lets a test decide whether a recognizer begins and which ones share a touch.
final class GestureRules: UIGestureRecognizerDelegate {
    var begins = true, together = false
    func gestureRecognizerShouldBegin(_ g: UIGestureRecognizer) -> Bool { begins }
    func gestureRecognizer(_ g: UIGestureRecognizer, shouldRecognizeSimultaneouslyWith o: UIGestureRecognizer) -> Bool { together }
}

@Suite(.isolatedEngine) struct GestureExclusivityTests {
    /// An outer and an inner view with a pan each; a drag on the inner one; the states each saw.
    func drag(_ rules: GestureRules) -> (inner: [UIGestureRecognizer.State], outer: [UIGestureRecognizer.State]) {
        let st = ViewStage(200, 200)
        let outer = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let inner = UIView(frame: CGRect(x: 50, y: 50, width: 100, height: 100))
        outer.addSubview(inner)
        st.show(outer)
        var seen: (inner: [UIGestureRecognizer.State], outer: [UIGestureRecognizer.State]) = ([], [])
        let a = UIPanGestureRecognizer { seen.inner.append($0.state) }
        a.delegate = rules
        inner.addGestureRecognizer(a)
        outer.addGestureRecognizer(UIPanGestureRecognizer { seen.outer.append($0.state) })
        st.input(.pointerDown(CGPoint(x: 100, y: 100)), at: 1)
        for i in 1...3 { st.input(.pointerMove(CGPoint(x: 100 + 10 * Double(i), y: 100)), at: 1 + Double(i) / 60) }
        st.input(.pointerUp(CGPoint(x: 130, y: 100)), at: 1.1)
        return seen
    }

    @Test func theTouchedViewsRecognizerWinsAndTheOtherFails() {
        let seen = drag(GestureRules())
        #expect(seen.inner == [.began, .changed, .changed, .ended] && seen.outer.isEmpty)
    }

    @Test func aRefusalToBeginLeavesTheTouchToTheNextOne() {
        let rules = GestureRules()
        rules.begins = false
        let seen = drag(rules)
        #expect(seen.inner.isEmpty && seen.outer == [.began, .changed, .changed, .ended])
    }

    @Test func simultaneousRecognizersBothRun() {
        let rules = GestureRules()
        rules.together = true
        let seen = drag(rules)
        #expect(seen.inner == [.began, .changed, .changed, .ended] && seen.outer == [.began, .changed, .changed, .ended])
    }
}
