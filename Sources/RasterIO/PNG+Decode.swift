import CCodecs
import CZlib
import Raster

/// PNG decoding over zlib: every colour type and bit depth, Adam7 interlacing, palettes with
/// `tRNS`, colour-key transparency, into premultiplied RGBA8.
///
/// The pixels are those SDL2_image 2.6 and its conversion to RGBA gave (RenderTests compares the
/// two): 16-bit samples keep their high byte, grey below 8 bits is scaled to 0–255 (×255, ×85,
/// ×17), a palette entry's alpha comes from `tRNS` (255 past its end), a grey or RGB image's `tRNS`
/// colour is transparent, then each channel is premultiplied as `(c × a + 127) / 255`. A file that
/// is cut short, fails a chunk's CRC, lacks its header or image data, declares a size outside
/// 1…`Bitmap.maxDimension` per side, or whose compressed data is damaged or too short throws one
/// line saying so, before anything large is allocated where the header allows.
extension PNG {
    /// The fields of `IHDR`, checked.
    struct Header {
        var width = 0, height = 0, depth = 0, colorType = 0, interlaced = false
        /// Samples per pixel (0 for an unknown colour type). Stored: it is read per sample.
        let channels: Int
        /// Bits per pixel.
        let bitsPerPixel: Int

        init(width: Int, height: Int, depth: Int, colorType: Int, interlaced: Bool) {
            (self.width, self.height, self.depth, self.colorType, self.interlaced) = (width, height, depth, colorType, interlaced)
            channels = colorType == 0 || colorType == 3 ? 1 : colorType == 2 ? 3 : colorType == 4 ? 2 : colorType == 6 ? 4 : 0
            bitsPerPixel = channels * depth
        }
        /// Bytes of a filtered row of `w` pixels, without its filter byte.
        func rowBytes(_ w: Int) -> Int { (w * bitsPerPixel + 7) / 8 }
    }

    /// Adam7's passes: first column and row, then the steps between them.
    static let adam7: [(x: Int, y: Int, dx: Int, dy: Int)] = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]

    /// Decodes a PNG file's bytes; `name` is what a failure calls it.
    static func decodePNG(_ bytes: [UInt8], name: String) throws -> Bitmap {
        func fail(_ why: String) -> Failure { Failure(description: "cannot read PNG \(name): \(why)") }
        guard looksLikePNG(bytes) || (bytes.count >= 8 && bytes.prefix(8).elementsEqual([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])) else {
            throw fail("not a PNG file")
        }
        var header: Header?
        var palette: [UInt8] = [] // RGB triples
        var transparency: [UInt8] = []
        var data: [UInt8] = []
        var at = 8
        func u32(_ i: Int) -> Int { Int(bytes[i]) << 24 | Int(bytes[i + 1]) << 16 | Int(bytes[i + 2]) << 8 | Int(bytes[i + 3]) }
        chunks: while true {
            guard at + 12 <= bytes.count else {
                if header != nil && !data.isEmpty { break } // the image data is whole if it inflates whole
                throw fail("the file is cut short")
            }
            let length = u32(at), type = String(decoding: bytes[(at + 4)..<(at + 8)], as: UTF8.self)
            guard length <= bytes.count - at - 12 else { throw fail("the file is cut short (in its \(type) chunk)") }
            let body = (at + 8)..<(at + 8 + length)
            let critical = bytes[at + 4] & 0x20 == 0
            if CRC32.of(bytes[(at + 4)..<body.upperBound]) != UInt32(u32(body.upperBound)) {
                // libpng's rule: a damaged critical chunk is an error, a damaged ancillary one is skipped.
                if critical { throw fail("its \(type) chunk is damaged (CRC)") }
                at = body.upperBound + 4
                continue
            }
            if header == nil && type != "IHDR" { throw fail("it does not start with IHDR") }
            switch type {
            case "IHDR":
                guard header == nil, length == 13 else { throw fail("bad IHDR") }
                var h = Header(width: u32(body.lowerBound), height: u32(body.lowerBound + 4), depth: Int(bytes[body.lowerBound + 8]),
                               colorType: Int(bytes[body.lowerBound + 9]), interlaced: bytes[body.lowerBound + 12] == 1)
                let depths: [Int: [Int]] = [0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16]]
                guard depths[h.colorType]?.contains(h.depth) == true else {
                    throw fail("colour type \(h.colorType) with \(h.depth)-bit samples is not a PNG format")
                }
                guard bytes[body.lowerBound + 10] == 0, bytes[body.lowerBound + 11] == 0, bytes[body.lowerBound + 12] <= 1 else {
                    throw fail("unknown compression, filter or interlace method")
                }
                guard (1...Bitmap.maxDimension).contains(h.width), (1...Bitmap.maxDimension).contains(h.height) else {
                    throw fail("it declares \(h.width)x\(h.height) pixels, outside 1...\(Bitmap.maxDimension) per side")
                }
                h.interlaced = bytes[body.lowerBound + 12] == 1
                header = h
            case "PLTE":
                guard length % 3 == 0, (3...768).contains(length) else { throw fail("bad PLTE") }
                palette = Array(bytes[body])
            case "tRNS":
                transparency = Array(bytes[body])
            case "IDAT":
                data.append(contentsOf: bytes[body])
            case "IEND":
                break chunks
            default:
                if critical { throw fail("unknown critical chunk \(type)") }
            }
            at = body.upperBound + 4
        }
        guard let h = header else { throw fail("no IHDR") }
        guard !data.isEmpty else { throw fail("no image data (IDAT)") }
        if h.colorType == 3 && palette.isEmpty { throw fail("a palette image without PLTE") }

        var passes: [(x: Int, y: Int, dx: Int, dy: Int, w: Int, h: Int)] = []
        for p in h.interlaced ? adam7 : [(0, 0, 1, 1)] {
            let w = (h.width - p.x + p.dx - 1) / p.dx, ph = (h.height - p.y + p.dy - 1) / p.dy
            if w > 0 && ph > 0 { passes.append((p.x, p.y, p.dx, p.dy, w, ph)) }
        }
        let rawSize = passes.reduce(0) { $0 + $1.h * (1 + h.rowBytes($1.w)) }
        let raw = try inflate(data, size: rawSize, fail: fail)

        guard let bitmap = Bitmap(width: h.width, height: h.height) else { throw fail("no memory for \(h.width)x\(h.height) pixels") }
        let converter = PixelConverter(header: h, palette: palette, transparency: transparency)
        var offset = 0
        for p in passes {
            let n = h.rowBytes(p.w), bpp = max(1, h.bitsPerPixel / 8)
            var previous = [UInt8](repeating: 0, count: n), current = [UInt8](repeating: 0, count: n)
            for row in 0..<p.h {
                let filter = raw[offset]
                guard filter <= 4 else { throw fail("row \(row) has unknown filter \(filter)") }
                raw.withUnsafeBufferPointer { r in
                    current.withUnsafeMutableBufferPointer { c in
                        previous.withUnsafeBufferPointer { u in
                            _ = flipbook_png_unfilter_row(Int32(filter), r.baseAddress! + offset + 1, u.baseAddress, c.baseAddress, n, bpp)
                        }
                    }
                }
                offset += 1 + n
                let out = bitmap.row(p.y + row * p.dy)
                current.withUnsafeBufferPointer { c in
                    if !converter.convertFast(c, into: out, x0: p.x, dx: p.dx, count: p.w) {
                        for i in 0..<p.w { out[p.x + i * p.dx] = converter.pixel(c, i) }
                    }
                }
                swap(&previous, &current)
            }
        }
        return bitmap
    }

    /// zlib's stream `data` inflated to exactly `size` bytes (what follows is ignored).
    static func inflate(_ data: [UInt8], size: Int, fail: (String) -> Failure) throws -> [UInt8] {
        var out = [UInt8](repeating: 0, count: size)
        var stream = z_stream()
        guard inflateInit_(&stream, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else { throw fail("zlib cannot start") }
        defer { inflateEnd(&stream) }
        var result: Int32 = Z_OK
        data.withUnsafeBufferPointer { input in
            out.withUnsafeMutableBufferPointer { output in
                stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
                stream.avail_in = uInt(input.count)
                stream.next_out = output.baseAddress
                stream.avail_out = uInt(output.count)
                repeat { result = CZlib.inflate(&stream, Z_NO_FLUSH) } while result == Z_OK && stream.avail_out > 0 && stream.avail_in > 0
            }
        }
        if stream.avail_out == 0 && (result == Z_OK || result == Z_STREAM_END || result == Z_BUF_ERROR) { return out }
        if result == Z_DATA_ERROR || result == Z_NEED_DICT || result == Z_STREAM_ERROR || result == Z_MEM_ERROR {
            let why = stream.msg.map { String(cString: $0) } ?? "error \(result)"
            throw fail("its image data is damaged (zlib: \(why))")
        }
        throw fail("its image data is cut short (\(size - Int(stream.avail_out)) of \(size) bytes)")
    }

    /// Turns a row's samples into premultiplied pixels for one header, palette and `tRNS`.
    struct PixelConverter {
        let header: Header
        /// Premultiplied palette entries (256, black past PLTE's end).
        var table: [UInt32] = []
        /// The `tRNS` colour of a grey or RGB image, as raw samples.
        var key: [Int]?

        init(header: Header, palette: [UInt8], transparency: [UInt8]) {
            self.header = header
            if header.colorType == 3 {
                table = (0..<256).map { i in
                    let a = i < transparency.count ? UInt32(transparency[i]) : 255
                    guard 3 * i + 2 < palette.count else { return Pixel.pack(r: 0, g: 0, b: 0, a: 255) }
                    return PixelConverter.premultiplied(UInt32(palette[3 * i]), UInt32(palette[3 * i + 1]), UInt32(palette[3 * i + 2]), a)
                }
            } else if header.colorType == 0, transparency.count >= 2 {
                key = [Int(transparency[0]) << 8 | Int(transparency[1])]
            } else if header.colorType == 2, transparency.count >= 6 {
                key = (0..<3).map { Int(transparency[2 * $0]) << 8 | Int(transparency[2 * $0 + 1]) }
            }
        }

        static func premultiplied(_ r: UInt32, _ g: UInt32, _ b: UInt32, _ a: UInt32) -> UInt32 {
            if a == 255 { return Pixel.pack(r: r, g: g, b: b, a: 255) }
            return Pixel.pack(r: (r * a + 127) / 255, g: (g * a + 127) / 255, b: (b * a + 127) / 255, a: a)
        }

        /// Converts a row of 8-bit RGBA or RGB without a colour key, the common cases, in one tight
        /// loop; false for every other format (then `pixel` is used per pixel).
        func convertFast(_ row: UnsafeBufferPointer<UInt8>, into out: UnsafeMutableBufferPointer<UInt32>, x0: Int, dx: Int, count: Int) -> Bool {
            guard header.depth == 8, header.colorType == 6 || (header.colorType == 2 && key == nil),
                  let src = row.baseAddress, let dst = out.baseAddress else { return false }
            if header.colorType == 6 {
                for i in 0..<count {
                    let s = src + 4 * i
                    let a = UInt32(s[3])
                    dst[x0 + i * dx] = a == 255 ? UInt32(s[0]) | UInt32(s[1]) << 8 | UInt32(s[2]) << 16 | 0xFF00_0000
                        : a == 0 ? 0 : Self.premultiplied(UInt32(s[0]), UInt32(s[1]), UInt32(s[2]), a)
                }
            } else {
                for i in 0..<count {
                    let s = src + 3 * i
                    dst[x0 + i * dx] = UInt32(s[0]) | UInt32(s[1]) << 8 | UInt32(s[2]) << 16 | 0xFF00_0000
                }
            }
            return true
        }

        /// Sample `s` of pixel `i` as its raw value (16-bit samples whole).
        @inline(__always) func sample(_ row: UnsafeBufferPointer<UInt8>, _ i: Int, _ s: Int) -> Int {
            let d = header.depth
            if d == 8 { return Int(row[i * header.channels + s]) }
            if d == 16 { let k = 2 * (i * header.channels + s); return Int(row[k]) << 8 | Int(row[k + 1]) }
            let bit = i * d // one sample per pixel below 8 bits
            return Int(row[bit >> 3] >> UInt8(8 - d - (bit & 7))) & ((1 << d) - 1)
        }

        /// A raw sample as 8 bits: the high byte of 16, grey below 8 bits scaled up.
        @inline(__always) func eight(_ v: Int) -> UInt32 {
            switch header.depth {
            case 16: return UInt32(v >> 8)
            case 8: return UInt32(v)
            default: return UInt32(v * (255 / ((1 << header.depth) - 1)))
            }
        }

        @inline(__always) func pixel(_ row: UnsafeBufferPointer<UInt8>, _ i: Int) -> UInt32 {
            switch header.colorType {
            case 3:
                return table[sample(row, i, 0)]
            case 0:
                let v = sample(row, i, 0)
                if let key, key[0] == v { return 0 }
                let g = eight(v)
                return Pixel.pack(r: g, g: g, b: g, a: 255)
            case 2:
                let r = sample(row, i, 0), g = sample(row, i, 1), b = sample(row, i, 2)
                if let key, key[0] == r, key[1] == g, key[2] == b { return 0 }
                return Pixel.pack(r: eight(r), g: eight(g), b: eight(b), a: 255)
            case 4:
                let g = eight(sample(row, i, 0))
                return Self.premultiplied(g, g, g, eight(sample(row, i, 1)))
            default:
                return Self.premultiplied(eight(sample(row, i, 0)), eight(sample(row, i, 1)), eight(sample(row, i, 2)), eight(sample(row, i, 3)))
            }
        }
    }
}
