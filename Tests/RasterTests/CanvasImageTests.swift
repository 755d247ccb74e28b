import Foundation
import Raster
import Testing
import TestSupport

@Suite struct CanvasImageTests {
    /// A 64×48 test card: quadrants, a diagonal and a translucent border.
    func testCard() -> Bitmap {
        let img = Bitmap(width: 64, height: 48)!
        for y in 0..<48 {
            for x in 0..<64 {
                var c = (x < 32) == (y < 24) ? Color(hex: 0xE04050) : Color(hex: 0x3070E0)
                if abs(x - y * 4 / 3) < 2 { c = .white }
                if x < 2 || y < 2 || x > 61 || y > 45 { c = Color(r: 1, g: 0.8, b: 0.1, a: 0.5) }
                img[x, y] = c.premultipliedPixel
            }
        }
        return img
    }

    @Test func integerTranslationCopiesPixelsExactly() {
        let img = testCard()
        let bmp = Bitmap(width: 80, height: 60)!
        Canvas(bmp).draw(img, transform: .translation(7, 5))
        #expect((0..<48).allSatisfy { y in (0..<64).allSatisfy { bmp[$0 + 7, y + 5] == img[$0, y] } })
        #expect(bmp[6, 5] == 0 && bmp[71, 5] == 0 && bmp[7, 4] == 0 && bmp[7, 53] == 0)
    }

    /// Whole rows of a frame drawn into a bitmap of their own (a compositor band's scratch), the
    /// image placed by the whole frame's transform and a whole-pixel shift, sample every interior
    /// pixel exactly as the whole frame does. (Rows only: the affine walk steps its 16.16
    /// coordinates from where a span begins, so a part cut left of the image's edge may differ by
    /// a level; bands are whole rows.)
    @Test func aShiftedDrawResamplesAsTheWholeFrameDoes() throws {
        let img = testCard()
        // Scaled 1.37 and turned a little: every pixel is resampled, with fractions in the weights.
        let t = Transform.scale(1.37, 1.37).concatenating(.rotation(0.05)).concatenating(.translation(13.3, 7.9))
        let whole = try #require(Bitmap(width: 120, height: 100))
        Canvas(whole).draw(img, transform: t)
        var compared = 0
        for (left, top) in [(0, 17), (0, 40), (0, 63), (0, 1)] {
            let part = try #require(Bitmap(width: 120, height: 30))
            Canvas(part).draw(img, transform: t, shift: (-left, -top))
            // Interior pixels (the outline's own coverage is rasterized in shifted coordinates).
            for y in 1..<29 { for x in 1..<119 {
                let wx = x + left, wy = y + top
                guard (1..<119).contains(wx), (1..<99).contains(wy),
                      [(0, 0), (-1, 0), (1, 0), (0, -1), (0, 1)].allSatisfy({ whole[wx + $0.0, wy + $0.1] >> 24 == 255 }) else { continue }
                compared += 1
                #expect(part[x, y] == whole[wx, wy], "(\(wx), \(wy)) with the part at (\(left), \(top))")
            } }
        }
        #expect(compared > 3000)
    }

    @Test func projectiveDrawOfAnAffineMatrixMatchesTheAffineDraw() {
        let img = testCard()
        let t = Transform.rotation(0.4).concatenating(.scale(1.3, 0.9)).concatenating(.translation(40, 10))
        let a = Bitmap(width: 120, height: 100)!, b = Bitmap(width: 120, height: 100)!
        Canvas(a).draw(img, transform: t, opacity: 0.8)
        Canvas(b).draw(img, projective: ProjectiveTransform(t), opacity: 0.8)
        var worst = 0
        for y in 0..<100 { for x in 0..<120 { for s in [0, 8, 16, 24] {
            worst = max(worst, abs(Int((a[x, y] >> UInt32(s)) & 0xFF) - Int((b[x, y] >> UInt32(s)) & 0xFF)))
        } } }
        #expect(worst <= 1)
    }

    @Test func perspectiveFlipOfABitmap() {
        // A card rotated 50° about its vertical axis with perspective (m34 = −1/300), centred.
        let img = testCard()
        let angle = 50 * Double.pi / 180, d = 300.0
        // x' = (x·cos)/(1 + x·sin/d) around the card's centre: project from 3D by hand.
        let cx = 32.0, cy = 24.0
        let toCentre = ProjectiveTransform(.translation(-cx, -cy))
        let rotate = ProjectiveTransform(m11: cos(angle), m12: 0, m13: sin(angle) / d,
                                         m21: 0, m22: 1, m23: 0, m31: 0, m32: 0, m33: 1)
        let place = ProjectiveTransform(Transform.scale(2, 2).concatenating(.translation(80, 60)))
        let bmp = Bitmap(width: 160, height: 120)!
        let canvas = Canvas(bmp)
        canvas.clear(Color(hex: 0x182028))
        canvas.draw(img, projective: toCentre.concatenating(rotate).concatenating(place), opacity: 0.9)
        #expect(Snapshot.verify(bmp, named: "perspectiveFlipOfABitmap", tolerance: 1) == nil)
    }

    @Test func partlyBehindTheEyeDrawsOnlyTheVisiblePartAndNeverTraps() {
        let img = testCard()
        let bmp = Bitmap(width: 50, height: 50)!
        // W goes negative for x > 20: the right part is behind the eye.
        let p = ProjectiveTransform(m11: 1, m12: 0, m13: -0.05, m21: 0, m22: 1, m23: 0, m31: 0, m32: 0, m33: 1)
        Canvas(bmp).draw(img, projective: p)
        Canvas(bmp).draw(img, projective: ProjectiveTransform(m11: .nan, m12: 0, m13: 0, m21: 0, m22: 1, m23: 0, m31: 0, m32: 0, m33: 1))
        Canvas(bmp).draw(img, transform: Transform(a: 0, b: 0, c: 0, d: 0, tx: 0, ty: 0))
        Canvas(bmp).draw(img, transform: .translation(9.2e18, -9.2e18))
        Canvas(bmp).draw(img, transform: .translation(.nan, 3))
        #expect(bmp[5, 10] != 0)
    }
}

extension CanvasImageTests {
    /// The whole-pixel fast path gives what the general sampler gives, with opacity, a view
    /// origin and a clip mask, including an image hanging off the canvas.
    @Test func wholePixelTranslationMatchesTheGeneralPath() {
        let img = testCard()
        func render(_ projective: Bool) -> Bitmap {
            let bmp = Bitmap(width: 90, height: 70)!
            var canvas = Canvas(bmp.view(PixelRect(x: 3, y: 2, width: 80, height: 60)))
            canvas.clear(Color(hex: 0x405060))
            canvas.clip(toRoundedRect: Rect(x: 0, y: 0, width: 80, height: 60), cornerRadius: 20)
            let t = Transform.translation(30, -7)
            if projective { canvas.draw(img, projective: ProjectiveTransform(t), opacity: 0.7) }
            else { canvas.draw(img, transform: t, opacity: 0.7) }
            return bmp
        }
        let a = render(false), b = render(true)
        #expect((0..<70).allSatisfy { y in (0..<90).allSatisfy { a[$0, y] == b[$0, y] } })
        #expect(a[40, 20] != Color(hex: 0x405060).premultipliedPixel && a[0, 0] == 0)
    }
}
