/// Bounds and arc length.
extension Path {
    /// The tightest axis-aligned rectangle holding every point on the path (curve extrema included,
    /// off-curve control points not), like `CGPath.boundingBoxOfPath`'s tight sibling
    /// `pathBoundingBox`. Lone `move` points count. Non-finite points are ignored.
    ///
    /// Default: `.zero` for a path with no finite points.
    /// - Complexity: O(elements).
    public var bounds: Rect {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        func add(_ p: Point) {
            guard p.isFinite else { return }
            minX = Swift.min(minX, p.x); maxX = Swift.max(maxX, p.x)
            minY = Swift.min(minY, p.y); maxY = Swift.max(maxY, p.y)
        }
        for sub in subpaths {
            add(sub.start)
            for s in sub.segments {
                add(s.end)
                if case .line = s { continue }
                for t in s.extremaParameters() { add(s.point(at: t)) }
            }
        }
        guard minX <= maxX else { return .zero }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// The total arc length of all subpaths, including the closing line of closed subpaths.
    ///
    /// Accurate to about 1e-10 relative (adaptive Gauss–Legendre quadrature on curves). Subpaths with
    /// non-finite points count as 0, as every consumer drops them.
    /// - Complexity: O(segments).
    public var length: Double {
        var total = 0.0
        for sub in subpaths where sub.isFinite {
            for s in sub.segments { total += s.length() }
        }
        return total
    }
}
