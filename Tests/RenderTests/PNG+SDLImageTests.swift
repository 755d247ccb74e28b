import CSDL2
import CSDL2Image
import Raster
import RasterIO
import Testing

/// RasterIO's own PNG and JPEG decoders give the pixels SDL2_image gave when RasterIO read images
/// through it (SDL2_image, then SDL's conversion to RGBA32, premultiplied as `(c × a + 127) / 255`):
/// every colour type and bit depth, interlaced or not, palettes with `tRNS` (one transparent entry,
/// which SDL2_image turns into a colour key, and translucent ones), an RGB colour key; JPEGs
/// baseline and progressive. SDL2_image stays a dependency of these tests only, as the reference.
@Suite struct PNGSDLImageTests {
    /// The bitmap SDL2_image makes of `bytes`, as RasterIO made it before.
    static func reference(_ bytes: [UInt8]) -> Bitmap? {
        let loaded = bytes.withUnsafeBytes { raw -> UnsafeMutablePointer<SDL_Surface>? in
            guard let rw = SDL_RWFromConstMem(raw.baseAddress, Int32(raw.count)) else { return nil }
            return IMG_Load_RW(rw, 1)
        }
        guard let loaded else { return nil }
        defer { SDL_FreeSurface(loaded) }
        guard let s = SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_RGBA32.rawValue, 0) else { return nil }
        defer { SDL_FreeSurface(s) }
        let w = Int(s.pointee.w), h = Int(s.pointee.h), pitch = Int(s.pointee.pitch)
        guard let bitmap = Bitmap(width: w, height: h) else { return nil }
        let base = s.pointee.pixels!.assumingMemoryBound(to: UInt8.self)
        for y in 0..<h {
            let src = base + y * pitch
            for x in 0..<w {
                let a = UInt32(src[x * 4 + 3])
                func pm(_ c: UInt8) -> UInt32 { (UInt32(c) * a + 127) / 255 }
                bitmap[x, y] = Pixel.pack(r: pm(src[x * 4]), g: pm(src[x * 4 + 1]), b: pm(src[x * 4 + 2]), a: a)
            }
        }
        return bitmap
    }

    /// A seeded sequence (a 64-bit LCG's high bits): the same vectors on every run.
    struct Numbers {
        var state: UInt64
        mutating func next(below n: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(n))
        }
    }

    struct Format: CustomStringConvertible, Sendable {
        let colorType: Int, depth: Int, interlaced: Bool
        var description: String { "type \(colorType) \(depth)-bit\(interlaced ? " interlaced" : "")" }
    }

    static let formats: [Format] = [(0, [1, 2, 4, 8, 16]), (2, [8, 16]), (3, [1, 2, 4, 8]), (4, [8, 16]), (6, [8, 16])].flatMap { t, depths in
        depths.flatMap { d in [false, true].map { Format(colorType: t, depth: d, interlaced: $0) } }
    }

    static func samples(_ f: Format, width: Int, height: Int, paletteSize: Int, seed: UInt64) -> [UInt16] {
        var n = Numbers(state: seed)
        let channels = [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][f.colorType]!
        let limit = f.colorType == 3 ? paletteSize : 1 << f.depth
        return (0..<(width * height * channels)).map { _ in
            // Extremes often (alpha 0 and 255 matter most), the rest anywhere.
            let pick = n.next(below: 8)
            return UInt16(pick == 0 ? 0 : pick == 1 ? limit - 1 : n.next(below: limit))
        }
    }

    @Test(arguments: formats)
    func pngDecodesAsSDLImageDid(_ f: Format) throws {
        for (w, h) in [(1, 1), (7, 5), (33, 17), (9, 40)] {
            let paletteSize = f.colorType == 3 ? min(1 << f.depth, 200) : 0
            var n = Numbers(state: UInt64(w * 31 + h))
            let palette = (0..<(paletteSize * 3)).map { _ in UInt8(n.next(below: 256)) }
            var transparencies: [[UInt8]] = [[]]
            if f.colorType == 3 {
                transparencies.append((0..<min(paletteSize, 5)).map { _ in UInt8(n.next(below: 256)) }) // translucent entries
                transparencies.append([255, 0, 255].prefix(min(paletteSize, 3)).map { $0 })                // one transparent: a colour key
            }
            if f.colorType == 2 && f.depth == 8 { transparencies.append([0, 7, 0, 200, 0, 255]) }
            for trns in transparencies {
                var samples = Self.samples(f, width: w, height: h, paletteSize: paletteSize, seed: UInt64(w * h + f.depth))
                if f.colorType == 2 && !trns.isEmpty && samples.count >= 3 { samples[0] = 7; samples[1] = 200; samples[2] = 255 } // one keyed pixel
                let bytes = try PNG.encode(samples: samples, width: w, height: h, colorType: f.colorType, depth: f.depth,
                                           interlaced: f.interlaced, palette: palette, transparency: trns)
                let theirs = try #require(Self.reference(bytes), "\(f) \(w)x\(h): SDL2_image: \(String(cString: SDL_GetError()))")
                let ours = try PNG.decode(bytes, name: "vector")
                #expect(ours.width == w && ours.height == h)
                let bad = (0..<(w * h)).first { ours[$0 % w, $0 / w] != theirs[$0 % w, $0 / w] }
                #expect(bad == nil, "\(f) \(w)x\(h) tRNS \(trns): first differing pixel \(bad.map { "(\($0 % w), \($0 / w))" } ?? "")")
            }
        }
    }

    @Test(arguments: [false, true])
    func jpegDecodesAsSDLImageDid(_ progressive: Bool) throws {
        let picture = Bitmap(width: 61, height: 37)!
        var n = Numbers(state: 5)
        for y in 0..<37 {
            for x in 0..<61 {
                picture[x, y] = Pixel.pack(r: UInt32(x * 4), g: UInt32(y * 6), b: UInt32(n.next(below: 256)), a: 255)
            }
        }
        for quality in [20, 75, 95] {
            let bytes = try JPEG.encodeForTests(picture, quality: quality, progressive: progressive)
            let theirs = try #require(Self.reference(bytes))
            let ours = try PNG.decode(bytes, name: "vector.jpg")
            #expect(ours.width == 61 && ours.height == 37)
            let bad = (0..<(61 * 37)).first { ours[$0 % 61, $0 / 61] != theirs[$0 % 61, $0 / 61] }
            #expect(bad == nil, "quality \(quality): first differing pixel \(bad.map { "(\($0 % 61), \($0 / 61))" } ?? "")")
        }
    }
}
