/// Arc length of segments, and the inverse: the parameter at a given length.
///
/// Curves are measured by adaptive Gauss–Legendre quadrature of |B′(t)|: an 8-point rule on an
/// interval is compared with the rule on its two halves and the interval is split until they agree
/// to a relative 1e-12 or so. Lines are measured exactly. The integrand is smooth except at cusps,
/// where the bisection depth limit keeps the cost bounded.
extension BezierSegment {
    /// The arc length between parameters `t0` and `t1` (0 ≤ t0 ≤ t1 ≤ 1).
    /// - Complexity: O(1) for lines; for curves a few dozen derivative evaluations, more near cusps.
    func length(from t0: Double = 0, to t1: Double = 1) -> Double {
        if case .line(let a, let b) = self { return a.distance(to: b) * (t1 - t0) }
        if t1 <= t0 { return 0 }
        return length(from: t0, to: t1, rule: gaussLegendre(t0, t1))
    }

    /// `length(from:to:)` of a curve given the 8-point rule's value on the interval, `whole`
    /// (the adaptive rule starts from it).
    private func length(from t0: Double, to t1: Double, rule whole: Double) -> Double {
        // Control points near the top of the double range overflow |B′|: no refinement can help.
        guard whole.isFinite else { return whole }
        // The tolerance is relative to the control polygon so it scales with the curve.
        let eps = Swift.max(controlPolygonLength * 1e-13, Double.leastNormalMagnitude)
        return adaptive(t0, t1, whole, eps, depth: 0)
    }

    /// The parameter at which the arc length from the start reaches `s`, to within about 1e-10 of the
    /// segment's length; `s` is clamped to the segment.
    /// - Parameter total: the segment's length if already known.
    func parameter(atLength s: Double, total: Double? = nil) -> Double {
        let total = total ?? length()
        if !(s > 0) || !(total > 0) { return 0 }
        if s >= total { return 1 }
        if case .line = self { return s / total }
        // Newton's method on L(t) − s, safeguarded by a bracket that bisection falls back to.
        var lo = 0.0, hi = 1.0
        var t = s / total
        let tol = total * 1e-11
        for _ in 0 ..< 60 {
            let f = length(to: t) - s
            if abs(f) <= tol { return t }
            if f > 0 { hi = t } else { lo = t }
            let speed = derivative(at: t).length
            var next = speed > 0 ? t - f / speed : .nan
            if !(next > lo && next < hi) { next = (lo + hi) / 2 }
            if hi - lo < 1e-15 { return next }
            t = next
        }
        return t
    }

    /// `parameter(atLength:total:)` for a length `s` past a point already found, at parameter
    /// `ta` with arc length `la` from the start (0 and 0 give `parameter(atLength:total:)`'s
    /// result to the bit). Newton's method then integrates from there only: successive dash ends
    /// along one curve cost a short integral each (which the quadrature settles at once) instead
    /// of one from the start (which it splits several times). The length found this way differs
    /// from the integral from the start by rounding (about 1e-13 of the segment's length per
    /// step), far inside the 1e-10 the result is good to.
    ///
    /// Past an anchor, Newton's steps first integrate with the single 4-point rule (four
    /// evaluations of |B′|), starting from the speed halfway there, then the 8-point rule checks
    /// the point they settle on: accepted when it puts it within the tolerance and the two rules
    /// agree there to the adaptive rule's own tolerance (the 8-point rule has then converged: its
    /// error is far below the 4-point rule's); else the adaptive integral (which starts from that
    /// same 8-point value) decides, and the search goes on from there with it as before. On a
    /// dashed 1600 × 800 ellipse a dash end costs about a third of the evaluations the adaptive
    /// rule alone took (the dasher's main cost).
    /// - Returns: the parameter and the arc length from the start to it, for the next call.
    func parameter(atLength s: Double, total: Double, from ta: Double, lengthThere la: Double) -> (t: Double, length: Double) {
        if !(s > 0) || !(total > 0) { return (0, 0) }
        if s >= total { return (1, total) }
        if case .line = self { return (s / total, s) }
        guard ta >= 0, ta < 1, la >= 0, la < s, la.isFinite else { return (parameter(atLength: s, total: total), s) }
        let tol = total * 1e-11
        var t = ta + (s - la) / (total - la) * (1 - ta)
        if ta > 0 {
            // Where the speed halfway there reaches `s` (halfway by the anchor's speed): the
            // midpoint rule, a first step that leaves Newton one step less to take.
            let speed = derivative(at: ta).length
            let first = ta + (s - la) / speed
            if first > ta && first < 1 {
                let guess = ta + (s - la) / derivative(at: (ta + first) / 2).length
                t = guess > ta && guess < 1 ? guess : first
            }
            // Newton's steps on the 4-point rule (half the 8-point rule's evaluations) to where it
            // reaches `s`, which the 8-point rule then checks.
            var quick = t, rule4 = Double.nan
            for _ in 0 ..< 8 {
                let r4 = gaussLegendre4(ta, quick)
                let f = la + r4 - s
                guard f.isFinite else { break }
                if abs(f) <= tol { rule4 = r4; break }
                let v = derivative(at: quick).length
                let next = v > 0 ? quick - f / v : .nan
                guard next > ta && next < 1 else { break }
                quick = next
            }
            t = quick
            let eps = Swift.max(controlPolygonLength * 1e-13, Double.leastNormalMagnitude)
            for _ in 0 ..< 8 {
                let rule = gaussLegendre(ta, quick)
                let f = la + rule - s
                guard f.isFinite else { break }
                if abs(f) <= tol {
                    // The 4-point rule at the same point within the adaptive rule's tolerance of
                    // the 8-point one: the 8-point rule (whose error is far below the 4-point
                    // rule's) has converged there, and the adaptive rule would stop at once too.
                    if abs(rule - rule4) <= Swift.max(eps, 1e-15 * abs(rule)) { return (quick, la + rule) }
                    let there = la + length(from: ta, to: quick, rule: rule)
                    if abs(there - s) <= tol { return (quick, there) }
                    t = quick
                    break
                }
                let v = derivative(at: quick).length
                let next = v > 0 ? quick - f / v : .nan
                guard next > ta && next < 1 else { break }
                quick = next
                t = next
                rule4 = .nan
            }
        }
        var lo = ta, hi = 1.0
        for _ in 0 ..< 60 {
            let there = la + length(from: ta, to: t)
            let f = there - s
            if abs(f) <= tol { return (t, there) }
            if f > 0 { hi = t } else { lo = t }
            let speed = derivative(at: t).length
            var next = speed > 0 ? t - f / speed : .nan
            if !(next > lo && next < hi) { next = (lo + hi) / 2 }
            if hi - lo < 1e-15 { return (next, la + length(from: ta, to: next)) }
            t = next
        }
        return (t, la + length(from: ta, to: t))
    }

    /// The sum of the control polygon's edge lengths: an upper bound on the arc length.
    var controlPolygonLength: Double {
        switch self {
        case .line(let a, let b): return a.distance(to: b)
        case .quad(let a, let b, let c): return a.distance(to: b) + b.distance(to: c)
        case .cubic(let a, let b, let c, let d): return a.distance(to: b) + b.distance(to: c) + c.distance(to: d)
        }
    }

    private func adaptive(_ a: Double, _ b: Double, _ whole: Double, _ eps: Double, depth: Int) -> Double {
        let m = (a + b) / 2
        let left = gaussLegendre(a, m), right = gaussLegendre(m, b)
        let sum = left + right
        // Depth 20 halves the interval to 1e-6 of a parameter unit; only intervals at a cusp get
        // there, so the cost stays a few hundred evaluations. The rounding floor stops the
        // recursion from chasing noise.
        if depth >= 20 || abs(sum - whole) <= Swift.max(eps, 1e-15 * abs(sum)) || !sum.isFinite { return sum }
        return adaptive(a, m, left, eps / 2, depth: depth + 1) + adaptive(m, b, right, eps / 2, depth: depth + 1)
    }

    private func gaussLegendre(_ a: Double, _ b: Double) -> Double {
        let half = (b - a) / 2, mid = (a + b) / 2
        var sum = 0.0
        for (x, w) in gaussLegendre8 {
            sum += w * (derivative(at: mid + half * x).length + derivative(at: mid - half * x).length)
        }
        return sum * half
    }
}

extension BezierSegment {
    /// The 4-point Gauss–Legendre rule's arc length from `a` to `b`: the first Newton steps of
    /// `parameter(atLength:total:from:lengthThere:)`, and its check of the 8-point rule.
    fileprivate func gaussLegendre4(_ a: Double, _ b: Double) -> Double {
        let half = (b - a) / 2, mid = (a + b) / 2
        let x0 = 0.3399810435848563, x1 = 0.8611363115940526
        let w0 = 0.6521451548625461, w1 = 0.3478548451374538
        let inner = derivative(at: mid + half * x0).length + derivative(at: mid - half * x0).length
        let outer = derivative(at: mid + half * x1).length + derivative(at: mid - half * x1).length
        return (w0 * inner + w1 * outer) * half
    }
}

/// Abscissae (positive half) and weights of the 8-point Gauss–Legendre rule on [−1, 1].
private let gaussLegendre8: [(Double, Double)] = [
    (0.1834346424956498, 0.3626837833783620),
    (0.5255324099163290, 0.3137066458778873),
    (0.7966664774136267, 0.2223810344533745),
    (0.9602898564975363, 0.1012285362903763),
]
