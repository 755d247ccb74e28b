import Raster
import RasterIO
import Testing

/// PNG bytes in memory: what `flipbook assemble` copies and decodes.
@Suite struct PNGTests {
    static func sample() -> Bitmap {
        let b = Bitmap(width: 7, height: 5)!
        for y in 0..<5 {
            for x in 0..<7 {
                let a = UInt32(x * 40 + y)  // straight through translucent
                b[x, y] = Pixel.pack(r: a * UInt32(y) / 4, g: a / 2, b: a * UInt32(x) / 6, a: a)
            }
        }
        return b
    }

    @Test func decodingEncodedBytesGivesTheSameBitmap() throws {
        let b = Self.sample()
        let bytes = try PNG.encode(b)
        let back = try PNG.decode(bytes, name: "sample")
        #expect(back.width == 7 && back.height == 5)
        for y in 0..<5 { for x in 0..<7 { #expect(back[x, y] == b[x, y], "(\(x), \(y))") } }
    }

    @Test func aWholeFileIsCompleteAndACutOrDamagedOneIsNot() throws {
        let bytes = try PNG.encode(Self.sample())
        #expect(PNG.isComplete(bytes))
        #expect(!PNG.isComplete(Array(bytes.dropLast())))
        #expect(!PNG.isComplete(Array(bytes.prefix(60))))
        #expect(!PNG.isComplete([]))
        for i in [8, 20, bytes.count / 2, bytes.count - 5] {
            var damaged = bytes
            damaged[i] ^= 0x10
            #expect(!PNG.isComplete(damaged), "byte \(i)")
        }
        #expect(!PNG.isComplete(bytes + [0]))
        #expect(throws: PNG.Failure.self) { _ = try PNG.decode([1, 2, 3], name: "junk") }
    }

    @Test func crc32MatchesTheStandardCheckValue() {
        #expect(CRC32.of(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(CRC32.of(Array("6789".utf8), continuing: CRC32.of(Array("12345".utf8))) == 0xCBF4_3926)
    }
}
