import Foundation

/// One level of Core Animation's time hierarchy: how a layer's (or group's) local time follows its
/// parent's, `local = (parent − beginTime) · speed + timeOffset` (Apple's CAMediaTiming.h formula, as used
/// by `CALayer.convertTime(_:from:)`). Durations and repeats play no part in converting a layer's time.
///
/// Pausing and resuming as Apple's Technical Q&A QA1673 does gives no jump:
/// pause: `timeOffset = local(now); speed = 0`; resume: `speed = 1; timeOffset = 0; beginTime = 0;`
/// then `beginTime = local(now) − pausedTime`.
public struct TimeMapping: Hashable, Sendable {
    /// The parent time at which this level's local time starts counting (minus `timeOffset`).
    public var beginTime: CFTimeInterval
    /// Local seconds per parent second; 0 freezes local time at `timeOffset`, negative runs it backward.
    public var speed: Float
    /// Added to local time after scaling: where local time stands at `beginTime`.
    public var timeOffset: CFTimeInterval

    /// A level with these values; the defaults make local time equal parent time.
    public init(beginTime: CFTimeInterval = 0, speed: Float = 1, timeOffset: CFTimeInterval = 0) {
        self.beginTime = beginTime; self.speed = speed; self.timeOffset = timeOffset
    }

    /// The local time at parent time `t`. A paused level (speed 0) returns `timeOffset` for every t.
    public func localTime(fromParent t: CFTimeInterval) -> CFTimeInterval {
        let s = speed.isNaN ? 1 : Double(speed)
        return s == 0 ? timeOffset : (t - beginTime) * s + timeOffset
    }

    /// The parent time at local time `t`, or nil when paused (every parent time maps to the same local time).
    public func parentTime(fromLocal t: CFTimeInterval) -> CFTimeInterval? {
        let s = speed.isNaN ? 1 : Double(speed)
        guard s != 0 else { return nil }
        return (t - timeOffset) / s + beginTime
    }
}

/// Converts absolute (root) time to the local time of the last element of `chain`, applying each
/// level's mapping in turn. `chain` lists the ancestors root first, ending with the object itself.
/// - Complexity: O(chain.count).
public func convertTime(_ t: CFTimeInterval, fromRootThrough chain: [TimeMapping]) -> CFTimeInterval {
    chain.reduce(t) { $1.localTime(fromParent: $0) }
}

/// Converts the local time of the last element of `chain` back to absolute (root) time; nil when some
/// level is paused. `chain` lists the ancestors root first.
public func convertTime(_ t: CFTimeInterval, toRootThrough chain: [TimeMapping]) -> CFTimeInterval? {
    var time = t
    for level in chain.reversed() {
        guard let p = level.parentTime(fromLocal: time) else { return nil }
        time = p
    }
    return time
}

/// `CALayer.convertTime(_:from:)` between two layers given their root-first chains: up from `source` to
/// absolute time, then down to `destination`. Nil when a level of `source` is paused.
public func convertTime(_ t: CFTimeInterval, from source: [TimeMapping], to destination: [TimeMapping]) -> CFTimeInterval? {
    convertTime(t, toRootThrough: source).map { convertTime($0, fromRootThrough: destination) }
}
