import Foundation
import Layers

/// Recognizes two fingers turning about each other (UIKit's `UIRotationGestureRecognizer`).
///
/// Continuous, as UIKit's header says: it begins when two touches have turned enough to be a
/// rotation, changes when a finger moves while both are down, and ends when both fingers have
/// lifted (a finger lifting alone leaves it active and unchanged). Apple gives no threshold:
/// Flipbook's rotation begins once the line through the touches has turned by `beginAngle`
/// (0.08 rad, about 4.6°) since both were down.
///
/// `rotation` is in radians since the touches went down, positive clockwise on screen (y grows
/// downwards, so it turns a view as `CGAffineTransform(rotationAngle:)` does), and it counts whole
/// turns: the angle is followed move by move, each step taken the short way round. An absolute
/// value, not a delta; setting it (the tutorial's `rotation = 0` after applying it) makes the
/// current angle stand for the new value and resets `velocity`.
open class UIRotationGestureRecognizer: UIGestureRecognizer {
    /// Radians the touches must turn by before the rotation begins (Flipbook's choice).
    static let beginAngle: CGFloat = 0.08

    /// The rotation in radians since the touches went down (see the type's comment). Default: 0.
    /// Setting a value that is not finite is a misuse, reported and ignored.
    open var rotation: CGFloat {
        get { storedRotation }
        set {
            guard newValue.isFinite else {
                CAEngine.current.report("UIRotationGestureRecognizer.rotation \(newValue) is not finite; kept \(storedRotation)")
                return
            }
            storedRotation = newValue
            samples.removeAll()
        }
    }
    /// Radians per second over the last 0.1 s of moves; 0 until two samples 1 ms apart exist.
    open var velocity: CGFloat { samples.velocity }

    private var storedRotation: CGFloat = 0
    /// The line's angle at the last move, and how far it turned since the pair formed.
    private var lastAngle: CGFloat?
    private var turned: CGFloat = 0
    private var samples = RecentSamples()

    /// The angle of the line from the first tracked touch to the second, or nil with fewer (or
    /// with both on one point, where no line exists).
    private var pairAngle: CGFloat? {
        guard trackedTouches.count >= 2 else { return nil }
        let a = trackedTouches[0].locationInWindow, b = trackedTouches[1].locationInWindow
        guard hypot(b.x - a.x, b.y - a.y) > 0.5 else { return nil }
        return atan2(b.y - a.y, b.x - a.x)
    }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        if trackedTouches.count >= 2 { lastAngle = pairAngle; turned = 0 }
    }
    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let angle = pairAngle else { return }
        guard let last = lastAngle else { lastAngle = angle; return }
        let step = remainder(angle - last, 2 * .pi) // the short way round: −π…π
        lastAngle = angle
        turned += step
        storedRotation += step
        samples.add(storedRotation, at: event.timestamp)
        if state == .possible {
            if abs(turned) >= Self.beginAngle { state = .began }
        } else if isActive {
            state = .changed
        }
    }
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        if endsAsTheLastFingersLift(touches) { return }
        lastAngle = nil // one finger lifted: the line is gone until another comes down
    }
    open override func reset() {
        super.reset()
        storedRotation = 0
        lastAngle = nil
        turned = 0
        samples = RecentSamples()
    }
}
