import Raster
import Testing

@Suite struct BitmapViewTests {
    @Test func viewAddressesItsOwnOriginAndIsCutToTheBitmap() {
        let bmp = Bitmap(width: 10, height: 8)!
        let v = bmp.view(PixelRect(x: 6, y: 5, width: 10, height: 10))
        #expect(v.width == 4 && v.height == 3 && v.stride == 10)
        v[0, 0] = 7
        #expect(bmp[6, 5] == 7)
        v.clear(9)
        #expect(bmp[9, 7] == 9 && bmp[5, 5] == 0 && bmp[6, 4] == 0)
        #expect(v.row(2).count == 4 && v.row(2)[3] == 9)
        let empty = bmp.view(PixelRect(x: 20, y: 20, width: 3, height: 3))
        #expect(empty.width == 0 && empty.height == 0)
        empty.clear(1)
    }

    @Test func clearRectIsCutToTheBounds() {
        let bmp = Bitmap(width: 4, height: 4)!
        bmp.clear(PixelRect(x0: -5, y0: 2, x1: 2, y1: 99), to: 3)
        #expect(bmp[0, 2] == 3 && bmp[1, 3] == 3 && bmp[2, 2] == 0 && bmp[0, 1] == 0)
    }

    /// Every bitmap's pixels start on a cache line, small or large (calloc's own alignment is
    /// 16 bytes), and come zeroed.
    @Test func pixelsStartOnACacheLineAndAreZero() {
        for (w, h) in [(1, 1), (3, 5), (17, 2), (1920, 1080), (4096, 300)] {
            let b = Bitmap(width: w, height: h)!
            #expect(Int(bitPattern: b.pixels) % Bitmap.alignment == 0, "\(w)×\(h)")
            #expect(b[0, 0] == 0 && b[w - 1, h - 1] == 0)
            b[w - 1, h - 1] = 0xFFFF_FFFF // the last pixel is inside the block
            #expect(b[w - 1, h - 1] == 0xFFFF_FFFF)
        }
    }
}
