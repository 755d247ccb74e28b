import Foundation
import Raster
import Testing

@Suite struct PathShapesTests {
    static let angles: [Double] = [0, 0.3, .pi / 2, 2, .pi, -.pi / 2, -2.5, 3 * .pi / 2, 5, 7, -7, 2 * .pi, 4 * .pi]

    /// The expected signed sweep by the canvas rule (what UIKit's addArc draws).
    static func expectedSweep(_ s: Double, _ e: Double, _ cw: Bool) -> Double {
        let tau = 2 * Double.pi
        if cw { return e - s >= tau ? tau : (s > e ? tau - fmod(s - e, tau) : e - s) }
        return s - e >= tau ? -tau : (s < e ? -(tau - fmod(e - s, tau)) : e - s)
    }

    @Test func arcEndpointsAndEverySampledPointLieOnTheCircleForManyAngleAndDirectionCombinations() {
        let c = Point(10, -20), r = 37.0
        for s in Self.angles {
            for e in Self.angles {
                for cw in [true, false] {
                    var p = Path()
                    p.addArc(center: c, radius: r, startAngle: s, endAngle: e, clockwise: cw)
                    let sweep = Self.expectedSweep(s, e, cw)
                    let start = Point(c.x + r * cos(s), c.y + r * sin(s))
                    let end = Point(c.x + r * cos(s + sweep), c.y + r * sin(s + sweep))
                    #expect(near(firstPoint(p)!, start, 1e-9 * r), "start \(s) \(e) \(cw)")
                    #expect(near(lastPoint(p)!, end, 1e-9 * r), "end \(s) \(e) \(cw)")
                    let worst = samplePoints(p, perElement: 32).map { abs($0.distance(to: c) - r) }.max()!
                    #expect(worst < 1e-6 * r, "radial error \(worst) for \(s) \(e) \(cw)")
                    // The arc's length is the sweep's, so it goes the right way round.
                    #expect(abs(p.length - abs(sweep) * r) < 1e-6 * r * max(1, abs(sweep)), "length \(s) \(e) \(cw)")
                }
            }
        }
    }

    @Test func clockwiseArcFromTwelveOClockPassesThreeOClockFirstInYDownSpace() {
        var p = Path()
        p.addArc(center: .zero, radius: 10, startAngle: -.pi / 2, endAngle: 0.1, clockwise: true)
        let pts = samplePoints(p, perElement: 8)
        // Visually clockwise from 12 o'clock in y-down space means x grows first.
        #expect(pts[1].x > 0 && pts[1].y < 0)
        #expect(abs(p.length / ((Double.pi / 2 + 0.1) * 10) - 1) < 1e-6)
    }

    @Test func arcMidpointsAtQuarterTurnsAreExact() {
        var p = Path()
        p.addArc(center: Point(5, 5), radius: 2, startAngle: 0, endAngle: 2 * .pi, clockwise: true)
        let pts = samplePoints(p, perElement: 2)  // every piece's t = 0.5 and ends
        for q in pts { #expect(abs(q.distance(to: Point(5, 5)) - 2) < 1e-12) }
    }

    @Test func arcAfterACurrentPointStartsWithALineAndFullCirclesEndWhereTheyStart() {
        var p = Path()
        p.move(to: Point(0, 0))
        p.addArc(center: Point(100, 0), radius: 10, startAngle: .pi, endAngle: 3 * .pi, clockwise: true)
        #expect(p.elements[1] == .line(Point(90, 0)))
        #expect(lastPoint(p) == Point(90, 0))
        #expect(abs(p.length / (90 + 20 * .pi) - 1) < 1e-6)
    }

    @Test func zeroRadiusArcIsTheCenterPointAndBadRadiiAddNothing() {
        var p = Path()
        p.addArc(center: Point(3, 4), radius: 0, startAngle: 0, endAngle: 1, clockwise: true)
        #expect(p.elements == [.move(Point(3, 4))])
        p.addArc(center: Point(5, 4), radius: 0, startAngle: 0, endAngle: 1, clockwise: false)
        #expect(p.elements == [.move(Point(3, 4)), .line(Point(5, 4))])
        var q = Path()
        q.addArc(center: .zero, radius: -1, startAngle: 0, endAngle: 1, clockwise: true)
        q.addArc(center: .zero, radius: .nan, startAngle: 0, endAngle: 1, clockwise: true)
        q.addArc(center: .zero, radius: 1, startAngle: .infinity, endAngle: 1, clockwise: true)
        #expect(q.isEmpty)
    }

    @Test func equalAnglesAddOnlyTheStartPoint() {
        var p = Path()
        p.addArc(center: Point(0, 0), radius: 10, startAngle: .pi / 2, endAngle: .pi / 2, clockwise: true)
        #expect(p.elements == [.move(Point(0, 10))])
    }

    @Test func ellipseStartsAtThreeOClockRunsClockwiseAndHasTheRightBounds() {
        var p = Path()
        p.addEllipse(in: Rect(x: 10, y: 20, width: 40, height: 20))
        #expect(firstPoint(p) == Point(50, 30))
        #expect(p.elements.last == .close)
        let pts = samplePoints(p, perElement: 8)
        #expect(pts[1].y > 30)  // clockwise in y-down: downwards from 3 o'clock
        for q in pts {
            let u = (q.x - 30) / 20, v = (q.y - 30) / 10
            #expect(abs(u * u + v * v - 1) < 2e-6)
        }
        #expect(p.bounds == Rect(x: 10, y: 20, width: 40, height: 20))
    }

    @Test func rectRunsClockwiseFromTheTopLeftAndNormalizesNegativeSizes() {
        var p = Path()
        p.addRect(Rect(x: 10, y: 10, width: -4, height: 3))
        #expect(p.elements == [.move(Point(6, 10)), .line(Point(10, 10)), .line(Point(10, 13)), .line(Point(6, 13)), .close])
    }

    @Test func roundedRectClampsRadiiToHalfTheShorterSideAndHasTheAnalyticLength() {
        var p = Path()
        p.addRoundedRect(Rect(x: 0, y: 0, width: 100, height: 40), cornerRadius: 50)
        // Clamped to 20: a stadium, straight parts 60 long twice, two half circles of radius 20.
        #expect(abs(p.length / (120 + 2 * .pi * 20) - 1) < 1e-6)
        #expect(firstPoint(p) == Point(20, 0))
        #expect(p.bounds == Rect(x: 0, y: 0, width: 100, height: 40))
    }

    @Test func roundedRectPerCornerRadiiGiveEachCornerItsOwnArc() {
        var p = Path()
        p.addRoundedRect(Rect(x: 0, y: 0, width: 100, height: 60), topLeft: 10, topRight: 0, bottomRight: 30, bottomLeft: -5)
        let expected = (100 - 10) + (60 - 30) + (100 - 30) + (60 - 10) + (Double.pi / 2) * (10 + 30)
        #expect(abs(p.length / expected - 1) < 1e-6)
        let corners = samplePoints(p, perElement: 4)
        #expect(corners.contains(Point(100, 0)))  // sharp top-right
        #expect(corners.contains(Point(0, 60)))  // negative radius counts as 0
    }

    @Test func applyingATransformMapsEveryPoint() {
        var p = Path()
        p.move(to: Point(1, 2)); p.quad(to: Point(3, 4), control: Point(5, 6)); p.close()
        let t = Transform.scale(2, 3).concatenating(.translation(1, 1))
        #expect(p.applying(t).elements == [.move(Point(3, 7)), .quad(Point(11, 19), Point(7, 13)), .close])
    }
}
