import Foundation

/// The motion laws of iOS scrolling, as closed forms of time (time is passed in; nothing steps).
///
/// - Momentum: after a release at velocity v (points per second) the speed decays by the
///   deceleration rate d per millisecond (UIKit's `decelerationRate`: 0.998 normal, 0.99 fast):
///   v(t) = v·d^(1000t), so the offset travelled is v·(d^(1000t) − 1)/(1000·ln d) and the whole
///   glide −v/(1000·ln d) (0.4995·v for .normal; Apple's WWDC 2018 projection v/1000·d/(1−d) is
///   the same law summed per millisecond, 0.1% shorter). It ends when the speed drops under
///   `restingSpeed`, 0.25 points short of the whole glide at most.
/// - Rubber band: dragged x points past an edge, the content shows (1 − 1/(x·c/dim + 1))·dim with
///   c = 0.55 and dim the view's size on that axis (the formula UIKit's feel is matched with).
/// - Bounce: past an edge it returns on a critically damped spring (ω = `bounceFrequency`), from
///   where it is with the speed it has: x(t) = (x₀ + (v₀ + ω·x₀)·t)·e^(−ωt) relative to the edge.
public enum ScrollPhysics {
    /// Speed under which a glide or a bounce stops, points per second. Default: 0.5.
    public static let restingSpeed = 0.5
    /// ω of the spring that brings content back to an edge or onto a page, per second.
    public static let bounceFrequency = 2 * Double.pi / 0.45
    /// c of the rubber-band formula (UIKit's feel): the larger, the further content follows a drag
    /// past an edge. 0.55.
    public static let rubberBandConstant = 0.55

    /// Offset travelled `t` seconds after a release at `velocity` with `rate` per millisecond.
    public static func glide(velocity v: Double, rate d: Double, time t: Double) -> Double {
        let r = sanitized(d)
        return v * (pow(r, 1000 * t) - 1) / (1000 * log(r))
    }
    /// Speed `t` seconds after a release at `velocity`, in points per second: v·d^(1000t).
    public static func glideVelocity(velocity v: Double, rate d: Double, time t: Double) -> Double {
        v * pow(sanitized(d), 1000 * t)
    }
    /// The whole glide: where a release at `velocity` comes to rest.
    public static func projection(velocity v: Double, rate d: Double) -> Double { -v / (1000 * log(sanitized(d))) }
    /// Seconds until the speed is under `restingSpeed` (0 when it already is).
    public static func glideDuration(velocity v: Double, rate d: Double) -> Double {
        guard abs(v) > restingSpeed else { return 0 }
        return log(restingSpeed / abs(v)) / (1000 * log(sanitized(d)))
    }
    /// The overscroll shown for `distance` points dragged past an edge (same sign).
    public static func rubberBand(_ distance: Double, dimension: Double) -> Double {
        guard dimension > 0, distance != 0 else { return 0 }
        let x = abs(distance)
        return (1 - 1 / (x * rubberBandConstant / dimension + 1)) * dimension * (distance < 0 ? -1 : 1)
    }
    /// The drag distance that shows `shown` points of overscroll (the inverse of `rubberBand`).
    public static func rubberBandInverse(_ shown: Double, dimension: Double) -> Double {
        guard dimension > 0, shown != 0 else { return 0 }
        let s = min(abs(shown), dimension * 0.999_999)
        return dimension * (1 / (1 - s / dimension) - 1) / rubberBandConstant * (shown < 0 ? -1 : 1)
    }
    /// Displacement from the rest point and its velocity on the critically damped spring.
    public static func spring(from x0: Double, velocity v0: Double, time t: Double) -> (x: Double, v: Double) {
        let w = bounceFrequency, e = exp(-w * t), b = v0 + w * x0
        return ((x0 + b * t) * e, (b - w * (x0 + b * t)) * e)
    }
    /// True once the spring is within 0.25 points of rest and slower than `restingSpeed`.
    public static func springHasSettled(from x0: Double, velocity v0: Double, time t: Double) -> Bool {
        let s = spring(from: x0, velocity: v0, time: t)
        return abs(s.x) < 0.25 && abs(s.v) < restingSpeed * 10
    }

    static func sanitized(_ d: Double) -> Double { d.isFinite && d > 0 && d < 1 ? d : 0.998 }
}
