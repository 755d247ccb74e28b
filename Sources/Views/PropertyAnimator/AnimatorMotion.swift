import Foundation
import Layers

/// Where a property animator's blocks are, as a function of the frame's media time: the timing half
/// of `UIViewPropertyAnimator`, kept apart from its state machine so it can be read and tested alone.
///
/// Positions follow Apple's model (../shared/specs/property-animator.md §4–5): a run moves a time
/// fraction u from 0 to 1 (or back when reversed) over the run's duration D′, and each block shows
/// the curve's value at its own part of u (a block added later or with a delay factor starts later
/// and ends with the others). Pausing keeps u, or — when scrubbing linearly — the value the curve
/// had there, so a scrub moves every block linearly. Continuing resumes on the (possibly new) curve
/// at the time fraction where it shows the paused value, so nothing jumps. A spring given to
/// `continueAnimation` instead carries each block from where it is to the end with the spring's
/// initial velocity (`springing`): a released pan keeps its speed.
struct AnimatorMotion {
    enum Phase: Equatable {
        /// Inactive or stopped: the blocks are not driven.
        case idle
        /// Moving along `curve`: u is `u0` at `start` (nil until the first frame after the call)
        /// and starts changing `delay` seconds later.
        case running(start: Double?, u0: Double, delay: Double)
        /// Each block moves from its `springBase` to the end (to the start when reversed) along
        /// `spring` over `duration` seconds.
        case springing(start: Double?, spring: SpringSolution, duration: Double)
        /// Holding `position`: a time fraction on the curve, or a value fraction when `linear`.
        case paused(position: Double, linear: Bool)
    }

    var phase = Phase.idle
    /// The curve a run follows (the timing parameters', or the one `continueAnimation` gave).
    var curve: ProgressCurve
    /// Seconds a spring curve is sampled over when u goes from 0 to 1; a Bézier ignores it.
    var curveDuration: Double
    /// D′: the duration of a whole run, stretched by `continueAnimation(…, durationFactor:)`.
    var runDuration: Double
    var reversed = false
    /// Where the whole-run block was when a spring took over.
    var mainSpringBase = 0.0

    /// The part of a run a block moves in, as time fractions: from `start` to `end`.
    struct Window: Equatable {
        var start = 0.0, end = 1.0
        func local(_ u: Double) -> Double {
            end > start ? min(1, max(0, (u - start) / (end - start))) : (u >= start ? 1 : 0)
        }
    }

    /// Takes the start time of a run begun since the last frame: the first frame that shows it.
    mutating func resolveStart(at now: Double) {
        switch phase {
        case .running(nil, let u0, let delay): phase = .running(start: now, u0: u0, delay: delay)
        case .springing(nil, let s, let d): phase = .springing(start: now, spring: s, duration: d)
        default: break
        }
    }

    /// The time fraction of a run at `now`.
    func u(at now: Double) -> Double {
        guard case .running(let start, let u0, let delay) = phase else { return 0 }
        guard let start else { return u0 }
        let elapsed = max(0, now - start - delay) / runDuration
        return min(1, max(0, reversed ? u0 - elapsed : u0 + elapsed))
    }

    /// Seconds into a spring, capped at its duration.
    func springTime(at now: Double) -> Double {
        guard case .springing(let start, _, let duration) = phase, let start else { return 0 }
        return min(duration, max(0, now - start))
    }

    /// The fraction of its motion a block with `window` (and, while springing, `springBase`) shows.
    func fraction(window: Window, springBase: Double, at now: Double) -> Double {
        switch phase {
        case .idle:
            return 1
        case .running:
            return curve.fraction(atProgress: window.local(u(at: now)), duration: curveDuration)
        case .springing(_, let spring, let duration):
            let t = springTime(at: now)
            let s = t >= duration ? 1 : spring.value(at: t)
            return springBase + ((reversed ? 0 : 1) - springBase) * s
        case .paused(let position, let linear):
            let p = window.local(position)
            return linear ? p : curve.fraction(atProgress: p, duration: curveDuration)
        }
    }

    /// The position in the run as a fraction from start to end (not travel direction): u while
    /// running or paused on the curve, the value while paused linearly, and for a spring its share
    /// of time over the part of the way it had left.
    func position(at now: Double) -> Double {
        switch phase {
        case .idle: return 0
        case .running: return u(at: now)
        case .springing(_, _, let duration):
            // The share of the spring's time, laid over the way it has left: continuous with the
            // fraction at the release, 1 (0 reversed) when it settles.
            let r = duration > 0 ? springTime(at: now) / duration : 1
            let base = min(1, max(0, mainSpringBase))
            return base + ((reversed ? 0 : 1) - base) * r
        case .paused(let position, _): return position
        }
    }

    /// True once a run or spring has reached its end (its start when reversed).
    func isFinished(at now: Double) -> Bool {
        switch phase {
        case .running(let start, _, _):
            guard start != nil else { return false }
            let u = u(at: now)
            return reversed ? u <= 0 : u >= 1
        case .springing(let start, _, let duration):
            guard let start else { return false }
            return now - start >= duration
        case .idle, .paused: return false
        }
    }

    /// The time fraction at which the curve shows `value` (where it first gets there).
    func timeFraction(showing value: Double) -> Double {
        curve.progress(reaching: value, duration: curveDuration)
    }

    /// The value the whole-run block shows at `now` (the motion's main value fraction).
    func mainValue(at now: Double) -> Double {
        fraction(window: Window(), springBase: mainSpringBase, at: now)
    }
}
