#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns curves into polylines whose distance from the true curve stays within a tolerance.
///
/// Each curve is cut into N pieces of equal parameter span, with N from Wang's formula: for a
/// Bézier of degree d with control points Pᵢ, the chord of every piece is within `tolerance` of the
/// curve when N ≥ √(d(d−1)/8 · maxᵢ|Pᵢ − 2Pᵢ₊₁ + Pᵢ₊₂| / tolerance). The bound is conservative (it
/// assumes the worst curvature everywhere) but needs no recursion and no per-curve state, and it
/// is affine-invariant in form, so flattening after transforming the control points gives a
/// tolerance in device pixels. Uniform steps are what tiny-skia and kurbo refine with parabola
/// arc-length estimates; we accept a few more points for simplicity and predictability.
///
/// A curve gets at most `maxPieces` pieces so that coordinates near 1e9 cannot ask for billions.
public enum Flattener {
    /// The default tolerance in device pixels: a quarter pixel, invisible under anti-aliasing.
    public static let defaultTolerance = 0.25
    /// The most pieces one curve is cut into: 16384.
    public static let maxPieces = 16384

    /// How many equal-parameter pieces keep `segment` within `tolerance` of its polyline.
    static func pieceCount(_ segment: BezierSegment, tolerance: Double) -> Int {
        let dd: Double
        switch segment {
        case .line: return 1
        case .quad(let a, let b, let c):
            dd = 0.25 * (a - b * 2 + c).length
        case .cubic(let a, let b, let c, let d):
            dd = 0.75 * Swift.max((a - b * 2 + c).length, (b - c * 2 + d).length)
        }
        let n = (dd / tolerance).squareRoot().rounded(.up)
        // Capped as a Double first: a finite count past Int.max (control points near 1e300) traps.
        return n.isFinite ? Swift.max(1, Int(Swift.min(n, Double(maxPieces)))) : maxPieces
    }

    /// How many equal-parameter pieces keep each piece's turn under the angle at which a round
    /// offset at distance `offset` bulges more than `tolerance` past its chord.
    ///
    /// The stroker needs this on top of `pieceCount`: a gentle curve is flat enough for a fill, but
    /// its offset at a large half width is not. The curve's total turning is bounded by its control
    /// polygon's (Bézier curves diminish variation).
    static func pieceCount(_ segment: BezierSegment, tolerance: Double, offset: Double) -> Int {
        let base = pieceCount(segment, tolerance: tolerance)
        guard offset > tolerance else { return base }
        let maxTurn = 2 * acos(1 - tolerance / offset)
        let n = (segment.controlPolygonTurn / maxTurn).rounded(.up)
        return n.isFinite ? Swift.max(base, Int(Swift.min(n, Double(maxPieces)))) : base
    }

    /// Appends the polyline of `segment` without its start point (the caller has it) and ending
    /// exactly at the segment's end.
    static func appendPolyline(_ segment: BezierSegment, pieces n: Int, to points: inout [Point]) {
        if n > 1 {
            let step = 1 / Double(n)
            for i in 1 ..< n { points.append(segment.point(at: Double(i) * step)) }
        }
        points.append(segment.end)
    }

    /// A usable tolerance: non-positive or non-finite values fall back to `defaultTolerance`.
    static func sanitized(_ tolerance: Double) -> Double {
        tolerance > 0 && tolerance.isFinite ? tolerance : defaultTolerance
    }
}

extension BezierSegment {
    /// The sum of the angles between consecutive control-polygon edges (zero edges skipped).
    var controlPolygonTurn: Double {
        var edges: [Point]
        switch self {
        case .line: return 0
        case .quad(let a, let b, let c): edges = [b - a, c - b]
        case .cubic(let a, let b, let c, let d): edges = [b - a, c - b, d - c]
        }
        edges.removeAll { $0 == .zero }
        var turn = 0.0
        for i in edges.indices.dropFirst() {
            turn += abs(atan2(edges[i - 1].cross(edges[i]), edges[i - 1].dot(edges[i])))
        }
        return turn
    }
}
