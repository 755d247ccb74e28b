import Foundation

/// Failure requirements, as UIKit's `require(toFail:)`: a recognizer that needs another to fail
/// first stays `.possible` when it would recognize, and recognizes only once the other fails; if
/// the other recognizes instead, it fails.
///
/// Why: a single tap and a double tap on one view. Alone, the single tap would fire on the first
/// tap of every double tap; made to wait for the double tap's failure, it fires only when no
/// second tap comes within `maximumIntervalBetweenTaps` (so it fires that much later), as in UIKit.
///
/// A requirement blocks only while it can still recognize: in `.possible` and taking part in the
/// gesture (it received the current touch, or waits for more touches, as a multi-tap between its
/// taps). A recognizer that is given no touch does not hold the other back. When a touch ends, the
/// recognizers on it that neither recognized nor wait for more touches fail, releasing those that
/// wait for them.
extension UIGestureRecognizer {
    /// Makes this recognizer wait for `otherGestureRecognizer` to fail before it recognizes (or
    /// begins); if the other recognizes, this one fails. Requirements may be chained (A waits for
    /// B, B for C). Requiring itself, or twice the same, changes nothing.
    public func require(toFail otherGestureRecognizer: UIGestureRecognizer) {
        guard otherGestureRecognizer !== self,
              !failureRequirements.contains(where: { $0.value === otherGestureRecognizer }) else { return }
        failureRequirements.append(WeakRecognizer(otherGestureRecognizer))
        otherGestureRecognizer.failureDependents.append(WeakRecognizer(self))
    }

    /// True while the recognizer can still recognize for the gesture under way.
    var isTakingPart: Bool { state == .possible && (touch != nil || awaitsMoreTouches) }

    /// True while a requirement of this recognizer can still recognize.
    var isWaitingForFailures: Bool { failureRequirements.contains { $0.value?.isTakingPart == true } }

    /// True while the window should keep the recognizer past the end of its touch: it waits for
    /// another touch or for its requirements to fail.
    var isAwaiting: Bool { state == .possible && (awaitsMoreTouches || pendingState != nil) }

    /// Releases or fails the recognizers that wait for this one, after its state changed.
    func stateDidChange() {
        failureDependents.removeAll { $0.value == nil }
        switch state {
        case .failed:
            for d in failureDependents.compactMap(\.value) { d.resolvePending() }
        case .began, .ended:
            for d in failureDependents.compactMap(\.value) where d.state == .possible && (d.pendingState != nil || d.isTakingPart) {
                d.pendingState = nil
                d.applyState(.failed)
            }
        default: break
        }
    }

    /// Applies the waiting state once no requirement can recognize any more.
    func resolvePending() {
        guard let s = pendingState, state == .possible, !isWaitingForFailures else { return }
        pendingState = nil
        applyState(s)
    }
}

/// A recognizer held weakly (requirements do not keep each other alive).
struct WeakRecognizer {
    weak var value: UIGestureRecognizer?
    init(_ value: UIGestureRecognizer) { self.value = value }
}
