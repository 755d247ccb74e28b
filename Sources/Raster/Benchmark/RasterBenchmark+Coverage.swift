import Foundation

extension RasterBenchmark {
    /// How exactly a shape was rasterized: its drawn coverage against a reference worked out per
    /// pixel from the shape's vertical extent (the union of y-intervals a vertical line at x
    /// crosses), integrated over `columns` sub-columns of each pixel.
    public struct CoverageError: Sendable {
        /// Drawn area ÷ true area (sum of coverage bytes / 255 against the integral).
        public var areaRatio: Double
        /// The largest |drawn − reference| of any pixel, in 1/255 levels.
        public var worstLevels: Double
        /// Of the pixels the reference covers partly, the fraction drawn lighter than it by more
        /// than half a level.
        public var tooLight: Double
        /// Pixels the reference covers partly.
        public var edgePixels: Int
    }

    /// Compares the alpha channel of `bitmap` (white drawn on transparent) with the reference of a
    /// shape whose vertical extent at x is `segments(x)`, over the pixels of `box`.
    /// - Complexity: O(box pixels + edge pixels × columns).
    public static func coverageError(of bitmap: Bitmap, box: PixelRect, columns: Int = 256,
                                     segments: (Double) -> [(Double, Double)]) -> CoverageError {
        let box = box.intersection(bitmap.bounds)
        var drawnArea = 0.0, trueArea = 0.0, worst = 0.0, light = 0, edges = 0
        // Reference coverage of the pixel column x…x+1 between rows y…y+1, for all rows at once:
        // each sub-column adds 1/columns to the rows its interval covers whole (through a
        // difference array, so a tall interval costs two writes) and its fraction to the end rows.
        let n = Swift.max(0, box.height)
        var column = [Double](repeating: 0, count: n + 1)
        let w = 1 / Double(columns)
        for px in box.x0..<box.x1 {
            for i in column.indices { column[i] = 0 }
            var full = [Double](repeating: 0, count: n + 1)
            for k in 0..<columns {
                let x = Double(px) + (Double(k) + 0.5) / Double(columns)
                for (lo0, hi0) in segments(x) {
                    let lo = Swift.max(lo0, Double(box.y0)), hi = Swift.min(hi0, Double(box.y1))
                    guard hi > lo else { continue }
                    let first = Int(lo.rounded(.down)), last = Int(hi.rounded(.up)) - 1   // rows touched
                    if first == last {
                        column[first - box.y0] += (hi - lo) * w
                        continue
                    }
                    column[first - box.y0] += (Double(first + 1) - lo) * w
                    column[last - box.y0] += (hi - Double(last)) * w
                    if last - first >= 2 { full[first + 1 - box.y0] += w; full[last - box.y0] -= w }
                }
            }
            var run = 0.0
            for i in 0..<n { run += full[i]; column[i] += run }
            for py in box.y0..<box.y1 {
                let ref = Swift.min(1, column[py - box.y0])
                let drawn = Double(bitmap[px, py] >> 24) / 255
                drawnArea += drawn; trueArea += ref
                let err = (drawn - ref) * 255
                worst = Swift.max(worst, abs(err))
                if ref > 1e-9 && ref < 1 - 1e-9 {
                    edges += 1
                    if err < -0.5 { light += 1 }
                }
            }
        }
        return CoverageError(areaRatio: trueArea > 0 ? drawnArea / trueArea : 1, worstLevels: worst,
                             tooLight: edges > 0 ? Double(light) / Double(edges) : 0, edgePixels: edges)
    }

    /// A disk's vertical extent at x: one interval, or none.
    public static func diskSegments(center: Point, radius: Double) -> (Double) -> [(Double, Double)] {
        { x in
            let d = x - center.x
            guard abs(d) < radius else { return [] }
            let h = (radius * radius - d * d).squareRoot()
            return [(center.y - h, center.y + h)]
        }
    }

    /// A ring's (a stroked circle's) vertical extent at x: the outer disk's interval less the inner's.
    public static func ringSegments(center: Point, inner: Double, outer: Double) -> (Double) -> [(Double, Double)] {
        let o = diskSegments(center: center, radius: outer), i = diskSegments(center: center, radius: inner)
        return { x in
            guard let (lo, hi) = o(x).first else { return [] }
            guard let (a, b) = i(x).first else { return [(lo, hi)] }
            return [(lo, a), (b, hi)]
        }
    }

    /// Filled and stroked circles at radii from 1 to 1000 px, each drawn by `Canvas` white on
    /// transparent at a centre off the pixel grid, measured against the exact coverage.
    public static func curveCoverage(radii: [Double] = [1, 2.7, 5, 20, 100, 1000], strokeWidth: Double = 4)
        -> [(radius: Double, fill: CoverageError, stroke: CoverageError)] {
        radii.map { r in
            let c = Point(r + 8.37, r + 8.61)
            let side = Int((2 * r + 20).rounded(.up))
            let box = PixelRect(x0: 0, y0: 0, x1: side, y1: side)
            var circle = Path()
            circle.addEllipse(in: Rect(x: c.x - r, y: c.y - r, width: 2 * r, height: 2 * r))
            let filled = Bitmap(width: side, height: side)!
            Canvas(filled).fill(circle, paint: .solid(.white))
            let fill = coverageError(of: filled, box: box, segments: diskSegments(center: c, radius: r))
            let stroked = Bitmap(width: side, height: side)!
            Canvas(stroked).fill(circle.stroked(StrokeStyle(width: strokeWidth)), paint: .solid(.white))
            let inner = Swift.max(0, r - strokeWidth / 2)
            let stroke = coverageError(of: stroked, box: box,
                                       segments: ringSegments(center: c, inner: inner, outer: r + strokeWidth / 2))
            return (r, fill, stroke)
        }
    }
}
