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
    /// Fingers needed: 1, or 2 for a two-finger tap (both down, neither moving, both lifted; a
    /// tap with another number of fingers fails). Flipbook has two touches at most (the pointer and
    /// a second with Alt, or a controller's two), so a larger number is reported in one line and
    /// never recognizes, and a number below 1 is read as 1. Default: 1.
    open var numberOfTouchesRequired = 1 {
        didSet {
            if numberOfTouchesRequired > 2 {
                CAEngine.current.report("UITapGestureRecognizer.numberOfTouchesRequired = \(numberOfTouchesRequired): Flipbook has two touches at most; this recognizer will not recognize")
            }
        }
    }
    /// Default: 10 points.
    open var allowableMovement: CGFloat = 10
    /// Default: 0.5 s.
    open var maximumTapDuration: TimeInterval = 0.5
    /// Default: 0.35 s.
    open var maximumIntervalBetweenTaps: TimeInterval = 0.35

    private var taps = 0
    private var downTime: TimeInterval = 0
    private var upTime: TimeInterval = -.infinity

    private var isDown = false
    /// Where each finger of the tap in progress went down (window coordinates), and the most
    /// fingers that were down at once in it.
    private var starts: [ObjectIdentifier: CGPoint] = [:]
    private var fingers = 0

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        guard !touches.isEmpty else { return }
        // More fingers than the tap wants is not this tap (`trackedTouches` counts them already).
        if trackedTouches.count > max(1, numberOfTouchesRequired) { return state == .possible ? fail() : () }
        if !isDown {
            if taps > 0 && event.timestamp - upTime > maximumIntervalBetweenTaps { taps = 0 }
            downTime = event.timestamp
        }
        isDown = true
        for t in touches { starts[ObjectIdentifier(t)] = t.locationInWindow }
        fingers = max(fingers, trackedTouches.count)
    }
    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        for t in touches {
            guard let start = starts[ObjectIdentifier(t)] else { continue }
            if hypot(t.locationInWindow.x - start.x, t.locationInWindow.y - start.y) > allowableMovement { return fail() }
        }
    }
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        // The tap ends when its last finger lifts (`trackedTouches` still counts the lifting ones).
        guard trackedTouches.count <= touches.count else { return }
        isDown = false
        let fingersDown = fingers
        starts = [:]
        fingers = 0
        guard state == .possible else { return }
        if fingersDown != max(1, numberOfTouchesRequired) { return fail() }
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
        starts = [:]
        fingers = 0
        super.touchesCancelled(touches, with: event)
    }
    open override func reset() {
        super.reset()
        taps = 0
        isDown = false
        starts = [:]
        fingers = 0
    }
    override var awaitsMoreTouches: Bool { taps > 0 && !isDown }
    override var awaitDeadline: TimeInterval? { taps > 0 ? upTime + maximumIntervalBetweenTaps : nil }
    private func fail() { taps = 0; state = .failed }
}
