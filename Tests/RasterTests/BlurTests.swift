import Foundation
import Raster
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
}
