import TestSupport
import Foundation
import Layers
import Testing
@testable import Views

/// `require(toFail:)`: a single tap that waits for a double tap, driven through UIWindow at exact
/// media times, with frames between the touches as the host runs them.
@Suite(.isolatedEngine) struct UIGestureRecognizerFailureTests {
    final class Rig {
        let stage = ViewStage()
        let view = UIView(frame: CGRect(x: 50, y: 50, width: 100, height: 100))
        var log: [String] = []
        let single = UITapGestureRecognizer()
        let double = UITapGestureRecognizer()

        init(requireFailure: Bool = true) {
            stage.show(view)
            double.numberOfTapsRequired = 2
            single.addAction { [unowned self] r in log.append("single \(r.state)@\(CACurrentMediaTime())") }
            double.addAction { [unowned self] r in log.append("double \(r.state)@\(CACurrentMediaTime())") }
            view.addGestureRecognizer(single)
            view.addGestureRecognizer(double)
            if requireFailure { single.require(toFail: double) }
        }

        /// A tap at `t` (50 ms down), then frames every 1/60 s until `until`.
        func tap(at t: Double) {
            let p = CGPoint(x: 100, y: 100)
            stage.input(.pointerDown(p), at: t); stage.frame(t)
            stage.input(.pointerUp(p), at: t + 0.05); stage.frame(t + 0.05)
        }
        func frames(from t0: Double, to t1: Double) {
            var n = Int((t0 * 60).rounded(.up))
            while Double(n) / 60 <= t1 { stage.frame(Double(n) / 60); n += 1 }
        }
    }

    @Test func withoutTheRequirementTheSingleTapFiresOnTheFirstTapOfADoubleTap() {
        let rig = Rig(requireFailure: false)
        rig.tap(at: 1.0)
        rig.tap(at: 1.2)
        // Each tap fires the single tap at once, and its recognizing fails the double tap that
        // shares the touch (the default exclusivity), so the double tap never fires.
        #expect(rig.log == ["single ended@1.05", "single ended@1.25"])
    }

    @Test func aDoubleTapFailsTheSingleTapThatWaitsForIt() {
        let rig = Rig()
        rig.tap(at: 1.0)
        rig.frames(from: 1.06, to: 1.19)
        #expect(rig.log.isEmpty)                         // the single tap waits
        #expect(rig.single.state == .possible && rig.single.pendingState == .ended)
        rig.tap(at: 1.2)
        rig.frames(from: 1.26, to: 2.0)
        #expect(rig.log == ["double ended@1.25"])
        #expect(rig.single.state == .possible && rig.single.pendingState == nil && rig.double.state == .possible)
    }

    @Test func aLoneTapFiresTheSingleTapOnceTheDoubleTapsIntervalHasPassed() {
        let rig = Rig()
        rig.tap(at: 1.0)
        rig.frames(from: 1.06, to: 1.39)
        #expect(rig.log.isEmpty)                         // up at 1.05; the interval ends at 1.40
        rig.frames(from: 1.40, to: 1.5)
        // The first frame after 1.05 + 0.35 s: 85/60 s.
        #expect(rig.log == ["single ended@\(85.0 / 60)"])
        // Both are ready for the next gesture: a second lone tap fires again.
        rig.tap(at: 2.0)
        rig.frames(from: 2.06, to: 2.6)
        #expect(rig.log.count == 2 && rig.log[1].hasPrefix("single ended@"))
    }

    @Test func aTapWithNoFramesBetweenFiresWhenTheNextTouchComesTooLate() {
        // Input only (a host that sends events without frames in between): the late second touch
        // fails the waiting double tap first, which releases the first single tap.
        let rig = Rig()
        let p = CGPoint(x: 100, y: 100)
        rig.stage.input(.pointerDown(p), at: 1.0); rig.stage.input(.pointerUp(p), at: 1.05)
        #expect(rig.log.isEmpty)
        rig.stage.input(.pointerDown(p), at: 2.0)
        #expect(rig.log == ["single ended@2.0"])
    }

    @Test func aRequirementThatGetsNoTouchDoesNotHoldTheOtherBack() {
        let rig = Rig()
        let elsewhere = UIView(frame: CGRect(x: 0, y: 160, width: 40, height: 40))
        rig.stage.window.addSubview(elsewhere)
        let far = UITapGestureRecognizer()
        far.numberOfTapsRequired = 2
        elsewhere.addGestureRecognizer(far)
        let lone = UITapGestureRecognizer { [unowned rig] _ in rig.log.append("lone") }
        lone.require(toFail: far)
        rig.view.removeGestureRecognizer(rig.single); rig.view.removeGestureRecognizer(rig.double)
        rig.view.addGestureRecognizer(lone)
        rig.tap(at: 1.0)
        #expect(rig.log == ["lone"])
    }

    @Test func aPanThatBeginsFailsTheTapThatRequiresIt() {
        let st = ViewStage()
        let v = UIView(frame: CGRect(x: 50, y: 50, width: 100, height: 100))
        st.show(v)
        var log: [String] = []
        let pan = UIPanGestureRecognizer { log.append("pan \($0.state)") }
        let tap = UITapGestureRecognizer { _ in log.append("tap") }
        tap.allowableMovement = 100
        tap.require(toFail: pan)
        v.addGestureRecognizer(tap); v.addGestureRecognizer(pan)
        // A short still touch: the pan never begins, fails at the touch's end, and the tap fires.
        st.input(.pointerDown(CGPoint(x: 100, y: 100)), at: 1.0)
        st.input(.pointerUp(CGPoint(x: 100, y: 100)), at: 1.05)
        #expect(log == ["tap"])
        // A drag: the pan begins and the tap, within its allowable movement, fails.
        st.input(.pointerDown(CGPoint(x: 100, y: 100)), at: 2.0)
        st.input(.pointerMove(CGPoint(x: 130, y: 100)), at: 2.02)
        st.input(.pointerUp(CGPoint(x: 130, y: 100)), at: 2.05)
        #expect(log == ["tap", "pan began", "pan ended"])
    }
}
