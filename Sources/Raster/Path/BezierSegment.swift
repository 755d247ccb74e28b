#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One drawing element of a path with its start point made explicit: the unit that measuring,
/// splitting, trimming, flattening and stroking work on.
///
/// Quadratics stay quadratics (no degree elevation) so their flattening and extrema are exact.
enum BezierSegment: Hashable, Sendable {
    case line(Point, Point)
    case quad(Point, Point, Point)
    case cubic(Point, Point, Point, Point)

    var start: Point {
        switch self { case .line(let a, _), .quad(let a, _, _), .cubic(let a, _, _, _): return a }
    }
    var end: Point {
        switch self { case .line(_, let b), .quad(_, _, let b), .cubic(_, _, _, let b): return b }
    }
    var isFinite: Bool {
        switch self {
        case .line(let a, let b): return a.isFinite && b.isFinite
        case .quad(let a, let b, let c): return a.isFinite && b.isFinite && c.isFinite
        case .cubic(let a, let b, let c, let d): return a.isFinite && b.isFinite && c.isFinite && d.isFinite
        }
    }
    /// Calls `body` with each of its points, start first.
    @inline(__always) func forEachPoint(_ body: (Point) -> Void) {
        switch self {
        case .line(let a, let b): body(a); body(b)
        case .quad(let a, let b, let c): body(a); body(b); body(c)
        case .cubic(let a, let b, let c, let d): body(a); body(b); body(c); body(d)
        }
    }

    /// True when every point lies within `nearness` of the start on both axes: a piece too short
    /// for its direction to mean anything (see `Subpath.nearness`).
    func isNegligible(within nearness: Double) -> Bool {
        let a = start
        var far = false
        forEachPoint { if abs($0.x - a.x) > nearness || abs($0.y - a.y) > nearness { far = true } }
        return !far
    }

    /// True when every control point coincides with the start: the segment has no length.
    var isDegenerate: Bool {
        switch self {
        case .line(let a, let b): return a == b
        case .quad(let a, let b, let c): return a == b && a == c
        case .cubic(let a, let b, let c, let d): return a == b && a == c && a == d
        }
    }

    /// The path element that draws this segment from its start point.
    var element: Path.Element {
        switch self {
        case .line(_, let b): return .line(b)
        case .quad(_, let b, let c): return .quad(b, c)
        case .cubic(_, let b, let c, let d): return .cubic(b, c, d)
        }
    }

    func applying(_ t: Transform) -> BezierSegment {
        switch self {
        case .line(let a, let b): return .line(t.apply(a), t.apply(b))
        case .quad(let a, let b, let c): return .quad(t.apply(a), t.apply(b), t.apply(c))
        case .cubic(let a, let b, let c, let d): return .cubic(t.apply(a), t.apply(b), t.apply(c), t.apply(d))
        }
    }

    /// The point at parameter `t` in 0…1.
    func point(at t: Double) -> Point {
        let u = 1 - t
        switch self {
        case .line(let a, let b): return a.lerp(b, t)
        case .quad(let a, let b, let c):
            return a * (u * u) + b * (2 * u * t) + c * (t * t)
        case .cubic(let a, let b, let c, let d):
            return a * (u * u * u) + b * (3 * u * u * t) + c * (3 * u * t * t) + d * (t * t * t)
        }
    }

    /// The first derivative with respect to `t`.
    func derivative(at t: Double) -> Point {
        let u = 1 - t
        switch self {
        case .line(let a, let b): return b - a
        case .quad(let a, let b, let c): return (b - a) * (2 * u) + (c - b) * (2 * t)
        case .cubic(let a, let b, let c, let d):
            return (b - a) * (3 * u * u) + (c - b) * (6 * u * t) + (d - c) * (3 * t * t)
        }
    }

    /// The direction of travel at the start: the first control point that differs from the start
    /// (so a cubic whose first handle is retracted still has the right tangent). Zero for a point.
    var startTangent: Point {
        switch self {
        case .line(let a, let b): return b - a
        case .quad(let a, let b, let c): return b != a ? b - a : c - a
        case .cubic(let a, let b, let c, let d): return b != a ? b - a : (c != a ? c - a : d - a)
        }
    }

    /// The direction of travel at the end, by the same rule from the other end.
    var endTangent: Point {
        switch self {
        case .line(let a, let b): return b - a
        case .quad(let a, let b, let c): return c != b ? c - b : c - a
        case .cubic(let a, let b, let c, let d): return d != c ? d - c : (d != b ? d - b : d - a)
        }
    }

    /// The two halves at parameter `t`, by de Casteljau's construction (exact up to rounding).
    func split(at t: Double) -> (BezierSegment, BezierSegment) {
        switch self {
        case .line(let a, let b):
            let m = a.lerp(b, t)
            return (.line(a, m), .line(m, b))
        case .quad(let a, let b, let c):
            let ab = a.lerp(b, t), bc = b.lerp(c, t), m = ab.lerp(bc, t)
            return (.quad(a, ab, m), .quad(m, bc, c))
        case .cubic(let a, let b, let c, let d):
            let ab = a.lerp(b, t), bc = b.lerp(c, t), cd = c.lerp(d, t)
            let abc = ab.lerp(bc, t), bcd = bc.lerp(cd, t), m = abc.lerp(bcd, t)
            return (.cubic(a, ab, abc, m), .cubic(m, bcd, cd, d))
        }
    }

    /// The piece between parameters `t0 ≤ t1`; its ends are the exact points at `t0` and `t1`.
    func subsegment(from t0: Double, to t1: Double) -> BezierSegment {
        if t0 <= 0 && t1 >= 1 { return self }
        if t0 <= 0 { return split(at: t1).0 }
        if t1 >= 1 { return split(at: t0).1 }
        let right = split(at: t0).1
        let local = (t1 - t0) / (1 - t0)
        return right.split(at: Swift.min(1, Swift.max(0, local))).0
    }

    /// Parameters in (0, 1) where x′ or y′ vanishes: with the end points, they bound the curve tightly.
    func extremaParameters() -> [Double] {
        var ts: [Double] = []
        func addQuadRoots(_ a: Double, _ b: Double, _ c: Double) {
            // Roots of a·t² + b·t + c in (0, 1), computed without cancellation.
            if a == 0 {
                if b != 0 { ts.append(-c / b) }
                return
            }
            let disc = b * b - 4 * a * c
            if disc < 0 { return }
            let s = disc.squareRoot()
            let q = -0.5 * (b + (b < 0 ? -s : s))
            if q != 0 { ts.append(c / q) }
            ts.append(q / a)
        }
        switch self {
        case .line: return []
        case .quad(let a, let b, let c):
            // B′(t) = 2[(b − a) + t(a − 2b + c)]
            for (p0, p1, p2) in [(a.x, b.x, c.x), (a.y, b.y, c.y)] {
                let den = p0 - 2 * p1 + p2
                if den != 0 { ts.append((p0 - p1) / den) }
            }
        case .cubic(let a, let b, let c, let d):
            for (p0, p1, p2, p3) in [(a.x, b.x, c.x, d.x), (a.y, b.y, c.y, d.y)] {
                // B′(t)/3 = (p1−p0)(1−t)² + 2(p2−p1)(1−t)t + (p3−p2)t²
                let e0 = p1 - p0, e1 = p2 - p1, e2 = p3 - p2
                addQuadRoots(e0 - 2 * e1 + e2, 2 * (e1 - e0), e0)
            }
        }
        return ts.filter { $0 > 0 && $0 < 1 }
    }
}
