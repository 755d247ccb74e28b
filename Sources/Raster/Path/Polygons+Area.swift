/// Measuring flattened outlines: the stroker's tests and callers that need a cheap size estimate.
extension Polygons {
    /// The sum of the contours' signed areas by the shoelace formula; positive for contours that run
    /// visually clockwise in y-down space.
    ///
    /// For outlines whose contours do not overlap each other this is the filled area under the
    /// non-zero rule; the stroker's outlines are built so that it is exact for simple strokes.
    /// - Complexity: O(points).
    public var signedArea: Double {
        var sum = 0.0
        var start = 0
        for end in contourEnds {
            if end - start >= 3 {
                // Relative to the first point, so big coordinates do not cancel catastrophically.
                let o = points[start]
                var prev = points[start + 1] - o
                for k in (start + 2) ..< end {
                    let p = points[k] - o
                    sum += prev.cross(p)
                    prev = p
                }
            }
            start = end
        }
        return sum / 2
    }
}

/// Appends contours to `Polygons` one point at a time; dropping contours with fewer than two points.
struct PolygonBuilder {
    var polygons = Polygons()
    private var contourStart = 0

    @inline(__always) mutating func add(_ p: Point) { polygons.points.append(p) }
    /// Moves the last point added to the contour being built (there must be one).
    @inline(__always) mutating func replaceLast(_ p: Point) { polygons.points[polygons.points.count - 1] = p }

    /// Ends the current contour; a contour of fewer than `minimumPoints` points is discarded.
    mutating func endContour(minimumPoints: Int = 2) {
        let n = polygons.points.count - contourStart
        if n < minimumPoints {
            polygons.points.removeLast(n)
        } else {
            polygons.contourEnds.append(polygons.points.count)
            contourStart = polygons.points.count
        }
    }

    /// Drops the points of the contour being built.
    mutating func discardContour() { polygons.points.removeLast(polygons.points.count - contourStart) }

    /// Maps every point through `t` (after building in user space).
    mutating func transformPoints(_ t: Transform) {
        if t.isIdentity { return }
        for i in polygons.points.indices { polygons.points[i] = t.apply(polygons.points[i]) }
    }
}
