import Raster
import Testing

@Suite struct MaskTests {
    @Test func maskFromABitmapsAlphaAndClearing() {
        let bmp = Bitmap(width: 3, height: 2)!
        bmp[1, 1] = Color(r: 1, g: 0, b: 0, a: 0.5).premultipliedPixel
        let m = Mask(alphaOf: bmp)
        #expect(m.width == 3 && m.height == 2 && m[1, 1] == 128 && m[0, 0] == 0)
        m.clear(PixelRect(x: 0, y: 0, width: 2, height: 1), to: 9)
        #expect(m[0, 0] == 9 && m[1, 0] == 9 && m[2, 0] == 0 && m[1, 1] == 128)
        m.clear()
        #expect(m.row(1).allSatisfy { $0 == 0 })
        #expect(Mask(width: 0, height: 4) == nil && Mask(width: 4, height: Bitmap.maxDimension + 1) == nil)
    }
}

extension MaskTests {
    @Test func fillingAPathAddsItsCoverage() {
        let m = Mask(width: 20, height: 10)!
        var p = Path()
        p.move(to: Point(2, 2)); p.line(to: Point(12, 2)); p.line(to: Point(12, 8)); p.line(to: Point(2, 8)); p.close()
        m.fill(p)
        #expect(m[2, 2] == 255 && m[11, 7] == 255 && m[12, 2] == 0 && m[1, 2] == 0)
        // A half-covered column over an existing 128 gives 128 + 128·127/255 ≈ 192.
        let half = Polygons(contours: [[Point(14, 0), Point(14.5, 0), Point(14.5, 10), Point(14, 10)]])
        m.clear(PixelRect(x: 14, y: 0, width: 1, height: 10), to: 128)
        m.fill(half, rasterizer: Rasterizer())
        #expect(abs(Int(m[14, 5]) - 192) <= 1)
        // Paths outside the mask change nothing and do not trap.
        m.fill(Polygons(contours: [[Point(-50, -50), Point(-40, -50), Point(-40, .nan)]]))
    }
}
