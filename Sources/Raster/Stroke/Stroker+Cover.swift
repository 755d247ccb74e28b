/// A stroke that holds the whole clip: its outline can be the clip's own rectangle.
///
/// Why: a pen far wider than the view (a border 1e19 wide on a layer 1e19 across, a dash of a
/// 1e19 pen) makes outlines whose every inner join fans through the view: flipbook-fuzz layers
/// case 753 (seed 1) filled 983,000 points, 196,000 edges crossing a 588×351 scratch, 4 s. But
/// the outline is, edge for edge, a sum of pieces that all turn the same way (see
/// `Path.stroked`), so its non-zero winding is at least 1 wherever one piece is, whatever the
/// others add. When the rectangle of one chord holds the clip, every pixel of the clip is fully
/// covered, and the clip's rectangle (grown by a pixel) fills it the same. The test runs only for
/// pens whose width in device pixels could span the clip, and only with a clip.
extension Stroker {
    /// Whether a pen of half width `h` could hold the clip: its chords' rectangles are at most
    /// 2h·|(sx, sy)| across.
    static func mayCover(_ cull: ClipCull, halfWidth h: Double) -> Bool {
        2 * h * cull.stretchBound >= cull.diagonal
    }

    /// Whether the rectangle of the chord from `pts[i]` to `pts[j]`, with its normal `normal`,
    /// holds the clip grown by a pixel. The corners are computed as the outline computes them, so
    /// the test is about the piece actually drawn; each clip corner must lie inside every edge by
    /// more than 1e-9 of its distance from the edge's start (rounding of the cross products).
    func chordHoldsClip(_ i: Int, _ j: Int, normal: Point, _ cull: ClipCull) -> Bool {
        let t = cull.transform
        let q = (t.apply(pts[i] + normal * h), t.apply(pts[j] + normal * h),
                 t.apply(pts[j] - normal * h), t.apply(pts[i] - normal * h))
        let quad = [q.0, q.1, q.2, q.3]
        let orientation = (q.1 - q.0).cross(q.3 - q.0)
        guard orientation.isFinite, orientation != 0 else { return false }
        let sign: Double = orientation > 0 ? 1 : -1
        let x0 = cull.x0 - 1, y0 = cull.y0 - 1, x1 = cull.x1 + 1, y1 = cull.y1 + 1
        for k in 0..<4 {
            let p = quad[k], e = quad[(k + 1) % 4] - p
            for c in [Point(x0, y0), Point(x1, y0), Point(x1, y1), Point(x0, y1)] {
                let v = c - p
                guard e.cross(v) * sign > 1e-9 * e.length * v.length else { return false }
            }
        }
        return true
    }

    /// The outline that covers the clip: its rectangle grown by a pixel, in device space.
    static func clipCover(_ cull: ClipCull) -> Polygons {
        let x0 = cull.x0 - 1, y0 = cull.y0 - 1, x1 = cull.x1 + 1, y1 = cull.y1 + 1
        return Polygons(contours: [[Point(x0, y0), Point(x1, y0), Point(x1, y1), Point(x0, y1)]])
    }
}
