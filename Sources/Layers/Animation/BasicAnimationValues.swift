import Foundation

/// The value math of `CABasicAnimation`: which two values it moves between, given `fromValue`,
/// `toValue` and `byValue`, and how `isAdditive` and `isCumulative` change the result.
///
/// Follows the table in Apple's CAAnimation.h (`CABasicAnimation`):
///
/// | set           | interpolates between                                                    |
/// |---------------|-------------------------------------------------------------------------|
/// | from, to      | from → to                                                               |
/// | from, by      | from → from + by                                                        |
/// | by, to        | to − by → to                                                            |
/// | from          | from → current                                                          |
/// | to            | current → to                                                            |
/// | by            | current → current + by                                                  |
/// | none          | previous → current                                                      |
///
/// "current" is the value the render tree holds beneath this animation (the model value plus animations
/// added earlier); "previous" is the value before the last model change. All three set behaves as from+to
/// (Apple: "at most two should be non-nil"). With `isAdditive`, the animation describes an offset added
/// to `current`, so a missing end is the zero offset rather than `current` (and "none" runs from
/// `previous − current` to zero, UIKit's additive-animation trick).
public struct BasicAnimationValues<Value: Interpolatable> {
    /// The start value (Apple's `fromValue`); nil: see the table.
    public var fromValue: Value?
    /// The end value (Apple's `toValue`); nil: see the table.
    public var toValue: Value?
    /// The change relative to the other end (Apple's `byValue`); ignored when both `fromValue` and `toValue` are set.
    public var byValue: Value?
    /// Add the animated value to `current` (Apple's `isAdditive`). Default false.
    public var isAdditive: Bool
    /// Each repeat cycle starts from the end value of the one before (Apple's `isCumulative`). Default false.
    public var isCumulative: Bool

    /// The value rule of a basic animation with these ends and flags. Default: nothing set (previous → current).
    public init(fromValue: Value? = nil, toValue: Value? = nil, byValue: Value? = nil,
                isAdditive: Bool = false, isCumulative: Bool = false) {
        self.fromValue = fromValue; self.toValue = toValue; self.byValue = byValue
        self.isAdditive = isAdditive; self.isCumulative = isCumulative
    }

    /// The two values the animation interpolates between (before `isAdditive` adds `current`).
    public func resolvedEnds(current: Value, previous: Value? = nil) -> (from: Value, to: Value) {
        let base = isAdditive ? additiveZero(like: current) : current
        switch (fromValue, toValue, byValue) {
        case let (f?, t?, _): return (f, t)
        case let (f?, nil, b?): return (f, f.adding(b))
        case let (nil, t?, b?): return (t.subtracting(b), t)
        case let (f?, nil, nil): return (f, base)
        case let (nil, t?, nil): return (base, t)
        case let (nil, nil, b?): return (base, base.adding(b))
        case (nil, nil, nil):
            guard let previous else { return (base, base) }
            return isAdditive ? (previous.subtracting(current), base) : (previous, base)
        }
    }

    /// The animated value.
    ///
    /// - Parameters:
    ///   - fraction: eased progress through one cycle (timing function already applied); values outside
    ///     0…1 extrapolate, as overshooting curves need.
    ///   - iteration: the repeat cycle (`MediaTimingState.iteration`); with `isCumulative` the end value
    ///     is added once per completed cycle (Apple: "the value at the end of the previous repeat cycle,
    ///     plus the value of the current repeat cycle"; SMIL's `accumulate="sum"`). Negative counts as 0.
    ///   - current: the render-tree value beneath this animation (see the type's documentation).
    ///   - previous: the value before the last model change, used only when no value is set.
    public func value(atFraction fraction: Double, iteration: Double = 0, current: Value, previous: Value? = nil) -> Value {
        let (from, to) = resolvedEnds(current: current, previous: previous)
        var v = from.interpolated(to: to, fraction: fraction)
        if isCumulative && iteration > 0 { v = v.adding(to.scaled(by: iteration)) }
        return isAdditive ? current.addingAdditive(v) : v
    }
}

/// The additive zero of the same kind as `v` (for `AnimationValue`, `.point(.zero)` for a point…).
func additiveZero<Value: Interpolatable>(like v: Value) -> Value {
    if let a = v as? AnimationValue, let z = a.zeroOfSameKind as? Value { return z }
    return Value.additiveIdentity
}

extension BasicAnimationValues {
    /// The animated value for a timing state: the curve eases the state's progress (after
    /// autoreverse folding, so the backward half replays the forward motion in reverse, as on iOS), and
    /// the state's iteration feeds `isCumulative`. Nil when the animation contributes nothing at that time.
    public func value(for state: MediaTimingState, curve: ProgressCurve,
                      current: Value, previous: Value? = nil) -> Value? {
        guard let eased = curve.fraction(for: state) else { return nil }
        return value(atFraction: eased, iteration: state.iteration, current: current, previous: previous)
    }

    /// `value(for:curve:…)` with a timing function's curve; nil means linear (Apple's default for an
    /// explicit animation).
    public func value(for state: MediaTimingState, timingFunction: CAMediaTimingFunction?,
                      current: Value, previous: Value? = nil) -> Value? {
        value(for: state, curve: ProgressCurve(timingFunction), current: current, previous: previous)
    }
}

extension BasicAnimationValues {
    /// The rate of change of the animated value per second of parent time, for handing motion on to a
    /// spring or a property animator when an animation is interrupted: `(to − from) · f′(progress) ·
    /// progressRate`, where f is the timing function. Zero (of the value's kind) while filling; nil when
    /// the animation contributes nothing. For transforms the "difference" is `to.subtracting(from)` and
    /// the result is that transform scaled, so only its direction is meaningful.
    public func velocity(for state: MediaTimingState, curve: ProgressCurve,
                         current: Value, previous: Value? = nil) -> Value? {
        guard let progress = state.progress else { return nil }
        let (from, to) = resolvedEnds(current: current, previous: previous)
        let slope = curve.slope(atProgress: progress, duration: state.iterationDuration)
        return to.subtracting(from).scaled(by: slope * state.progressRate)
    }

    /// `velocity(for:curve:…)` with a timing function's curve; nil means linear.
    public func velocity(for state: MediaTimingState, timingFunction: CAMediaTimingFunction?,
                         current: Value, previous: Value? = nil) -> Value? {
        velocity(for: state, curve: ProgressCurve(timingFunction), current: current, previous: previous)
    }
}
