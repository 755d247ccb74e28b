import Foundation
@testable import Raster
import SplitMix
import Testing

/// The fixed-point sweep (Rasterizer+Fixed.swift) that fills single convex contours: within one
/// level of the floating-point sweep it replaced, at the rounding limit of the exact area, and
/// keeping to the clip and the span contract at its extremes.
struct RasterizerFixedTests {
    /// A random convex polygon: points on an ellipse at increasing angles, some sides horizontal
    /// or vertical, sizes from under a pixel to 60 px, anywhere in (and partly outside) 96×80.
    func convexPolygon(_ rng: inout SplitMix64) -> [Point] {
        func unit() -> Double { Double(rng.next() % 1_000_000) / 1_000_000 }
        let cx = -10 + unit() * 116, cy = -10 + unit() * 100
        let rx = 0.2 + unit() * 30, ry = 0.2 + unit() * 30, tilt = unit() * Double.pi
        let n = 3 + Int(rng.next() % 40)
        var angles = (0 ..< n).map { _ in unit() * 2 * Double.pi }
        angles.sort()
        var pts: [Point] = []
        for a in angles {
            let x = rx * cos(a), y = ry * sin(a)
            pts.append(Point(cx + x * cos(tilt) - y * sin(tilt), cy + x * sin(tilt) + y * cos(tilt)))
        }
        if rng.next() % 4 == 0 {   // pixel-aligned corners: edges on cell sides
            pts = pts.map { Point($0.x.rounded(), $0.y.rounded()) }
        }
        return rng.next() % 2 == 0 ? pts : pts.reversed()
    }

    /// Whether the polygon turns one way only (straight corners allowed).
    func isConvex(_ p: [Point]) -> Bool {
        var pos = false, neg = false
        for i in 0 ..< p.count {
            let a = p[i], b = p[(i + 1) % p.count], c = p[(i + 2) % p.count]
            let t = (b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x)
            if t > 0 { pos = true } else if t < 0 { neg = true }
        }
        return !(pos && neg)
    }

    func fill(_ contours: [[Point]], rule: FillRule, clip: PixelRect, float: Bool, width: Int = 96, height: Int = 80) -> CoverageGrid {
        let r = Rasterizer()
        r.floatSweep = float
        var grid = CoverageGrid(width: width, height: height)
        r.fill(Polygons(contours: contours), rule: rule, clip: clip, into: &grid)
        return grid
    }

    @Test func theFixedSweepIsWithinOneLevelOfTheFloatSweepAndAtTheRoundingLimit() {
        var rng = SplitMix64(seed: 3737)
        var differing = 0, pixels = 0, worstExact = 0.0
        for k in 0 ..< 300 {
            let poly = convexPolygon(&rng)
            let clip = k % 3 == 0 ? PixelRect(x: 7, y: 5, width: 70, height: 60) : PixelRect(x: 0, y: 0, width: 96, height: 80)
            let rule: FillRule = k % 2 == 0 ? .nonZero : .evenOdd
            let fixed = fill([poly], rule: rule, clip: clip, float: false)
            let float = fill([poly], rule: rule, clip: clip, float: true)
            #expect(fixed.violations == 0 && float.violations == 0)
            for i in 0 ..< fixed.cov.count where fixed.cov[i] != float.cov[i] {
                differing += 1
                #expect(abs(Int(fixed.cov[i]) - Int(float.cov[i])) <= 1, "polygon \(k) pixel \(i): \(fixed.cov[i]) against \(float.cov[i])")
            }
            // Against the exact area of each pixel: the byte is the exact value rounded, give or
            // take the 2⁻²⁵ px the rounded coordinates move (about 1e-5 levels). (Rounded corners
            // may fold a polygon over itself, where the exact area below does not apply.)
            guard isConvex(poly) else { continue }
            for y in clip.y0 ..< clip.y1 {
                for x in clip.x0 ..< clip.x1 {
                    let exact = exactPixelArea(poly, x, y) * 255
                    worstExact = max(worstExact, abs(Double(fixed[x, y]) - exact))
                    pixels += 1
                }
            }
        }
        #expect(worstExact <= 0.5 + 0.001, "worst pixel \(worstExact) levels from the exact area")
        // Bytes move only where the value lies within ~1e-5 of a rounding boundary.
        #expect(differing * 10000 <= pixels, "\(differing) of \(pixels) pixels differ")
    }

    @Test func aFillCutIntoBandsIsTheWholeFillAndIntoRectanglesAlmost() {
        // The frame driver draws a frame in bands (threads) or damage rectangles and expects the
        // whole frame's bytes. Bands cut rows: an edge cut at a band's top starts where the whole
        // edge crosses that row, to the bit (`addLine`), and the rows below are within 1e-12 px
        // of it, so the bytes are the same. A rectangle's left and right sides also cut edges
        // within a row, where the whole fill splits a piece's height at the cell side in
        // integers and the cut fill at the clipper's `Double` crossing, a few 2⁻²⁴ px apart: a
        // byte in the rectangle's first or last column can differ by 1 where the coverage lies
        // on a rounding tie (a pixel-aligned polygon's 5/6 is 212.5 levels).
        var rng = SplitMix64(seed: 99)
        let whole = PixelRect(x: 0, y: 0, width: 96, height: 80)
        var bandPixels = 0, sidePixels = 0, sideDiffering = 0
        for k in 0 ..< 200 {
            let poly = convexPolygon(&rng)
            let reference = fill([poly], rule: .nonZero, clip: whole, float: false)
            for band in (0 ..< 5).map({ PixelRect(x: 0, y: $0 * 16, width: 96, height: 16) }) {
                let part = fill([poly], rule: .nonZero, clip: band, float: false)
                for y in band.y0 ..< band.y1 {
                    for x in band.x0 ..< band.x1 {
                        #expect(part[x, y] == reference[x, y], "polygon \(k) band \(band) pixel (\(x), \(y))")
                        if part[x, y] != 0 && part[x, y] != 255 { bandPixels += 1 }
                    }
                }
            }
            for _ in 0 ..< 4 {
                let x0 = Int(rng.next() % 80), y0 = Int(rng.next() % 64)
                let rect = PixelRect(x: x0, y: y0, width: 1 + Int(rng.next() % UInt64(96 - x0)), height: 1 + Int(rng.next() % UInt64(80 - y0)))
                let part = fill([poly], rule: .nonZero, clip: rect, float: false)
                for y in rect.y0 ..< rect.y1 {
                    for x in rect.x0 ..< rect.x1 {
                        let side = x == rect.x0 || x == rect.x1 - 1
                        if side && part[x, y] != 0 && part[x, y] != 255 { sidePixels += 1 }
                        guard part[x, y] != reference[x, y] else { continue }
                        #expect(side && abs(Int(part[x, y]) - Int(reference[x, y])) == 1, "polygon \(k) rect \(rect) pixel (\(x), \(y))")
                        sideDiffering += 1
                    }
                }
            }
        }
        #expect(bandPixels > 10000)   // not vacuous: many edge pixels compared
        #expect(sideDiffering * 200 <= sidePixels, "\(sideDiffering) of \(sidePixels) edge pixels in a rectangle's side columns differ")
    }

    @Test func pixelAlignedShapesAreWholeLevels() {
        // A rectangle on pixel sides, one a quarter-pixel in, and a sliver narrower than a pixel.
        let rect = fill([[Point(10, 10), Point(30, 10), Point(30, 20), Point(10, 20)]], rule: .nonZero,
                        clip: PixelRect(x: 0, y: 0, width: 96, height: 80), float: false)
        #expect(rect[10, 10] == 255 && rect[29, 19] == 255 && rect[9, 10] == 0 && rect[30, 10] == 0 && rect[10, 20] == 0)
        #expect(rect.cov.reduce(0) { $0 + Int($1) } == 200 * 255)
        let quarter = fill([[Point(10.25, 10), Point(30, 10), Point(30, 20.75), Point(10.25, 20.75)]], rule: .nonZero,
                           clip: PixelRect(x: 0, y: 0, width: 96, height: 80), float: false)
        #expect(quarter[10, 12] == 191 && quarter[15, 20] == 191 && quarter[10, 20] == 143)   // ¾·255 = 191.25, 9/16·255 = 143.4
        let sliver = fill([[Point(40.3, 5), Point(40.6, 5), Point(40.6, 50), Point(40.3, 50)]], rule: .nonZero,
                          clip: PixelRect(x: 0, y: 0, width: 96, height: 80), float: false)
        #expect(sliver[40, 20] == 77 && sliver[39, 20] == 0 && sliver[41, 20] == 0)   // 0.3·255 = 76.5 rounds up
    }

    @Test func edgesPastTheClipFoldOntoItsLeftSideAndStopAtItsRight() {
        // A triangle far wider than the clip: left of the clip it counts as the clip's left side
        // (full coverage there), right of it nothing is reported.
        let tri = [Point(-500, 10), Point(600, 40), Point(-500, 70)]
        let clip = PixelRect(x: 20, y: 0, width: 50, height: 80)
        let fixed = fill([tri], rule: .nonZero, clip: clip, float: false)
        let float = fill([tri], rule: .nonZero, clip: clip, float: true)
        #expect(fixed.violations == 0)
        for y in 0 ..< 80 {
            for x in 0 ..< 96 {
                #expect(abs(Int(fixed[x, y]) - Int(float[x, y])) <= 1)
                if x < 20 || x >= 70 { #expect(fixed[x, y] == 0) }
            }
        }
        #expect(fixed[20, 40] == 255 && fixed[69, 40] == 255 && fixed[20, 5] == 0)
    }

    @Test func aShapeOnTheLargestClipKeepsItsArea() {
        // Coordinates near 65536 px: the 24-bit products stay in range and the area is kept.
        let big = regularPolygon(center: Point(65000.3, 65000.7), radius: 300, sides: 64)
        struct Sum: SpanSink {
            var total = 0, violations = 0
            mutating func solidSpan(y: Int, x: Int, count: Int, coverage: UInt8) { total += count * Int(coverage); if x + count > 65536 || y >= 65536 { violations += 1 } }
            mutating func maskSpan(y: Int, x: Int, coverage: UnsafePointer<UInt8>, count: Int) {
                for i in 0 ..< count { total += Int(coverage[i]) }
                if x + count > 65536 || y >= 65536 { violations += 1 }
            }
        }
        var sum = Sum()
        Rasterizer().fill(Polygons(contours: [big]), rule: .nonZero, clip: PixelRect(x: 0, y: 0, width: 65536, height: 65536), into: &sum)
        let exact = abs(shoelace(big)) * 255
        #expect(sum.violations == 0)
        #expect(abs(Double(sum.total) - exact) <= 1e-4 * exact, "\(sum.total) against \(exact)")
    }

    @Test func quantizingInIntegersIsTheFloatRule() {
        let r = Rasterizer()
        var rng = SplitMix64(seed: 7)
        for _ in 0 ..< 20000 {
            // Coverages in −3…3 px², away from rounding boundaries (where Float's own rounding decides).
            let v = Int64(rng.next() % (6 << 49)) - (3 << 49)
            let c = Double(v) / Double(1 << 49)
            let frac = (abs(c).truncatingRemainder(dividingBy: 1) * 255 + 0.5).truncatingRemainder(dividingBy: 1)
            guard frac > 1e-3 && frac < 1 - 1e-3 else { continue }
            for rule in [FillRule.nonZero, .evenOdd] {
                #expect(Rasterizer.quantizeFixed(v, rule) == r.quantize(Float(c), rule), "\(c) \(rule)")
            }
        }
        #expect(Rasterizer.quantizeFixed(1 << 49, .evenOdd) == 255 && Rasterizer.quantizeFixed(2 << 49, .evenOdd) == 0)
        #expect(Rasterizer.quantizeFixed(-(1 << 49), .nonZero) == 255 && Rasterizer.quantizeFixed(5 << 49, .nonZero) == 255)
    }
}
