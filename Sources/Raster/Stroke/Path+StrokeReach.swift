extension Path {
    /// How far from the path, at most, its stroke in `style` reaches (in the path's space): half the
    /// width, times √2 where square caps stick out at their corners, times the miter ratio of the
    /// sharpest corner that is still drawn mitered.
    ///
    /// Why: a shape layer's content cache and its damage rectangles are sized by this. The bound
    /// `width/2 · miterLimit` for any mitered stroke made a 50-point spinner's cache 92 points wide,
    /// and a turned cache is resampled over its whole square every frame. Miters are drawn only
    /// where elements meet (`Stroker` joins the vertices inside a flattened curve round) between
    /// the elements' true tangents, so only those corners count. Trimming and dashing add ends
    /// (caps) and smooth cuts, never sharper corners.
    ///
    /// At most `style.reach`, which bounds every corner by the miter limit. The outline's chords can
    /// stray a fraction of the flattening tolerance further; callers add their own margin. A width
    /// that is not positive and finite reaches 0.
    /// - Complexity: O(elements).
    public func strokeReach(_ style: StrokeStyle) -> Double {
        let h = style.width / 2
        guard h > 0, h.isFinite else { return 0 }
        var factor = style.cap == .square ? 2.0.squareRoot() : 1
        // The stroker compares squares, so a negative limit acts as its magnitude; NaN bevels.
        let limit = abs(style.miterLimit)
        guard style.join == .miter, limit > 1 else { return h * factor }
        for sub in subpaths where sub.isFinite {
            let segments = sub.segments.filter { !$0.isDegenerate }
            // Corner k joins segments k − 1 and k; a closed subpath also joins its last and first
            // (a closed loop of one curve, its end and its start).
            guard !segments.isEmpty else { continue }
            for k in (sub.isClosed ? 0 : 1) ..< segments.count {
                let a = segments[(k + segments.count - 1) % segments.count].endTangent, b = segments[k].startTangent
                let la = (a.x * a.x + a.y * a.y).squareRoot(), lb = (b.x * b.x + b.y * b.y).squareRoot()
                guard la > 0, lb > 0, la.isFinite, lb.isFinite else { return h * max(factor, limit) } // the stroker falls back to chords
                // Miter length over width = 1 / cos(turn / 2), drawn while it is within the limit.
                let halfCosSquared = (1 + (a.x * b.x + a.y * b.y) / (la * lb)) / 2
                if halfCosSquared * limit * limit >= 1 { factor = max(factor, 1 / halfCosSquared.squareRoot()) }
            }
        }
        return h * factor
    }
}
