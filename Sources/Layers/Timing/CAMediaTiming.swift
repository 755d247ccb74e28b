import Foundation

/// Seconds on a media clock. Core Foundation's name; Foundation on Linux does not export it.
public typealias CFTimeInterval = Double

/// What a timed object shows outside its active interval (Apple's `CAMediaTimingFillMode`).
public struct CAMediaTimingFillMode: RawRepresentable, Hashable, Sendable {
    /// The fill mode's name, Apple's string constant (for example `"forwards"`).
    public let rawValue: String
    /// The fill mode named `rawValue`; a name Core Animation does not define fills neither way, as `.removed`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The fill mode named `rawValue` (Swift's unlabelled form of the same initializer).
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// Contributes nothing outside the active interval (Apple's default).
    public static let removed = CAMediaTimingFillMode("removed")
    /// Holds the final value after the active interval.
    public static let forwards = CAMediaTimingFillMode("forwards")
    /// Shows the initial value before the active interval (from the moment it is added).
    public static let backwards = CAMediaTimingFillMode("backwards")
    /// Both `forwards` and `backwards`.
    public static let both = CAMediaTimingFillMode("both")

    /// True for `.backwards` and `.both`. Unknown raw values fill in neither direction.
    public var fillsBackwards: Bool { self == .backwards || self == .both }
    /// True for `.forwards` and `.both`.
    public var fillsForwards: Bool { self == .forwards || self == .both }
}

/// Apple's hierarchical timing protocol, adopted by layers and animations.
///
/// Each object maps its parent's time to its own in two stages (Apple's CAMediaTiming.h): to *active
/// local time* `(t − beginTime) · speed + timeOffset`, then to *basic local time* by folding repeats and
/// autoreverses into one `duration`. The evaluation is `MediaTiming.state(atParentTime:defaultDuration:)`.
/// Not class-bound, so value types (`MediaTiming`) can adopt it as well as `CALayer` and `CAAnimation`.
public protocol CAMediaTiming {
    /// When the object starts, in its parent's time. Default 0.
    var beginTime: CFTimeInterval { get set }
    /// One iteration's length in local time; 0 means "the enclosing transaction's duration". Default 0.
    var duration: CFTimeInterval { get set }
    /// Local seconds per parent second; 0 pauses, negative plays backwards. Default 1.
    var speed: Float { get set }
    /// Added to active local time; wraps around within the repeats (see `MediaTiming`). Default 0.
    var timeOffset: CFTimeInterval { get set }
    /// Number of repeats, may be fractional; `.infinity` repeats forever; 0 means "not set". Default 0.
    var repeatCount: Float { get set }
    /// Seconds (local time) to keep repeating; 0 means "not set". Default 0.
    var repeatDuration: CFTimeInterval { get set }
    /// Play backwards after each forward play; one forward-and-back pair is one repeat. Default false.
    var autoreverses: Bool { get set }
    /// What shows outside the active interval. Default `.removed`.
    var fillMode: CAMediaTimingFillMode { get set }
}

/// A plain value holding the eight `CAMediaTiming` properties, with Apple's defaults.
public struct MediaTiming: CAMediaTiming, Hashable, Sendable {
    /// See `CAMediaTiming.beginTime`.
    public var beginTime: CFTimeInterval
    /// See `CAMediaTiming.duration`.
    public var duration: CFTimeInterval
    /// See `CAMediaTiming.speed`.
    public var speed: Float
    /// See `CAMediaTiming.timeOffset`.
    public var timeOffset: CFTimeInterval
    /// See `CAMediaTiming.repeatCount`.
    public var repeatCount: Float
    /// See `CAMediaTiming.repeatDuration`.
    public var repeatDuration: CFTimeInterval
    /// See `CAMediaTiming.autoreverses`.
    public var autoreverses: Bool
    /// See `CAMediaTiming.fillMode`.
    public var fillMode: CAMediaTimingFillMode

    /// Timing values, with Core Animation's defaults.
    public init(beginTime: CFTimeInterval = 0, duration: CFTimeInterval = 0, speed: Float = 1,
                timeOffset: CFTimeInterval = 0, repeatCount: Float = 0, repeatDuration: CFTimeInterval = 0,
                autoreverses: Bool = false, fillMode: CAMediaTimingFillMode = .removed) {
        self.beginTime = beginTime; self.duration = duration; self.speed = speed; self.timeOffset = timeOffset
        self.repeatCount = repeatCount; self.repeatDuration = repeatDuration
        self.autoreverses = autoreverses; self.fillMode = fillMode
    }

    /// A copy of any timed object's properties.
    public init(_ t: some CAMediaTiming) {
        self.init(beginTime: t.beginTime, duration: t.duration, speed: t.speed, timeOffset: t.timeOffset,
                  repeatCount: t.repeatCount, repeatDuration: t.repeatDuration,
                  autoreverses: t.autoreverses, fillMode: t.fillMode)
    }
}

extension CAMediaTiming {
    /// The timing state at parent time `t`; see `MediaTiming.state(atParentTime:defaultDuration:)`.
    public func timingState(atParentTime t: CFTimeInterval, defaultDuration: CFTimeInterval) -> MediaTimingState {
        MediaTiming(self).state(atParentTime: t, defaultDuration: defaultDuration)
    }

    /// This object's mapping from parent time to local time (ignoring duration and repeats).
    public var timeMapping: TimeMapping { TimeMapping(beginTime: beginTime, speed: speed, timeOffset: timeOffset) }
}

// Apple's pre-Swift-4.2 global names for the fill modes.
/// Core Animation's constant for `.removed`.
public let kCAFillModeRemoved = CAMediaTimingFillMode.removed
/// Core Animation's constant for `.forwards`.
public let kCAFillModeForwards = CAMediaTimingFillMode.forwards
/// Core Animation's constant for `.backwards`.
public let kCAFillModeBackwards = CAMediaTimingFillMode.backwards
/// Core Animation's constant for `.both`.
public let kCAFillModeBoth = CAMediaTimingFillMode.both
