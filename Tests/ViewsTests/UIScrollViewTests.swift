import Foundation
import Layers
import TestSupport
import Testing
@testable import Views

/// Records what a scroll view tells its delegate; may move the target of a release.
final class ScrollRecorder: UIScrollViewDelegate {
    var calls: [String] = []
    var releaseVelocity = CGPoint.zero
    var retarget: CGPoint?
    func scrollViewWillBeginDragging(_ s: UIScrollView) { calls.append("willBegin") }
    func scrollViewWillEndDragging(_ s: UIScrollView, withVelocity v: CGPoint, targetContentOffset t: UnsafeMutablePointer<CGPoint>) {
        calls.append("willEnd"); releaseVelocity = v
        if let retarget { t.pointee = retarget }
    }
    func scrollViewDidEndDragging(_ s: UIScrollView, willDecelerate d: Bool) { calls.append("didEnd(\(d))") }
    func scrollViewDidEndDecelerating(_ s: UIScrollView) { calls.append("didEndDecelerating") }
    func scrollViewDidEndScrollingAnimation(_ s: UIScrollView) { calls.append("didEndAnimation") }
}

@Suite(.isolatedEngine) struct ScrollPhysicsTests {
    @Test func glideFollowsTheExponentialDecayOfIOS() {
        let closed: Double = 1000 * (pow(0.998, 100) - 1) / (1000 * log(0.998))
        #expect(isNear(ScrollPhysics.glide(velocity: 1000, rate: 0.998, time: 0.1), closed, 1e-9))
        #expect(isNear(ScrollPhysics.glide(velocity: 1000, rate: 0.998, time: 0.1), 90.63, 0.01))
        // The whole glide, against Apple's per-millisecond projection v/1000·d/(1−d) (WWDC 2018).
        let apple: Double = 0.998 / (1 - 0.998)
        #expect(abs(ScrollPhysics.projection(velocity: 1000, rate: 0.998) / apple - 1) < 0.002)
        let v50: Double = 1000 * pow(0.99, 50)
        #expect(isNear(ScrollPhysics.glideVelocity(velocity: 1000, rate: 0.99, time: 0.05), v50, 1e-9))
        let end = ScrollPhysics.glideDuration(velocity: 1000, rate: 0.998)
        #expect(isNear(ScrollPhysics.glideVelocity(velocity: 1000, rate: 0.998, time: end), ScrollPhysics.restingSpeed, 1e-9))
        #expect(ScrollPhysics.projection(velocity: 1000, rate: 0.998) - ScrollPhysics.glide(velocity: 1000, rate: 0.998, time: end) < 0.26)
    }

    @Test func rubberBandAndItsInverse() {
        let band: Double = (1 - 1 / (100 * 0.55 / 500 + 1)) * 500
        #expect(isNear(ScrollPhysics.rubberBand(100, dimension: 500), band, 1e-9))
        #expect(isNear(ScrollPhysics.rubberBand(-100, dimension: 500), -49.5495, 1e-4))
        #expect(ScrollPhysics.rubberBand(1e9, dimension: 500) < 500)
        for d in [-300.0, -1, 0.5, 42, 1000] {
            #expect(isNear(ScrollPhysics.rubberBandInverse(ScrollPhysics.rubberBand(d, dimension: 400), dimension: 400), d, 1e-6))
        }
    }
}

@Suite(.isolatedEngine) struct UIScrollViewTests {
    /// A 300×300 scroll view of 300×2000 content (vertical) at the window's origin, shown at t = 0.
    func vertical(_ st: ViewStage, content: CGSize = CGSize(width: 300, height: 2000)) -> (UIScrollView, ScrollRecorder) {
        let s = UIScrollView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        s.contentSize = content
        let r = ScrollRecorder()
        s.delegate = r
        st.show(s)
        return (s, r)
    }

    /// A drag from `a` to `b` over `duration` s starting at `t0`, a move every 1/60 s; returns the release time.
    @discardableResult
    func drag(_ st: ViewStage, _ a: CGPoint, _ b: CGPoint, from t0: Double, duration: Double) -> Double {
        st.input(.pointerDown(a), at: t0); st.frame(t0)
        let n = Int((duration * 60).rounded())
        for i in 1...n {
            let f = Double(i) / Double(n), t = t0 + Double(i) / 60
            st.input(.pointerMove(CGPoint(x: a.x + (b.x - a.x) * f, y: a.y + (b.y - a.y) * f)), at: t)
            st.frame(t)
        }
        let te = t0 + Double(n) / 60
        st.input(.pointerUp(b), at: te)
        st.frame(te)                                     // the rest of the release's frame
        return te
    }

    @Test func aFlingGlidesByIOSsLawAndStopsWithOneCallback() {
        let st = ViewStage(300, 300)
        let (s, r) = vertical(st)
        let te = drag(st, CGPoint(x: 150, y: 250), CGPoint(x: 150, y: 100), from: 1, duration: 0.1)
        let o0 = Double(s.contentOffset.y), v = Double(r.releaseVelocity.y) * 1000
        #expect(v > 1000 && r.calls == ["willBegin", "willEnd", "didEnd(true)"] && s.isDecelerating)
        for dt in [0.1, 0.3, 0.8] {
            st.frame(te + dt)
            #expect(isNear(Double(s.contentOffset.y), o0 + ScrollPhysics.glide(velocity: v, rate: 0.998, time: dt), 1e-6), "at \(dt)")
        }
        var t = te + 0.8
        while s.isDecelerating && t < te + 10 { t += 1.0 / 60; st.frame(t) }
        #expect(!s.isDecelerating && r.calls.last == "didEndDecelerating" && r.calls.filter { $0 == "didEndDecelerating" }.count == 1)
        #expect(abs(Double(s.contentOffset.y) - (o0 + ScrollPhysics.projection(velocity: v, rate: 0.998))) < 0.3)
    }

    @Test func draggingPastTheTopRubberBandsThenSpringsBack() {
        let st = ViewStage(300, 300)
        let (s, r) = vertical(st)
        st.input(.pointerDown(CGPoint(x: 150, y: 50)), at: 1)
        for (i, y) in [70.0, 100, 150, 160].enumerated() { st.input(.pointerMove(CGPoint(x: 150, y: y)), at: 1 + Double(i + 1) / 60); st.frame(1 + Double(i + 1) / 60) }
        // 110 points pulled past the top (the 10-point hysteresis is part of the translation in UIKit too).
        #expect(isNear(Double(s.contentOffset.y), -ScrollPhysics.rubberBand(110, dimension: 300), 1e-6))
        // Held still for a while, then let go: a spring back to 0, no overshoot (critically damped).
        for i in 5...20 { st.input(.pointerMove(CGPoint(x: 150, y: 160)), at: 1 + Double(i) / 60); st.frame(1 + Double(i) / 60) }
        st.input(.pointerUp(CGPoint(x: 150, y: 160)), at: 1.34)
        var t = 1.34, lowest = -1e9
        while s.isDecelerating && t < 5 { t += 1.0 / 60; st.frame(t); lowest = max(lowest, Double(s.contentOffset.y)) }
        #expect(s.contentOffset.y == 0 && lowest <= 0 && r.calls.last == "didEndDecelerating")
    }

    @Test func aGlideIntoTheEndBouncesAndRestsExactlyAtTheEnd() {
        let st = ViewStage(300, 300)
        let (s, _) = vertical(st, content: CGSize(width: 300, height: 500))
        let te = drag(st, CGPoint(x: 150, y: 280), CGPoint(x: 150, y: 120), from: 1, duration: 0.1)
        var t = te, highest = 0.0
        while s.isDecelerating && t < te + 5 { t += 1.0 / 60; st.frame(t); highest = max(highest, Double(s.contentOffset.y)) }
        #expect(highest > 200 + 1 && s.contentOffset.y == 200)   // past the end (200), then back
    }

    @Test func pagingLandsOnThePageTheVelocityPointsAt() {
        for (distance, duration, page) in [(100.0, 1.0, 0.0), (100.0, 0.1, 1.0), (200.0, 1.0, 1.0)] {
            let st = ViewStage(300, 300)
            let s = UIScrollView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
            s.contentSize = CGSize(width: 1500, height: 300)
            s.isPagingEnabled = true
            st.show(s)
            let te = drag(st, CGPoint(x: 250, y: 150), CGPoint(x: 250 - distance, y: 150), from: 1, duration: duration)
            var t = te
            while s.isDecelerating && t < te + 5 { t += 1.0 / 60; st.frame(t) }
            #expect(Double(s.contentOffset.x) == page * 300, "\(distance) pt in \(duration) s: \(Double(s.contentOffset.x) - page * 300) \(s.isDecelerating)")
        }
    }

    @Test func theDelegateMayMoveTheTarget() {
        let st = ViewStage(300, 300)
        let (s, r) = vertical(st)
        r.retarget = CGPoint(x: 0, y: 640)
        let te = drag(st, CGPoint(x: 150, y: 250), CGPoint(x: 150, y: 100), from: 1, duration: 0.1)
        var t = te
        while s.isDecelerating && t < te + 5 { t += 1.0 / 60; st.frame(t) }
        #expect(s.contentOffset.y == 640)
    }

    /// Content that grew above what shows (a table's rows measured above the visible ones):
    /// the offset moves by the growth and a glide goes on from there, as if it had always been
    /// that much further down.
    @Test func aShiftedOffsetKeepsTheGlideGoing() {
        let st = ViewStage(300, 300)
        let (s, r) = vertical(st)
        let te = drag(st, CGPoint(x: 150, y: 250), CGPoint(x: 150, y: 100), from: 1, duration: 0.1)
        let o0 = Double(s.contentOffset.y), v = Double(r.releaseVelocity.y) * 1000
        st.frame(te + 0.1)
        s.contentSize.height += 40
        s.shiftContentOffset(byY: 40)
        #expect(isNear(Double(s.contentOffset.y), o0 + 40 + ScrollPhysics.glide(velocity: v, rate: 0.998, time: 0.1), 1e-6))
        st.frame(te + 0.3)
        #expect(s.isDecelerating && isNear(Double(s.contentOffset.y), o0 + 40 + ScrollPhysics.glide(velocity: v, rate: 0.998, time: 0.3), 1e-6))
        s.shiftContentOffset(byY: .nan)
        #expect(s.contentOffset.y.isFinite)
    }

    @Test func setContentOffsetAnimatedEasesOverAThirdOfASecond() {
        let st = ViewStage(300, 300)
        let (s, r) = vertical(st)
        st.at(1) { s.setContentOffset(CGPoint(x: 0, y: 400), animated: true) }
        st.frame(1.15)
        #expect(isNear(Double(s.contentOffset.y), 400 * CubicBezier.easeInEaseOut.value(at: 0.5), 1e-6))
        st.frame(1.3)
        #expect(s.contentOffset.y == 400 && r.calls == ["didEndAnimation"])
        s.setContentOffset(CGPoint(x: CGFloat.nan, y: 3), animated: false)
        #expect(s.contentOffset.y == 400)
    }

    @Test func wheelScrollingStaysWithinTheContent() {
        let st = ViewStage(300, 300)
        let (s, _) = vertical(st)
        s.scroll(by: CGVector(dx: 50, dy: -80))
        #expect(s.contentOffset == .zero)                    // not horizontal; clamped at the top
        s.scroll(by: CGVector(dx: 0, dy: 5000))
        #expect(s.contentOffset.y == 1700)
        s.contentSize = CGSize(width: CGFloat.nan, height: 10)
        #expect(s.contentSize.height == 2000)
    }

    @Test func theWindowSendsTheWheelToTheScrollViewUnderThePointer() {
        let st = ViewStage(300, 300)
        let (outer, _) = vertical(st)
        let inner = UIScrollView(frame: CGRect(x: 0, y: 100, width: 300, height: 100))
        inner.contentSize = CGSize(width: 900, height: 100)
        outer.addSubview(inner)
        st.frame(0.1)
        st.input(.wheel(at: CGPoint(x: 150, y: 150), delta: CGVector(dx: 0, dy: 120)), at: 0.2)
        #expect(outer.contentOffset.y == 120 && inner.contentOffset.x == 0)   // the inner one is horizontal only
        st.frame(0.2)
        // The inner view moved up with the content: (150, 60) now falls on it.
        st.input(.wheel(at: CGPoint(x: 150, y: 60), delta: CGVector(dx: 50, dy: 0)), at: 0.3)
        #expect(inner.contentOffset.x == 50 && outer.contentOffset.y == 120)
        // A plain (vertical) wheel over a sideways-only scroller with nothing vertical around it.
        outer.contentSize = CGSize(width: 300, height: 300)
        outer.contentOffset = .zero
        st.frame(0.4)
        st.input(.wheel(at: CGPoint(x: 150, y: 150), delta: CGVector(dx: 0, dy: 30)), at: 0.5)
        #expect(inner.contentOffset.x == 80 && outer.contentOffset.y == 0)
    }

    @Test func theRightStickScrollsAtItsDeflection() {
        let st = ViewStage(300, 300)
        let (s, _) = vertical(st)
        st.input(.padAxis(.rightY, value: 0.5), at: 1)
        st.frame(1)
        st.frame(1.1)
        #expect(isNear(Double(s.contentOffset.y), 0.5 * 1500 * 0.1, 1e-6))
        st.input(.padAxis(.rightY, value: 0.1), at: 1.2)       // inside the dead zone
        st.frame(1.2); st.frame(1.3)
        #expect(isNear(Double(s.contentOffset.y), 75, 1e-6))     // released before the frame at 1.2 moved it
    }
}
