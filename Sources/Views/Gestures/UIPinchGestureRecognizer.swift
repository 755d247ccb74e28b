import Foundation
import Layers

/// Recognizes two fingers moving apart or together (UIKit's `UIPinchGestureRecognizer`).
///
/// Continuous, as UIKit's header says: it begins when two touches have moved enough to be a pinch,
/// changes when a finger moves while both are down, and ends when both fingers have lifted (a
/// finger lifting alone leaves it active and unchanged; a finger coming down again continues it
/// from the scale it had). Apple gives no threshold: Flipbook's pinch begins once the distance
/// between the two touches has changed by `beginDistance` (8 points) since they were both down.
///
/// `scale` is the distance between the touches divided by their distance when both went down — an
/// absolute value, not a delta, so at `.began` it is already past 1 by the threshold's share and
/// the content follows the fingers from their touch-down (Flipbook's reading of "relative to the
/// points of the two touches"). Setting it (the tutorial's `scale = 1` after applying it) makes the
/// current distance stand for the new value and resets `velocity`, as Apple documents. Touches that
/// go down on one point start measuring once they are half a point apart.
open class UIPinchGestureRecognizer: UIGestureRecognizer {
    /// Points the touches' distance must change by before the pinch begins (Flipbook's choice).
    static let beginDistance: CGFloat = 8

    /// The scale factor relative to the two touches' distance when they went down (see the type's
    /// comment). Default: 1. Setting a value that is not finite is a misuse, reported and ignored.
    open var scale: CGFloat {
        get { storedScale }
        set {
            guard newValue.isFinite else {
                CAEngine.current.report("UIPinchGestureRecognizer.scale \(newValue) is not finite; kept \(storedScale)")
                return
            }
            storedScale = newValue
            scaleAtBase = newValue
            if let d = pairDistance, d > Self.minimumSpan { baseDistance = d }
            samples.removeAll()
        }
    }
    /// The scale's rate of change in scale factor per second (negative while pinching in), over the
    /// last 0.1 s of moves, as the pan's velocity; 0 until two samples 1 ms apart exist.
    open var velocity: CGFloat { samples.velocity }

    private var storedScale: CGFloat = 1
    /// The scale and the distance it stands for: the scale is `scaleAtBase × distance / baseDistance`.
    private var scaleAtBase: CGFloat = 1
    private var baseDistance: CGFloat?
    /// The distance when the pair formed (what the threshold is measured from).
    private var startDistance: CGFloat?
    private var samples = RecentSamples()
    /// Below this distance the two touches are one point: nothing is measured against it.
    private static let minimumSpan: CGFloat = 0.5

    /// The distance between the first two tracked touches, or nil with fewer.
    private var pairDistance: CGFloat? {
        guard trackedTouches.count >= 2 else { return nil }
        let a = trackedTouches[0].locationInWindow, b = trackedTouches[1].locationInWindow
        return hypot(b.x - a.x, b.y - a.y)
    }

    /// Measures from the pair as it is now (it formed, or re-formed after a finger lifted).
    private func startPair() {
        guard let d = pairDistance, d > Self.minimumSpan else { startDistance = nil; baseDistance = nil; return }
        startDistance = d
        baseDistance = d
        scaleAtBase = storedScale
    }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        if trackedTouches.count >= 2 { startPair() }
    }
    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let d = pairDistance else { return }
        guard let base = baseDistance, let start = startDistance else { return startPair() }
        storedScale = scaleAtBase * d / base
        samples.add(storedScale, at: event.timestamp)
        if state == .possible {
            if abs(d - start) >= Self.beginDistance { state = .began }
        } else if isActive {
            state = .changed
        }
    }
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        if endsAsTheLastFingersLift(touches) { return }
        // One finger lifted: the pair is broken until another comes down.
        startDistance = nil
        baseDistance = nil
    }
    open override func reset() {
        super.reset()
        storedScale = 1
        scaleAtBase = 1
        baseDistance = nil
        startDistance = nil
        samples = RecentSamples()
    }
}

/// The samples of a value over the last 0.1 s of media time, for a recognizer's velocity: the
/// change between the oldest and the newest divided by their time apart (0 until they are 1 ms apart).
struct RecentSamples {
    private var samples: [(time: TimeInterval, value: CGFloat)] = []
    private var head = 0

    /// Adds a sample and forgets those more than 0.1 s older (amortised O(1)).
    mutating func add(_ value: CGFloat, at time: TimeInterval) {
        samples.append((time, value))
        while head < samples.count - 1, time - samples[head].time > 0.1 { head += 1 }
        if head > 64 && head * 2 > samples.count { samples.removeFirst(head); head = 0 }
    }
    /// Forgets every sample (a value set by hand resets the velocity).
    mutating func removeAll() { samples.removeAll(); head = 0 }
    /// Units per second between the oldest and the newest sample kept.
    var velocity: CGFloat {
        guard let last = samples.last, head < samples.count else { return 0 }
        let first = samples[head]
        guard last.time - first.time > 1e-3 else { return 0 }
        return (last.value - first.value) / CGFloat(last.time - first.time)
    }
}
