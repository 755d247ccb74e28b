import Foundation
import Raster
import TestSupport
import Testing

@Suite struct StrokerTests {
    static func polyline(_ pts: [Point], closed: Bool = false) -> Path {
        var p = Path()
        p.move(to: pts[0])
        for q in pts.dropFirst() { p.line(to: q) }
        if closed { p.close() }
        return p
    }

    static func relClose(_ a: Double, _ b: Double, _ rel: Double) -> Bool { abs(a - b) <= rel * abs(b) }

    // MARK: Pieces too short to have a direction

    /// A full-circle arc closed with `close()` ends a few ulps from its start, and the closing
    /// piece between them pointed anywhere: with the default miter join it grew a spike where the
    /// circle closes, up to 43 past the circle for a pen 10 wide. Such pieces are dropped (see
    /// `Subpath.nearness`), and the circle closes smoothly.
    @Test func aClosedFullCircleArcHasNoSpikeWhereItCloses() {
        var worst = 0.0
        for i in 0 ..< 400 {
            var p = Path()
            let r = 5 + Double(i % 97) * 0.731, a0 = Double(i) * 0.0137
            p.addArc(center: Point(100 + Double(i % 13) * 7.3, 100), radius: r, startAngle: a0, endAngle: a0 + 2 * .pi, clockwise: i % 2 == 0)
            p.close()
            let b = p.bounds
            for q in p.stroked(StrokeStyle(width: 10)).points {
                worst = max(worst, b.minX - q.x, q.x - b.maxX, b.minY - q.y, q.y - b.maxY)
            }
        }
        #expect(worst <= 5.01)
    }

    // MARK: Cost at the edge of the number range

    /// flipbook-fuzz paths case 616 (seed 1): curves at x = 1e300, where evaluating a point
    /// carries an error of 1e284, under a 1e6 scale (a tolerance of 2.5e-7 user units): every
    /// vertex of the 3,000-piece polyline turned a noisy half turn, and each round join asked for
    /// thousands of arc points that all rounded to its centre (7 million points; the fuzz case,
    /// at 1e19, 32 s). Arc steps no finer than the coordinates' spacing make none.
    @Test func roundJoinsFinerThanTheCoordinatesSpacingAddNoPoints() {
        var p = Path()
        p.move(to: Point(1e300, 0))
        p.quad(to: Point(1e300, 2.5), control: Point(1e300, 5))
        let t = Transform(a: 1e-300, b: 0, c: 0, d: 1e6, tx: 0, ty: 0)
        let outline = p.stroked(StrokeStyle(width: 8, cap: .round, join: .round), transform: t)
        #expect(outline.points.count < 50_000)
        #expect(!outline.isEmpty)
    }

    /// flipbook-fuzz paths case 4241 (seed 1): a pen 1e19 wide, dashed 47,000 times along a
    /// curve under a 1e19 scale, asked for 16,384 pieces per dash and two 8,192-step caps: 1.5
    /// billion points, killed for memory. Here 314 dashes of a circle under a 1e12 scale (10
    /// million pieces and steps before); past `Path.maxStrokeDetail` every curve and arc is
    /// drawn coarser.
    @Test func absurdStrokesAreHeldToTheDetailCeiling() {
        var p = Path()
        p.addEllipse(in: Rect(x: -1000, y: -1000, width: 2000, height: 2000))
        let style = StrokeStyle(width: 1e6, cap: .round, dashes: [10])
        let outline = p.stroked(style, transform: .scale(1e12, 1e12))
        #expect(outline.points.count < 4 * Path.maxStrokeDetail)
        #expect(outline.contourCount > 300)
        // An ordinary stroke is below the ceiling and keeps every piece.
        #expect(p.stroked(StrokeStyle(width: 2), transform: .scale(100, 100)).points.count > 2000)
    }

    // MARK: Areas against analytic values

    @Test func straightButtSegmentAreaIsWidthTimesLengthEitherDirection() {
        let s = StrokeStyle(width: 10)
        let fwd = Self.polyline([Point(0, 0), Point(100, 0)]).stroked(s)
        let back = Self.polyline([Point(100, 0), Point(0, 0)]).stroked(s)
        #expect(abs(fwd.signedArea - 1000) < 1e-9)
        #expect(abs(back.signedArea - 1000) < 1e-9)
        #expect(Self.relClose(PolygonArea.nonZero(fwd), 1000, 1e-9))
    }

    @Test func roundCapsAddAQuarterPiWidthSquared() {
        let w = 10.0
        let poly = Self.polyline([Point(0, 0), Point(60, 80)]).stroked(StrokeStyle(width: w, cap: .round), tolerance: 0.001)
        #expect(Self.relClose(poly.signedArea, w * 100 + .pi * w * w / 4, 1e-4))
    }

    @Test func squareCapsExtendHalfTheWidthAtBothEnds() {
        let poly = Self.polyline([Point(0, 0), Point(60, 80)]).stroked(StrokeStyle(width: 10, cap: .square))
        #expect(abs(poly.signedArea - 10 * 110) < 1e-9)
    }

    @Test func hairlineThinnerThanAPixelKeepsItsExactArea() {
        // 0.1 px wide: the rasterizer turns this area into about 10 % coverage, not nothing.
        let poly = Self.polyline([Point(0.5, 3.25), Point(200.5, 3.25)]).stroked(StrokeStyle(width: 0.1))
        #expect(abs(poly.signedArea - 20) < 1e-9)
        #expect(poly.contourCount == 1)
    }

    @Test func circleRingAreaIsTwoPiRadiusWidthWithAHoleInTheMiddle() {
        var p = Path()
        p.addEllipse(in: Rect(x: -50, y: -50, width: 100, height: 100))
        let poly = p.stroked(StrokeStyle(width: 8), tolerance: 0.01)
        #expect(poly.contourCount == 2)
        #expect(Self.relClose(PolygonArea.nonZero(poly), 2 * .pi * 50 * 8, 1e-3))
        #expect(PolygonArea.winding(poly, at: .zero) == 0)
        #expect(PolygonArea.winding(poly, at: Point(50, 0.1)) != 0)
    }

    @Test func widthBeyondTheDiameterFillsTheWholeDisc() {
        var p = Path()
        p.addEllipse(in: Rect(x: -10, y: -10, width: 20, height: 20))
        let poly = p.stroked(StrokeStyle(width: 30), tolerance: 0.01)
        #expect(PolygonArea.winding(poly, at: Point(0.3, 0.2)) != 0)
        #expect(Self.relClose(PolygonArea.nonZero(poly), .pi * 25 * 25, 1e-3))
    }

    // MARK: Joins

    static let corner = polyline([Point(0, 0), Point(100, 0), Point(100, 100)])

    @Test func miterJoinFillsTheOuterSquare() {
        let poly = Self.corner.stroked(StrokeStyle(width: 10, join: .miter))
        #expect(Self.relClose(PolygonArea.nonZero(poly), 2000, 1e-6))
        #expect(PolygonArea.winding(poly, at: Point(104.9, -4.9)) != 0)
    }

    @Test func bevelJoinCutsTheOuterCornerInHalf() {
        let poly = Self.corner.stroked(StrokeStyle(width: 10, join: .bevel))
        #expect(Self.relClose(PolygonArea.nonZero(poly), 2000 - 12.5, 1e-6))
        #expect(PolygonArea.winding(poly, at: Point(104.9, -4.9)) == 0)
    }

    @Test func roundJoinAddsAQuarterDisc() {
        let poly = Self.corner.stroked(StrokeStyle(width: 10, join: .round), tolerance: 0.001)
        #expect(Self.relClose(PolygonArea.nonZero(poly), 1975 + .pi * 25 / 4, 1e-4))
    }

    @Test func miterLimitTurnsSharpJoinsIntoBevels() {
        // Segments meeting at 10°: miter length / width = 1 / sin(5°) ≈ 11.47.
        let a = 10 * Double.pi / 180
        let path = Self.polyline([Point(0, 0), Point(100, 0), Point(100 - 100 * cos(a), 100 * sin(a))])
        let beveled = PolygonArea.nonZero(path.stroked(StrokeStyle(width: 4, join: .bevel)))
        let limited = PolygonArea.nonZero(path.stroked(StrokeStyle(width: 4, join: .miter, miterLimit: 11)))
        let mitered = PolygonArea.nonZero(path.stroked(StrokeStyle(width: 4, join: .miter, miterLimit: 12)))
        #expect(Self.relClose(limited, beveled, 1e-9))
        // The miter tip adds a kite: (miter length − its bevel chord's distance) … just check it grew.
        #expect(mitered > beveled + 1)
    }

    @Test func aPathThatDoublesBackOnItselfIsStillCoveredOnce() {
        let poly = Self.polyline([Point(0, 0), Point(100, 0), Point(40, 0)]).stroked(StrokeStyle(width: 10))
        #expect(Self.relClose(PolygonArea.nonZero(poly), 1000, 1e-6))
    }

    @Test func selfCrossingStrokeIsFilledAtTheCrossingAndNotInsideTheLoop() {
        let poly = Self.polyline([Point(0, 0), Point(100, 100), Point(100, 0), Point(0, 100)]).stroked(StrokeStyle(width: 6))
        #expect(PolygonArea.winding(poly, at: Point(50, 50)) != 0)
        #expect(PolygonArea.winding(poly, at: Point(80, 50)) == 0)
        #expect(PolygonArea.winding(poly, at: Point(50, 20)) == 0)
    }

    @Test func closedPolygonJoinsAtItsStartWithoutCaps() {
        let square = Self.polyline([Point(0, 0), Point(100, 0), Point(100, 100), Point(0, 100)], closed: true)
        let poly = square.stroked(StrokeStyle(width: 10, cap: .round, join: .miter))
        // Outer 110² minus inner 90², and the start corner is mitered like the others.
        #expect(Self.relClose(PolygonArea.nonZero(poly), 110 * 110 - 90 * 90, 1e-6))
        #expect(PolygonArea.winding(poly, at: Point(-4.9, -4.9)) != 0)
    }

    @Test func buttCapsOnCurvesAreSquareToTheTrueTangentSoTrimmedHalvesMeetWithoutAGap() {
        var oval = Path()
        oval.addEllipse(in: Rect(x: 16, y: 24, width: 96, height: 80))  // starts at (112, 64)
        var halves = oval.trimmed(from: 0.8, to: 1)
        halves.append(contentsOf: oval.trimmed(from: 0, to: 0.2))
        let poly = halves.stroked(StrokeStyle(width: 12))
        // At the seam the tangent is vertical, so the caps are the horizontal line y = 64: its
        // outer half ends each side at x = 118 (the inner half, where the side turns inward, goes
        // through the end point x = 112 instead of out to 106 and back).
        let capPoints = poly.points.filter { abs($0.y - 64) < 1e-9 }
        #expect(capPoints.contains { abs($0.x - 118) < 1e-9 } && capPoints.contains { abs($0.x - 112) < 1e-9 })
        for x in stride(from: 106.5, through: 117.5, by: 0.5) {
            #expect(PolygonArea.winding(poly, at: Point(x, 64.01)) != 0, "gap above the seam at x = \(x)")
            #expect(PolygonArea.winding(poly, at: Point(x, 63.99)) != 0, "gap below the seam at x = \(x)")
        }
    }

    @Test func roundStrokeOfRandomSelfOverlappingPolylinesIsExactlyThePointsWithinHalfTheWidth() {
        // With round caps and joins the stroke is {p : distance(p, polyline) ≤ w/2}, a closed-form
        // oracle for the non-zero union however the polyline folds over itself.
        var rng = SeededRandom(seed: 2024)
        func distance(_ p: Point, _ a: Point, _ b: Point) -> Double {
            let ab = b - a
            let t = ab == .zero ? 0 : max(0, min(1, (p - a).dot(ab) / ab.dot(ab)))
            return p.distance(to: a + ab * t)
        }
        for _ in 0 ..< 40 {
            let pts = (0 ..< Int(2 + rng.next() % 7)).map { _ in Point(rng.unit() * 100, rng.unit() * 100) }
            let w = 1 + rng.unit() * 30
            let closed = rng.next() % 2 == 0
            let poly = Self.polyline(pts, closed: closed).stroked(StrokeStyle(width: w, cap: .round, join: .round), tolerance: 0.05)
            let ends = closed ? pts.dropFirst() + [pts[0]] : pts.dropFirst()
            for _ in 0 ..< 300 {
                let p = Point(rng.unit() * 140 - 20, rng.unit() * 140 - 20)
                let d = zip(pts, ends).map { distance(p, $0, $1) }.min()!
                if abs(d - w / 2) < 0.1 { continue }  // within flattening tolerance of the edge
                let winding = PolygonArea.winding(poly, at: p)
                #expect((winding != 0) == (d < w / 2), "\(pts) closed \(closed) w \(w) at \(p)")
                #expect(winding >= 0, "every piece turns the same way")
            }
        }
    }

    // MARK: Dots, dashes, transforms

    @Test func zeroLengthSubpathIsADotUnderRoundAndSquareCapsOnly() {
        let p = Self.polyline([Point(50, 50), Point(50, 50)])
        let round = p.stroked(StrokeStyle(width: 10, cap: .round), tolerance: 0.001)
        // An inscribed polygon with sagitta ≤ 0.001 loses at most ⅔·0.001 × perimeter.
        #expect(abs(round.signedArea - .pi * 25) < 2.0 / 3 * 0.001 * 10 * .pi)
        let square = p.stroked(StrokeStyle(width: 10, cap: .square))
        #expect(Set(square.points) == [Point(45, 45), Point(55, 45), Point(55, 55), Point(45, 55)])
        #expect(p.stroked(StrokeStyle(width: 10, cap: .butt)).points.isEmpty)
        var lone = Path()
        lone.move(to: Point(1, 1))
        #expect(lone.stroked(StrokeStyle(width: 10, cap: .round)).points.isEmpty)
    }

    @Test func dashedStrokeAreaIsThePaintedLengthTimesWidth() {
        let line = Self.polyline([Point(0, 0), Point(100, 0)])
        let poly = line.stroked(StrokeStyle(width: 2, dashes: [10, 10], dashPhase: 5))
        // Painted: 0…5, 15…25, 35…45, 55…65, 75…85, 95…100 = 50.
        #expect(poly.contourCount == 6)
        #expect(abs(poly.signedArea - 100) < 1e-9)
    }

    @Test func nonUniformScaleGivesAnEllipticalPen() {
        let line = Self.polyline([Point(0, 0), Point(100, 0)])
        let poly = line.stroked(StrokeStyle(width: 2), transform: .scale(1, 5))
        let ys = poly.points.map(\.y)
        #expect(ys.min()! == -5 && ys.max()! == 5)
        #expect(abs(poly.signedArea - 1000) < 1e-9)
    }

    @Test func roundCapsAreFlattenedToTheToleranceInDevicePixels() {
        let line = Self.polyline([Point(0, 0), Point(1, 0)])
        let t = Transform.scale(50, 50)
        let poly = line.stroked(StrokeStyle(width: 2, cap: .round), transform: t, tolerance: 0.1)
        // Every point is within the tolerance of a circle of radius 50 about a device end point:
        // the corners on it, the caps' inner points just outside (balanced chords, see `arc`).
        var outside = 0
        for q in poly.points {
            let r = min(q.distance(to: Point(0, 0)), q.distance(to: Point(50, 0)))
            #expect(abs(r - 50) <= 0.1, "\(q): \(r)")
            #expect(r >= 50 - 1e-9)
            if r > 50 + 1e-3 { outside += 1 }
        }
        #expect(outside > 10)
        // Chord sagitta ≤ 1.5 × 0.1 / 1.25 (the stroker's share of the tolerance): the cap's
        // chords subtend at most 2·acos(1 − 0.12/50), on a circle at most 0.1 larger.
        let maxChord = 2 * 50.1 * sin(acos(1 - 0.12 / 50))
        let pts = Array(poly.contour(0))
        for k in pts.indices {
            let d = pts[k].distance(to: pts[(k + 1) % pts.count])
            #expect(d <= maxChord + 1e-9 || abs(d - 50) < 1e-9 || abs(d - 100) < 1e-9)
        }
    }

    // MARK: Bad input and scale

    @Test func zeroNegativeAndNonFiniteWidthsStrokeNothing() {
        let line = Self.polyline([Point(0, 0), Point(100, 0)])
        for w in [0, -3, .nan, .infinity] as [Double] {
            #expect(line.stroked(StrokeStyle(width: w, cap: .round)).points.isEmpty, "\(w)")
        }
        #expect(line.stroked(StrokeStyle(width: 1), transform: Transform(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0)).points.isEmpty)
    }

    @Test func randomAndNonFiniteInputNeverTrapsAndGivesFiniteOutput() {
        var rng = SeededRandom(seed: 42)
        let specials: [Double] = [.nan, .infinity, -.infinity, 1e9, -1e9, 1e300, 0, 1e-300]
        func coord() -> Double {
            rng.unit() < 0.1 ? specials[Int(rng.next() % UInt64(specials.count))] : rng.unit() * 200 - 100
        }
        for _ in 0 ..< 300 {
            var p = Path()
            for _ in 0 ..< Int(rng.next() % 12) {
                let q = Point(coord(), coord())
                switch rng.next() % 6 {
                case 0: p.move(to: q)
                case 1: p.line(to: q)
                case 2: p.quad(to: q, control: Point(coord(), coord()))
                case 3: p.cubic(to: q, control1: Point(coord(), coord()), control2: Point(coord(), coord()))
                case 4: p.close()
                default: p.addArc(center: q, radius: abs(coord()), startAngle: coord(), endAngle: coord(), clockwise: rng.next() % 2 == 0)
                }
            }
            let caps: [StrokeStyle.LineCap] = [.butt, .round, .square]
            let joins: [StrokeStyle.LineJoin] = [.miter, .round, .bevel]
            let style = StrokeStyle(width: abs(coord()) / 10, cap: caps[Int(rng.next() % 3)], join: joins[Int(rng.next() % 3)],
                                    miterLimit: coord(), dashes: rng.next() % 3 == 0 ? [abs(coord()), abs(coord())] : [],
                                    dashPhase: coord())
            let poly = p.stroked(style, transform: .scale(2, 3), tolerance: 0.25)
            #expect(poly.points.allSatisfy { $0.isFinite })
            #expect(poly.contourEnds.last ?? 0 == poly.points.count)
            _ = p.trimmed(from: rng.unit(), to: rng.unit())
            _ = p.flattened(transform: .scale(1e5, 1e5))
            _ = p.bounds
            _ = p.length
        }
    }

    @Test func aMillionSegmentPolylineStrokesInLinearTime() {
        var p = Path()
        p.reserveCapacity(1_000_001)
        p.move(to: .zero)
        for i in 1 ... 1_000_000 {
            p.line(to: Point(Double(i) * 0.01, (i & 1 == 0) ? 0 : 0.5))
        }
        let poly = p.stroked(StrokeStyle(width: 1, join: .round))
        #expect(poly.contourCount == 1)
        #expect(poly.points.count > 2_000_000)
    }
}
