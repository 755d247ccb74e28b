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
