import Foundation
import Raster
import RasterIO
import Testing

@Suite struct PNGRoundTripTests {
    @Test func opaqueAndTranslucentPixelsSurviveAWriteAndRead() throws {
        let bmp = try #require(Bitmap(width: 3, height: 2))
        bmp[0, 0] = Color(r: 1, g: 0, b: 0).premultipliedPixel
        bmp[1, 0] = Color(r: 0, g: 0.5, b: 1, a: 0.5).premultipliedPixel
        bmp[2, 1] = Color(r: 0.2, g: 0.4, b: 0.6).premultipliedPixel
        let path = NSTemporaryDirectory() + "flipbook-png-\(getpid()).png"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try PNG.write(bmp, to: path)
        let back = try PNG.read(path)
        #expect(back.width == 3 && back.height == 2)
        #expect(PNG.straightRGBA(back) == PNG.straightRGBA(bmp))
    }

    @Test func readingAMissingFileThrowsAClearError() {
        #expect(throws: PNG.Failure.self) { _ = try PNG.read("/nonexistent/flipbook.png") }
    }
}
