import Foundation
import Layers

/// Recognizes a touch held still for `minimumPressDuration` (UIKit's `UILongPressGestureRecognizer`).
///
/// Continuous: `.began` when the duration has passed (judged at each frame's time via
/// `UIWindow.frameDidAdvance(to:)`, or at the next touch event), `.changed` on moves after that,
/// `.ended` when the touch lifts. Moving more than `allowableMovement` before it begins fails it.
/// Defaults: 0.5 s, 10 points.
open class UILongPressGestureRecognizer: UIGestureRecognizer {
    /// Default: 0.5 s.
    open var minimumPressDuration: TimeInterval = 0.5
    /// Default: 10 points.
    open var allowableMovement: CGFloat = 10
    private var downTime: TimeInterval?
    private var start: CGPoint = .zero

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let t = touches.first else { return }
        // A second finger fails a press that has not begun; one that has goes on with its first finger.
        if trackedTouches.count > touches.count || touches.count > 1 {
            if state == .possible { downTime = nil; state = .failed }
            return
        }
        downTime = event.timestamp
        start = t.locationInWindow
    }
    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let t = touches.first else { return }
        if state == .possible {
            timeDidAdvance(to: event.timestamp)
            if state == .possible && hypot(t.locationInWindow.x - start.x, t.locationInWindow.y - start.y) > allowableMovement {
                downTime = nil
                state = .failed
            }
        } else if isActive {
            state = .changed
        }
    }
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        if state == .possible { timeDidAdvance(to: event.timestamp) }
        if isActive { state = .ended } else if state == .possible { state = .failed }
        downTime = nil
    }
    open override func timeDidAdvance(to time: TimeInterval) {
        guard state == .possible, let d = downTime, touch != nil else { return }
        let wait = minimumPressDuration.isFinite ? max(0, minimumPressDuration) : 0.5
        if time - d >= wait - 1e-9 { state = .began }
    }
    open override func reset() { super.reset(); downTime = nil }
}
