import Foundation
import Raster

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
        var column = [Double](repeating: 0, count: n + 1), full = column
        let w = 1 / Double(columns)
        for px in box.x0..<box.x1 {
            for i in column.indices { column[i] = 0; full[i] = 0 }
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

    /// An axis-aligned ellipse's vertical extent at x: one interval, or none.
    public static func ellipseSegments(center: Point, radii: Point) -> (Double) -> [(Double, Double)] {
        { x in
            let d = (x - center.x) / radii.x
            guard abs(d) < 1 else { return [] }
            let h = radii.y * (1 - d * d).squareRoot()
            return [(center.y - h, center.y + h)]
        }
    }

    /// The vertical extent at x of a circular arc stroked with round caps: the points within
    /// `halfWidth` of the arc from `startAngle` sweeping `sweep` radians with increasing angle
    /// (clockwise on screen), which must be at most π (the wedge of the arc is then convex).
    public static func roundCappedArcSegments(center c: Point, radius r: Double, halfWidth h: Double,
                                              startAngle a0: Double, sweep: Double) -> (Double) -> [(Double, Double)] {
        let a1 = a0 + sweep
        let u0 = Point(cos(a0), sin(a0)), u1 = Point(cos(a1), sin(a1))
        let ring = ringSegments(center: c, inner: Swift.max(0, r - h), outer: r + h)
        let cap0 = diskSegments(center: c + u0 * r, radius: h), cap1 = diskSegments(center: c + u1 * r, radius: h)
        return { x in
            // The wedge between the rays at a0 and a1 on this vertical line: cross(u0, q) ≥ 0 and
            // cross(q, u1) ≥ 0 for q = (x, y) − c, each a bound k·(y − c.y) + m ≥ 0.
            var lo = -Double.infinity, hi = Double.infinity
            for (u, sign) in [(u0, 1.0), (u1, -1.0)] {
                let k = sign * u.x, m = -sign * u.y * (x - c.x)
                if k > 0 { lo = Swift.max(lo, c.y - m / k) } else if k < 0 { hi = Swift.min(hi, c.y - m / k) } else if m < 0 { hi = lo }
            }
            var pieces: [(Double, Double)] = []
            for (a, b) in ring(x) where Swift.min(b, hi) > Swift.max(a, lo) { pieces.append((Swift.max(a, lo), Swift.min(b, hi))) }
            pieces += cap0(x) + cap1(x)
            return merged(pieces)
        }
    }

    /// Overlapping or touching intervals joined, sorted by their start.
    static func merged(_ intervals: [(Double, Double)]) -> [(Double, Double)] {
        var out: [(Double, Double)] = []
        for (a, b) in intervals.sorted(by: { $0.0 < $1.0 }) {
            if let last = out.last, a <= last.1 { out[out.count - 1].1 = Swift.max(last.1, b) } else { out.append((a, b)) }
        }
        return out
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
