import FlipbookResources
import Foundation
import Raster
@testable import RasterIO
import Testing

/// PNG decoding against vectors whose pixels are known, and against bad input: every failure is a
/// thrown one-line error, never a crash. (RenderTests checks the same decoder against SDL2_image.)
@Suite struct PNGDecodeTests {
    static func decode(_ bytes: [UInt8]) throws -> [UInt32] {
        let b = try PNG.decode(bytes, name: "v")
        return (0..<(b.width * b.height)).map { b[$0 % b.width, $0 / b.width] }
    }
    static func px(_ r: UInt32, _ g: UInt32, _ b: UInt32, _ a: UInt32 = 255) -> UInt32 { Pixel.pack(r: r, g: g, b: b, a: a) }

    @Test func greyBelowEightBitsIsScaledUp() throws {
        for (depth, values, expected) in [(1, [0, 1], [0, 255]), (2, [0, 1, 2, 3], [0, 85, 170, 255]), (4, [0, 1, 7, 15], [0, 17, 119, 255])] {
            for interlaced in [false, true] {
                let bytes = try PNG.encode(samples: values.map(UInt16.init), width: values.count, height: 1, colorType: 0, depth: depth, interlaced: interlaced)
                #expect(try Self.decode(bytes) == expected.map { Self.px(UInt32($0), UInt32($0), UInt32($0)) }, "\(depth)-bit")
            }
        }
    }

    @Test func sixteenBitSamplesKeepTheirHighByte() throws {
        let bytes = try PNG.encode(samples: [0x12FF, 0x3400, 0xFFFF, 0x8080], width: 1, height: 1, colorType: 6, depth: 16)
        let a: UInt32 = 0x80
        #expect(try Self.decode(bytes) == [Self.px((0x12 * a + 127) / 255, (0x34 * a + 127) / 255, (0xFF * a + 127) / 255, a)])
        let grey = try PNG.encode(samples: [0xABCD, 0x00FF], width: 2, height: 1, colorType: 0, depth: 16)
        #expect(try Self.decode(grey) == [Self.px(0xAB, 0xAB, 0xAB), Self.px(0, 0, 0)])
    }

    @Test func paletteEntriesTakeTheirAlphaFromTRNS() throws {
        let palette: [UInt8] = [255, 0, 0, 0, 255, 0, 0, 0, 255]
        let bytes = try PNG.encode(samples: [0, 1, 2, 1], width: 2, height: 2, colorType: 3, depth: 2, interlaced: true,
                                   palette: palette, transparency: [0, 128])
        #expect(try Self.decode(bytes) == [0, Self.px(0, 128, 0, 128), Self.px(0, 0, 255), Self.px(0, 128, 0, 128)])
    }

    @Test func aColourKeyIsTransparent() throws {
        let rgb = try PNG.encode(samples: [1, 2, 3, 1, 2, 4], width: 2, height: 1, colorType: 2, depth: 16, transparency: [0, 1, 0, 2, 0, 3])
        #expect(try Self.decode(rgb) == [0, Self.px(0, 0, 0)])
        let grey = try PNG.encode(samples: [5, 6], width: 2, height: 1, colorType: 0, depth: 8, transparency: [0, 6])
        #expect(try Self.decode(grey) == [Self.px(5, 5, 5), 0])
    }

    /// Every pass of Adam7 lands where it belongs, in images smaller than one 8×8 block too.
    @Test(arguments: [(1, 1), (2, 3), (5, 5), (8, 8), (13, 9)])
    func interlacedEqualsPlain(_ size: (Int, Int)) throws {
        let (w, h) = size
        let samples: [UInt16] = (0..<(w * h * 4)).map { (i: Int) -> UInt16 in UInt16((i * 37 + i / 4 * 11) % 256) }
        let plain = try PNG.encode(samples: samples, width: w, height: h, colorType: 6, depth: 8)
        let interlaced = try PNG.encode(samples: samples, width: w, height: h, colorType: 6, depth: 8, interlaced: true)
        #expect(try Self.decode(plain) == Self.decode(interlaced))
        #expect(try Self.decode(plain).count == w * h)
    }

    /// The encoder's bytes are the same on every call, and read back to the same bitmap.
    @Test func encodingIsDeterministic() throws {
        let b = PNGTests.sample()
        #expect(try PNG.encode(b) == PNG.encode(b))
    }

    static func failure(_ bytes: [UInt8]) -> String? {
        do { _ = try PNG.decode(bytes, name: "bad.png"); return nil } catch { return "\(error)" }
    }

    @Test func cutShortOrDamagedFilesThrowOneLine() throws {
        let good = try PNG.encode(samples: (0..<(40 * 30 * 3)).map { UInt16($0 % 251) }, width: 40, height: 30, colorType: 2, depth: 8)
        var messages: [String] = []
        for cut in [8, 9, 20, 33, 40, good.count / 2, good.count - 13] {
            let m = try #require(Self.failure(Array(good.prefix(cut))), "cut at \(cut) was read")
            messages.append(m)
        }
        // The whole image data without IEND still reads (SDL2_image never read past the image).
        #expect(Self.failure(Array(good.prefix(good.count - 12))) == nil)
        for i in stride(from: 8, to: good.count, by: 7) {
            var damaged = good
            damaged[i] ^= 0x5A
            if let m = Self.failure(damaged) { messages.append(m) } // some bytes only change pixels
        }
        var zlibDamaged = good
        let idat = 8 + 25 + 8 + 2 // past IDAT's header and zlib's
        for i in idat..<(idat + 20) { zlibDamaged[i] = 0xFF }
        let crc = CRC32.of(zlibDamaged[(8 + 25 + 4)..<(good.count - 16)])
        zlibDamaged.replaceSubrange((good.count - 16)..<(good.count - 12), with: [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)])
        messages.append(try #require(Self.failure(zlibDamaged)))
        #expect(messages.count > 10)
        for m in messages { #expect(!m.contains("\n") && m.hasPrefix("cannot read PNG bad.png: "), "\(m)") }
        #expect(Self.failure([]) == "cannot read image bad.png: the file is empty")
        #expect(Self.failure(Array("GIF89a, not a PNG".utf8)) == "cannot read image bad.png: not a PNG or JPEG file")
    }

    /// A header's size is checked before the pixels are allocated: huge, zero, and past the format.
    @Test(arguments: [(0, 10), (10, 0), (Bitmap.maxDimension + 1, 1), (1, 1 << 31 - 1), (1 << 30, 1 << 30)])
    func sizesOutsideTheBoundAreRefused(_ size: (Int, Int)) throws {
        var bytes = try PNG.encode(samples: [0, 0, 0, 0], width: 1, height: 1, colorType: 6, depth: 8)
        for (k, v) in [size.0, size.1].enumerated() {
            bytes.replaceSubrange((16 + 4 * k)..<(20 + 4 * k), with: [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)])
        }
        let crc = CRC32.of(bytes[12..<29])
        bytes.replaceSubrange(29..<33, with: [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)])
        #expect(Self.failure(bytes) == "cannot read PNG bad.png: it declares \(size.0)x\(size.1) pixels, outside 1...\(Bitmap.maxDimension) per side")
    }

    @Test func badFormatsAreRefused() throws {
        #expect(throws: PNG.Failure.self) { try PNG.encode(samples: [0], width: 1, height: 1, colorType: 2, depth: 4) }
        #expect(throws: PNG.Failure.self) { try PNG.encode(samples: [4], width: 1, height: 1, colorType: 0, depth: 2) }
        // A palette image without PLTE.
        let noPalette = try PNG.encode(samples: [0], width: 1, height: 1, colorType: 3, depth: 8)
        #expect(Self.failure(noPalette) == "cannot read PNG bad.png: a palette image without PLTE")
    }
}

/// The pictures Flipbook ships, written by libpng: they read whole and opaque, and a frame-sized
/// bitmap encodes and decodes back unchanged, each well within a second in a debug build (the
/// window's first frame waits for its pictures).
@Suite struct PNGFilesTests {
    @Test func theBundledPicturesRead() throws {
        let folder = try #require(FlipbookResources.bundle?.resourcePath) + "/Cities"
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".png") }.sorted()
        #expect(!names.isEmpty)
        for name in names {
            let start = ContinuousClock.now
            let b = try PNG.read(folder + "/" + name)
            let took = ContinuousClock.now - start
            #expect(b.width > 100 && b.height > 100 && Pixel.a(b[b.width / 2, b.height / 2]) == 255, "\(name)")
            #expect(took < .seconds(2), "\(name) took \(took)")
        }
    }

    @Test func aFrameSizedBitmapRoundTrips() throws {
        let frame = Bitmap(width: 1280, height: 720)!
        for y in 0..<720 {
            for x in 0..<1280 {
                let a: UInt32 = (x / 160 + y / 90) % 3 == 0 ? 180 : 255
                frame[x, y] = Pixel.pack(r: UInt32(x * 255 / 1279) * a / 255, g: UInt32(y * 255 / 719) * a / 255, b: UInt32((x ^ y) & 0x3F) * a / 255, a: a)
            }
        }
        let bytes = try PNG.encode(frame)
        let back = try PNG.decode(bytes, name: "frame")
        #expect(back.width == 1280 && back.height == 720)
        var same = true
        for y in 0..<720 where same { for x in 0..<1280 where back[x, y] != frame[x, y] { same = false; break } }
        #expect(same) // (timings belong in `make bench`, not in the test log)
    }
}
