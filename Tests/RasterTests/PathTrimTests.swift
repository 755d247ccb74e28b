import Foundation
import Raster
import TestSupport
import Testing

@Suite struct PathTrimTests {
    /// A circle from 12 o'clock, clockwise, as the countdown and progress scenes draw their rings.
    static func ringFromTwelve(radius r: Double = 50) -> Path {
        var p = Path()
        p.addArc(center: Point(100, 100), radius: r, startAngle: -.pi / 2, endAngle: 3 * .pi / 2, clockwise: true)
        p.close()
        return p
    }

    static func mixedPath() -> Path {
        var p = Path()
        p.move(to: Point(0, 0))
        p.line(to: Point(30, 0))
        p.quad(to: Point(60, 40), control: Point(60, 0))
        p.cubic(to: Point(0, 80), control1: Point(90, 90), control2: Point(-20, 20))
        p.addRect(Rect(x: 100, y: 100, width: 20, height: 10))
        p.addEllipse(in: Rect(x: 0, y: 100, width: 60, height: 30))
        return p
    }

    @Test func lastTenthOfAClosedCircleEndsAtTwelveOClockAndIsOpen() {
        let ring = Self.ringFromTwelve()
        let t = ring.trimmed(from: 0.9, to: 1.0)
        #expect(!t.elements.contains(.close))
        let a = -Double.pi / 2 + 0.9 * 2 * .pi
        #expect(near(firstPoint(t)!, Point(100 + 50 * cos(a), 100 + 50 * sin(a)), 1e-6 * 50))
        #expect(near(lastPoint(t)!, Point(100, 50), 1e-9))
        #expect(abs(t.length - 0.1 * ring.length) < 1e-6 * t.length)
    }

    @Test func strokeStartAfterStrokeEndDrawsNothingAsInCoreAnimation() {
        let ring = Self.ringFromTwelve()
        #expect(ring.trimmed(from: 0.8, to: 0.2).isEmpty)
        #expect(ring.trimmed(from: 0.5, to: 0.5).isEmpty)
    }

    @Test func aTrimAcrossTheStartPointIsTwoTrimsTogether() {
        let ring = Self.ringFromTwelve()
        var wrap = ring.trimmed(from: 0.8, to: 1)
        wrap.append(contentsOf: ring.trimmed(from: 0, to: 0.2))
        #expect(abs(wrap.length - 0.4 * ring.length) < 1e-6 * wrap.length)
        // Both pieces meet at 12 o'clock.
        #expect(near(lastPoint(ring.trimmed(from: 0.8, to: 1))!, Point(100, 50), 1e-9))
        #expect(firstPoint(ring.trimmed(from: 0, to: 0.2)) == Point(100, 50))
    }

    @Test func fullRangeKeepsThePathAndClosedSubpathsClosed() {
        let ring = Self.ringFromTwelve()
        #expect(ring.trimmed(from: 0, to: 1) == ring)
        #expect(ring.trimmed(from: -3, to: 7) == ring)
    }

    @Test func outOfRangeAndNaNFractionsAreClamped() {
        let ring = Self.ringFromTwelve()
        #expect(abs(ring.trimmed(from: -1, to: 0.25).length - 0.25 * ring.length) < 1e-9 * ring.length)
        #expect(ring.trimmed(from: .nan, to: .nan).isEmpty)
        #expect(abs(ring.trimmed(from: .nan, to: 0.5).length - 0.5 * ring.length) < 1e-9 * ring.length)
    }

    @Test func fractionsAreOfTheWholePathAcrossSubpaths() {
        var p = Path()
        p.move(to: Point(0, 0)); p.line(to: Point(10, 0))  // 0…10
        p.move(to: Point(0, 5)); p.line(to: Point(30, 5))  // 10…40
        let t = p.trimmed(from: 0.2, to: 0.5)  // 8…20
        #expect(t.elements == [.move(Point(8, 0)), .line(Point(10, 0)), .move(Point(0, 5)), .line(Point(10, 5))])
    }

    @Test func aClosedSubpathWhollyInsideThePartialRangeStaysClosed() {
        var p = Path()
        p.addRect(Rect(x: 0, y: 0, width: 10, height: 10))  // 0…40, closed
        p.move(to: Point(0, 20)); p.line(to: Point(60, 20))  // 40…100
        let t = p.trimmed(from: 0, to: 0.5)
        #expect(t.elements == [.move(Point(0, 0)), .line(Point(10, 0)), .line(Point(10, 10)), .line(Point(0, 10)), .close,
                               .move(Point(0, 20)), .line(Point(10, 20))])
        // Cut through the closing line: open, and it follows the closing line.
        let cut = p.trimmed(from: 0.3, to: 0.39)  // 30…39
        #expect(cut.elements == [.move(Point(0, 10)), .line(Point(0, 1))])
    }

    @Test func trimmedLengthsAreTheFractionOfTheTotalForManyRanges() {
        let p = Self.mixedPath()
        let total = p.length
        var rng = SeededRandom(seed: 7)
        for _ in 0 ..< 200 {
            let a = rng.unit(), b = rng.unit()
            let (s, e) = (min(a, b), max(a, b))
            let t = p.trimmed(from: s, to: e)
            #expect(abs(t.length - (e - s) * total) <= 1e-6 * max(t.length, 1e-3), "\(s)…\(e)")
        }
    }

    @Test func cubicCutsAreContinuousAndAtTheRightArcLength() {
        var p = Path()
        p.move(to: Point(0, 0))
        p.cubic(to: Point(100, 0), control1: Point(0, 100), control2: Point(100, 100))
        let total = p.length
        for f in [0.01, 0.25, 0.5, 0.777, 0.999] {
            let head = p.trimmed(from: 0, to: f), tail = p.trimmed(from: f, to: 1)
            #expect(head.currentPoint! == firstPoint(tail)!)
            #expect(abs(head.length - f * total) < 1e-9 * total)
            #expect(abs(tail.length - (1 - f) * total) < 1e-9 * total)
        }
        // By symmetry of this curve the middle by length is the middle by parameter.
        #expect(near(p.trimmed(from: 0, to: 0.5).currentPoint!, Point(50, 75), 1e-9))
    }

    @Test func nonFiniteSubpathsAreDroppedFromTheMeasure() {
        var p = Path()
        p.move(to: Point(0, 0)); p.line(to: Point(10, 0))
        p.move(to: Point(0, 0)); p.line(to: Point(.nan, 0))
        let t = p.trimmed(from: 0, to: 0.5)
        #expect(t.elements == [.move(Point(0, 0)), .line(Point(5, 0))])
    }
}


@Suite struct PathMeasureTrimTests {
    @Test func measuredTrimsEqualPathTrimsAndTheLengthIsThePathLength() {
        let p = PathTrimTests.mixedPath()
        let m = PathMeasure(p)
        #expect(abs(m.length - p.length) < 1e-12 * m.length)
        for (s, e) in [(0.0, 0.3), (0.25, 0.75), (0.6, 1.0), (0.9, 0.1), (0, 1)] {
            #expect(m.trimmed(from: s, to: e) == p.trimmed(from: s, to: e), "\(s)…\(e)")
        }
    }
}
