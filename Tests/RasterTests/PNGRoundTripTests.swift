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

    @Test func aWriteToAFullDeviceThrows() throws {
        // /dev/full fails every write with ENOSPC; SDL_image's own file writer reported success.
        let bmp = try #require(Bitmap(width: 16, height: 16))
        let failure = #expect(throws: PNG.Failure.self) { try PNG.write(bmp, to: "/dev/full") }
        #expect(failure?.description == "cannot write PNG /dev/full: No space left on device")
        #expect(try PNG.encode(bmp).starts(with: [0x89, 0x50, 0x4E, 0x47]))
    }

    @Test func aNewFileNeverReplacesAnExistingOne() throws {
        let path = NSTemporaryDirectory() + "flipbook-checked-\(getpid())-\(Int.random(in: 0...999_999))"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Files.write([1, 2, 3], toPath: path)
        #expect(throws: Files.Failure("cannot create \(path): File exists", code: EEXIST)) {
            try Files.write([9], toPath: path)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data([1, 2, 3]))
    }

    @Test func readingAMissingFileThrowsAClearError() {
        #expect(throws: PNG.Failure.self) { _ = try PNG.read("/nonexistent/flipbook.png") }
    }
}
