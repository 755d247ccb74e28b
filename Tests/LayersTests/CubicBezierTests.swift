import TestSupport
import Testing
@testable import Layers

/// The solve's contract: `parameter(forX:)` returns a t with |x(t) − x| < 1e-12 — including when
/// it stops one evaluation early because Newton's error bound says the check would pass
/// (`newtonSettles`), on curves whose x' comes close to 0 where that bound is weakest.
struct CubicBezierTests {
    @Test func solveMeetsItsToleranceOnRandomCurves() {
        var random = SeededRandom(seed: 17)
        // x control points from all of 0…1 and from near its ends, where x' nearly vanishes.
        let special: [Double] = [0, 1e-9, 1e-4, 0.01, 0.5, 0.99, 1 - 1e-4, 1 - 1e-9, 1]
        var worst = 0.0
        for i in 0..<4000 {
            let x1 = i % 4 == 0 ? special[Int.random(in: 0..<special.count, using: &random)] : Double.random(in: 0...1, using: &random)
            let x2 = i % 4 == 1 ? special[Int.random(in: 0..<special.count, using: &random)] : Double.random(in: 0...1, using: &random)
            let c = CubicBezier(x1, Double.random(in: -2...3, using: &random), x2, Double.random(in: -2...3, using: &random))
            for _ in 0..<25 {
                let x = Double.random(in: 0...1, using: &random)
                let t = c.parameter(forX: x)
                worst = max(worst, abs(c.x(atParameter: t) - x))
            }
        }
        #expect(worst < 1e-12, "worst |x(t) - x| = \(worst)")
    }

    /// Newton's bound is only used where x' stays away from 0: a curve whose x' reaches 0 in 0…1
    /// (`easeIn`, `easeOut`) never stops early, and one whose x' does not does so once its step is
    /// small enough.
    @Test func newtonStopsEarlyOnlyWhereItsBoundHolds() {
        #expect(!CubicBezier.easeIn.newtonSettles(step: 1e-9, tolerance: 1e-12))
        #expect(!CubicBezier.easeOut.newtonSettles(step: 1e-9, tolerance: 1e-12))
        #expect(CubicBezier.easeInEaseOut.newtonSettles(step: 1e-7, tolerance: 1e-12))
        #expect(!CubicBezier.easeInEaseOut.newtonSettles(step: 1e-5, tolerance: 1e-12))
    }

    /// A solver prepared for many solves (a frame's queued eased values) gives the bits the plain
    /// solve gives, and stops early without a check only for steps Newton's bound accepts.
    @Test func preparedSolverGivesTheSameBits() {
        var random = SeededRandom(seed: 29)
        let special: [Double] = [0, 1e-9, 1e-4, 0.01, 0.5, 0.99, 1 - 1e-4, 1 - 1e-9, 1]
        var prepared = 0, unsound = 0, differing = 0
        for i in 0..<4000 {
            let x1 = i % 4 == 0 ? special[Int.random(in: 0..<special.count, using: &random)] : Double.random(in: 0...1, using: &random)
            let x2 = i % 4 == 1 ? special[Int.random(in: 0..<special.count, using: &random)] : Double.random(in: 0...1, using: &random)
            let c = CubicBezier(x1, Double.random(in: -2...3, using: &random), x2, Double.random(in: -2...3, using: &random))
            let solver = CubicBezier.Solver(c, prepared: true)
            if solver.settlingStep > 0 {
                prepared += 1
                if !c.newtonSettles(step: solver.settlingStep, tolerance: 1e-12) { unsound += 1 }
            }
            for _ in 0..<25 {
                let x = Double.random(in: -0.1...1.1, using: &random)
                if solver.value(at: x).bitPattern != c.value(at: x).bitPattern { differing += 1 }
            }
        }
        #expect(unsound == 0)
        #expect(differing == 0)
        #expect(prepared > 1000, "most random curves keep x' away from 0: \(prepared)")
        #expect(CubicBezier.Solver(.easeInEaseOut, prepared: true).settlingStep > 1e-7)
        #expect(CubicBezier.Solver(.easeIn, prepared: true).settlingStep == 0)
        #expect(CubicBezier.Solver(.easeInEaseOut, prepared: false).settlingStep == 0)
    }
}
