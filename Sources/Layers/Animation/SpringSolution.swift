import Foundation

/// The motion of `CASpringAnimation`: a damped harmonic oscillator carrying the animated fraction
/// from 0 to 1, solved in closed form (no numeric integration, so any time can be sampled exactly).
///
/// `m·x'' + c·x' + k·(x − 1) = 0`, `x(0) = 0`, `x'(0) = initialVelocity`, with ω₀ = √(k/m) and
/// damping ratio ζ = c / (2√(k·m)). Under-damped (ζ < 1) oscillates around 1, critically damped
/// (ζ = 1) returns fastest without overshoot (unless pushed), over-damped (ζ > 1) creeps in.
/// As Apple's `allowsOverdamping` documents, damping above critical is clamped to critical unless
/// `allowsOverdamping` is true.
///
/// Parameters are sanitized so every value is defined: a mass or stiffness that is not a positive finite
/// number takes Apple's default (1, 100); a negative or NaN damping becomes 0; a NaN velocity 0.
public struct SpringSolution: Hashable, Sendable {
    /// Default 1.
    public var mass: Double
    /// Default 100.
    public var stiffness: Double
    /// Default 10.
    public var damping: Double
    /// In units of the animated distance per second, positive towards the end value. Default 0.
    public var initialVelocity: Double
    /// Let damping exceed critical. Default false.
    public var allowsOverdamping: Bool

    /// The amplitude bound behind `settlingDuration`, as a fraction of the animated distance.
    /// Apple does not publish its threshold. It documents two figures for mass 1, stiffness 100:
    /// damping 5 settles in "approximately 2.85 seconds", damping 15 in "just over 1 second". The
    /// envelope estimate with 8e-4 gives 2.865 s and 1.006 s; 1e-3 would give 2.78 s and 0.98 s.
    public static let settlingEpsilon = 8e-4

    /// A spring with Core Animation's defaults: mass 1, stiffness 100, damping 10, at rest.
    public init(mass: Double = 1, stiffness: Double = 100, damping: Double = 10, initialVelocity: Double = 0,
                allowsOverdamping: Bool = false) {
        self.mass = mass; self.stiffness = stiffness; self.damping = damping
        self.initialVelocity = initialVelocity; self.allowsOverdamping = allowsOverdamping
    }

    /// The spring of `CASpringAnimation(perceptualDuration:bounce:)` (iOS 17): mass 1,
    /// stiffness (2π / perceptualDuration)², and a damping that makes the damping ratio `1 − bounce`
    /// for bounce ≥ 0 (so 0 is critical, 1 undamped), `1 / (1 + bounce)` for negative bounce
    /// (over-damped, so `allowsOverdamping` is set). This is the mapping Apple publishes for SwiftUI's
    /// `Spring(duration:bounce:)`, which the Core Animation initializer shares. A perceptual duration that
    /// is not positive and finite becomes 0.5 s; bounce is clamped to −0.99…1.
    public init(perceptualDuration: Double, bounce: Double, initialVelocity: Double = 0) {
        let d = perceptualDuration.isFinite && perceptualDuration > 0 ? perceptualDuration : 0.5
        let b = bounce.isNaN ? 0 : Swift.min(Swift.max(bounce, -0.99), 1)
        let damping = b >= 0 ? 4 * .pi * (1 - b) / d : 4 * .pi / (d * (1 + b))
        self.init(mass: 1, stiffness: (2 * .pi / d) * (2 * .pi / d), damping: damping,
                  initialVelocity: initialVelocity, allowsOverdamping: b < 0)
    }

    var m: Double { mass.isFinite && mass > 0 ? mass : 1 }
    var k: Double { stiffness.isFinite && stiffness > 0 ? stiffness : 100 }
    var v0: Double { initialVelocity.isNaN ? 0 : initialVelocity }

    /// The undamped angular frequency ω₀ = √(k/m).
    public var naturalFrequency: Double { (k / m).squareRoot() }

    /// The damping ratio in use (clamped to 1 unless `allowsOverdamping`).
    public var dampingRatio: Double {
        let c = damping.isNaN || damping < 0 ? 0 : damping
        let zeta = c / (2 * (k * m).squareRoot())
        return allowsOverdamping ? zeta : Swift.min(zeta, 1)
    }

    /// The closed-form displacement y = x − 1 and its derivative at time t ≥ 0.
    func displacement(_ t: Double) -> (y: Double, dy: Double) {
        let w0 = naturalFrequency, z = dampingRatio, v = v0
        if z < 1 {
            let a = z * w0, wd = w0 * (1 - z * z).squareRoot()
            let A = -1.0, B = (v + a * A) / wd
            let e = exp(-a * t), c = cos(wd * t), s = sin(wd * t)
            let y = e * (A * c + B * s)
            let dy = e * ((B * wd - a * A) * c - (A * wd + a * B) * s)
            return (y, dy)
        } else if z == 1 {
            let A = -1.0, B = v + w0 * A                // y'(0) = B − w0·A = v
            let e = exp(-w0 * t)
            return (e * (A + B * t), e * (B - w0 * (A + B * t)))
        } else {
            let r = w0 * (z * z - 1).squareRoot()
            let r1 = -w0 * z + r, r2 = -w0 * z - r          // r2 < r1 < 0
            let c2 = (v + r1) / (r2 - r1), c1 = -1 - c2      // c1 + c2 = −1, r1·c1 + r2·c2 = v
            let e1 = exp(r1 * t), e2 = exp(r2 * t)
            return (c1 * e1 + c2 * e2, c1 * r1 * e1 + c2 * r2 * e2)
        }
    }

    /// The fraction (0 at t = 0, settling at 1) at time `t` seconds since the spring started.
    /// Times before 0 and NaN give 0.
    public func value(at t: Double) -> Double {
        guard t > 0 else { return 0 }
        return 1 + displacement(t).y
    }

    /// d(fraction)/dt at time `t`; `initialVelocity` at and before 0, 0 for NaN.
    public func velocity(at t: Double) -> Double {
        if t.isNaN { return 0 }
        guard t > 0 else { return v0 }
        return displacement(t).dy
    }
}
