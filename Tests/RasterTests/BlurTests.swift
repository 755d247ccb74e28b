import Foundation
@testable import Raster
import SplitMix
import Testing
import TestSupport

@Suite struct BlurTests {
    @Test func boxWidthsApproximateTheGaussianVariance() {
        for sigma in [1.0, 2.5, 4, 10, 33] {
            let w = Blur.boxWidths(sigma: sigma)
            #expect(w.count == 3 && w.allSatisfy { $0 % 2 == 1 })
            let variance = w.reduce(0.0) { $0 + (Double($1 * $1) - 1) / 12 }
            // Odd integer widths cannot hit small σ closely (σ = 1 gets 1, 1, 3 → 0.82).
            let tolerance = sigma < 2 ? 0.2 : 0.06
            #expect(abs(variance.squareRoot() - sigma) / sigma < tolerance, "σ \(sigma): got \(variance.squareRoot())")
        }
        #expect(Blur.boxWidths(sigma: 0).isEmpty && Blur.boxWidths(sigma: .nan).isEmpty)
    }

    @Test func blurredMaskSpreadsLikeAGaussianAndKeepsItsMass() {
        let m = Mask(width: 101, height: 101)!
        for y in 45..<56 { for x in 45..<56 { m[x, y] = 255 } }
        let mass0 = (0..<101).reduce(0) { s, y in s + (0..<101).reduce(0) { $0 + Int(m[$1, y]) } }
        m.blur(sigma: 6)
        var mass = 0.0, varX = 0.0
        for y in 0..<101 { for x in 0..<101 { let v = Double(m[x, y]); mass += v; varX += v * Double((x - 50) * (x - 50)) } }
        #expect(abs(mass - Double(mass0)) / Double(mass0) < 0.01)
        // Variance of the 11-px square (≈ 10) plus σ² = 36.
        let expected = (121.0 - 1) / 12 + 36
        #expect(abs(varX / mass - expected) / expected < 0.08, "variance \(varX / mass) vs \(expected)")
        #expect(m[50, 50] > m[60, 50] && m[60, 50] > m[70, 50])   // monotone falloff
    }

    @Test func blurredShadowUnderAShape() {
        let bmp = Bitmap(width: 120, height: 90)!
        let canvas = Canvas(bmp)
        canvas.clear(Color(hex: 0xF0F0F0))
        let shadow = Mask(width: 120, height: 90)!
        for y in 25..<70 { for x in 30..<95 { shadow[x, y] = 255 } }
        shadow.blur(sigma: 5)
        canvas.fill(mask: shadow, at: (4, 6), paint: .solid(Color(hex: 0x000000, alpha: 0.5)))
        canvas.fill(Polygons(contours: [[Point(30, 25), Point(95, 25), Point(95, 70), Point(30, 70)]]), paint: .solid(Color(hex: 0x4080F0)))
        #expect(Snapshot.verify(bmp, named: "blurredShadowUnderAShape") == nil)
    }

    @Test func bitmapBlurKeepsPixelsPremultiplied() {
        let bmp = Bitmap(width: 40, height: 30)!
        let canvas = Canvas(bmp)
        canvas.fill(Polygons(contours: [[Point(10, 8), Point(30, 8), Point(20, 24)]]), paint: .solid(Color(r: 1, g: 0.5, b: 0.2, a: 0.8)))
        bmp.blur(sigma: 3)
        for y in 0..<30 { for x in 0..<40 {
            let p = bmp[x, y]
            #expect(Pixel.r(p) <= Pixel.a(p) && Pixel.g(p) <= Pixel.a(p) && Pixel.b(p) <= Pixel.a(p))
        } }
        #expect(Pixel.a(bmp[20, 4]) > 0 && Pixel.a(bmp[20, 14]) > Pixel.a(bmp[20, 4]))
    }

    /// The blur walks only the non-zero bytes' box grown by its reach: random sparse shapes
    /// (touching the bitmap's edges or not) must blur to exactly the bytes the three passes over the
    /// whole bitmap give.
    @Test(arguments: [0.9, 1.2, 3.0, 9.5])
    func boundedBlurIsTheWholeImageBlurByteForByte(sigma: Double) {
        var r = SplitMix64(seed: 1528)
        let widths = Blur.boxWidths(sigma: sigma)
        for (ox, oy) in [(0, 0), (37, 11), (200 - 13, 150 - 9), (90, 150 - 9), (-1, -1)] {
            let bounded = Bitmap(width: 200, height: 150)!, whole = Bitmap(width: 200, height: 150)!
            for y in 0..<9 {
                for x in 0..<13 {
                    guard r.next() % 3 != 0 else { continue }
                    let a = UInt32(r.next() % 256), c = UInt32(r.next() % UInt64(a + 1))
                    // (-1, -1): two shapes at opposite corners.
                    let places = ox < 0 ? [(x, y), (200 - 13 + x, 150 - 9 + y)] : [(ox + x, oy + y)]
                    for (px, py) in places { bounded[px, py] = a << 24 | c << 16 | (c / 2) << 8 | c / 3 }
                }
            }
            for y in 0..<150 { for x in 0..<200 { whole[x, y] = bounded[x, y] } }
            bounded.blur(sigma: sigma)
            whole.pixels.withMemoryRebound(to: UInt8.self, capacity: whole.stride * 150 * 4) {
                Blur.blurAll($0, width: 200, height: 150, rowBytes: whole.stride * 4, channels: 4, widths: widths)
            }
            var differ = 0, nonZero = 0
            for y in 0..<150 {
                for x in 0..<200 {
                    if bounded[x, y] != whole[x, y] { differ += 1 }
                    if whole[x, y] != 0 { nonZero += 1 }
                }
            }
            #expect(differ == 0, "σ \(sigma), shape at (\(ox), \(oy)): \(differ) pixels differ")
            #expect(nonZero > 13 * 9, "the blur spread the shape")
        }
        let empty = Bitmap(width: 40, height: 30)!
        empty.blur(sigma: 4)
        #expect((0..<30).allSatisfy { y in (0..<40).allSatisfy { empty[$0, y] == 0 } })
    }
}
