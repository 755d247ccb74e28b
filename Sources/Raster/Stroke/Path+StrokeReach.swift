extension Path {
    /// How far from the path, at most, its stroke in `style` reaches (in the path's space): half the
    /// width, times √2 where square caps stick out at their corners, times the miter ratio of the
    /// sharpest corner that may be drawn mitered.
    ///
    /// Why: a shape layer's content cache and its damage rectangles are sized by this. The bound
    /// `width/2 · miterLimit` for any mitered stroke made a 50-point spinner's cache 92 points wide,
    /// and a turned cache is resampled over its whole square every frame.
    ///
    /// How it stays a bound: it follows `Stroker`. Miters are drawn only where elements meet
    /// (inside a flattened curve the stroker joins round), between the elements' true tangents,
    /// after pieces too short to have a direction are dropped from the ends of each subpath
    /// (`Subpath.trimmedSegments`); the corners are
    /// taken the same way and tested with the stroker's own arithmetic. Trimming and dashing cut
    /// elements into pieces that meet at the original corners or smoothly, and add ends (caps); a
    /// cut a few ulps past a corner leaves a piece the stroker drops, and one a little longer
    /// points within 1e-4 rad of its element, so a corner within 1e-3 rad of the limit counts as
    /// mitered. Round joins and caps stay within half the width (past `Path.maxStrokeDetail` too).
    ///
    /// The outline's chords can stray a fraction of the flattening tolerance further; callers add
    /// their own margin. A width that is not positive and finite reaches 0. Never more than
    /// `width/2 · max(|miterLimit|, √2)` (up to rounding), and that much for limits past 1000.
    /// - Complexity: O(elements).
    public func strokeReach(_ style: StrokeStyle) -> Double {
        let h = style.width / 2
        guard h > 0, h.isFinite else { return 0 }
        var factor = style.cap == .square ? 2.0.squareRoot() : 1
        // The stroker compares squares, so a negative limit acts as its magnitude; NaN bevels.
        let limit = abs(style.miterLimit)
        guard style.join == .miter, limit > 1 else { return h * factor }
        // Past a limit of 1000 a miter is drawn at turns within 0.11° of a reversal, where its
        // length, h / cos(turn / 2), moves by a factor at every ulp of the tangents: the limit is the
        // only bound that holds there.
        guard limit <= 1000 else { return h * Swift.max(factor, limit) }
        // A turn within 1e-3 rad of the limit moves (1 + cos turn)/2 · limit² by about limit · 1e-3.
        let threshold = 1 - Swift.min(0.5, limit * 1e-3)
        for sub in subpaths where sub.isFinite {
            let nearness = sub.nearness
            // Zero-length segments add no point to the stroker's polyline, so no corner either.
            let segments = sub.trimmedSegments(nearness: nearness).filter { !$0.isDegenerate }
            guard !segments.isEmpty else { continue }
            // Corner k joins segments k − 1 and k; a closed subpath also joins its last and first
            // (a closed loop of one curve, its end and its start).
            for k in (sub.isClosed ? 0 : 1) ..< segments.count {
                // As `Stroker.join` sees the corner: unit normals of the true tangents, times h.
                let v1 = Stroker.unitNormal(segments[(k + segments.count - 1) % segments.count].endTangent) * h
                let v2 = Stroker.unitNormal(segments[k].startTangent) * h
                guard v1.isFinite, v2.isFinite else { return h * Swift.max(factor, limit) } // the stroker falls back to chords
                let cosTurn = v1.dot(v2) / (h * h)
                guard (1 + cosTurn) / 2 * limit * limit >= threshold else { continue }
                // The miter point lies at p + (v1 + v2) / (1 + cos turn).
                // Drawn only within the limit (up to rounding); counted at the limit when the
                // corner is within the margin but the stroker bevels it.
                let miter = (v1 + v2).length / (1 + cosTurn) / h
                factor = Swift.max(factor, miter.isFinite ? Swift.min(miter, limit * (1 + 1e-9)) : limit)
            }
        }
        return h * factor
    }
}
