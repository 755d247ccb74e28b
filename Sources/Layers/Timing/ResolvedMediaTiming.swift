import Foundation

/// A timed object's `CAMediaTiming` values with everything that does not depend on the time worked
/// out once: the iteration duration in use, the cycle, the active duration, the sanitized speed,
/// begin time and offset. An added animation never changes (Apple: changing it afterwards is
/// undefined), so the engine resolves its timing once at commit and each frame's
/// `state(atParentTime:)` is a few multiplications and comparisons.
///
/// This is the only implementation of the timing model: `MediaTiming.state(atParentTime:defaultDuration:)`
/// resolves and calls it, so both give the same numbers by construction.
public struct ResolvedMediaTiming: Hashable, Sendable {
    /// The basic duration in use (`duration`, or the default when 0).
    public let iterationDuration: CFTimeInterval
    /// One repeat: the iteration duration, doubled by `autoreverses`.
    public let cycle: CFTimeInterval
    /// All repeats, in local time; may be infinite.
    public let activeDuration: CFTimeInterval
    /// `speed` with NaN read as 1.
    public let speed: Double
    /// `beginTime` and `timeOffset` with NaN read as 0.
    public let beginTime: CFTimeInterval, timeOffset: CFTimeInterval
    /// Each iteration plays forward and then backward (`CAMediaTiming.autoreverses`).
    public let autoreverses: Bool
    /// The fill mode's two halves: the value before the active interval (`.backwards`, `.both`)
    /// and after it (`.forwards`, `.both`) is the nearest end's rather than nothing.
    public let fillsBackwards: Bool, fillsForwards: Bool
    /// W3C's iteration start (`timeOffset` in cycles) and iteration count.
    let iterationStart: Double, iterations: Double

    /// Resolves `timing` with `defaultDuration` standing in for a zero `duration`.
    public init(_ timing: MediaTiming, defaultDuration: CFTimeInterval) {
        let d = timing.iterationDuration(defaultDuration: defaultDuration)
        iterationDuration = d
        cycle = timing.autoreverses ? 2 * d : d
        activeDuration = timing.activeDuration(iterationDuration: d)
        speed = MediaTiming.sanitizedSpeed(timing.speed)
        beginTime = timing.beginTime.isNaN ? 0 : timing.beginTime
        timeOffset = timing.timeOffset.isNaN ? 0 : timing.timeOffset
        autoreverses = timing.autoreverses
        fillsBackwards = timing.fillMode.fillsBackwards
        fillsForwards = timing.fillMode.fillsForwards
        iterationStart = cycle > 0 && cycle.isFinite ? timeOffset / cycle : 0
        iterations = cycle > 0 ? activeDuration / cycle : (timing.repeatCount > 0 ? Double(timing.repeatCount) : 1)
    }

    /// The timing state at parent time `t`.
    ///
    /// Follows Apple's CAMediaTiming documentation, made precise by the W3C Web Animations timing model
    /// (§4.8 "Core animation effect calculations"): Apple's `timeOffset` is W3C's `iterationStart`
    /// (expressed in seconds), so, as on iOS, an animation with duration 3 and timeOffset 1 plays
    /// 1→3 then 0→1 and still lasts 3 s; `autoreverses` is W3C's `alternate` direction with one
    /// forward-and-back pair counted as one repeat; fill modes are W3C's fill modes.
    ///
    /// - Parameter t: the parent's time (for an animation on a layer: the layer's local time). NaN is
    ///   treated as minus infinity (before everything).
    /// - Negative speed: play starts at the end of the active interval at `beginTime` and runs backwards,
    ///   as a W3C animation played with a negative playback rate; the fill modes keep their W3C meaning
    ///   relative to the object's own timeline (`backwards` shows progress 0, reached last).
    ///   With an infinite active duration there is no end to start from: the object stays before its start.
    /// - Speed 0 (paused): active local time is `timeOffset` at every parent time.
    /// - NaN `beginTime` or `timeOffset` count as 0, a NaN `speed` as 1, a NaN `repeatCount` as not set.
    /// - Complexity: O(1), no allocation.
    public func state(atParentTime t: CFTimeInterval) -> MediaTimingState {
        let c = core(atParentTime: t)
        var state = MediaTimingState(phase: c.phase, activeLocalTime: c.raw + timeOffset, activeDuration: activeDuration,
                                     iterationDuration: iterationDuration, iteration: 0, progress: c.progress,
                                     isReversing: c.isReversing)
        var iteration = c.overall.isFinite ? c.overall.rounded(.down) : c.overall   // W3C: infinite count → infinity
        if c.phase != .before && c.simple == 1 && iteration.isFinite { iteration -= 1 }
        state.iteration = iteration
        let d = iterationDuration
        if c.phase == .active && d > 0 && d.isFinite {
            state.progressRate = speed / d * (c.isReversing ? -1 : 1)
        }
        return state
    }

    /// The phase and progress at parent time `t`: what evaluating an animation needs of `state`, the
    /// same numbers without the iteration count and rate.
    @inline(__always)
    public func progress(atParentTime t: CFTimeInterval) -> (phase: MediaTimingState.Phase, progress: Double?) {
        let c = core(atParentTime: t)
        return (c.phase, c.progress)
    }

    /// The timing model's steps shared by `state` and `progress`.
    @inline(__always)
    private func core(atParentTime t: CFTimeInterval)
        -> (phase: MediaTimingState.Phase, raw: Double, overall: Double, simple: Double, progress: Double?, isReversing: Bool) {
        let ad = activeDuration
        let parent = t.isNaN ? -CFTimeInterval.infinity : t

        // Stage 1: active time, measured from the start of the active interval in the object's direction.
        let elapsed = speed == 0 ? 0 : (parent - beginTime) * speed
        let backwards = speed < 0
        let raw: Double = backwards && ad.isFinite ? ad + elapsed : elapsed
        let phase: MediaTimingState.Phase
        if raw < 0 || (backwards && raw == 0) || raw.isNaN {
            phase = .before
        } else if ad.isFinite && (raw > ad || (!backwards && raw == ad)) {
            phase = .after
        } else {
            phase = .active
        }

        let activeTime: Double?
        switch phase {
        case .before: activeTime = fillsBackwards ? 0 : nil
        case .active: activeTime = raw
        case .after: activeTime = fillsForwards ? ad : nil
        }

        // Stage 2: fold repeats and autoreverse (W3C overall → simple iteration progress).
        let a = activeTime ?? (phase == .before ? 0 : ad)
        let overall: Double
        if cycle > 0 && cycle.isFinite {
            overall = a / cycle + iterationStart
        } else if cycle > 0 {
            overall = 0                                              // infinite duration: never leaves progress 0
        } else {
            overall = phase == .before ? iterationStart : iterationStart + iterations
        }
        var simple = overall.isFinite ? overall - overall.rounded(.down) : 0
        if simple == 0 && phase != .before && a == ad && iterations != 0 { simple = 1 }

        var p = simple
        var isReversing = false
        if autoreverses {
            if simple <= 0.5 { p = 2 * simple } else { p = 2 - 2 * simple; isReversing = true }
        }
        let progress = activeTime != nil ? Swift.min(Swift.max(p, 0), 1) : nil
        return (phase, raw, overall, simple, progress, isReversing)
    }
}
