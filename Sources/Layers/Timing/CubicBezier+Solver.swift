import Foundation

extension CubicBezier {
    /// One curve prepared for many solves: its polynomial coefficients, and the Newton step below
    /// which a solve may stop without a last check (`newtonSettles`), both worked out once.
    ///
    /// Why: a frame of layers begun at different times solves one curve thousands of times
    /// (`EasingMemo.flush`); `newtonSettles` works out the curve's bounds on x' with four
    /// divisions at every solve. `parameter(forX:)` is the only Newton–bisection code
    /// (`CubicBezier.parameter(forX:)` calls it too), so every path gives the same bits:
    /// `settlingStep` only answers early where `newtonSettles` would answer yes (it is taken 0.1 %
    /// under the bound that test solves for), and a step above it still asks `newtonSettles`.
    struct Solver {
        /// The curve solved.
        let curve: CubicBezier
        // x(t) = ((ax·t + bx)·t + cx)·t, the same for y: CubicBezier's own coefficients.
        let ax: Double, bx: Double, cx: Double
        let ay: Double, by: Double, cy: Double
        /// A Newton step shorter than this lands within the tolerance for certain; 0 when not
        /// worked out (a single solve) or when the curve's x' reaches 0 (no early stop).
        let settlingStep: Double

        /// The curve's solver; `prepared` works out `settlingStep` (worth it for many solves).
        @inline(__always) init(_ curve: CubicBezier, prepared: Bool) {
            self.curve = curve
            cx = 3 * curve.x1; bx = 3 * (curve.x2 - curve.x1) - cx; ax = 1 - cx - bx
            cy = 3 * curve.y1; by = 3 * (curve.y2 - curve.y1) - cy; ay = 1 - cy - by
            settlingStep = prepared ? curve.settlingStep(tolerance: CubicBezier.tolerance) : 0
        }

        @inline(__always) func x(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
        @inline(__always) func dx(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }

        /// `CubicBezier.parameter(forX:)`.
        @inline(__always) func parameter(forX x: Double) -> Double {
            if x.isNaN || x <= 0 { return 0 }
            if x >= 1 { return 1 }
            let tolerance = CubicBezier.tolerance
            var t = x
            for _ in 0..<8 {
                let err = self.x(t) - x
                if abs(err) < tolerance { return t }
                let d = dx(t)
                if abs(d) < 1e-9 { break }
                let step = err / d
                let next = t - step
                if !(next >= 0 && next <= 1) { break }
                if abs(step) < 1e-5 && (abs(step) < settlingStep || curve.newtonSettles(step: step, tolerance: tolerance)) {
                    return next
                }
                t = next
            }
            return bisect(forX: x)
        }

        /// Bisection from t = x over 0…1, where Newton failed.
        private func bisect(forX x: Double) -> Double {
            var lo = 0.0, hi = 1.0
            var t = x
            while lo < hi {
                let v = self.x(t)
                if abs(v - x) < CubicBezier.tolerance { return t }
                if v < x { lo = t } else { hi = t }
                let mid = lo + (hi - lo) / 2
                if mid == lo || mid == hi { break }   // the interval is one ulp wide
                t = mid
            }
            return t
        }

        /// `CubicBezier.value(at:)`.
        @inline(__always) func value(at x: Double) -> Double {
            if x.isNaN { return 0 }
            if x < 0 || x > 1 || x == 0 || x == 1 || curve.isIdentity { return curve.value(at: x) }
            let t = parameter(forX: x)
            return ((ay * t + by) * t + cy) * t
        }
    }

    /// How close x(t) comes to the x asked for: |x(t) − x| < 1e-12.
    static let tolerance = 1e-12

    /// The bounds `newtonSettles` rests on, over 0…1: m ≤ x' ≤ M and |x''| ≤ C; nil when x'
    /// reaches 0 (m ≤ 0).
    func newtonBounds() -> (m: Double, M: Double, C: Double)? {
        let cx = 3 * x1, bx = 3 * (x2 - x1) - cx, ax = 1 - cx - bx
        let d0 = cx, d1 = 3 * ax + 2 * bx + cx            // x' at the ends
        var m = Swift.min(d0, d1), M = Swift.max(d0, d1)
        if ax != 0 {
            let tv = -bx / (3 * ax)                       // x' is a parabola with its vertex here
            if tv > 0 && tv < 1 {
                let dv = (3 * ax * tv + 2 * bx) * tv + cx
                m = Swift.min(m, dv); M = Swift.max(M, dv)
            }
        }
        guard m > 0 else { return nil }
        let C = Swift.max(abs(2 * bx), abs(6 * ax + 2 * bx))   // |x''| at the ends: x'' is linear
        return (m, M, C)
    }

    /// The step s under which `newtonSettles(step:tolerance:)` holds: its bound
    /// M·(C/(2m)·(M/m·s)² + 1e-14/m) < tolerance/2 solved for s, capped at 1e-5 (where the solve
    /// starts asking) and taken 0.1 % lower; 0 when the curve never settles early.
    func settlingStep(tolerance: Double) -> Double {
        guard let (m, M, C) = newtonBounds() else { return 0 }
        let room = tolerance / 2 / M - 1e-14 / m           // what C/(2m)·e² may take
        guard room > 0 else { return 0 }
        let k = C / (2 * m) * (M / m) * (M / m)
        let s = (k > 0 ? Swift.min((room / k).squareRoot(), 1e-5) : 1e-5) * 0.999
        // The bound grows with the step through operations that round monotonically, so holding
        // at s it holds below: asked once here, it answers for every shorter step.
        return newtonSettles(step: s, tolerance: tolerance) ? s : 0
    }
}
