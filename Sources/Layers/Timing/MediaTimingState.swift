import Foundation

/// Where a timed object is at one moment: its phase, how far into an iteration it is, and whether it
/// contributes a value. Produced by `MediaTiming.state(atParentTime:defaultDuration:)`.
public struct MediaTimingState: Hashable, Sendable {
    /// Before, inside or after the active interval, in the object's own direction of play.
    public enum Phase: Hashable, Sendable {
        /// Before the active interval begins (a negative speed plays it from its end).
        case before
        /// Inside the active interval: an iteration is playing.
        case active
        /// After the active interval ended (every repeat played).
        case after
    }

    /// Where the object is relative to its active interval at this moment.
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

    /// The timing state at parent time `t`: `ResolvedMediaTiming(self, defaultDuration:).state(atParentTime: t)`.
    ///
    /// - Parameters:
    ///   - t: the parent's time (for an animation on a layer: the layer's local time). NaN is treated as
    ///     minus infinity (before everything).
    ///   - defaultDuration: the duration used when `duration` is 0 (the transaction's, normally 0.25).
    public func state(atParentTime t: CFTimeInterval, defaultDuration: CFTimeInterval) -> MediaTimingState {
        ResolvedMediaTiming(self, defaultDuration: defaultDuration).state(atParentTime: t)
    }
}
