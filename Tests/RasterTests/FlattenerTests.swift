import Foundation
import Raster
import Testing

@Suite struct FlattenerTests {
    /// The largest distance from points of the true circle to the polygon's edges.
    static func worstDeviation(_ poly: Polygons, center: Point, radius: Double) -> Double {
        var worst = 0.0
        let pts = Array(poly.contour(0))
        for k in pts.indices {
            let a = pts[k], b = pts[(k + 1) % pts.count]
            // For a chord of a circle the farthest curve point is at the chord's middle direction.
            let m = a.lerp(b, 0.5)
            worst = max(worst, radius - m.distance(to: center))
            worst = max(worst, abs(a.distance(to: center) - radius))
        }
        return worst
    }

    @Test func circleStaysWithinTheToleranceInDevicePixelsUnderScale() {
        var p = Path()
        p.addEllipse(in: Rect(x: -10, y: -10, width: 20, height: 20))
        for (scale, tol) in [(1.0, 0.25), (8.0, 0.25), (40.0, 0.1), (100.0, 0.01)] {
            let poly = p.flattened(transform: .scale(scale, scale), tolerance: tol)
            #expect(poly.contourCount == 1)
            let dev = Self.worstDeviation(poly, center: .zero, radius: 10 * scale)
            // Balanced vertices: ⅔ of each chord's sagitta, estimated from second differences,
            // so within the tolerance to a few per cent.
            #expect(dev <= 1.05 * tol, "scale \(scale) tolerance \(tol): \(dev)")
            #expect(dev > tol / 20, "not needlessly fine: \(dev)")
        }
    }

    @Test func morePointsForLargerScalesAndFinerTolerances() {
        var p = Path()
        p.addEllipse(in: Rect(x: 0, y: 0, width: 10, height: 10))
        let small = p.flattened(transform: .identity, tolerance: 0.25).points.count
        let big = p.flattened(transform: .scale(10, 10), tolerance: 0.25).points.count
        let fine = p.flattened(transform: .identity, tolerance: 0.025).points.count
        #expect(big > small && fine > small)
        #expect(abs(Double(big) / Double(fine) - 1) < 0.1)  // only scale / tolerance matters
    }

    @Test func polygonAreaConvergesToTheShapeArea() {
        var p = Path()
        p.addEllipse(in: Rect(x: 0, y: 0, width: 200, height: 100))
        p.addRect(Rect(x: 300, y: 0, width: 10, height: 10))
        let poly = p.flattened(transform: .identity, tolerance: 0.01)
        #expect(poly.contourCount == 2)
        #expect(abs(poly.signedArea - (.pi * 100 * 50 + 100)) < 0.02 * 2 * .pi * 100)
    }

    @Test func nonFiniteSubpathsAndSinglePointsAreDropped() {
        var p = Path()
        p.move(to: Point(0, 0)); p.line(to: Point(10, 0)); p.line(to: Point(10, 10))
        p.move(to: Point(0, 0)); p.cubic(to: Point(1, 1), control1: Point(.nan, 0), control2: Point(1, 0))
        p.move(to: Point(5, 5))
        p.move(to: Point(1e300, 0)); p.line(to: Point(2e300, 1)); p.line(to: Point(0, 1))
        let poly = p.flattened(transform: .scale(1e10, 1e10))
        #expect(poly.contourEnds == [3])
        #expect(poly.points.allSatisfy { $0.isFinite })
    }

    @Test func hugeCurvesAreCappedNotUnbounded() {
        var p = Path()
        p.move(to: Point(-1e9, 0)); p.quad(to: Point(1e9, 0), control: Point(0, 1e9))
        let poly = p.flattened(transform: .identity)
        #expect(poly.points.count <= Flattener.maxPieces + 1)
        #expect(poly.points.count > 1000)
    }

    /// flipbook-fuzz paths case 616 (seed 1): a control point at 1e100 asks for ~1e50 pieces, a
    /// finite count that trapped converting to Int instead of being capped. (Past about 1e154 the
    /// length overflows to infinity, which was already capped.)
    @Test func piecesPastIntMaxAreCappedNotATrap() {
        var p = Path()
        p.move(to: Point(0, 0)); p.quad(to: Point(0, 10), control: Point(1e100, 0))
        p.cubic(to: Point(5, 5), control1: Point(-1e100, 3), control2: Point(1e100, 1e100))
        #expect(p.flattened(transform: .identity).points.count <= 2 * Flattener.maxPieces + 1)
        #expect(p.stroked(StrokeStyle(width: 2)).points.count > 0)
    }
}
