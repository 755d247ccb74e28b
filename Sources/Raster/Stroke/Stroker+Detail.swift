/// A ceiling on how much detail one stroke makes, so that absurd input (a pen 1e19 wide dashed
/// 47,000 times under a 1e19 scale) costs a bounded number of points, drawn coarser.
///
/// Curve pieces and arc steps are what the tolerance drives: at a fixed device tolerance their
/// count grows with the stroke's size in device pixels, without bound once dashes multiply the
/// per-curve cap. Everything else (one point per line, cap corners, one contour per dash) is
/// bounded by the path and `Path.maxDashCount`. Ordinary strokes are far below the ceiling and
/// unchanged; past it every curve's pieces and every arc's steps are scaled down by one factor.
extension Path {
    /// The most curve pieces and arc steps one stroke plans for: 262,144 (an outline of about
    /// three points each, 12 MB). Until 2026-11-28 it was 1,048,576: flipbook-fuzz's paths case
    /// 9816 (seed 2), a pen past a 1e19 quad clipped to a 46 × 95 canvas, stroked to 983,058
    /// points whose fill took 1.3–2.1 s of CPU in the address-sanitizer build (a frame stalled
    /// for that long); a stroke that needs more is drawn coarser, as before past the old ceiling.
    public static let maxStrokeDetail = 1 << 18
}

extension Stroker {
    /// The factor for stroking `subs` (1 when they need at most `Path.maxStrokeDetail` pieces and
    /// steps).
    ///
    /// A first pass bounds the need without flattening (`maxPieces` per curve, a whole turn of
    /// arc per subpath for its caps, half a turn per corner for round joins), a second with each
    /// curve's balanced count and a whole turn of offset chords; only when that bound is past the
    /// ceiling does a third pass count each curve's pieces.
    /// - Complexity: O(segments).
    func detailFactor(for subs: [Subpath]) -> Double {
        let turn = Swift.min(Double(Flattener.maxPieces), (2 * Double.pi / arcStep).rounded(.up))
        let perCorner = style.join == .round ? turn / 2 : 0
        func need(_ pieces: (BezierSegment) -> Double) -> Double {
            var total = 0.0
            for sub in subs where sub.isFinite {
                total += turn
                for seg in sub.segments {
                    if case .line = seg { total += 1 + perCorner } else { total += pieces(seg) + perCorner }
                }
            }
            return total
        }
        let limit = Double(Path.maxStrokeDetail)
        guard need({ _ in Double(Flattener.maxPieces) }) > limit else { return 1 }
        // A bound still without the control polygon's turn (at most 2π for a cubic): enough for
        // a dashed curve's thousands of short pieces.
        let sagitta = lineTolerance * Flattener.balancedSagitta
        let perTurn = h > sagitta ? Swift.min(Double(Flattener.maxPieces), (2 * Double.pi / offsetTurn).rounded(.up)) : 0
        guard need({ Swift.max(Double(Flattener.balancedPieceCount($0, tolerance: lineTolerance)), perTurn) }) > limit else { return 1 }
        let total = need { Double(pieces($0)) }
        return total > limit ? limit / total : 1
    }

    /// `Flattener.pieceCount(segment, tolerance: lineTolerance, offset: h)`, with the offset's
    /// chord turn found once (`offsetTurn`).
    @inline(__always) func pieces(_ segment: BezierSegment) -> Int {
        h > lineTolerance * Flattener.balancedSagitta
            ? Flattener.pieceCount(segment, tolerance: lineTolerance, offsetTurn: offsetTurn)
            : Flattener.balancedPieceCount(segment, tolerance: lineTolerance)
    }

    /// `n` pieces or steps scaled by `detail`, at least 1.
    @inline(__always) func scaled(_ n: Int) -> Int {
        detail < 1 ? Swift.max(1, Int(Double(n) * detail)) : n
    }
}
