import Foundation

/// When a spring counts as settled.
extension SpringSolution {
    /// The estimated time for the spring to be considered at rest (Apple's `settlingDuration`):
    /// when the amplitude envelope of the motion falls to `settlingEpsilon` of the animated distance,
    /// after which the displacement stays within it. Infinity when undamped.
    ///
    /// An envelope, not the exact last crossing (`lastCrossing(epsilon:)`), because it changes smoothly
    /// with the parameters (the exact crossing jumps by half a period whenever a peak dips under the
    /// threshold) and because it reproduces the figures Apple documents (see `settlingEpsilon`).
    /// - Complexity: constant for under-damped springs, ≈ 100 evaluations otherwise.
    public var settlingDuration: Double { settlingTime(epsilon: Self.settlingEpsilon) }

    /// `settlingDuration` for another threshold (a fraction of the animated distance).
    public func settlingTime(epsilon: Double) -> Double {
        guard epsilon > 0 else { return .infinity }
        let z = dampingRatio, w0 = naturalFrequency, v = v0
        if z <= 0 { return .infinity }
        let envelope: (Double) -> Double
        if z < 1 {
            // y = e^{−at}(A cos + B sin): amplitude R·e^{−at}, closed form.
            let a = z * w0, wd = w0 * (1 - z * z).squareRoot()
            let A = -1.0, B = (v + a * A) / wd
            let R = (A * A + B * B).squareRoot()
            return R <= epsilon ? 0 : log(R / epsilon) / a
        } else if z == 1 {
            let B = v - w0
            envelope = { t in (1 + abs(B) * t) * exp(-w0 * t) }
        } else {
            let r = w0 * (z * z - 1).squareRoot(), r1 = -w0 * z + r, r2 = -w0 * z - r
            let c2 = (v + r1) / (r2 - r1), c1 = -1 - c2
            envelope = { t in abs(c1) * exp(r1 * t) + abs(c2) * exp(r2 * t) }
        }
        // The envelope starts at ≥ 1 > epsilon and has at most one maximum, so it crosses epsilon once.
        guard envelope(0) > epsilon else { return 0 }
        var hi = 1 / w0
        while envelope(hi) > epsilon {
            hi *= 2
            if hi > 1e12 { return .infinity }
        }
        var lo = 0.0
        for _ in 0..<200 {
            let mid = (lo + hi) / 2
            if mid == lo || mid == hi { break }
            if envelope(mid) > epsilon { lo = mid } else { hi = mid }
        }
        return hi
    }

    /// The exact time after which |fraction − 1| stays within `epsilon` for good (the last threshold
    /// crossing); infinity when undamped. Never later than `settlingTime(epsilon:)`.
    /// The last local extremum above the threshold is located analytically, then the crossing after it
    /// by bisection (|x − 1| is monotonic there).
    /// - Complexity: constant (≈ 100 evaluations).
    public func lastCrossing(epsilon: Double) -> Double {
        guard epsilon > 0 else { return .infinity }
        let z = dampingRatio, w0 = naturalFrequency
        if z <= 0 { return .infinity }
        func mag(_ t: Double) -> Double { abs(displacement(t).y) }
        // Candidate turning points of |y| (extrema and zeros), then the last one still above epsilon.
        var points: [Double] = [0]
        if z < 1 {
            let a = z * w0, wd = w0 * (1 - z * z).squareRoot()
            let A = -1.0, B = (v0 + a * A) / wd
            // y = R·e^{−at}·cos(wd·t − φ); y' ∝ cos(wd·t − ψ).
            let R = (A * A + B * B).squareRoot(), phi = atan2(B, A)
            let psi = atan2(-(A * wd + a * B), B * wd - a * A)
            // Extremum times t_j = (ψ + π/2 + jπ)/wd; |y(t_j)| = R·|cos(ψ + π/2 − φ)|·e^{−a t_j} decreases in j.
            let peak = R * abs(cos(psi + .pi / 2 - phi))
            guard peak > 0 else { return 0 }
            let base = (psi + .pi / 2) / wd
            let firstJ = (-base * wd / .pi).rounded(.up)
            // Largest j with |y(t_j)| > epsilon: e^{−a t_j} > epsilon/peak ⇔ t_j < ln(peak/epsilon)/a.
            let tLimit = log(peak / epsilon) / a
            let lastJ = ((tLimit - base) * wd / .pi).rounded(.down)
            if lastJ >= firstJ {
                let tj = base + lastJ * .pi / wd
                if tj > 0 && mag(tj) > epsilon { points.append(tj) }
            }
            // The next zero of y after the chosen point bounds the monotone stretch.
            let s = points.last!
            let zj = ((wd * s - phi - .pi / 2) / .pi).rounded(.down) + 1
            var zero = (phi + .pi / 2 + zj * .pi) / wd
            if zero <= s { zero += .pi / wd }
            return bisectCrossing(from: s, to: zero, epsilon: epsilon, mag)
        }
        // Critically and over-damped: at most one extremum and one zero for t > 0.
        var candidates: [Double] = []
        if let ext = rootOfDerivative(), ext > 0 { candidates.append(ext) }
        if let zero = rootOfDisplacement(), zero > 0 { candidates.append(zero) }
        points += candidates.sorted()
        var far = Swift.max(points.last!, 1 / w0)
        while mag(far) > epsilon || displacement(far).dy * displacement(far).y > 0 {
            far *= 2
            if far > 1e9 { return .infinity }
        }
        points.append(far)
        // Last point with |y| > epsilon; the segment after it is monotone and ends at or below epsilon.
        guard let idx = points.indices.last(where: { mag(points[$0]) > epsilon }) else { return 0 }
        return bisectCrossing(from: points[idx], to: points[idx + 1], epsilon: epsilon, mag)
    }

    func bisectCrossing(from lo0: Double, to hi0: Double, epsilon: Double, _ mag: (Double) -> Double) -> Double {
        var lo = lo0, hi = hi0
        for _ in 0..<100 {
            let mid = (lo + hi) / 2
            if mid == lo || mid == hi { break }
            if mag(mid) > epsilon { lo = mid } else { hi = mid }
        }
        return hi
    }

    /// For ζ ≥ 1: the t > 0 where y' = 0, if any.
    func rootOfDerivative() -> Double? {
        let w0 = naturalFrequency, z = dampingRatio, v = v0
        if z == 1 {
            // y' = e^{−w0 t}(B − w0(A + B t)) = 0 with A = −1, B = v − w0.
            let B = v - w0
            guard B != 0 else { return nil }
            return (B + w0) / (w0 * B)
        }
        let r = w0 * (z * z - 1).squareRoot(), r1 = -w0 * z + r, r2 = -w0 * z - r
        let c2 = (v + r1) / (r2 - r1), c1 = -1 - c2
        // c1 r1 e^{r1 t} + c2 r2 e^{r2 t} = 0 → e^{(r1 − r2) t} = −c2 r2 / (c1 r1)
        let q = -(c2 * r2) / (c1 * r1)
        guard q > 0, q.isFinite else { return nil }
        return log(q) / (r1 - r2)
    }

    /// For ζ ≥ 1: the t > 0 where y = 0, if any.
    func rootOfDisplacement() -> Double? {
        let w0 = naturalFrequency, z = dampingRatio, v = v0
        if z == 1 {
            let B = v - w0
            guard B != 0 else { return nil }
            return 1 / B   // −1 + B t = 0
        }
        let r = w0 * (z * z - 1).squareRoot(), r1 = -w0 * z + r, r2 = -w0 * z - r
        let c2 = (v + r1) / (r2 - r1), c1 = -1 - c2
        let q = -c2 / c1
        guard q > 0, q.isFinite else { return nil }
        return log(q) / (r1 - r2)
    }
}
