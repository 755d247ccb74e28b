import Foundation

/// Where a timed object is at one moment: its phase, how far into an iteration it is, and whether it
/// contributes a value. Produced by `MediaTiming.state(atParentTime:defaultDuration:)`.
public struct MediaTimingState: Hashable, Sendable {
    /// Before, inside or after the active interval, in the object's own direction of play.
    public enum Phase: Hashable, Sendable { case before, active, after }

    public var phase: Phase
    /// Apple's active local time: `(t − beginTime) · speed + timeOffset` (measured from the end of the
    /// active interval when speed is negative, see `MediaTiming`).
    public var activeLocalTime: CFTimeInterval
    /// The length of the active interval in local time (all repeats, autoreverses included); may be infinite.
    public var activeDuration: CFTimeInterval
    /// The basic duration in use (`duration`, or the caller's default when `duration` is 0).
    public var iterationDuration: CFTimeInterval
    /// The repeat cycle being played (0-based; one forward-and-back pair is one cycle). Meaningful when
    /// `contributes`; before the object starts it is the first cycle, after it ends the last one.
    public var iteration: Double
    /// Progress through the basic duration in 0…1 after folding autoreverses (before any timing function),
    /// or nil when the object contributes nothing at this time.
    public var progress: Double?
    /// True in the backward half of an autoreverse cycle (progress then runs from 1 to 0).
    public var isReversing: Bool
    /// d(progress)/d(parent time) while active (`±speed / iterationDuration`), 0 when filling or absent:
    /// multiply by the timing function's derivative and the value span for a velocity.
    public var progressRate: Double = 0

    /// True when the object contributes a value: active, or filling before/after per its fill mode.
    public var contributes: Bool { progress != nil }
    /// True when the object contributes only because of its fill mode.
    public var isFilling: Bool { contributes && phase != .active }
    /// Basic local time (`progress × iterationDuration`): the parent time an animation group's children see.
    public var basicLocalTime: CFTimeInterval? { progress.map { $0 * iterationDuration } }
}

extension MediaTiming {
    /// The basic duration in use: `duration` when positive (infinity allowed), else `defaultDuration`
    /// (Apple: an animation with duration 0 takes the transaction's duration, 0.25 s unless changed),
    /// else 0.
    public func iterationDuration(defaultDuration: CFTimeInterval) -> CFTimeInterval {
        if duration > 0 { return duration }
        return defaultDuration > 0 ? defaultDuration : 0
    }

    /// The active duration in local time for a given basic duration.
    ///
    /// Apple says specifying both `repeatCount` and `repeatDuration` is undefined; like the W3C model
    /// (which has only an iteration count) `repeatCount` wins when both are set. Autoreverse doubles each
    /// cycle. Neither set: one cycle.
    public func activeDuration(iterationDuration d: CFTimeInterval) -> CFTimeInterval {
        let cycle = autoreverses ? 2 * d : d
        guard cycle > 0 else { return 0 }
        let count = Double(repeatCount)
        if count > 0 { return count * cycle }
        if repeatDuration > 0 { return repeatDuration }
        return cycle
    }

    /// The parent time at which the active interval ends (for `animationDidStop`): infinity when the
    /// object repeats forever or is paused.
    public func endTime(defaultDuration: CFTimeInterval) -> CFTimeInterval {
        let ad = activeDuration(iterationDuration: iterationDuration(defaultDuration: defaultDuration))
        let s = Self.sanitizedSpeed(speed)
        guard s != 0 else { return .infinity }
        return (beginTime.isNaN ? 0 : beginTime) + ad / abs(s)
    }

    static func sanitizedSpeed(_ speed: Float) -> Double { speed.isNaN ? 1 : Double(speed) }

    /// The timing state at parent time `t`.
    ///
    /// Follows Apple's CAMediaTiming documentation, made precise by the W3C Web Animations timing model
    /// (§4.8 "Core animation effect calculations"): Apple's `timeOffset` is W3C's `iterationStart`
    /// (expressed in seconds), so, as on iOS, an animation with duration 3 and timeOffset 1 plays
    /// 1→3 then 0→1 and still lasts 3 s; `autoreverses` is W3C's `alternate` direction with one
    /// forward-and-back pair counted as one repeat; fill modes are W3C's fill modes.
    ///
    /// - Parameters:
    ///   - t: the parent's time (for an animation on a layer: the layer's local time). NaN is treated as
    ///     minus infinity (before everything).
    ///   - defaultDuration: the duration used when `duration` is 0 (the transaction's, normally 0.25).
    /// - Negative speed: play starts at the end of the active interval at `beginTime` and runs backwards,
    ///   as a W3C animation played with a negative playback rate; the fill modes keep their W3C meaning
    ///   relative to the object's own timeline (`backwards` shows progress 0, reached last).
    ///   With an infinite active duration there is no end to start from: the object stays before its start.
    /// - Speed 0 (paused): active local time is `timeOffset` at every parent time.
    /// - NaN `beginTime` or `timeOffset` count as 0, a NaN `speed` as 1, a NaN `repeatCount` as not set.
    public func state(atParentTime t: CFTimeInterval, defaultDuration: CFTimeInterval) -> MediaTimingState {
        let d = iterationDuration(defaultDuration: defaultDuration)
        let cycle = autoreverses ? 2 * d : d
        let ad = activeDuration(iterationDuration: d)
        let speed = Self.sanitizedSpeed(self.speed)
        let begin = beginTime.isNaN ? 0 : beginTime
        let offset = timeOffset.isNaN ? 0 : timeOffset
        let parent = t.isNaN ? -CFTimeInterval.infinity : t

        // Stage 1: active time, measured from the start of the active interval in the object's direction.
        let elapsed = speed == 0 ? 0 : (parent - begin) * speed
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
        case .before: activeTime = fillMode.fillsBackwards ? 0 : nil
        case .active: activeTime = raw
        case .after: activeTime = fillMode.fillsForwards ? ad : nil
        }

        // Stage 2: fold repeats and autoreverse (W3C overall → simple iteration progress).
        let iterationStart = cycle > 0 && cycle.isFinite ? offset / cycle : 0
        let iterations = cycle > 0 ? ad / cycle : (repeatCount > 0 ? Double(repeatCount) : 1)
        var state = MediaTimingState(phase: phase, activeLocalTime: raw + offset, activeDuration: ad,
                                     iterationDuration: d, iteration: 0, progress: nil, isReversing: false)
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
        var iteration = overall.isFinite ? overall.rounded(.down) : overall   // W3C: infinite count → infinity
        if phase != .before && simple == 1 && iteration.isFinite { iteration -= 1 }
        state.iteration = iteration

        var p = simple
        if autoreverses {
            if simple <= 0.5 { p = 2 * simple } else { p = 2 - 2 * simple; state.isReversing = true }
        }
        if activeTime != nil { state.progress = Swift.min(Swift.max(p, 0), 1) }
        if phase == .active && d > 0 && d.isFinite {
            state.progressRate = speed / d * (state.isReversing ? -1 : 1)
        }
        return state
    }
}
