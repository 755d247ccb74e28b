import TestSupport
import Foundation
import Layers
import Testing
@testable import Views

/// Two touches at once through `UIWindow.handle`: one event with both, per-touch phases, the
/// other touch stationary, recognizers' touch counts and locations.
@Suite(.isolatedEngine) struct UIWindowTouchesTests {
    /// A view that writes down each call: its phase name, the touches' count and the event's.
    final class TouchLog: UIView {
        var log: [String] = []
        var phases: [[UITouch.Phase]] = []
        private func note(_ name: String, _ touches: Set<UITouch>, _ event: UIEvent?) {
            log.append("\(name) \(touches.count)/\(event?.allTouches?.count ?? 0)")
            let all = (event?.allTouches ?? []).sorted { $0.location(in: nil).x < $1.location(in: nil).x }
            phases.append(all.map(\.phase))
        }
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { note("began", touches, event) }
        override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { note("moved", touches, event) }
        override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { note("ended", touches, event) }
        override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { note("cancelled", touches, event) }
    }

    func setUp() -> (ViewStage, TouchLog) {
        let st = ViewStage()
        let v = TouchLog(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        st.show(v)
        return (st, v)
    }

    @Test func bothFingersShareEventsAndTheUnmovedOneIsStationary() {
        let (st, v) = setUp()
        st.input(.touches([.init(.first, .down, CGPoint(x: 50, y: 100)), .init(.second, .down, CGPoint(x: 150, y: 100))]), at: 0.1)
        st.input(.touches([.init(.second, .move, CGPoint(x: 160, y: 100))]), at: 0.2)
        st.input(.touches([.init(.first, .up, CGPoint(x: 50, y: 100))]), at: 0.3)
        st.input(.touches([.init(.second, .move, CGPoint(x: 170, y: 100))]), at: 0.4)
        st.input(.touches([.init(.second, .up, CGPoint(x: 170, y: 100))]), at: 0.5)
        #expect(v.log == ["began 2/2", "moved 1/2", "ended 1/2", "moved 1/1", "ended 1/1"])
        #expect(v.phases[1] == [.stationary, .moved])
        #expect(v.phases[2] == [.ended, .stationary])
    }

    /// The pointer's touch is the first finger: a second finger joins it, and the recognizer
    /// counts both; `location(in:)` is their centroid and `location(ofTouch:in:)` each.
    @Test func aSecondFingerJoinsThePointersTouch() {
        let (st, v) = setUp()
        let pan = UIPanGestureRecognizer()
        v.addGestureRecognizer(pan)
        st.input(.pointerDown(CGPoint(x: 40, y: 60)), at: 0.1)
        #expect(pan.numberOfTouches == 1)
        st.input(.touches([.init(.second, .down, CGPoint(x: 120, y: 100))]), at: 0.2)
        #expect(pan.numberOfTouches == 2)
        #expect(pan.location(in: nil) == CGPoint(x: 80, y: 80))
        #expect(pan.location(ofTouch: 0, in: nil) == CGPoint(x: 40, y: 60))
        #expect(pan.location(ofTouch: 1, in: v) == CGPoint(x: 120, y: 100))
        #expect(v.log == ["began 1/1", "began 1/2"])
        st.input(.pointerUp(CGPoint(x: 40, y: 60)), at: 0.3)
        #expect(pan.numberOfTouches == 1)
        #expect(pan.location(in: nil) == CGPoint(x: 120, y: 100))
    }

    /// An index past `numberOfTouches` is UIKit's range exception: here one line through the
    /// engine, and the gesture's location as the answer.
    @Test func locationOfATouchOutOfRangeIsReported() {
        let (st, v) = setUp()
        var captured: [String] = []
        st.engine.reportSink = { captured.append($0) }
        let pan = UIPanGestureRecognizer()
        v.addGestureRecognizer(pan)
        st.input(.pointerDown(CGPoint(x: 40, y: 60)), at: 0.1)
        #expect(pan.location(ofTouch: 1, in: nil) == CGPoint(x: 40, y: 60))
        #expect(pan.location(ofTouch: -1, in: nil) == CGPoint(x: 40, y: 60))
        #expect(captured == [
            "UIPanGestureRecognizer.location(ofTouch: 1, in:): index out of range (numberOfTouches is 1); returned location(in:)",
            "UIPanGestureRecognizer.location(ofTouch: -1, in:): index out of range (numberOfTouches is 1); returned location(in:)",
        ])
    }

    /// A two-finger pan follows the centroid; a finger lifting mid-pan moves the centroid but not
    /// the translation. `minimumNumberOfTouches = 2` keeps one finger from panning.
    @Test func aPanFollowsTheCentroidAndCountsFingers() {
        let (st, v) = setUp()
        var translations: [CGPoint] = []
        let pan = UIPanGestureRecognizer { translations.append($0.translation(in: nil)) }
        pan.minimumNumberOfTouches = 2
        v.addGestureRecognizer(pan)
        st.input(.pointerDown(CGPoint(x: 40, y: 60)), at: 0.1)
        st.input(.pointerMove(CGPoint(x: 70, y: 60)), at: 0.15)
        #expect(pan.state == .possible)                       // one finger is below the minimum
        st.input(.touches([.init(.second, .down, CGPoint(x: 130, y: 60))]), at: 0.2)
        st.input(.touches([.init(.first, .move, CGPoint(x: 80, y: 80)), .init(.second, .move, CGPoint(x: 140, y: 80))]), at: 0.25)
        #expect(pan.state == .began)
        #expect(translations == [CGPoint(x: 10, y: 20)])
        st.input(.touches([.init(.first, .up, CGPoint(x: 80, y: 80))]), at: 0.3)
        #expect(pan.state == .ended)                          // below the minimum again
        #expect(translations.last == CGPoint(x: 10, y: 20))
    }

    /// A tap fails when a second finger comes down; alone it still recognizes.
    @Test func aSecondFingerFailsATap() {
        let (st, v) = setUp()
        var taps = 0
        let tap = UITapGestureRecognizer { _ in taps += 1 }
        v.addGestureRecognizer(tap)
        st.input(.touches([.init(.first, .down, CGPoint(x: 50, y: 100)), .init(.second, .down, CGPoint(x: 150, y: 100))]), at: 0.1)
        st.input(.touches([.init(.first, .up, CGPoint(x: 50, y: 100)), .init(.second, .up, CGPoint(x: 150, y: 100))]), at: 0.15)
        #expect(taps == 0)
        st.input(.pointerDown(CGPoint(x: 50, y: 100)), at: 1)
        st.input(.pointerUp(CGPoint(x: 50, y: 100)), at: 1.05)
        #expect(taps == 1)
    }

    /// Each finger belongs to the view it went down in: recognizers of one view do not get the
    /// other view's finger.
    @Test func eachFingerGoesToItsOwnView() {
        let st = ViewStage()
        let left = TouchLog(frame: CGRect(x: 0, y: 0, width: 100, height: 200))
        let right = TouchLog(frame: CGRect(x: 100, y: 0, width: 100, height: 200))
        st.window.addSubview(left)
        st.show(right)
        let pinch = UIPinchGestureRecognizer()
        left.addGestureRecognizer(pinch)
        st.input(.touches([.init(.first, .down, CGPoint(x: 50, y: 100)), .init(.second, .down, CGPoint(x: 150, y: 100))]), at: 0.1)
        #expect(left.log == ["began 1/2"] && right.log == ["began 1/2"])
        #expect(pinch.numberOfTouches == 1)
    }
}
