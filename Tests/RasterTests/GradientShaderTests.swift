import Foundation
@testable import Raster
import Testing
import TestSupport

@Suite struct GradientShaderTests {
    func rect(_ w: Double, _ h: Double) -> Path {
        var p = Path()
        p.move(to: Point(0, 0)); p.line(to: Point(w, 0)); p.line(to: Point(w, h)); p.line(to: Point(0, h)); p.close()
        return p
    }
    let stops = [Color(hex: 0xE63946), Color(hex: 0xF1C453), Color(hex: 0x2A9D8F), Color(hex: 0x264653)]
    let locations = [0.0, 0.15, 0.7, 1.0]

    func render(_ g: Gradient, width: Int = 256, height: Int = 160) -> Bitmap {
        let bmp = Bitmap(width: width, height: height)!
        Canvas(bmp).fill(rect(Double(width), Double(height)), paint: .gradient(g))
        return bmp
    }

    @Test func linearGradientWithLocations() {
        let bmp = render(Gradient(kind: .linear, colors: stops, locations: locations,
                                  startPoint: Point(20, 20), endPoint: Point(236, 140)))
        #expect(Snapshot.verify(bmp, named: "linearGradientWithLocations") == nil)
    }
    @Test func radialGradientWithLocations() {
        let bmp = render(Gradient(kind: .radial, colors: stops, locations: locations,
                                  startPoint: Point(128, 80), endPoint: Point(238, 150)))
        #expect(Snapshot.verify(bmp, named: "radialGradientWithLocations") == nil)
    }
    @Test func conicGradientWithLocations() {
        let bmp = render(Gradient(kind: .conic, colors: stops + [stops[0]], locations: [0, 0.15, 0.5, 0.8, 1],
                                  startPoint: Point(128, 80), endPoint: Point(128, 0)))
        #expect(Snapshot.verify(bmp, named: "conicGradientWithLocations") == nil)
    }

    @Test func gradientFillsAShapesCoverageUnderATransform() {
        let bmp = Bitmap(width: 200, height: 200)!
        var star = Path()
        for i in 0..<10 {
            let r = i % 2 == 0 ? 1.0 : 0.45, a = -Double.pi / 2 + Double(i) * Double.pi / 5
            let p = Point(r * cos(a), r * sin(a))
            if i == 0 { star.move(to: p) } else { star.line(to: p) }
        }
        star.close()
        let t = Transform.scale(85, 85).concatenating(.rotation(0.2)).concatenating(.translation(100, 104))
        let canvas = Canvas(bmp)
        canvas.clear(Color(hex: 0x101820))
        canvas.fill(star, transform: t, paint: .gradient(Gradient(colors: [Color(hex: 0x00FF80), Color(hex: 0xFF00FF, alpha: 0.6)],
                                                                   startPoint: Point(-1, -1), endPoint: Point(1, 1))))
        #expect(Snapshot.verify(bmp, named: "gradientFillsAShapesCoverageUnderATransform") == nil)
    }

    @Test func stopsLandAtTheirLocationsAndPadOutside() {
        // Horizontal ramp over x ∈ [100, 1100]: t = (x + 0.5 − 100) / 1000 at pixel x.
        let g = Gradient(colors: [Color(hex: 0xFF0000), Color(hex: 0x00FF00), Color(hex: 0x0000FF)], locations: [0, 0.2, 1],
                         startPoint: Point(100, 0), endPoint: Point(1100, 0))
        let bmp = render(g, width: 1200, height: 2)
        #expect(bmp[10, 0] == Color(hex: 0xFF0000).premultipliedPixel)      // padded before the start
        #expect(bmp[1150, 1] == Color(hex: 0x0000FF).premultipliedPixel)    // padded after the end
        let atStop = bmp[299, 0]                                            // t = 0.1995 ≈ 0.2
        #expect(Pixel.g(atStop) >= 253 && Pixel.r(atStop) <= 2 && Pixel.b(atStop) <= 2)
        let mid = bmp[199, 0]                                               // t ≈ 0.1: halfway red → green
        #expect(abs(Int(Pixel.r(mid)) - 128) <= 2 && abs(Int(Pixel.g(mid)) - 128) <= 2)
    }

    @Test func defaultLocationsAreEvenlySpacedAndMismatchedOnesIgnored() {
        let colors = [Color(hex: 0x000000), Color(hex: 0xFFFFFF), Color(hex: 0x000000)]
        let a = render(Gradient(colors: colors, startPoint: Point(0, 0), endPoint: Point(256, 0)), width: 256, height: 1)
        let b = render(Gradient(colors: colors, locations: [0, 1], startPoint: Point(0, 0), endPoint: Point(256, 0)), width: 256, height: 1)
        #expect(Pixel.r(a[128, 0]) >= 253)
        #expect((0..<256).allSatisfy { a[$0, 0] == b[$0, 0] })
    }

    @Test func translucentStopsInterpolateStraightColourAsCoreGraphics() {
        // clear (transparent black) → white: the middle is half-transparent grey, premultiplied ≈ (64, 64, 64, 128).
        let bmp = render(Gradient(colors: [.clear, .white], startPoint: Point(0, 0), endPoint: Point(256, 0)), width: 256, height: 1)
        let p = bmp[128, 0]
        #expect(abs(Int(Pixel.a(p)) - 128) <= 1 && abs(Int(Pixel.r(p)) - 64) <= 1)
    }

    /// An 8-bit ramp between two close colours across 1920 px: without dither each of the 16
    /// steps would be a band 120 px wide. Even a perfect dither leaves one long run where the
    /// ramp crosses an exact 8-bit level: with slope r levels/px, the first pixel to flip comes
    /// where the accumulated fraction r·x²/2 reaches 1, on both sides, so the ideal longest run is
    /// 2·√(2/r) ≈ 31 px here. Dithered runs must stay within 1.5× of that, and 64-px averages
    /// must follow the exact ramp.
    @Test func slowRampAcross1920PixelsDoesNotBand() {
        let g = Gradient(colors: [Color(hex: 0x304050), Color(hex: 0x405060)], startPoint: Point(0, 0), endPoint: Point(1920, 0))
        let bmp = render(g, width: 1920, height: 8)
        for y in 0..<8 {
            var longest = 1, run = 1
            for x in 1..<1920 {
                if Pixel.r(bmp[x, y]) == Pixel.r(bmp[x - 1, y]) { run += 1; longest = max(longest, run) } else { run = 1 }
            }
            let ideal = 2 * (2 / (16.0 / 1920)).squareRoot()
            #expect(Double(longest) <= 1.5 * ideal, "row \(y): longest run \(longest) px, ideal \(ideal) (undithered: 120)")
            for x0 in stride(from: 0, to: 1920, by: 64) {
                var sum = 0.0
                for x in x0..<x0 + 64 { sum += Double(Pixel.r(bmp[x, y])) }
                let ideal = 48 + 16 * (Double(x0) + 32) / 1920
                #expect(abs(sum / 64 - ideal) < 0.5, "row \(y) at \(x0): mean \(sum / 64) vs \(ideal)")
            }
        }
        // Deterministic: the same pixels on a second render.
        let again = render(g, width: 1920, height: 8)
        #expect((0..<8).allSatisfy { y in (0..<1920).allSatisfy { bmp[$0, y] == again[$0, y] } })
    }

    @Test func degenerateGradientsPaintTheLastColourOrNothing() {
        let same = render(Gradient(colors: [.black, .white], startPoint: Point(5, 5), endPoint: Point(5, 5)), width: 8, height: 8)
        #expect(same[0, 0] == Color.white.premultipliedPixel)
        let none = render(Gradient(colors: [], startPoint: Point(0, 0), endPoint: Point(8, 8)), width: 8, height: 8)
        #expect(none[3, 3] == 0)
        let nan = render(Gradient(colors: [.black, .white], locations: [.nan, .nan], startPoint: Point(0, 0), endPoint: Point(.nan, 8)), width: 8, height: 8)
        #expect(nan[3, 3] == Color.white.premultipliedPixel)
    }
}

extension GradientShaderTests {
    @Test func gradientGeometryFollowsThePathTransform() {
        // User space: ramp over x ∈ [0, 100]; device = user × 2 + (10, 0) → ramp over [10, 210].
        let bmp = Bitmap(width: 240, height: 4)!
        let t = Transform.scale(2, 2).concatenating(.translation(10, 0))
        Canvas(bmp).fill(rect(120, 2), transform: t,
                         paint: .gradient(Gradient(colors: [.black, .white], startPoint: Point(0, 0), endPoint: Point(100, 0))))
        #expect(Pixel.r(bmp[5, 1]) == 0)                       // outside the shape: untouched (transparent)
        #expect(Pixel.r(bmp[10, 1]) <= 1)
        #expect(abs(Int(Pixel.r(bmp[110, 1])) - 128) <= 1)     // centre of the ramp
        #expect(Pixel.r(bmp[215, 1]) == 255 && Pixel.a(bmp[215, 1]) == 255)
    }
}

extension GradientShaderTests {
    /// Radial and conic gradients are evaluated four pixels at a time in `Float` lanes; each pixel
    /// must stay within the bound the double-precision per-pixel evaluation had: a black-to-white
    /// ramp's level differs from 255·t (t from libm's hypot and atan2 at the pixel centre) by at
    /// most the LUT's half step (0.125) plus the dither (< 1), whatever the span's length or start.
    @Test func radialAndConicStayWithinTheDitherOfTheExactRamp() {
        let ramp = [Color(hex: 0x000000), Color(hex: 0xFFFFFF)]
        let cases: [(Gradient, Transform)] = [
            (Gradient(kind: .radial, colors: ramp, startPoint: Point(131.3, 77.9), endPoint: Point(251.3, 197.9)), .identity),
            (Gradient(kind: .radial, colors: ramp, startPoint: Point(40, 30), endPoint: Point(240, 90)), .identity),
            (Gradient(kind: .conic, colors: ramp, startPoint: Point(128.2, 80.7), endPoint: Point(200, 10)), .identity),
            (Gradient(kind: .conic, colors: ramp, startPoint: Point(0, 0), endPoint: Point(1, 0)),
             Transform.rotation(0.3).concatenating(.translation(100.5, 60))),
        ]
        for (g, t) in cases {
            let bmp = Bitmap(width: 257, height: 161)!
            let inv = t.inverted!
            Canvas(bmp).fill(rect(257, 161).applying(inv), transform: t, paint: .gradient(g))   // the whole bitmap
            var worst = 0.0
            for y in 0..<161 {
                for x in 0..<257 {
                    let p = inv.apply(Point(Double(x) + 0.5, Double(y) + 0.5))
                    let dx = p.x - g.startPoint.x, dy = p.y - g.startPoint.y
                    var exact: Double
                    if g.kind == .radial {
                        let rx = abs(g.endPoint.x - g.startPoint.x), ry = abs(g.endPoint.y - g.startPoint.y)
                        exact = min(1, ((dx / rx) * (dx / rx) + (dy / ry) * (dy / ry)).squareRoot())
                    } else {
                        let ax = g.endPoint.x - g.startPoint.x, ay = g.endPoint.y - g.startPoint.y
                        exact = (atan2(ax * dy - ay * dx, ax * dx + ay * dy) / (2 * Double.pi))
                        if exact < 0 { exact += 1 }
                        if exact > 0.999 || exact < 0.001 { continue }   // the seam: 0 and 1 meet
                    }
                    worst = max(worst, abs(Double(Pixel.r(bmp[x, y])) - 255 * exact))
                }
            }
            #expect(worst <= 1.13, "\(g.kind): worst \(worst) levels from the exact ramp")
        }
    }

    /// The conic's index is round(1023 · atan2(v, u) / 2π) (the angle in 0..<2π) to within one
    /// entry, one way round the seam where 0 and 1023 meet, for every input: signed zeros,
    /// infinities, subnormals, huge and random coordinates; (0, 0) and NaN give 0.
    @Test func conicIndicesFollowTheExactAngle() {
        let special: [Float] = [0, -0, 1, -1, .infinity, -.infinity, .leastNonzeroMagnitude, -.leastNonzeroMagnitude,
                                .greatestFiniteMagnitude, -.greatestFiniteMagnitude, 1e-30, -3.5, 1e30]
        var pairs: [(Float, Float)] = special.flatMap { u in special.map { (u, $0) } }
        var rng = SeededRandom(seed: 47)
        for _ in 0..<100_000 { pairs.append((Float.random(in: -2000...2000, using: &rng), Float.random(in: -2000...2000, using: &rng))) }
        for k in 0..<4096 {   // every direction, the half-quadrant boundaries included
            let angle = Double(k) / 4096 * 2 * Double.pi
            pairs.append((Float(cos(angle) * 300), Float(sin(angle) * 300)))
        }
        while pairs.count % 4 != 0 { pairs.append((1, 0)) }
        var worst = 0.0
        for i in stride(from: 0, to: pairs.count, by: 4) {
            let u = SIMD4<Float>(pairs[i].0, pairs[i + 1].0, pairs[i + 2].0, pairs[i + 3].0)
            let v = SIMD4<Float>(pairs[i].1, pairs[i + 1].1, pairs[i + 2].1, pairs[i + 3].1)
            let got = GradientShader.conicIndices(u, v)
            for l in 0..<4 {
                let (x, y) = (Double(u[l]), Double(v[l]))
                if (x == 0 && y == 0) || (x.isInfinite && y.isInfinite) {
                    #expect(got[l] == 0, "(\(x), \(y)) gives \(got[l])")
                    continue
                }
                var turn = atan2(y, x) / (2 * Double.pi)
                if turn < 0 { turn += 1 }
                let want = turn * 1023, d = abs(Double(got[l]) - want)
                let off = min(d, abs(d - 1023))                       // 0 and 1023 are the seam's two sides
                worst = max(worst, off)
                if off > 0.52 { Issue.record("(\(x), \(y)): index \(got[l]), exact \(want)"); return }
            }
        }
        #expect(worst > 0.4)   // rounding was exercised
        #expect(GradientShader.conicIndices(SIMD4(repeating: .nan), SIMD4(1, .nan, 0, -1)) == .zero)
    }

    /// A vertical linear gradient (one colour per row) copies its first 64 pixels along a row,
    /// the dither's period: a 301-px-wide fill gives the bytes of the same fill made in strips
    /// of at most 64 pixels (each shaded pixel by pixel), padded ends and tilted axes included.
    @Test func rowsOfOneColourGiveThePixelByPixelBytes() throws {
        let w = 301, h = 90
        for (start, end) in [(Point(0, 5), Point(0, 80)), (Point(10, -40), Point(10, 30)), (Point(3, 60), Point(3, 20))] {
            let g = Gradient(colors: [Color(hex: 0x203060), Color(hex: 0xE08040), Color(hex: 0x40C0A0)], startPoint: start, endPoint: end)
            let whole = try #require(Bitmap(width: w, height: h)), strips = try #require(Bitmap(width: w, height: h))
            var all = Path()
            all.addRect(Rect(x: 0, y: 0, width: Double(w), height: Double(h)))
            Canvas(whole).fill(all, paint: .gradient(g))
            for x0 in stride(from: 0, to: w, by: 60) {
                var strip = Path()
                strip.addRect(Rect(x: Double(x0), y: 0, width: Double(min(60, w - x0)), height: Double(h)))
                Canvas(strips).fill(strip, paint: .gradient(g))
            }
            let differing = (0..<h).reduce(0) { n, y in n + (0..<w).filter { whole[$0, y] != strips[$0, y] }.count }
            #expect(differing == 0, "\(start) → \(end): \(differing) pixels differ")
            // Not vacuous: the dither varies along rows.
            #expect((0..<h).filter { y in Set((0..<w).map { whole[$0, y] }).count > 1 }.count > h / 4)
        }
    }
}
