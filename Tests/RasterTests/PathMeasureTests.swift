import Foundation
import Raster
import Testing

@Suite struct PathMeasureTests {
    @Test func circleLengthIsTwoPiRWithinOneMillionth() {
        for r in [0.5, 1, 37, 1000, 1e6] {
            var p = Path()
            p.addArc(center: Point(3, 4), radius: r, startAngle: 0.2, endAngle: 0.2 + 2 * .pi, clockwise: true)
            #expect(abs(p.length / (2 * .pi * r) - 1) < 1e-6, "r = \(r)")
        }
    }

    @Test func lengthCountsEverySubpathAndClosingLinesButNotImplicitCloses() {
        var p = Path()
        p.addRect(Rect(x: 0, y: 0, width: 3, height: 4))  // 14, closed
        p.move(to: Point(10, 10)); p.line(to: Point(13, 14))  // 5, open
        #expect(abs(p.length - 19) < 1e-12)
    }

    @Test func cubicLengthMatchesADenseChordSum() {
        var p = Path()
        p.move(to: Point(0, 0))
        p.cubic(to: Point(100, 0), control1: Point(0, 100), control2: Point(100, 100))
        // Reference: chord sum with 2^20 pieces converges as 1/n², to ~1e-10 here.
        var ref = 0.0, prev = Point(0, 0)
        let n = 1 << 20
        for i in 1 ... n {
            let t = Double(i) / Double(n), u = 1 - t
            let q = Point(0, 0) * (u * u * u) + Point(0, 100) * (3 * u * u * t) + Point(100, 100) * (3 * u * t * t) + Point(100, 0) * (t * t * t)
            ref += q.distance(to: prev); prev = q
        }
        #expect(abs(p.length / ref - 1) < 1e-8)
    }

    @Test func cuspedCubicLengthIsFiniteAndAccurate() {
        // A cubic whose control points fold back on a line: a cusp where the speed is zero.
        var p = Path()
        p.move(to: Point(0, 0))
        p.cubic(to: Point(0, 0), control1: Point(10, 0), control2: Point(10, 0))
        // x(t) = 30t(1−t): goes out to 7.5 and back.
        #expect(abs(p.length - 15) < 1e-6)
    }

    @Test func boundsUseCurveExtremaNotControlPoints() {
        var p = Path()
        p.move(to: Point(0, 0))
        p.cubic(to: Point(100, 0), control1: Point(0, 100), control2: Point(100, 100))
        p.move(to: Point(-5, 2))  // a lone move counts
        let b = p.bounds
        #expect(b.x == -5 && b.y == 0 && b.width == 105)
        #expect(abs(b.height - 75) < 1e-12)  // y(t) = 300t(1−t)·… peaks at 75
        var q = Path()
        q.move(to: Point(0, 0)); q.quad(to: Point(10, 0), control: Point(5, -10))
        #expect(abs(q.bounds.y - -5) < 1e-12 && q.bounds.height == 5)
    }

    @Test func boundsIgnoreNonFinitePointsAndEmptyPathsAreZero() {
        #expect(Path().bounds == .zero)
        var p = Path()
        p.move(to: Point(1, 1)); p.line(to: Point(.nan, 3)); p.line(to: Point(4, .infinity)); p.line(to: Point(2, 5))
        #expect(p.bounds == Rect(x: 1, y: 1, width: 1, height: 4))
    }
}
