import TestSupport
import Foundation
import Layers
import Testing
@testable import Views

/// UISwipeGestureRecognizer, driven by input events at exact media times through UIWindow.
@Suite(.isolatedEngine) struct UISwipeGestureRecognizerTests {
    /// A 300×300 view with a swipe recognizer for `direction`; returns the times its action ran.
    final class Rig {
        let st = ViewStage(400, 400)
        let view = UIView(frame: CGRect(x: 50, y: 50, width: 300, height: 300))
        var fired: [(time: Double, state: UIGestureRecognizer.State)] = []
        let swipe: UISwipeGestureRecognizer

        init(_ direction: UISwipeGestureRecognizer.Direction) {
            swipe = UISwipeGestureRecognizer { _ in }
            swipe.direction = direction
            st.show(view)
            view.addGestureRecognizer(swipe)
            swipe.addAction { [unowned self] s in fired.append((CACurrentMediaTime(), s.state)) }
        }

        /// A stroke from (200, 200) by (dx, dy) in `steps` moves over `seconds`, then the lift.
        func stroke(_ dx: CGFloat, _ dy: CGFloat, over seconds: Double, at t0: Double, steps: Int = 6) {
            st.input(.pointerDown(CGPoint(x: 200, y: 200)), at: t0)
            for k in 1...steps {
                let f = CGFloat(k) / CGFloat(steps)
                st.input(.pointerMove(CGPoint(x: 200 + dx * f, y: 200 + dy * f)), at: t0 + seconds * Double(f))
            }
            st.input(.pointerUp(CGPoint(x: 200 + dx, y: 200 + dy)), at: t0 + seconds + 0.01)
        }
    }

    @Test func aQuickStrokeRightRecognizesOnceBeforeTheLift() {
        let rig = Rig(.right)
        rig.stroke(90, 10, over: 0.18, at: 1)
        #expect(rig.fired.count == 1)
        #expect(rig.fired.first?.state == .ended)
        #expect(rig.fired[0].time < 1.18)               // at the move that passed 50 points
        #expect(rig.swipe.state == .possible)           // reset for the next one
    }

    @Test func tooSlowTooCrookedOrTheWrongWayFails() {
        let rig = Rig(.right)
        rig.stroke(90, 0, over: 0.9, at: 1)             // slower than 0.5 s to 50 points
        rig.stroke(60, 50, over: 0.1, at: 3)            // strays more than half its length
        rig.stroke(-90, 0, over: 0.1, at: 5)            // left, not permitted
        rig.stroke(30, 0, over: 0.1, at: 7)             // too short
        #expect(rig.fired.isEmpty)
        rig.stroke(90, 0, over: 0.1, at: 9)             // and it still recognizes afterwards
        #expect(rig.fired.count == 1)
    }

    @Test func severalDirectionsAndTheVerticalOnes() {
        let rig = Rig([.left, .up])
        rig.stroke(-80, 5, over: 0.1, at: 1)
        rig.stroke(0, -80, over: 0.1, at: 2)            // up is towards smaller y
        rig.stroke(0, 80, over: 0.1, at: 3)             // down: not permitted
        #expect(rig.fired.count == 2)
    }

    /// A touch that rests past the time limit fails without moving again.
    @Test func theTimeLimitRunsWhileTheTouchRests() {
        let rig = Rig(.right)
        rig.st.input(.pointerDown(CGPoint(x: 200, y: 200)), at: 1)
        rig.st.input(.pointerMove(CGPoint(x: 210, y: 200)), at: 1.05)
        rig.st.frame(1.7)
        #expect(rig.swipe.state == .failed)            // at the frame, not at the next move
        rig.st.input(.pointerMove(CGPoint(x: 300, y: 200)), at: 1.75)
        rig.st.input(.pointerUp(CGPoint(x: 300, y: 200)), at: 1.8)
        #expect(rig.fired.isEmpty)
    }
}
