import Foundation
import Layers

/// Recognizes `numberOfTapsRequired` taps (UIKit's `UITapGestureRecognizer`).
///
/// A tap fails when the finger moves more than `allowableMovement` points (UIKit's 10) or stays
/// down longer than `maximumTapDuration` (0.5 s); taps of a multi-tap gesture must follow each
/// other within `maximumIntervalBetweenTaps` (0.35 s), else the gesture fails when that time has
/// passed. Times are media-clock times.
open class UITapGestureRecognizer: UIGestureRecognizer {
    /// Default: 1.
    open var numberOfTapsRequired = 1
    /// Fingers needed: 1 (a tap with a second finger down fails). Default: 1.
    open var numberOfTouchesRequired = 1
    /// Default: 10 points.
    open var allowableMovement: CGFloat = 10
    /// Default: 0.5 s.
    open var maximumTapDuration: TimeInterval = 0.5
    /// Default: 0.35 s.
    open var maximumIntervalBetweenTaps: TimeInterval = 0.35

    private var taps = 0
    private var downTime: TimeInterval = 0
    private var upTime: TimeInterval = -.infinity
    private var start: CGPoint = .zero

    private var isDown = false

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let t = touches.first else { return }
        // A second finger is not this one-finger tap.
        if trackedTouches.count > touches.count || touches.count > 1 { return state == .possible ? fail() : () }
        if taps > 0 && event.timestamp - upTime > maximumIntervalBetweenTaps { taps = 0 }
        isDown = true
        downTime = event.timestamp
        start = t.locationInWindow
    }
    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let t = touches.first else { return }
        if hypot(t.locationInWindow.x - start.x, t.locationInWindow.y - start.y) > allowableMovement { fail() }
    }
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        isDown = false
        guard state == .possible else { return }
        if event.timestamp - downTime > maximumTapDuration { return fail() }
        taps += 1
        upTime = event.timestamp
        if taps >= max(1, numberOfTapsRequired) {
            taps = 0
            state = .ended
        }
    }
    /// Between the taps of a multi-tap, no next touch within `maximumIntervalBetweenTaps` fails
    /// the gesture (releasing a recognizer that requires its failure).
    open override func timeDidAdvance(to time: TimeInterval) {
        if taps > 0 && !isDown && time - upTime > maximumIntervalBetweenTaps { fail() }
    }
    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        isDown = false
        taps = 0
        super.touchesCancelled(touches, with: event)
    }
    open override func reset() {
        super.reset()
        taps = 0
        isDown = false
    }
    override var awaitsMoreTouches: Bool { taps > 0 && !isDown }
    override var awaitDeadline: TimeInterval? { taps > 0 ? upTime + maximumIntervalBetweenTaps : nil }
    private func fail() { taps = 0; state = .failed }
}
