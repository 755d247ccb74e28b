import Foundation
import Layers
import TestSupport
import Testing
@testable import Views

/// Pull to refresh as UIKit plays it: spokes appear with the pull, one `.valueChanged` when the
/// band reaches the trigger during a drag, the content resting below the spinner while refreshing,
/// and easing back up on `endRefreshing()`.
@Suite(.isolatedEngine) struct UIRefreshControlTests {
    /// A 300×600 scroll view of 300×2000 content with a refresh control counting `.valueChanged`.
    func setUp(_ st: ViewStage) -> (UIScrollView, UIRefreshControl, () -> Int) {
        let s = UIScrollView(frame: CGRect(x: 0, y: 0, width: 300, height: 600))
        s.contentSize = CGSize(width: 300, height: 2000)
        let c = UIRefreshControl()
        var changes = 0
        c.addAction(UIAction { _ in changes += 1 }, for: .valueChanged)
        s.refreshControl = c
        st.show(s)
        return (s, c, { changes })
    }

    func spokes(_ c: UIRefreshControl) -> Int { (c.spinner.spokes.sublayers ?? []).filter { !$0.isHidden }.count }

    /// Presses at (150, 20) at `t0` and moves down `distance` points over `frames` frames, one
    /// frame each, calling `each` after every frame; returns the time of the last move.
    @discardableResult
    func pull(_ st: ViewStage, by distance: CGFloat, from t0: Double, frames: Int, each: () -> Void = {}) -> Double {
        st.input(.pointerDown(CGPoint(x: 150, y: 20)), at: t0); st.frame(t0)
        for i in 1...frames {
            let t = t0 + Double(i) / 60
            st.input(.pointerMove(CGPoint(x: 150, y: 20 + distance * CGFloat(i) / CGFloat(frames))), at: t)
            st.frame(t)
            each()
        }
        return t0 + Double(frames) / 60
    }

    func settle(_ st: ViewStage, _ s: UIScrollView, from t0: Double) -> Double {
        var t = t0
        while (s.isDecelerating || s.isDragging) && t < t0 + 5 { t += 1.0 / 60; st.frame(t) }
        for _ in 0..<30 { t += 1.0 / 60; st.frame(t) } // an animated scroll has no isDecelerating
        return t
    }

    @Test func aLongPullTriggersOnceAndTheContentRestsBelowTheSpinner() {
        let st = ViewStage(300, 600)
        let (s, c, changes) = setUp(st)
        var seenSpokes: Set<Int> = []
        var changesAtTrigger: [Int] = []
        let t = pull(st, by: 340, from: 1, frames: 30) {
            let band = -s.contentOffset.y
            if !c.isRefreshing {
                seenSpokes.insert(spokes(c))
                #expect(spokes(c) == min(8, Int(band / UIRefreshControl.triggerDistance * 8)))
                #expect(c.frame.height == band && c.frame.minY == s.contentOffset.y) // the revealed band
            } else {
                changesAtTrigger.append(changes())
            }
        }
        #expect(seenSpokes.count >= 5 && seenSpokes.contains(0))               // revealed one by one
        #expect(c.isRefreshing && c.spinner.isAnimating && changes() == 1 && !changesAtTrigger.isEmpty)
        #expect(s.adjustedContentInset.top == 0)                                 // the finger still holds it
        st.input(.pointerUp(CGPoint(x: 150, y: 360)), at: t)
        st.frame(t)
        #expect(s.adjustedContentInset.top == 60 && s.contentInset.top == 0)
        let rest = settle(st, s, from: t)
        #expect(s.contentOffset.y == -60 && c.frame.height == 60 && changes() == 1)
        #expect(c.spinner.center.y == 30 && spokes(c) == 8)
        c.endRefreshing()
        let end = settle(st, s, from: rest)
        #expect(!c.isRefreshing && !c.spinner.isAnimating && s.contentOffset.y == 0 && s.adjustedContentInset.top == 0)
        #expect(c.frame.height == 0 && end > rest)
    }

    @Test func aShortPullSpringsBackWithoutRefreshing() {
        let st = ViewStage(300, 600)
        let (s, c, changes) = setUp(st)
        var most = 0
        let t = pull(st, by: 100, from: 1, frames: 10) { most = max(most, spokes(c)) }
        #expect(most > 0 && most < 8 && !c.isRefreshing)
        st.input(.pointerUp(CGPoint(x: 150, y: 120)), at: t)
        _ = settle(st, s, from: t)
        #expect(s.contentOffset.y == 0 && changes() == 0 && !c.isRefreshing && spokes(c) == 0)
    }

    @Test func oneTriggerPerPullAndNoneWhileRefreshing() {
        let st = ViewStage(300, 600)
        let (s, c, changes) = setUp(st)
        var t = pull(st, by: 340, from: 1, frames: 30)
        st.input(.pointerUp(CGPoint(x: 150, y: 360)), at: t)
        t = settle(st, s, from: t)
        t = pull(st, by: 340, from: t + 0.1, frames: 30)                        // pulled again, still refreshing
        st.input(.pointerUp(CGPoint(x: 150, y: 360)), at: t)
        t = settle(st, s, from: t)
        #expect(changes() == 1 && s.contentOffset.y == -60)
        c.endRefreshing()
        t = settle(st, s, from: t)
        t = pull(st, by: 340, from: t + 0.1, frames: 30)                        // a new pull after the end
        #expect(changes() == 2 && c.isRefreshing)
        c.endRefreshing()                                                       // ended while the finger holds it
        st.input(.pointerUp(CGPoint(x: 150, y: 360)), at: t)
        _ = settle(st, s, from: t)
        #expect(s.contentOffset.y == 0 && s.adjustedContentInset.top == 0)
    }

    @Test func beginRefreshingFromCodeNeitherScrollsNorSendsValueChanged() {
        let st = ViewStage(300, 600)
        let (s, c, changes) = setUp(st)
        c.beginRefreshing()
        st.frame(1)
        #expect(c.isRefreshing && changes() == 0 && s.contentOffset.y == 0 && s.adjustedContentInset.top == 60)
        s.setContentOffset(CGPoint(x: 0, y: -60), animated: false)              // what apps do to show it
        #expect(c.frame.height == 60)
        c.attributedTitle = NSAttributedString(string: "Updating…")
        #expect(s.adjustedContentInset.top == 80 && !c.titleLabel.isHidden)
        c.endRefreshing()
        c.endRefreshing()                                                       // twice: nothing more
        _ = settle(st, s, from: 1)
        #expect(s.contentOffset.y == 0 && s.adjustedContentInset.top == 0)
    }

    @Test func aControlBelongsToOneScrollViewAndSitsBehindTheContent() {
        let st = ViewStage(300, 600)
        let (s, c, _) = setUp(st)
        let cell = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 44))
        s.addSubview(cell)
        #expect(s.subviews.first === c && c.superview === s)
        let other = UIScrollView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        other.refreshControl = c
        #expect(s.refreshControl == nil && c.superview === other && !s.subviews.contains { $0 === c })
        other.refreshControl = nil
        #expect(c.superview == nil && c.scrollView == nil)
    }
}
