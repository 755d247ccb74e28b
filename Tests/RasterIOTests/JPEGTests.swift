import Foundation
import Raster
import RasterIO
import Testing

/// JPEG decoding through libjpeg-turbo: pictures come back close to what was encoded, and bad input
/// is a thrown one-line error, never libjpeg's exit() (which would end the test process).
@Suite struct JPEGTests {
    static func picture(_ w: Int, _ h: Int) -> Bitmap {
        let b = Bitmap(width: w, height: h)!
        for y in 0..<h { for x in 0..<w { b[x, y] = Pixel.pack(r: UInt32(x * 255 / max(1, w - 1)), g: UInt32(y * 255 / max(1, h - 1)), b: 128, a: 255) } }
        return b
    }

    @Test(arguments: [false, true])
    func aJPEGReadsBackCloseToItsPicture(_ progressive: Bool) throws {
        let original = Self.picture(48, 32)
        let bytes = try JPEG.encodeForTests(original, quality: 95, progressive: progressive)
        #expect(JPEG.looksLikeJPEG(bytes))
        let back = try PNG.decode(bytes, name: "p.jpg")
        #expect(back.width == 48 && back.height == 32)
        var worst: UInt32 = 0
        for y in 0..<32 {
            for x in 0..<48 {
                let a = original[x, y], b = back[x, y]
                #expect(Pixel.a(b) == 255)
                for (p, q) in [(Pixel.r(a), Pixel.r(b)), (Pixel.g(a), Pixel.g(b)), (Pixel.b(a), Pixel.b(b))] { worst = max(worst, p > q ? p - q : q - p) }
            }
        }
        #expect(worst <= 12, "largest channel error \(worst)")
    }

    static func failure(_ bytes: [UInt8]) -> String? {
        do { _ = try PNG.decode(bytes, name: "bad.jpg"); return nil } catch { return "\(error)" }
    }

    @Test func cutShortOrDamagedJPEGsThrowOneLine() throws {
        let good = try JPEG.encodeForTests(Self.picture(64, 40), quality: 80)
        var messages: [String] = []
        for cut in [3, 4, 20, 100, good.count / 2, good.count - 2] {
            messages.append(try #require(Self.failure(Array(good.prefix(cut))), "cut at \(cut) was read"))
        }
        var damaged = good
        for i in (good.count / 2)..<(good.count / 2 + 40) { damaged[i] = 0xFF }
        if let m = Self.failure(damaged) { messages.append(m) }
        for m in messages { #expect(!m.contains("\n") && m.hasPrefix("cannot read JPEG bad.jpg: ") && m.count > 26, "\(m)") }
    }

    /// SOF0's height and width are patched: zero and past the bound are refused before allocating.
    @Test(arguments: [(0, 8), (8, 0), (Bitmap.maxDimension + 1, 8), (8, 30000), (65535, 65535)])
    func sizesOutsideTheBoundAreRefused(_ size: (Int, Int)) throws {
        var bytes = try JPEG.encodeForTests(Self.picture(8, 8), quality: 80)
        let sof = try #require((0..<(bytes.count - 1)).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC0 })
        bytes.replaceSubrange((sof + 5)..<(sof + 9), with: [UInt8(size.1 >> 8), UInt8(size.1 & 0xFF), UInt8(size.0 >> 8), UInt8(size.0 & 0xFF)])
        let m = try #require(Self.failure(bytes))
        #expect(m.hasPrefix("cannot read JPEG bad.jpg: ") && !m.contains("\n"), "\(m)")
        // Past 65,500 pixels libjpeg refuses the file itself, with its own line.
        if size.0 > 0 && size.1 > 0 && max(size.0, size.1) <= 65500 { #expect(m.contains("outside 1...\(Bitmap.maxDimension) per side"), "\(m)") }
    }

    /// `PNG.read` reads a JPEG file by its bytes, whatever its name.
    @Test func readingAFileTakesJPEG() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("jpeg-\(UUID().uuidString.prefix(8)).jpg").path
        try Data(try JPEG.encodeForTests(Self.picture(9, 4), quality: 90)).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let b = try PNG.read(path)
        #expect(b.width == 9 && b.height == 4)
        #expect(throws: PNG.Failure.self) { try PNG.read(path + ".missing") }
    }
}
