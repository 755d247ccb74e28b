import Foundation
import Layers
import TestSupport
import Testing
@testable import Views

/// `numberOfTouchesRequired = 2`: both fingers down, neither moving, both lifted.
@Suite(.isolatedEngine) struct TwoFingerTapTests {
    func setUp(required: Int, taps: Int = 1) -> (ViewStage, UITapGestureRecognizer, Counter) {
        let st = ViewStage(200, 200)
        let v = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        st.show(v)
        let count = Counter()
        let tap = UITapGestureRecognizer { _ in count.n += 1 }
        tap.numberOfTouchesRequired = required
        tap.numberOfTapsRequired = taps
        v.addGestureRecognizer(tap)
        return (st, tap, count)
    }
    final class Counter { var n = 0 }

    /// The fingers, at `a` and `b`, do `phase` together.
    func both(_ phase: InputEvent.TouchStep.Phase, _ a: CGPoint = CGPoint(x: 60, y: 100), _ b: CGPoint = CGPoint(x: 140, y: 100)) -> InputEvent {
        .touches([.init(.first, phase, a), .init(.second, phase, b)])
    }

    @Test func twoFingersDownAndUpRecognize() {
        let (st, tap, count) = setUp(required: 2)
        st.input(both(.down), at: 1)
        st.input(both(.up), at: 1.1)
        #expect(count.n == 1)
        // The second finger may come a little later and lift first.
        st.input(.touches([.init(.first, .down, CGPoint(x: 60, y: 100))]), at: 2)
        st.input(.touches([.init(.second, .down, CGPoint(x: 140, y: 100))]), at: 2.05)
        st.input(.touches([.init(.second, .up, CGPoint(x: 140, y: 100))]), at: 2.1)
        #expect(count.n == 1 && tap.state == .possible)                   // one finger still down
        st.input(.touches([.init(.first, .up, CGPoint(x: 60, y: 100))]), at: 2.15)
        #expect(count.n == 2)
    }

    @Test func oneFingerOrAMovingFingerOrALongPressFails() {
        let (st, _, count) = setUp(required: 2)
        st.input(.pointerDown(CGPoint(x: 60, y: 100)), at: 1)
        st.input(.pointerUp(CGPoint(x: 60, y: 100)), at: 1.1)
        st.input(both(.down), at: 2)
        st.input(both(.move, CGPoint(x: 60, y: 100), CGPoint(x: 160, y: 100)), at: 2.05)
        st.input(both(.up, CGPoint(x: 60, y: 100), CGPoint(x: 160, y: 100)), at: 2.1)
        st.input(both(.down), at: 3)
        st.input(both(.up), at: 3.8)                                        // past maximumTapDuration
        #expect(count.n == 0)
        st.input(both(.down), at: 4)
        st.input(both(.up), at: 4.1)
        #expect(count.n == 1)                                               // and it recognizes again
    }

    @Test func aTwoFingerDoubleTapAndTheOneFingerTapBeside() {
        let (st, _, count) = setUp(required: 2, taps: 2)
        st.input(both(.down), at: 1)
        st.input(both(.up), at: 1.05)
        #expect(count.n == 0)
        st.input(both(.down), at: 1.2)
        st.input(both(.up), at: 1.25)
        #expect(count.n == 1)

        // A one-finger tap still fails when a second finger comes down.
        let (st1, _, one) = setUp(required: 1)
        st1.input(both(.down), at: 1)
        st1.input(both(.up), at: 1.05)
        #expect(one.n == 0)
        st1.input(.pointerDown(CGPoint(x: 60, y: 100)), at: 2)
        st1.input(.pointerUp(CGPoint(x: 60, y: 100)), at: 2.05)
        #expect(one.n == 1)
    }

    @Test func moreFingersThanFlipbookHasAreReported() {
        var captured: [String] = []
        CAEngine.current.reportSink = { captured.append($0) }
        let tap = UITapGestureRecognizer()
        tap.numberOfTouchesRequired = 3
        #expect(captured.count == 1 && captured[0].contains("two touches at most"))
        #expect(tap.numberOfTouchesRequired == 3)
    }
}
