import Foundation
import Raster
import RasterBench
import Testing

/// The reference behind `bench --filter curves` (RasterBenchmark+Coverage.swift): it must find a
/// polygon — which the rasterizer covers exactly — exact, and a flattened circle not.
@Suite struct CoverageErrorTests {
    /// A square turned 30° about a point off the grid: its vertical extent at x is one interval.
    @Test func aTurnedSquareIsMeasuredExact() throws {
        let c = Point(40.3, 37.8), half = 25.0, angle = Double.pi / 6
        let corners = [(-half, -half), (half, -half), (half, half), (-half, half)].map { (dx, dy) in
            Point(c.x + dx * cos(angle) - dy * sin(angle), c.y + dx * sin(angle) + dy * cos(angle))
        }
        var square = Path()
        square.move(to: corners[0]); for p in corners.dropFirst() { square.line(to: p) }; square.close()
        let b = try #require(Bitmap(width: 84, height: 80))
        Canvas(b).fill(square, paint: .solid(.white))
        let segments: (Double) -> [(Double, Double)] = { x in
            // Where the vertical line meets the four edges: the lowest and highest crossing.
            var ys: [Double] = []
            for i in 0..<4 {
                let p = corners[i], q = corners[(i + 1) % 4]
                guard (p.x - x) * (q.x - x) <= 0, p.x != q.x else { continue }
                ys.append(p.y + (x - p.x) / (q.x - p.x) * (q.y - p.y))
            }
            guard let lo = ys.min(), let hi = ys.max() else { return [] }
            return [(lo, hi)]
        }
        let e = RasterBenchmark.coverageError(of: b, box: b.bounds, segments: segments)
        #expect(e.edgePixels > 100)
        #expect(e.worstLevels < 1.0, "worst \(e.worstLevels)")
        #expect(abs(e.areaRatio - 1) < 1e-4, "area \(e.areaRatio)")
    }

    /// Measured against the disk it is inscribed in, a hexagon (drawn exactly) has the area ratio
    /// of its own formula, 3√3 / (2π): the measure sees a polygon that falls inside a curve.
    @Test func anInscribedHexagonIsMeasuredShortByItsArea() throws {
        let c = Point(30.4, 29.7), r = 20.0
        var hexagon = Path()
        for k in 0..<6 {
            let p = Point(c.x + r * cos(Double(k) * .pi / 3), c.y + r * sin(Double(k) * .pi / 3))
            if k == 0 { hexagon.move(to: p) } else { hexagon.line(to: p) }
        }
        hexagon.close()
        let b = try #require(Bitmap(width: 62, height: 60))
        Canvas(b).fill(hexagon, paint: .solid(.white))
        let e = RasterBenchmark.coverageError(of: b, box: b.bounds, segments: RasterBenchmark.diskSegments(center: c, radius: r))
        #expect(abs(e.areaRatio - 3 * 3.0.squareRoot() / (2 * .pi)) < 1e-3, "area \(e.areaRatio)")
        #expect(e.worstLevels > 200 && e.tooLight > 0.9)
    }
}
