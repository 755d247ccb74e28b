import Foundation
import Layers

/// Recognizes a drag (UIKit's `UIPanGestureRecognizer`): `.began` once the touch has moved 10
/// points, `.changed` on each move, `.ended` when it lifts.
///
/// `translation(in:)` is the movement since the gesture's start (or the last `setTranslation`),
/// `velocity(in:)` the speed in points per second over the touch's recent movement, measured with
/// the media-clock timestamps of the events: the displacement between the oldest and the newest
/// sample of the last 0.1 s, divided by their time apart (steady motion gives its exact speed).
open class UIPanGestureRecognizer: UIGestureRecognizer {
    /// Default: 10 points (UIKit's hysteresis before a pan begins).
    open var minimumDistance: CGFloat = 10
    private var origin: CGPoint = .zero
    private var samples: [(time: TimeInterval, point: CGPoint)] = []

    /// The movement since the start (window space mapped into `view`'s coordinates as a vector).
    open func translation(in view: UIView?) -> CGPoint {
        guard let t = touch else { return .zero }
        return vector(from: origin, to: t.locationInWindow, in: view)
    }
    /// Makes the current translation `translation`, as UIKit (used to consume movement).
    open func setTranslation(_ translation: CGPoint, in view: UIView?) {
        guard let t = touch else { return }
        let now = vector(from: .zero, to: t.locationInWindow, in: view)
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

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let t = touches.first else { return }
        origin = t.locationInWindow
        samples = [(event.timestamp, t.locationInWindow)]
    }
    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let t = touches.first else { return }
        sample(t.locationInWindow, event.timestamp)
        if state == .possible {
            if hypot(t.locationInWindow.x - origin.x, t.locationInWindow.y - origin.y) >= minimumDistance { state = .began }
        } else if isActive {
            state = .changed
        }
    }
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let t = touches.first else { return }
        sample(t.locationInWindow, event.timestamp)
        if isActive { state = .ended } else { state = .failed }
    }
    open override func reset() { super.reset(); samples.removeAll() }
}
