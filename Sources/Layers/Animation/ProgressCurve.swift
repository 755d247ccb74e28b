import Foundation

/// One evaluation path for everything that turns elapsed time into an animation fraction: value,
/// velocity and "done" at a time passed in (Flutter's `Simulation`). Timed curves and springs conform;
/// basic and keyframe animations, springs and property animators all sample through it.
public protocol ProgressCurve {
    /// The fraction at `time` seconds after the start (0 at the start, 1 at rest for curves that end).
    func fraction(at time: CFTimeInterval) -> Double
    /// d(fraction)/d(time) at `time`.
    func velocity(at time: CFTimeInterval) -> Double
    /// True once the fraction will not change any more.
    func isDone(at time: CFTimeInterval) -> Bool
}

/// A fixed duration eased by a timing function (`CABasicAnimation`'s shape, `UIView.animate`'s curve).
public struct TimedCurve: ProgressCurve, Hashable, Sendable {
    /// Seconds; 0 or less (or NaN) makes the curve a step at time 0.
    public var duration: CFTimeInterval
    /// Default: linear (what a nil `timingFunction` means on `CAAnimation`).
    public var timingFunction: CAMediaTimingFunction

    public init(duration: CFTimeInterval, timingFunction: CAMediaTimingFunction = CAMediaTimingFunction(name: .linear)) {
        self.duration = duration; self.timingFunction = timingFunction
    }

    private var isStep: Bool { !(duration > 0) }

    public func fraction(at time: CFTimeInterval) -> Double {
        if time.isNaN { return 0 }
        if isStep { return time >= 0 ? 1 : 0 }
        return timingFunction.value(at: Swift.min(Swift.max(time / duration, 0), 1))
    }

    /// 0 outside the curve's span; the timing function's slope divided by the duration inside it.
    public func velocity(at time: CFTimeInterval) -> Double {
        guard !isStep, time >= 0, time <= duration else { return 0 }
        return timingFunction.derivative(at: time / duration) / duration
    }

    public func isDone(at time: CFTimeInterval) -> Bool { isStep ? time >= 0 : time >= duration }
}

extension SpringSolution: ProgressCurve {
    public func fraction(at time: CFTimeInterval) -> Double { value(at: time) }
    /// True from `settlingDuration` on.
    /// - Complexity: computes `settlingDuration` (closed form when under-damped, ≈ 100 evaluations otherwise).
    public func isDone(at time: CFTimeInterval) -> Bool { time >= settlingDuration }
}
