import Foundation

/// How an animation turns its timing progress into a fraction of its motion: the one sampling path
/// for basic, keyframe, group and spring animations (and, next, property animators).
///
/// The timing model (`MediaTimingState`) says where in an iteration an animation is — its progress,
/// 0…1, after speed, repeats and autoreverse — and the curve eases it: a cubic Bézier (a timing
/// function; linear when an explicit animation has none) maps progress to fraction directly; a
/// spring follows its closed-form motion at `progress × duration` seconds. Values then interpolate
/// at that fraction. The engine's compiled tracks (`AnimationTrack`) store the `.bezier` curve
/// inline and evaluate exactly this, through a per-frame memo.
public enum ProgressCurve: Hashable, Sendable {
    /// A cubic-Bézier timing function (css-easing-1's cubic-bezier, solved to 1e-12).
    case bezier(CubicBezier)
    /// A damped spring (`CASpringAnimation`, spring timing parameters).
    case spring(SpringSolution)

    /// The identity curve: what a nil `timingFunction` means on an explicit animation.
    public static let linear = ProgressCurve.bezier(.linear)

    /// The curve of a timing function; nil is linear.
    public init(_ timingFunction: CAMediaTimingFunction?) {
        self = timingFunction.map { .bezier($0.curve) } ?? .linear
    }

    /// The fraction of the motion at `progress` (0…1) through an iteration of `duration` seconds.
    /// A Bézier ignores `duration`; a spring is sampled at `progress × duration` seconds.
    public func fraction(atProgress progress: Double, duration: CFTimeInterval) -> Double {
        switch self {
        case .bezier(let c): return c.value(at: progress)
        case .spring(let s): return s.value(at: progress * duration)
        }
    }

    /// d(fraction)/d(progress) at `progress`: multiply by a state's `progressRate` for the rate per
    /// second of parent time.
    public func slope(atProgress progress: Double, duration: CFTimeInterval) -> Double {
        switch self {
        case .bezier(let c): return c.derivative(at: progress)
        case .spring(let s): return s.velocity(at: progress * duration) * duration
        }
    }

    /// The seconds after which the fraction stops changing: `duration` for a Bézier (a step at 0
    /// when `duration` is not positive), the spring's `settlingDuration` for a spring.
    /// - Complexity: a spring computes `settlingDuration` (closed form when under-damped).
    public func settlingTime(duration: CFTimeInterval) -> CFTimeInterval {
        switch self {
        case .bezier: return duration > 0 ? duration : 0
        case .spring(let s): return s.settlingDuration
        }
    }

    /// The fraction for a timing state, nil when the animation contributes nothing then.
    public func fraction(for state: MediaTimingState) -> Double? {
        state.progress.map { fraction(atProgress: $0, duration: state.iterationDuration) }
    }
}
