/// Trimming by arc length, with `CAShapeLayer.strokeStart` / `strokeEnd` semantics.
extension Path {
    /// The part of the path between two fractions of its total length.
    ///
    /// As Core Animation does for `strokeStart`/`strokeEnd`, the fractions are of the length of the
    /// whole path, all subpaths together in order (closing lines of closed subpaths included). A
    /// closed subpath that lies wholly inside the range stays closed, so its stroke joins at the start
    /// point with no caps; one that is cut becomes open. Zero-length subpaths (dots under round caps)
    /// are kept when their position lies in the range. Subpaths with non-finite points are dropped.
    ///
    /// - Parameters:
    ///   - start: fraction of the total length where the result begins, clamped to 0…1 (NaN counts as 0).
    ///   - end: fraction where it ends, clamped to 0…1 (NaN counts as 0). `start ≥ end` gives an
    ///     empty path, as `strokeStart > strokeEnd` draws nothing in Core Animation.
    /// - Returns: the trimmed path; the path itself when the range is 0…1.
    /// - Complexity: O(segments), plus a root-finding on the (at most two per subpath) cut curves.
    ///   Cut points are within about 1e-10 of the curve's length of the exact arc-length position.
    public func trimmed(from start: Double, to end: Double) -> Path {
        guard let (f0, f1) = PathMeasure.range(start, end) else { return Path() }
        if f0 == 0 && f1 == 1 { return self }
        return PathMeasure(self).trimmed(from: f0, to: f1)
    }
}

extension Subpath {
    /// Appends, as an open subpath, the part between arc lengths `u0 < u1` from the start.
    /// - Parameter lengths: the segments' lengths, in order.
    func appendPiece(from u0: Double, to u1: Double, lengths: [Double], to path: inout Path) {
        var c = 0.0
        var started = false
        for (k, seg) in segments.enumerated() {
            let l = lengths[k]
            let segStart = c, segEnd = c + l
            c = segEnd
            if segEnd <= u0 { continue }
            if segStart >= u1 { break }
            if l == 0 {
                if started { path.append(seg.element) }
                continue
            }
            let t0 = u0 > segStart ? seg.parameter(atLength: u0 - segStart, total: l) : 0
            let t1 = u1 < segEnd ? seg.parameter(atLength: u1 - segStart, total: l) : 1
            let piece = seg.subsegment(from: t0, to: t1)
            if !started {
                path.move(to: piece.start)
                started = true
            }
            path.append(piece.element)
        }
    }
}
