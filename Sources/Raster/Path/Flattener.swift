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
    /// The default tolerance in device pixels: 1/80 px, which keeps every edge pixel of a filled
    /// or stroked circle within 4/255 of its exact coverage at radii from 1 to 1000 px (with
    /// balanced vertices, see `appendBalancedPolyline`; measured by `flipbook bench --filter
    /// curves`, checked by CurveCoverageTests). A quarter pixel, the usual choice of renderers, is
    /// invisible as a shape but left edge pixels up to 78/255 too light and circles 4.5 % short.
    public static let defaultTolerance = 1.0 / 80
    /// The smallest tolerance a caller can ask for: 0.001 px.
    public static let minimumTolerance = 0.001
    /// How far a piece's sagitta may go for a given tolerance when its vertices are balanced
    /// (`appendBalancedPolyline`): the largest distance is then ⅔ of the sagitta.
    static let balancedSagitta = 1.5
    /// The most pieces one curve is cut into: 16384.
    public static let maxPieces = 16384

    /// How many equal-parameter pieces keep `segment` within `tolerance` of its polyline.
    static func pieceCount(_ segment: BezierSegment, tolerance: Double) -> Int {
        count((sagittaBound(segment) / tolerance).squareRoot().rounded(.up))
    }

    /// How many equal-parameter pieces keep `segment` within `tolerance` of its polyline once the
    /// inner vertices are balanced (`appendBalancedPolyline`).
    ///
    /// A single piece cannot be balanced, so it must lie within the tolerance itself. Cut into
    /// n pieces of sagitta s ≤ S/n² (S from `sagittaBound`), the polygon strays at most
    /// ⅔·s·n/(n − 1), so n is the least with n(n − 1) ≥ S / (1.5·tolerance).
    static func balancedPieceCount(_ segment: BezierSegment, tolerance: Double) -> Int {
        let bound = sagittaBound(segment)
        if bound <= tolerance { return 1 }
        let q = bound / (balancedSagitta * tolerance)
        return countUp((1 + (1 + 4 * q).squareRoot()) / 2)
    }

    /// The sagitta of `segment`'s chord bounds by Wang's formula: one piece strays at most this far,
    /// n equal-parameter pieces at most this over n².
    private static func sagittaBound(_ segment: BezierSegment) -> Double {
        switch segment {
        case .line: return 0
        case .quad(let a, let b, let c):
            return 0.25 * (a - b * 2 + c).length
        case .cubic(let a, let b, let c, let d):
            return 0.75 * Swift.max((a - b * 2 + c).length, (b - c * 2 + d).length)
        }
    }

    /// `count(n.rounded(.up))` for `n` ≥ 0 (or NaN), without the call into libm that `rounded`
    /// makes on x86-64's base instruction set: the curves of every fill ask for it.
    @inline(__always) private static func countUp(_ n: Double) -> Int {
        guard n < Double(maxPieces) else { return maxPieces }   // also NaN and +∞
        let t = Int(n)   // 0 ≤ n < 16384
        return Swift.max(1, Double(t) < n ? t + 1 : t)
    }

    /// A piece count from its real value, at least 1 and at most `maxPieces`.
    private static func count(_ n: Double) -> Int {
        // Capped as a Double first: a finite count past Int.max (control points near 1e300) traps.
        n.isFinite ? Swift.max(1, Int(Swift.min(n, Double(maxPieces)))) : maxPieces
    }

    /// How many equal-parameter pieces keep each piece's turn under the angle at which a round
    /// offset at distance `offset` bulges more than `tolerance` past its chord.
    ///
    /// The stroker needs this on top of `pieceCount`: a gentle curve is flat enough for a fill, but
    /// its offset at a large half width is not. The curve's total turning is bounded by its control
    /// polygon's (Bézier curves diminish variation).
    ///
    /// The pieces are balanced (`balancedPieceCount`); the offset's chords, which are not, may have
    /// a sagitta of 1.5 × `tolerance`, which is what the stroker's balanced joins allow.
    static func pieceCount(_ segment: BezierSegment, tolerance: Double, offset: Double) -> Int {
        let sagitta = tolerance * balancedSagitta
        guard offset > sagitta else { return balancedPieceCount(segment, tolerance: tolerance) }
        return pieceCount(segment, tolerance: tolerance, offsetTurn: chordTurn(sagitta: sagitta, radius: offset))
    }

    /// `pieceCount(_:tolerance:offset:)` for an offset that needs its own count, given its
    /// `chordTurn(sagitta: tolerance · balancedSagitta, radius: offset)` (the stroker finds it
    /// once). The control polygon's turn is bounded first without `atan2` (atan x ≤ x): the
    /// pieces of a dashed curve turn far less than one chord may, and their count is then the
    /// balanced one, the same number.
    static func pieceCount(_ segment: BezierSegment, tolerance: Double, offsetTurn maxTurn: Double) -> Int {
        let base = balancedPieceCount(segment, tolerance: tolerance)
        if let bound = segment.controlPolygonTurnBound, bound * (1 + 1e-9) <= Double(base) * maxTurn {
            return base
        }
        let n = (segment.controlPolygonTurn / maxTurn).rounded(.up)
        return n.isFinite ? Swift.max(base, Int(Swift.min(n, Double(maxPieces)))) : base
    }

    /// The angle a chord of a circle of `radius` may span with its sagitta at most `sagitta`:
    /// 2·acos(1 − sagitta / radius), or π when the sagitta reaches the radius.
    static func chordTurn(sagitta: Double, radius: Double) -> Double {
        sagitta < radius ? 2 * acos(1 - sagitta / radius) : Double.pi
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

    /// `appendPolyline` for a polygon that is to be filled: the inner vertices are moved off the
    /// curve, to its outer side, so that the polygon has the curve's area instead of falling inside it.
    ///
    /// A chord cuts off the sliver between it and its arc, about ⅔ of its length times its sagitta.
    /// Moving each inner vertex out along the curve's normal by ⅔ of the sagitta gives back exactly
    /// that sliver (the polygon then crosses the curve: out by ⅔ at the vertices, in by ⅓ at the chord
    /// middles), so the largest distance falls from the sagitta s to ⅔·s and the areas balance: a
    /// flattened circle keeps its area and its edge pixels are no longer all too light. The sagitta
    /// of a piece is read from the second difference of the vertices, V₋ − 2V + V₊ ≈ −8·s·normal
    /// for equal parameter steps, projected on the normal (its part along the tangent only slides
    /// the vertex along the curve); the segment's ends stay on the curve (they are corners or
    /// meet another segment), so the inner vertices move n/(n − 1) times as far to make up for the
    /// two end chords. This is "offset each chord to balance the segment's area" done at the
    /// vertices, where a shared endpoint keeps the polygon closed.
    ///
    /// A stroke's centre line wants its length kept rather than its area: the stroke's area is
    /// about its length times its width. Moving the vertices out by ⅓ of the sagitta instead does
    /// that (each vertex lengthens its two chords by about its shift times its turn), still within
    /// ⅔ of the sagitta of the curve.
    /// - Parameter share: how far the inner vertices move, as a fraction of the sagitta: ⅔ (the
    ///   default) keeps the area, ⅓ the length.
    static func appendBalancedPolyline(_ segment: BezierSegment, pieces n: Int, share: Double = 2.0 / 3.0,
                                       to points: inout [Point]) {
        let first = points.count
        appendPolyline(segment, pieces: n, to: &points)
        guard n > 1 else { return }
        let gain = share / 8 * Double(n) / Double(n - 1)
        // The vertices next to the fixed ends move at least ⅔ of the sagitta: less would leave the
        // end chords' middles further in than ⅔ (they are in by s − shift/2).
        let endGain = Swift.max(gain, 1.0 / 12)
        let last = first + n - 2
        var before = segment.start   // the unmoved vertex before `j`
        // Unchecked (`first...last + 1` was just appended): the checks of each subscript were
        // a third of this loop.
        points.withUnsafeMutableBufferPointer { buf in
            let p = buf.baseAddress!
            for j in first ... last {
                let v = p[j], after = p[j + 1]
                let bend = before - v * 2 + after, along = after - before
                let length2 = along.dot(along)
                let normalBend = length2 > 0 ? bend - along * (bend.dot(along) / length2) : Point.zero
                // Near the top of the double range the projection overflows: such a vertex stays.
                let shift = normalBend * (j == first || j == last ? endGain : gain)
                if shift.isFinite { p[j] = v - shift }
                before = v
            }
        }
    }

    /// A usable tolerance: non-positive or non-finite values fall back to `defaultTolerance`.
    static func sanitized(_ tolerance: Double) -> Double {
        tolerance > 0 && tolerance.isFinite ? tolerance : defaultTolerance
    }
}

extension BezierSegment {
    /// At least `controlPolygonTurn`, without `atan2`: each angle with a positive dot product
    /// counted as |cross| / dot (its tangent, never below it), nil if some angle is a right one
    /// or more.
    var controlPolygonTurnBound: Double? {
        var turn = 0.0
        var last = Point.zero, wide = false
        @inline(__always) func visit(_ e: Point) {
            guard e != .zero else { return }
            if last != .zero {
                let d = last.dot(e)
                if d > 0 { turn += abs(last.cross(e)) / d } else { wide = true }
            }
            last = e
        }
        switch self {
        case .line: return 0
        case .quad(let a, let b, let c): visit(b - a); visit(c - b)
        case .cubic(let a, let b, let c, let d): visit(b - a); visit(c - b); visit(d - c)
        }
        return wide || !turn.isFinite ? nil : turn
    }

    /// The sum of the angles between consecutive control-polygon edges (zero edges skipped).
    var controlPolygonTurn: Double {
        // No arrays: the stroker asks this of every curve (every dash of a dashed curve).
        var turn = 0.0
        var last = Point.zero
        @inline(__always) func visit(_ e: Point) {
            guard e != .zero else { return }
            if last != .zero { turn += abs(atan2(last.cross(e), last.dot(e))) }
            last = e
        }
        switch self {
        case .line: return 0
        case .quad(let a, let b, let c): visit(b - a); visit(c - b)
        case .cubic(let a, let b, let c, let d): visit(b - a); visit(c - b); visit(d - c)
        }
        return turn
    }
}
