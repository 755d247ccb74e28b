/// Clipping outlines to a rectangle before they are scanned, for outlines far larger than it.
extension Polygons {
    /// Outlines of more points than this are clipped to the fill's clip before scan conversion
    /// (`Canvas`): edges wholly above, below or right of the clip cost nothing to the scan, but
    /// every edge left of it, or crossing its rows from far away, is folded onto its left side and
    /// swept on every row. A rounded rectangle of radius 1e300 under a perspective transform
    /// became 1.2 million such edges and took 0.7 s to fill a 172×140 clip; clipped, a handful.
    /// Real content stays far below the threshold, so its bytes never change.
    public static let clipBeforeScanThreshold = 16_384

    /// Each contour clipped to `rect` (Sutherland–Hodgman, one side at a time), or nil when a point
    /// is or would become not finite (the caller then fills the outline as it is).
    ///
    /// Clipping each contour separately against a convex window keeps the winding number of every
    /// point inside the window, so both fill rules fill the same area there; outside it, the new
    /// edges run along the window's sides.
    /// - Complexity: O(points) per side.
    public func clipped(to rect: Rect) -> Polygons? {
        var out = Polygons()
        out.points.reserveCapacity(Swift.min(points.count, 4096))
        var a: [Point] = [], b: [Point] = []
        for i in 0..<contourCount {
            a.removeAll(keepingCapacity: true)
            a.append(contentsOf: contour(i))
            // What the scan does with a point that is not finite is its own rule: left to it.
            guard a.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return nil }
            for side in 0..<4 {
                b.removeAll(keepingCapacity: true)
                Self.clip(a, side: side, rect: rect, into: &b)
                swap(&a, &b)
                if a.isEmpty { break }
            }
            guard a.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return nil }
            if a.count >= 3 { out.points.append(contentsOf: a); out.closeContour() }
        }
        return out
    }

    /// One Sutherland–Hodgman pass of the closed contour `input` against a side of `rect`
    /// (0 left, 1 right, 2 top, 3 bottom).
    private static func clip(_ input: [Point], side: Int, rect: Rect, into output: inout [Point]) {
        guard let last = input.last else { return }
        func inside(_ p: Point) -> Bool {
            switch side {
            case 0: p.x >= rect.minX
            case 1: p.x <= rect.maxX
            case 2: p.y >= rect.minY
            default: p.y <= rect.maxY
            }
        }
        func crossing(_ p: Point, _ q: Point) -> Point {
            // The segment's point on the side's line, computed from the end nearer to it.
            if side < 2 {
                let x = side == 0 ? rect.minX : rect.maxX
                let t = (x - p.x) / (q.x - p.x)
                return Point(x, p.y + (q.y - p.y) * t)
            }
            let y = side == 2 ? rect.minY : rect.maxY
            let t = (y - p.y) / (q.y - p.y)
            return Point(p.x + (q.x - p.x) * t, y)
        }
        var previous = last, previousInside = inside(last)
        for p in input {
            let pInside = inside(p)
            if pInside != previousInside { output.append(crossing(previous, p)) }
            if pInside { output.append(p) }
            (previous, previousInside) = (p, pInside)
        }
    }
}
