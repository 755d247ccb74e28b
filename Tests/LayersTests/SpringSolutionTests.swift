import TestSupport
import Foundation
import Testing
@testable import Layers

/// The textbook solution of m·x'' + c·x' + k·(x − 1) = 0, x(0) = 0, x'(0) = v, written independently.
private func reference(m: Double, k: Double, c: Double, v: Double, t: Double) -> Double {
    let w = (k / m).squareRoot(), z = c / (2 * (k * m).squareRoot())
    if z < 1 {
        let wd = w * (1 - z * z).squareRoot()
        return 1 - exp(-z * w * t) * (cos(wd * t) + (z * w - v) / wd * sin(wd * t))
    } else if z == 1 {
        return 1 - exp(-w * t) * (1 + (w - v) * t)
    } else {
        let s = (z * z - 1).squareRoot()
        let r1 = w * (-z + s), r2 = w * (-z - s)
        // x − 1 = a·e^{r1 t} + b·e^{r2 t}, a + b = −1, a·r1 + b·r2 = v
        let a = (v + r2) / (r1 - r2), b = -1 - a
        return 1 + a * exp(r1 * t) + b * exp(r2 * t)
    }
}

@Suite(.isolatedEngine) struct SpringSolutionTests {
    @Test func matchesTheAnalyticSolution() {
        let cases: [(m: Double, k: Double, c: Double, v: Double, over: Bool)] = [
            (1, 100, 10, 0, false),      // under-damped, Apple's defaults
            (2, 300, 5, 3, false),       // lightly damped with a push
            (1, 100, 20, 0, false),      // critical
            (1, 100, 20, -4, false),     // critical, pushed away first
            (1, 100, 50, 0, true),       // over-damped, allowed
            (1, 100, 50, 15, true),
        ]
        for cs in cases {
            let s = SpringSolution(mass: cs.m, stiffness: cs.k, damping: cs.c, initialVelocity: cs.v, allowsOverdamping: cs.over)
            for t in [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2] {
                let r = reference(m: cs.m, k: cs.k, c: cs.c, v: cs.v, t: t)
                #expect(abs(s.value(at: t) - r) < 1e-12, "\(cs) at \(t)")
                let h = 1e-6
                let fd = (reference(m: cs.m, k: cs.k, c: cs.c, v: cs.v, t: t + h) - reference(m: cs.m, k: cs.k, c: cs.c, v: cs.v, t: t - h)) / (2 * h)
                #expect(abs(s.velocity(at: t) - fd) < 1e-5, "velocity \(cs) at \(t)")
            }
            #expect(s.value(at: 0) == 0 && s.velocity(at: 0) == cs.v)
        }
    }

    @Test func overdampingIsClampedUnlessAllowed() {
        let clamped = SpringSolution(damping: 50)
        #expect(clamped.dampingRatio == 1)
        #expect(abs(clamped.value(at: 0.3) - reference(m: 1, k: 100, c: 20, v: 0, t: 0.3)) < 1e-12)
        #expect(SpringSolution(damping: 50, allowsOverdamping: true).dampingRatio == 2.5)
    }

    static let springs = [SpringSolution(), SpringSolution(mass: 1, stiffness: 200, damping: 3, initialVelocity: -5),
                          SpringSolution(damping: 20), SpringSolution(damping: 20, initialVelocity: 30),
                          SpringSolution(damping: 60, initialVelocity: -2, allowsOverdamping: true)]

    @Test func lastCrossingIsExact() {
        let eps = SpringSolution.settlingEpsilon
        for s in Self.springs {
            let T = s.lastCrossing(epsilon: eps)
            #expect(T.isFinite && T > 0)
            #expect(abs(s.value(at: T * (1 - 1e-9)) - 1) > eps * (1 - 1e-6), "\(s): just before it is still outside")
            var t = T
            while t < T + 5 {
                #expect(abs(s.value(at: t) - 1) <= eps * (1 + 1e-9), "\(s) leaves the band at \(t)")
                t += 1e-3
            }
        }
    }

    @Test func settlingDurationIsTheEnvelopeEstimate() {
        let eps = SpringSolution.settlingEpsilon
        for s in Self.springs {
            let T = s.settlingDuration
            #expect(T >= s.lastCrossing(epsilon: eps) - 1e-12)
            #expect(abs(s.value(at: T) - 1) <= eps * (1 + 1e-9))
        }
        // Apple's documented figures (mass 1, stiffness 100): damping 5 ≈ 2.85 s, damping 15 just over 1 s.
        #expect(abs(SpringSolution(damping: 5).settlingDuration - 2.85) < 0.03)
        let fifteen = SpringSolution(damping: 15).settlingDuration
        #expect(fifteen > 1 && fifteen < 1.02)
        // Under-damped closed form: ln(R/ε)/(ζω₀) with R = √(1 + (ζω₀/ω_d)²).
        let a = 5.0, wd = 10 * (0.75).squareRoot()
        #expect(abs(SpringSolution().settlingDuration - log((1 + (a / wd) * (a / wd)).squareRoot() / eps) / a) < 1e-12)
        #expect(SpringSolution(damping: 0).settlingDuration == .infinity)
        #expect(SpringSolution(damping: 0).lastCrossing(epsilon: eps) == .infinity)
        #expect(SpringSolution().settlingTime(epsilon: 0) == .infinity)
    }

    @Test func sanitizedInputs() {
        let s = SpringSolution(mass: .nan, stiffness: -1, damping: .nan, initialVelocity: .nan)
        #expect(s.naturalFrequency == 10 && s.dampingRatio == 0)
        #expect(s.value(at: .nan) == 0 && s.velocity(at: .nan) == 0 && s.value(at: -1) == 0)
        #expect(abs(s.value(at: 0.1) - (1 - cos(1.0))) < 1e-12)
    }

    @Test func perceptualDurationAndBounce() {
        let s = SpringSolution(perceptualDuration: 0.5, bounce: 0.3)
        #expect(abs(s.naturalFrequency - 4 * .pi) < 1e-12)
        #expect(abs(s.dampingRatio - 0.7) < 1e-12)
        #expect(abs(SpringSolution(perceptualDuration: 1, bounce: 0).dampingRatio - 1) < 1e-12)
        let over = SpringSolution(perceptualDuration: 1, bounce: -0.5)
        #expect(over.allowsOverdamping && abs(over.dampingRatio - 2) < 1e-12)
        #expect(SpringSolution(perceptualDuration: -1, bounce: .nan) == SpringSolution(perceptualDuration: 0.5, bounce: 0))
    }
}
