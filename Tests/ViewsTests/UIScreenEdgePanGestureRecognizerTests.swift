import Foundation
import Layers
import TestSupport
import Testing
@testable import Views

/// UIScreenEdgePanGestureRecognizer through the window: a drag that starts within 20 points of
/// one of its edges pans; one that starts further in never begins.
@Suite(.isolatedEngine) struct UIScreenEdgePanGestureRecognizerTests {
    func drag(from start: CGPoint, by dx: CGFloat, edges: UIRectEdge) -> [UIGestureRecognizer.State] {
        let st = ViewStage(400, 300)
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 300))
        st.show(view)
        let pan = UIScreenEdgePanGestureRecognizer()
        pan.edges = edges
        var states: [UIGestureRecognizer.State] = []
        pan.addAction { states.append($0.state) }
        view.addGestureRecognizer(pan)
        st.input(.pointerDown(start), at: 1)
        for k in 1...5 { st.input(.pointerMove(CGPoint(x: start.x + dx * CGFloat(k) / 5, y: start.y)), at: 1 + 0.02 * Double(k)) }
        st.input(.pointerUp(CGPoint(x: start.x + dx, y: start.y)), at: 1.2)
        return states
    }

    @Test func aDragFromTheLeftEdgePans() {
        let states = drag(from: CGPoint(x: 8, y: 150), by: 120, edges: .left)
        #expect(states.first == .began && states.last == .ended && states.contains(.changed))
    }

    @Test func aDragFromInsideOrAnotherEdgeDoesNot() {
        #expect(drag(from: CGPoint(x: 60, y: 150), by: 120, edges: .left).isEmpty)
        #expect(drag(from: CGPoint(x: 8, y: 150), by: 120, edges: .right).isEmpty)
        #expect(drag(from: CGPoint(x: 392, y: 150), by: -120, edges: .right).first == .began)
        #expect(drag(from: CGPoint(x: 8, y: 150), by: 120, edges: []).isEmpty)
    }
}
