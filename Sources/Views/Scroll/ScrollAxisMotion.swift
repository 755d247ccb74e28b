import Foundation
import Layers

/// How one axis of a scroll view moves on its own after the finger lifts, as a function of the
/// frame's media time: a momentum glide, a spring to a rest point (an edge, a page, a target the
/// delegate chose), or a timed ease (`setContentOffset(_:animated:)`). A glide that reaches an edge
/// turns into the spring at the exact moment it crosses, so frames sample one continuous motion.
struct ScrollAxisMotion {
    enum Kind {
        case rest
        case glide(from: Double, velocity: Double)
        case spring(rest: Double, displacement: Double, velocity: Double)
        case ease(from: Double, to: Double, duration: Double)
    }
    var kind = Kind.rest
    /// When the motion began; nil until the first frame after it was set.
    var start: Double?

    var isMoving: Bool { if case .rest = kind { return false } else { return true } }

    /// The same motion with every position moved by `d` (the content under it moved by `d`):
    /// a glide starts `d` further, a spring rests and an ease starts and ends `d` further.
    mutating func shift(by d: Double) {
        switch kind {
        case .rest: break
        case let .glide(from, v): kind = .glide(from: from + d, velocity: v)
        case let .spring(rest, x0, v0): kind = .spring(rest: rest + d, displacement: x0, velocity: v0)
        case let .ease(from, to, duration): kind = .ease(from: from + d, to: to + d, duration: duration)
        }
    }

    /// The offset at `now` and whether the motion is over, for content allowed between `lo` and `hi`
    /// (`current` where the axis stands when it does not move).
    mutating func advance(to now: Double, current: Double, lo: Double, hi: Double, rate: Double, bounces: Bool) -> (value: Double, done: Bool) {
        if start == nil { start = now }
        let t = max(0, now - start!)
        switch kind {
        case .rest:
            return (current, true)
        case let .glide(from, v):
            let x = from + ScrollPhysics.glide(velocity: v, rate: rate, time: t)
            let edge = x < lo ? lo : x > hi ? hi : nil
            if let edge {
                // The moment it crossed the edge, and its speed then: the spring takes over there.
                let k = 1000 * log(ScrollPhysics.sanitized(rate))
                let ratio = 1 + (edge - from) * k / v
                let tc = ratio > 0 ? log(ratio) / k : 0
                let vc = ScrollPhysics.glideVelocity(velocity: v, rate: rate, time: tc)
                guard bounces else { kind = .rest; return (edge, true) }
                kind = .spring(rest: edge, displacement: 0, velocity: vc)
                start = start! + tc
                return advance(to: now, current: current, lo: lo, hi: hi, rate: rate, bounces: bounces)
            }
            let done = t >= ScrollPhysics.glideDuration(velocity: v, rate: rate)
            if done { kind = .rest }
            return (x, done)
        case let .spring(rest, x0, v0):
            if ScrollPhysics.springHasSettled(from: x0, velocity: v0, time: t) { kind = .rest; return (rest, true) }
            return (rest + ScrollPhysics.spring(from: x0, velocity: v0, time: t).x, false)
        case let .ease(from, to, duration):
            guard duration > 0, t < duration else { kind = .rest; return (to, true) }
            return (from + (to - from) * CubicBezier.easeInEaseOut.value(at: t / duration), false)
        }
    }
}
