import Foundation

/// A cubic Bézier easing curve from (0, 0) to (1, 1) with two control points, solved exactly.
///
/// This is css-easing-1's `cubic-bezier(x1, y1, x2, y2)` and the curve inside `CAMediaTimingFunction`.
/// The x coordinates of the control points are clamped to 0…1 (css-easing-1 requires it; it makes x(t)
/// monotonic, so every input has exactly one answer); y coordinates are free, so curves may overshoot
/// (`CubicBezier(0.65, -0.55, 0.27, 1.55)`). Non-finite control-point coordinates are replaced by the
/// linear curve's (0, 0, 1, 1), so every curve value is defined.
///
/// `value(at:)` finds the curve parameter t with x(t) = x by Newton–Raphson, falling back to bisection,
/// until |x(t) − x| < 1e-12 (or t is pinned to one ulp), then returns y(t). Not a polynomial fit.
public struct CubicBezier: Hashable, Sendable, CustomStringConvertible {
    /// The control points (x1, y1) and (x2, y2), as given, x clamped to 0…1 and non-finite
    /// coordinates replaced by the linear curve's.
    public let x1: Double, y1: Double, x2: Double, y2: Double

    /// The curve with control points `(x1, y1)` and `(x2, y2)`; x is clamped to 0…1.
    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        func clampX(_ v: Double, _ fallback: Double) -> Double { v.isNaN ? fallback : Swift.min(Swift.max(v, 0), 1) }
        func freeY(_ v: Double, _ fallback: Double) -> Double { v.isFinite ? v : fallback }
        self.x1 = clampX(x1, 0); self.y1 = freeY(y1, 0); self.x2 = clampX(x2, 1); self.y2 = freeY(y2, 1)
    }

    /// Constant speed: `(0, 0, 1, 1)`.
    public static let linear = CubicBezier(0, 0, 1, 1)
    /// Core Animation's `easeIn`: `(0.42, 0, 1, 1)`.
    public static let easeIn = CubicBezier(0.42, 0, 1, 1)
    /// Core Animation's `easeOut`: `(0, 0, 0.58, 1)`.
    public static let easeOut = CubicBezier(0, 0, 0.58, 1)
    /// Core Animation's `easeInEaseOut`: `(0.42, 0, 0.58, 1)`.
    public static let easeInEaseOut = CubicBezier(0.42, 0, 0.58, 1)
    /// Core Animation's `default` (the curve of implicit animations): `(0.25, 0.1, 0.25, 1)`, CSS's `ease`.
    public static let `default` = CubicBezier(0.25, 0.1, 0.25, 1)

    /// CSS's notation, `cubic-bezier(x1, y1, x2, y2)`.
    public var description: String { "cubic-bezier(\(x1), \(y1), \(x2), \(y2))" }

    // Polynomial coefficients of x(t) = ((ax·t + bx)·t + cx)·t, same for y.
    private var cx: Double { 3 * x1 }
    private var bx: Double { 3 * (x2 - x1) - cx }
    private var ax: Double { 1 - cx - bx }
    private var cy: Double { 3 * y1 }
    private var by: Double { 3 * (y2 - y1) - cy }
    private var ay: Double { 1 - cy - by }

    /// x of the curve at parameter t.
    public func x(atParameter t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
    /// y of the curve at parameter t.
    public func y(atParameter t: Double) -> Double { ((ay * t + by) * t + cy) * t }
    func dx(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }
    func dy(_ t: Double) -> Double { (3 * ay * t + 2 * by) * t + cy }

    /// The parameter t in 0…1 with x(t) = x, for x in 0…1 (clamped outside; NaN gives 0).
    /// - Complexity: at most 8 Newton steps, then at most ~60 bisection steps.
    public func parameter(forX x: Double) -> Double { Solver(self, prepared: false).parameter(forX: x) }

    /// True when a Newton step of `step` (in t) is certain to land within `tolerance` / 2 of x, so
    /// the check at the new parameter would pass and can be skipped (a solve's last evaluation).
    ///
    /// With m ≤ x' ≤ M and |x''| ≤ C over 0…1: the error e in t before the step is at most
    /// (M / m)·|step| (x moves at least m per unit of t), Newton leaves at most C / (2m)·e², and
    /// x' turns that into at most M times as much in x. The error of the x(t) the step came from
    /// (a few ulps, taken as 1e-14) moves the new parameter by up to 1e-14 / m more. A curve whose
    /// x' reaches 0 in 0…1 (`easeIn`, `easeOut`) never settles early: it is checked as before.
    /// - Complexity: O(1); called once a step is small, about once per solve (unless the solver was
    ///   prepared, `Solver.settlingStep`).
    func newtonSettles(step: Double, tolerance: Double) -> Bool {
        guard let (m, M, C) = newtonBounds() else { return false }
        let e = M / m * abs(step)
        return M * (C / (2 * m) * e * e + 1e-14 / m) < tolerance / 2
    }

    /// The eased value y for progress x. Inputs outside 0…1 are extrapolated along the end tangents
    /// (css-easing-1 §2.1); NaN gives 0.
    public func value(at x: Double) -> Double {
        if x.isNaN { return 0 }
        if x < 0 { return startSlope * x }
        if x > 1 { return 1 + endSlope * (x - 1) }
        if x == 0 { return 0 }
        if x == 1 { return 1 }
        if isIdentity { return x }
        return y(atParameter: parameter(forX: x))
    }

    /// dy/dx at progress x: the rate the eased value changes per unit of progress (for velocities).
    /// Outside 0…1 and where x(t) has a horizontal tangent at an end, the end-tangent slopes of
    /// css-easing-1 are used; at an interior vertical tangent the result is ±infinity. NaN gives 0.
    public func derivative(at x: Double) -> Double {
        if x.isNaN { return 0 }
        if isIdentity { return 1 }
        if x <= 0 { return x < 0 || dx(0) == 0 ? startSlope : dy(0) / dx(0) }
        if x >= 1 { return x > 1 || dx(1) == 0 ? endSlope : dy(1) / dx(1) }
        let t = parameter(forX: x)
        let ddx = dx(t), ddy = dy(t)
        if abs(ddx) > 1e-12 { return ddy / ddx }
        if t < 1e-6 { return startSlope }
        if t > 1 - 1e-6 { return endSlope }
        return ddy == 0 ? 0 : (ddy > 0 ? .infinity : -.infinity)
    }

    /// True when both control points lie on the diagonal, so y = x exactly (no solve needed).
    public var isIdentity: Bool { x1 == y1 && x2 == y2 }

    /// The tangent slope used before the start (css-easing-1).
    var startSlope: Double {
        if x1 > 0 { return y1 / x1 }
        if y1 == 0 && x2 > 0 { return y2 / x2 }
        return 0
    }

    /// The tangent slope used after the end (css-easing-1).
    var endSlope: Double {
        if x2 < 1 { return (y2 - 1) / (x2 - 1) }
        if y2 == 1 && x1 < 1 { return (y1 - 1) / (x1 - 1) }
        return 0
    }
}
