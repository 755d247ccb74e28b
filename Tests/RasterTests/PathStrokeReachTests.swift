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
            #expect(reach <= style.width / 2 * max(abs(style.miterLimit), 2.0.squareRoot()) + 1e-9)
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
