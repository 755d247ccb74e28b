import Raster

/// Exact-enough areas of polygon sets for geometry tests.
public enum PolygonArea {
    /// The area where the non-zero winding number of `polygons` is not zero.
    ///
    /// Integrates the covered width over horizontal bands between consecutive vertex heights, with
    /// `samplesPerBand` midpoint samples in each. Inside a band the width is linear unless edges
    /// cross there, so shapes whose edges do not cross are measured exactly up to rounding; crossing
    /// edges (overlapping stroke pieces) leave an error of order (band height)² per crossing.
    public static func nonZero(_ polygons: Polygons, samplesPerBand: Int = 4) -> Double {
        var edges: [(Point, Point)] = []
        var start = 0
        for end in polygons.contourEnds {
            for k in start ..< end {
                let a = polygons.points[k], b = polygons.points[k + 1 < end ? k + 1 : start]
                if a.y != b.y { edges.append((a, b)) }
            }
            start = end
        }
        let ys = Array(Set(polygons.points.map(\.y))).sorted()
        var area = 0.0
        var crossings: [(Double, Int)] = []
        for band in ys.indices.dropLast() {
            let y0 = ys[band], dy = (ys[band + 1] - y0) / Double(samplesPerBand)
            for i in 0 ..< samplesPerBand {
                let y = y0 + (Double(i) + 0.5) * dy
                crossings.removeAll(keepingCapacity: true)
                for (a, b) in edges {
                    let (lo, hi, dir) = a.y < b.y ? (a, b, 1) : (b, a, -1)
                    guard y >= lo.y && y < hi.y else { continue }
                    crossings.append((lo.x + (y - lo.y) / (hi.y - lo.y) * (hi.x - lo.x), dir))
                }
                crossings.sort { $0.0 < $1.0 }
                var winding = 0
                var width = 0.0
                for (j, c) in crossings.enumerated() {
                    winding += c.1
                    if winding != 0 && j + 1 < crossings.count { width += crossings[j + 1].0 - c.0 }
                }
                area += width * dy
            }
        }
        return area
    }

    /// The non-zero winding number of `polygons` at `p`.
    public static func winding(_ polygons: Polygons, at p: Point) -> Int {
        var w = 0
        var start = 0
        for end in polygons.contourEnds {
            for k in start ..< end {
                let a = polygons.points[k], b = polygons.points[k + 1 < end ? k + 1 : start]
                if a.y <= p.y && b.y > p.y && (b - a).cross(p - a) > 0 { w += 1 }
                if b.y <= p.y && a.y > p.y && (b - a).cross(p - a) < 0 { w -= 1 }
            }
            start = end
        }
        return w
    }
}
