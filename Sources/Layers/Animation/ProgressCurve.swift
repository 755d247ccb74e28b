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

    /// The first progress in 0…1 at which the curve reaches `fraction`: the inverse of
    /// `fraction(atProgress:duration:)` where the curve rises, used to resume a paused motion on a
    /// new curve at the value it shows (UIViewPropertyAnimator's `continueAnimation`). A curve that
    /// never gets there gives 1; a fraction at or below 0 gives 0; NaN gives 0.
    /// - Complexity: 64 samples, then bisection to 1e-12 (each step one curve evaluation).
    public func progress(reaching target: Double, duration: CFTimeInterval) -> Double {
        guard target > 0 else { return 0 }
        if case .bezier(let c) = self, c.isIdentity { return min(target, 1) }
        let steps = 64
        var lo = 0.0
        for i in 1...steps {
            let hi = Double(i) / Double(steps)
            if fraction(atProgress: hi, duration: duration) >= target {
                var (a, b) = (lo, hi)
                while b - a > 1e-12 {
                    let m = a + (b - a) / 2
                    if m == a || m == b { break }
                    if fraction(atProgress: m, duration: duration) >= target { b = m } else { a = m }
                }
                return b
            }
            lo = hi
        }
        return 1
    }

    /// The fraction for a timing state, nil when the animation contributes nothing then.
    public func fraction(for state: MediaTimingState) -> Double? {
        state.progress.map { fraction(atProgress: $0, duration: state.iterationDuration) }
    }
}
