import Foundation
import Raster
import TestSupport
import Testing

@Suite struct PathStrokeReachTests {
    static let h = 5.0

    /// The reach a spinner's arc is given: a smooth curve has no mitered corner, so it is half the
    /// width however high the miter limit (before, `width/2 · miterLimit`: 25 instead of 2.5).
    @Test func aSmoothArcReachesHalfTheWidthWhateverTheMiterLimit() {
        var arc = Path()
        arc.addArc(center: Point(25, 25), radius: 20, startAngle: 0, endAngle: 1.5 * .pi, clockwise: false)
        for limit in [1.0, 4, 10, 1000] {
            #expect(arc.strokeReach(StrokeStyle(width: 2 * Self.h, cap: .round, join: .miter, miterLimit: limit)) == Self.h)
        }
        #expect(arc.strokeReach(StrokeStyle(width: 2 * Self.h, cap: .square)) == Self.h * 2.0.squareRoot())
    }

    @Test func aRightAngleMitersToTheDiagonal() {
        let corner = StrokerTests.polyline([Point(0, 0), Point(100, 0), Point(100, 100)])
        let reach = corner.strokeReach(StrokeStyle(width: 2 * Self.h))
        #expect(abs(reach - Self.h * 2.0.squareRoot()) < 1e-12)
        #expect(corner.strokeReach(StrokeStyle(width: 2 * Self.h, join: .round)) == Self.h)
        #expect(corner.strokeReach(StrokeStyle(width: 2 * Self.h, join: .bevel)) == Self.h)
    }

    /// A corner sharper than the limit is beveled (reach h); a negative limit acts as its
    /// magnitude and NaN bevels, as in the stroker.
    @Test func theLimitDecidesAsTheStrokerDoes() {
        // Turned by 160°: the miter is 1/cos(80°) = 5.76 widths long.
        let a = 160 * Double.pi / 180
        let corner = StrokerTests.polyline([Point(0, 0), Point(100, 0), Point(100 + 100 * cos(a), 100 * sin(a))])
        let miter = 1 / cos(a / 2)
        #expect(abs(corner.strokeReach(StrokeStyle(width: 2 * Self.h, miterLimit: 6)) - Self.h * miter) < 1e-9)
        #expect(abs(corner.strokeReach(StrokeStyle(width: 2 * Self.h, miterLimit: -6)) - Self.h * miter) < 1e-9)
        #expect(corner.strokeReach(StrokeStyle(width: 2 * Self.h, miterLimit: 5)) == Self.h)
        #expect(corner.strokeReach(StrokeStyle(width: 2 * Self.h, miterLimit: .nan)) == Self.h)
        #expect(corner.strokeReach(StrokeStyle(width: 0)) == 0)
        #expect(corner.strokeReach(StrokeStyle(width: .infinity)) == 0)
    }

    /// A closed loop of one curve still has a corner where it ends at its start.
    @Test func aClosedLoopOfOneCurveHasItsCornerAtTheStart() {
        var loop = Path()
        loop.move(to: Point(0, 0))
        loop.cubic(to: Point(0, 0), control1: Point(100, 40), control2: Point(100, -40))
        loop.close()
        // The loop leaves at atan(40/100) below the axis and comes back at as much above: 2·21.8°
        // short of reversing, a miter of 1/sin(21.8°) = 2.69 widths.
        let reach = loop.strokeReach(StrokeStyle(width: 2 * Self.h))
        #expect(abs(reach - Self.h / sin(atan(0.4))) < 1e-9)
    }

    /// How far the stroker's outline of `path` goes past the bounds of `bounds`.
    static func overshoot(_ outline: Polygons, _ bounds: Rect) -> Double {
        var furthest = 0.0
        for q in outline.points {
            furthest = max(furthest, bounds.minX - q.x, q.x - bounds.maxX, bounds.minY - q.y, q.y - bounds.maxY)
        }
        return furthest
    }

    /// A stroke trimmed where it turns a corner (`strokeEnd` = the first side's share of the
    /// length) ended in a piece a few ulps long whose direction was rounding noise: the stroker
    /// mitered against it, 47.8 past the bounds where the corner itself is beveled (second review,
    /// 2026-11-26). Such pieces are dropped now. Random corners, trimmed at the corner from either
    /// end.
    @Test func aStrokeTrimmedAtACornerStaysWithinTheReach() {
        var path = Path()
        path.move(to: Point(20, 88)); path.line(to: Point(124, 110)); path.line(to: Point(31, 101))
        let l1 = hypot(104.0, 22), l2 = hypot(93.0, 9)
        let style = StrokeStyle(width: 10)
        let reach = path.strokeReach(style)
        #expect(reach == 5)
        #expect(Self.overshoot(path.trimmed(from: 0, to: l1 / (l1 + l2)).stroked(style), path.bounds) <= reach + 0.01)
        var rng = SeededRandom(seed: 43)
        var worst = 0.0
        for _ in 0 ..< 4000 {
            let p = (0 ..< 3).map { _ in Point(Double(rng.next() % 201), Double(rng.next() % 201)) }
            var corner = Path()
            corner.move(to: p[0]); corner.line(to: p[1]); corner.line(to: p[2])
            let a = p[0].distance(to: p[1]), b = p[1].distance(to: p[2])
            guard a > 0, b > 0 else { continue }
            let reach = corner.strokeReach(style)
            for piece in [corner.trimmed(from: 0, to: a / (a + b)), corner.trimmed(from: a / (a + b), to: 1)] {
                worst = max(worst, Self.overshoot(piece.stroked(style), corner.bounds) - reach)
            }
        }
        #expect(worst <= 0.01, "an outline \(worst) past the reach")
    }

    /// A corner right at the miter limit is decided as the stroker decides it, and an unlimited
    /// miter at a near-reversal reaches as far as the stroker draws it (both found by the review:
    /// 9.86 against 5, and 1,043,008 against 70.7).
    @Test func cornersAtTheLimitAndUnlimitedMitersAreCovered() {
        var atLimit = Path()
        let pts = [Point(88.41560287490468, 159.24581858632206), Point(1.398020037756737, 54.57000420355712),
                   Point(135.55872587362967, 31.548474082052707), Point(88.41560287490468, 159.24581858632206),
                   Point(1.398020037756737, 54.57000420355712)]
        atLimit.move(to: pts[0])
        for q in pts.dropFirst() { atLimit.line(to: q) }
        let style = StrokeStyle(width: 10, miterLimit: 2)
        #expect(Self.overshoot(atLimit.stroked(style), atLimit.bounds) <= atLimit.strokeReach(style) + 0.01)

        var reversal = Path()
        reversal.move(to: Point(16200, 12300))
        reversal.cubic(to: Point(9200, 9800), control1: Point(11200, 4800), control2: Point(18800, 8300))
        reversal.cubic(to: Point(18799.99999977939, 8300), control1: Point(18799.99999970493, 8300), control2: Point(18500, 600))
        for limit in [Double.infinity, 1e12, 1e9, 1e6, 1000] {
            let style = StrokeStyle(width: 100, cap: .square, miterLimit: limit)
            let reach = reversal.strokeReach(style)
            #expect(Self.overshoot(reversal.stroked(style), reversal.bounds) <= reach * 1.0001 + 0.01, "limit \(limit)")
        }
        // Past a limit of 1000 the limit itself is the bound.
        #expect(reversal.strokeReach(StrokeStyle(width: 100, miterLimit: 1001)) == 50 * 1001)
    }

    /// A handle 1e-162 long still has a direction: the reach measures it as the stroker does (the
    /// squares of its coordinates had gone below the normal range, 5 against an outline at 45.2).
    @Test func aVeryShortHandleIsMeasuredAsTheStrokerMeasuresIt() {
        var path = Path()
        path.move(to: Point(-50, 0)); path.line(to: Point(0, 0))
        path.cubic(to: Point(-40, 30), control1: Point(-9.758243221094964e-162, 2.185563826099384e-162), control2: Point(-40, 30))
        let style = StrokeStyle(width: 10)
        #expect(Self.overshoot(path.stroked(style), path.bounds) <= path.strokeReach(style) + 0.01)
    }

    /// Past `Path.maxStrokeDetail` round caps are drawn in few steps; their points stay on the
    /// pen's circle (balanced, a cap of two steps put its middle point at 1.39 h).
    @Test func roundCapsDrawnCoarserStayWithinHalfTheWidth() {
        var path = Path()
        for i in 0 ..< 130_000 {
            let x = Double(i / 100) * 0.5, y = Double(i % 100) * 0.5
            path.move(to: Point(x, y)); path.line(to: Point(x, y + 0.25))
        }
        let style = StrokeStyle(width: 100, cap: .round, join: .round)
        #expect(path.strokeReach(style) == 50)
        #expect(Self.overshoot(path.stroked(style), path.bounds) <= 50.01)
    }

    /// Every point of the outline the stroker makes lies within the reach of the path's bounds:
    /// random polylines, curves and arcs, open and closed, in random styles. (It fails when the
    /// corners are left out: the mitered polylines poke out.)
    @Test func theStrokersOutlineStaysWithinTheReach() {
        var rng = SeededRandom(seed: 31)
        let caps: [StrokeStyle.LineCap] = [.butt, .round, .square]
        let joins: [StrokeStyle.LineJoin] = [.miter, .miter, .round, .bevel]
        var tightOnes = 0
        for _ in 0 ..< 400 {
            var path = Path()
            path.move(to: Point(rng.unit() * 200, rng.unit() * 200))
            for _ in 0 ..< 1 + Int(rng.next() % 5) {
                let p = Point(rng.unit() * 200, rng.unit() * 200), c1 = Point(rng.unit() * 200, rng.unit() * 200)
                switch rng.next() % 4 {
                case 0: path.quad(to: p, control: c1)
                case 1: path.cubic(to: p, control1: c1, control2: Point(rng.unit() * 200, rng.unit() * 200))
                case 2: path.addArc(center: c1, radius: 1 + rng.unit() * 50, startAngle: rng.unit() * 6, endAngle: rng.unit() * 6, clockwise: rng.next() % 2 == 0)
                default: path.line(to: p)
                }
            }
            if rng.next() % 2 == 0 { path.close() }
            let style = StrokeStyle(width: 1 + rng.unit() * 30, cap: caps[Int(rng.next() % 3)], join: joins[Int(rng.next() % 4)],
                                    miterLimit: [1.0, 2, 4, 10, -10][Int(rng.next() % 5)])
            let reach = path.strokeReach(style)
            #expect(reach <= style.width / 2 * max(abs(style.miterLimit), 2.0.squareRoot()) * (1 + 1e-9))
            let outline = path.stroked(style)
            let b = path.bounds, slack = 0.05
            var furthest = 0.0
            for q in outline.points {
                let dx = max(b.minX - q.x, q.x - b.maxX, 0), dy = max(b.minY - q.y, q.y - b.maxY, 0)
                furthest = max(furthest, dx, dy)
            }
            #expect(furthest <= reach + slack, "\(path.elements) \(style): outline \(furthest) past the bounds, reach \(reach)")
            if furthest > reach * 0.9 { tightOnes += 1 }
        }
        #expect(tightOnes > 50) // the bound is reached, not just respected
    }
}
