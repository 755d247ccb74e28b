import Foundation
import Raster
import Testing
import TestSupport

@Suite struct CanvasTests {
    /// Thousands of random polygons — some with NaN, ±inf or ±1e9 coordinates — drawn through a
    /// view in the middle of a guard-banded bitmap with solid and gradient paint: the guard band
    /// stays untouched, and nothing traps.
    @Test func randomPolygonsNeverWriteOutsideTheView() {
        let guardPixel: UInt32 = 0xDEAD_BEEF
        let big = Bitmap(width: 96, height: 80)!
        big.clear(guardPixel)
        let inner = PixelRect(x: 20, y: 16, width: 50, height: 40)
        big.clear(inner, to: 0)
        let canvas = Canvas(big.view(inner))
        var rng = SeededRandom(seed: 2026)
        let specials: [Double] = [.nan, .infinity, -.infinity, 1e9, -1e9, 1e300, -0.0, 49.999999, 50.000001]
        for i in 0..<4000 {
            var poly = Polygons()
            for _ in 0..<(1 + Int(rng.next() % 3)) {
                for _ in 0..<(Int(rng.next() % 7)) {
                    func coord() -> Double {
                        switch rng.next() % 10 {
                        case 0: return specials[Int(rng.next() % UInt64(specials.count))]
                        case 1: return (rng.unit() - 0.5) * 2e4
                        default: return rng.unit() * 90 - 20
                        }
                    }
                    poly.line(to: Point(coord(), coord()))
                }
                poly.closeContour()
            }
            let paint: Paint = i % 2 == 0
                ? .solid(Color(r: rng.unit(), g: rng.unit(), b: rng.unit(), a: rng.unit()))
                : .gradient(Gradient(kind: [.linear, .radial, .conic][i % 3], colors: [.white, Color(hex: 0x336699, alpha: 0.5)],
                                     startPoint: Point(rng.unit() * 50, rng.unit() * 40), endPoint: Point(rng.unit() * 50, 1e9 * rng.unit())))
            canvas.fill(poly, rule: i % 3 == 0 ? .evenOdd : .nonZero, paint: paint, opacity: rng.unit() * 1.2)
        }
        var touched = 0
        for y in 0..<big.height {
            for x in 0..<big.width {
                let inside = x >= inner.x0 && x < inner.x1 && y >= inner.y0 && y < inner.y1
                if !inside { #expect(big[x, y] == guardPixel, "guard pixel (\(x), \(y)) changed") }
                else if big[x, y] != 0 { touched += 1 }
            }
        }
        #expect(touched > 1000)   // the view itself was painted
    }

    @Test func viewCoordinatesStartAtTheViewsCorner() {
        let big = Bitmap(width: 20, height: 20)!
        let canvas = Canvas(big.view(PixelRect(x: 5, y: 6, width: 10, height: 10)))
        canvas.fill(Polygons(contours: [[Point(0, 0), Point(2, 0), Point(2, 2), Point(0, 2)]]), paint: .solid(.white))
        #expect(big[5, 6] == 0xFFFF_FFFF && big[6, 7] == 0xFFFF_FFFF && big[7, 8] == 0 && big[4, 6] == 0)
    }

    @Test func opacityAndTranslucentPaintCompositeOverTheBackground() {
        let bmp = Bitmap(width: 4, height: 1)!
        let canvas = Canvas(bmp)
        canvas.clear(Color(hex: 0x0000FF))
        canvas.fill(Polygons(contours: [[Point(0, 0), Point(4, 0), Point(4, 1), Point(0, 1)]]),
                    paint: .solid(Color(hex: 0xFF0000)), opacity: 0.5)
        let p = bmp[2, 0]
        #expect(abs(Int(Pixel.r(p)) - 128) <= 1 && abs(Int(Pixel.b(p)) - 127) <= 1 && Pixel.a(p) == 255)
        canvas.fill(Polygons(contours: [[Point(0, 0), Point(4, 0), Point(4, 1), Point(0, 1)]]), paint: .solid(.white), opacity: 0)
        #expect(bmp[2, 0] == p)
    }

    @Test func fillThroughAMaskUsesTheMaskAsCoverage() {
        let m = Mask(width: 3, height: 1)!
        m[0, 0] = 255; m[1, 0] = 128; m[2, 0] = 0
        let bmp = Bitmap(width: 6, height: 2)!
        Canvas(bmp).fill(mask: m, at: (2, 1), paint: .solid(.white))
        #expect(bmp[2, 1] == 0xFFFF_FFFF && Pixel.a(bmp[3, 1]) == 128 && bmp[4, 1] == 0 && bmp[2, 0] == 0 && bmp[1, 1] == 0)
        Canvas(bmp).fill(mask: m, at: (Int.max, Int.min), paint: .solid(.white))
    }

    @Test func roundedRectClipMasksLaterDrawing() {
        let bmp = Bitmap(width: 160, height: 120)!
        var canvas = Canvas(bmp)
        canvas.clear(Color(hex: 0x202830))
        canvas.clip(toRoundedRect: Rect(x: 20.5, y: 15, width: 120, height: 90), cornerRadius: 28)
        canvas.fill(Polygons(contours: [[Point(0, 0), Point(160, 0), Point(160, 120), Point(0, 120)]]),
                    paint: .gradient(Gradient(colors: [Color(hex: 0xFFB000), Color(hex: 0xD02060)],
                                              startPoint: Point(0, 0), endPoint: Point(160, 120))))
        // Drawing again with a second, intersecting clip (a circle-ish rounded square) multiplies the masks.
        canvas.clip(toRoundedRect: Rect(x: 60, y: 40, width: 100, height: 100), cornerRadius: 50)
        canvas.fill(Polygons(contours: [[Point(0, 0), Point(160, 0), Point(160, 120), Point(0, 120)]]),
                    paint: .solid(Color(hex: 0x20A0FF, alpha: 0.7)))
        #expect(bmp[22, 17] == Color(hex: 0x202830).premultipliedPixel)   // outside the corner arc
        #expect(bmp[5, 60] == Color(hex: 0x202830).premultipliedPixel)
        #expect(Snapshot.verify(bmp, named: "roundedRectClipMasksLaterDrawing") == nil)
    }

    @Test func clearOnlyTouchesTheClip() {
        let bmp = Bitmap(width: 8, height: 8)!
        var canvas = Canvas(bmp)
        canvas.clip = PixelRect(x: 2, y: 2, width: 3, height: 3)
        canvas.clear(.white)
        #expect(bmp[2, 2] == 0xFFFF_FFFF && bmp[4, 4] == 0xFFFF_FFFF && bmp[5, 4] == 0 && bmp[1, 2] == 0)
    }

    @Test func pathFillMatchesPolygonFill() {
        var path = Path()
        path.move(to: Point(3, 2)); path.line(to: Point(30, 9)); path.quad(to: Point(6, 28), control: Point(30, 30)); path.close()
        let a = Bitmap(width: 32, height: 32)!, b = Bitmap(width: 32, height: 32)!
        Canvas(a).fill(path, paint: .solid(.white))
        Canvas(b).fill(path.flattened(transform: .identity), paint: .solid(.white))
        #expect((0..<32).allSatisfy { y in (0..<32).allSatisfy { a[$0, y] == b[$0, y] } })
        #expect(a[15, 12] == 0xFFFF_FFFF)
    }
}
