import Foundation
import Raster
import Testing

@Suite struct PathFlattenTests {
    /// A circle of four cubic quarters, scaled ×50: every flattened point lies on the curve's
    /// radius within the Bézier approximation error (2.7e-4 · r) plus the tolerance.
    @Test func curvesStayWithinToleranceInDevicePixels() {
        var p = Path()
        let k = 0.5522847498
        p.move(to: Point(1, 0))
        p.cubic(to: Point(0, 1), control1: Point(1, k), control2: Point(k, 1))
        p.cubic(to: Point(-1, 0), control1: Point(-k, 1), control2: Point(-1, k))
        p.cubic(to: Point(0, -1), control1: Point(-1, -k), control2: Point(-k, -1))
        p.cubic(to: Point(1, 0), control1: Point(k, -1), control2: Point(1, -k))
        p.close()
        let t = Transform.scale(50, 50).concatenating(.translation(100, 80))
        for tol in [0.25, 0.05] {
            let polys = p.flattened(transform: t, tolerance: tol)
            #expect(polys.contourCount == 1)
            // Chord midpoints are where a flattened polygon strays furthest.
            let pts = Array(polys.contour(0))
            var worst = 0.0
            for i in pts.indices {
                let a = pts[i], b = pts[(i + 1) % pts.count], m = (a + b) * 0.5
                worst = max(worst, abs((m - Point(100, 80)).length - 50))
            }
            #expect(worst <= tol + 50 * 2.8e-4, "tolerance \(tol): deviation \(worst)")
            #expect(pts.count < Int(3.5 * Double.pi * (50 / tol).squareRoot()) + 8)  // not absurdly many
        }
    }

    @Test func quadraticsAreSubdivided() {
        var p = Path()
        p.move(to: Point(0, 0)); p.quad(to: Point(100, 0), control: Point(50, 100)); p.close()
        let pts = Array(p.flattened(transform: .identity, tolerance: 0.25).contour(0))
        #expect(pts.count > 8)
        // Apex of the quad is at (50, 50).
        #expect(pts.contains { abs($0.x - 50) < 4 && abs($0.y - 50) < 0.3 })
    }

    @Test func subpathsWithNonFinitePointsAreDroppedWhole() {
        var p = Path()
        p.move(to: Point(0, 0)); p.line(to: Point(10, 0)); p.line(to: Point(10, 10)); p.close()
        p.move(to: Point(20, 0)); p.line(to: Point(.nan, 0)); p.line(to: Point(30, 10)); p.close()
        p.move(to: Point(40, 0)); p.cubic(to: Point(50, 0), control1: Point(1e308, 0), control2: Point(45, 5))
        p.move(to: Point(60, 0)); p.line(to: Point(70, 0)); p.line(to: Point(70, 10))
        let polys = p.flattened(transform: .scale(10, 10), tolerance: 0.25)
        #expect(polys.contourCount == 2)
        #expect(polys.contour(0).first == Point(0, 0) && polys.contour(1).first == Point(600, 0))
        #expect(polys.points.allSatisfy { $0.isFinite })
    }

    @Test func lineAfterCloseContinuesFromTheSubpathStart() {
        var p = Path()
        p.move(to: Point(5, 5)); p.line(to: Point(10, 5)); p.line(to: Point(10, 10)); p.close()
        p.line(to: Point(0, 10)); p.line(to: Point(0, 0))
        let polys = p.flattened(transform: .identity, tolerance: 0.25)
        #expect(polys.contourCount == 2)
        #expect(Array(polys.contour(1)) == [Point(5, 5), Point(0, 10), Point(0, 0)])
    }
}
