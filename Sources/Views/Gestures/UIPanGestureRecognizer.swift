import Foundation
import Layers

/// Recognizes a drag (UIKit's `UIPanGestureRecognizer`): `.began` once the touches' centroid has
/// moved 10 points, `.changed` on each move, `.ended` when they lift.
///
/// `translation(in:)` is the movement since the gesture's start (or the last `setTranslation`),
/// `velocity(in:)` the speed in points per second over the touch's recent movement, measured with
/// the media-clock timestamps of the events: the displacement between the oldest and the newest
/// sample of the last 0.1 s, divided by their time apart (steady motion gives its exact speed).
///
/// With two fingers the pan follows their centroid (UIKit's `location(in:)` of the gesture). A
/// finger joining or lifting moves the centroid by a jump that is not movement: once the pan has
/// begun, the start (and the samples) move with it, so the translation and the velocity stay
/// continuous; before, it starts measuring afresh where the fingers are (Flipbook's reading;
/// Apple does not say). It begins only while `minimumNumberOfTouches` to
/// `maximumNumberOfTouches` fingers are down; more than the maximum fails it while it is possible,
/// and once it has begun a finger beyond the maximum is ignored (UIKit's `ignore(_:for:)`). An
/// active pan whose fingers fall below the minimum ends.
open class UIPanGestureRecognizer: UIGestureRecognizer {
    /// Default: 10 points (UIKit's hysteresis before a pan begins).
    open var minimumDistance: CGFloat = 10
    /// The fewest fingers that pan. Default: 1.
    open var minimumNumberOfTouches = 1
    /// The most fingers that pan. Default: `Int.max` (UIKit's `NSUIntegerMax`: any number).
    open var maximumNumberOfTouches = Int.max
    private var origin: CGPoint = .zero
    private var samples: [(time: TimeInterval, point: CGPoint)] = []

    /// The tracked touches' centroid in window points (the one touch's location).
    private var centre: CGPoint { trackedCentreInWindow }

    /// The movement since the start (window space mapped into `view`'s coordinates as a vector).
    open func translation(in view: UIView?) -> CGPoint {
        guard touch != nil else { return .zero }
        return vector(from: origin, to: centre, in: view)
    }
    /// Makes the current translation `translation`, as UIKit (used to consume movement).
    open func setTranslation(_ translation: CGPoint, in view: UIView?) {
        guard touch != nil else { return }
        let now = vector(from: .zero, to: centre, in: view)
        let o = CGPoint(x: now.x - translation.x, y: now.y - translation.y)
        // Back into window space.
        if let view {
            let p = view.convert(o, to: nil), z = view.convert(CGPoint.zero, to: nil)
            origin = CGPoint(x: p.x - z.x, y: p.y - z.y)
        } else {
            origin = o
        }
    }
    /// Points per second in `view`'s coordinates; zero until two samples 1 ms apart exist.
    open func velocity(in view: UIView?) -> CGPoint {
        guard let first = samples.first, let last = samples.last, last.time - first.time > 1e-3 else { return .zero }
        let d = vector(from: first.point, to: last.point, in: view)
        let dt = CGFloat(last.time - first.time)
        return CGPoint(x: d.x / dt, y: d.y / dt)
    }

    private func vector(from a: CGPoint, to b: CGPoint, in view: UIView?) -> CGPoint {
        guard let view else { return CGPoint(x: b.x - a.x, y: b.y - a.y) }
        let pa = view.convert(a, from: nil), pb = view.convert(b, from: nil)
        return CGPoint(x: pb.x - pa.x, y: pb.y - pa.y)
    }

    private func sample(_ p: CGPoint, _ time: TimeInterval) {
        samples.append((time, p))
        samples.removeAll { time - $0.time > 0.1 }
        if samples.isEmpty { samples.append((time, p)) }
    }

    /// Moves the start and the samples by the jump of the centroid when fingers join or lift.
    private func shift(from old: CGPoint, to new: CGPoint) {
        let dx = new.x - old.x, dy = new.y - old.y
        guard dx != 0 || dy != 0 else { return }
        origin = CGPoint(x: origin.x + dx, y: origin.y + dy)
        samples = samples.map { ($0.time, CGPoint(x: $0.point.x + dx, y: $0.point.y + dy)) }
    }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        guard touches.first != nil else { return }
        let earlier = trackedTouches.filter { !touches.contains($0) }
        if earlier.isEmpty || state == .possible {
            // The start is where the fingers are when the last of them came down.
            origin = centre
            samples = [(event.timestamp, centre)]
        } else if isActive && trackedTouches.count > maximumNumberOfTouches {
            trackedTouches = earlier  // ignored: the window gives it no more of this touch
            return
        } else {
            shift(from: UIWindow.centroid(of: earlier), to: centre)
        }
        if state == .possible && trackedTouches.count > maximumNumberOfTouches { state = .failed }
    }
    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        guard touches.first != nil else { return }
        let c = centre
        sample(c, event.timestamp)
        if state == .possible {
            let n = trackedTouches.count
            if n >= minimumNumberOfTouches, n <= maximumNumberOfTouches, hypot(c.x - origin.x, c.y - origin.y) >= minimumDistance { state = .began }
        } else if isActive {
            state = .changed
        }
    }
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        guard touches.first != nil else { return }
        let left = trackedTouches.filter { !touches.contains($0) }
        if !left.isEmpty {
            // A finger lifted while another stays: the pan ends below its minimum (its action sees
            // the translation it had), or goes on with the rest.
            if isActive && left.count < minimumNumberOfTouches { state = .ended; return }
            shift(from: centre, to: UIWindow.centroid(of: left))
            return
        }
        sample(centre, event.timestamp)
        if isActive { state = .ended } else { state = .failed }
    }
    open override func reset() { super.reset(); samples.removeAll() }
}
