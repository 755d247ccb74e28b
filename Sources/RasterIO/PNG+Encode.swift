import CCodecs
import CZlib
import Raster

/// PNG encoding over zlib: 8-bit straight RGBA, not interlaced, each row filtered with the filter
/// whose output has the smallest sum of absolute values (libpng's heuristic), deflated at level 6.
/// Deterministic: the same bitmap gives the same bytes on every run with the same zlib.
extension PNG {
    /// The PNG file's bytes for `bitmap`, encoded in memory.
    ///
    /// The caller writes them with `Files`, which checks every step (SDL2_image's file
    /// writer, used before, ignored failed writes: a full disk gave a cut-short PNG and success).
    /// - Throws: when zlib fails.
    public static func encode(_ bitmap: Bitmap) throws -> [UInt8] {
        let w = bitmap.width, h = bitmap.height, stride = w * 4
        let rgba = straightRGBA(bitmap)
        var raw = [UInt8](repeating: 0, count: h * (1 + stride))
        rgba.withUnsafeBufferPointer { src in
            raw.withUnsafeMutableBufferPointer { out in flipbook_png_filter_rows(src.baseAddress, stride, h, out.baseAddress) }
        }
        var size = compressBound(uLong(raw.count))
        var deflated = [UInt8](repeating: 0, count: Int(size))
        let result = deflated.withUnsafeMutableBufferPointer { o in
            raw.withUnsafeBufferPointer { i in compress2(o.baseAddress, &size, i.baseAddress, uLong(i.count), 6) }
        }
        guard result == Z_OK else {
            throw Failure(description: "cannot encode a \(w)x\(h) PNG: zlib error \(result)")
        }
        deflated.removeLast(deflated.count - Int(size))
        var header: [UInt8] = []
        for v in [UInt32(w), UInt32(h)] { header += [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        header += [8, 6, 0, 0, 0] // 8 bits, RGBA, deflate, adaptive filters, no interlace
        var file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        file.reserveCapacity(8 + 25 + deflated.count + 24)
        appendChunk("IHDR", header, to: &file)
        appendChunk("IDAT", deflated, to: &file)
        appendChunk("IEND", [], to: &file)
        return file
    }

    /// A PNG of any colour type, bit depth and interlacing from its samples: `samples` holds
    /// `width × height × channels` values row by row (palette indices for colour type 3), each below
    /// 2^`depth`. `palette` is PLTE's RGB triples, `transparency` tRNS's bytes (omitted when empty).
    /// Rows are filtered in turn with None, Sub, Up, Average and Paeth, so a decoder meets them all.
    /// - Throws: when the samples do not fit the format, or zlib fails.
    public static func encode(samples: [UInt16], width: Int, height: Int, colorType: Int, depth: Int, interlaced: Bool = false,
                              palette: [UInt8] = [], transparency: [UInt8] = [], level: Int32 = 6) throws -> [UInt8] {
        let h = Header(width: width, height: height, depth: depth, colorType: colorType, interlaced: interlaced)
        let channels = h.channels
        guard channels > 0, width > 0, height > 0, samples.count == width * height * channels,
              samples.allSatisfy({ Int($0) < 1 << depth }) else {
            throw Failure(description: "cannot encode a \(width)x\(height) PNG: samples do not fit colour type \(colorType) at \(depth) bits")
        }
        let bpp = max(1, h.bitsPerPixel / 8)
        var raw: [UInt8] = []
        var rowIndex = 0
        for p in interlaced ? adam7 : [(0, 0, 1, 1)] {
            let pw = (width - p.x + p.dx - 1) / p.dx, ph = (height - p.y + p.dy - 1) / p.dy
            guard pw > 0, ph > 0 else { continue }
            var previous = [UInt8](repeating: 0, count: h.rowBytes(pw))
            for r in 0..<ph {
                var row = [UInt8](repeating: 0, count: h.rowBytes(pw))
                let y = p.y + r * p.dy
                for i in 0..<pw {
                    let x = p.x + i * p.dx
                    for c in 0..<channels {
                        let v = Int(samples[(y * width + x) * channels + c]), k = i * channels + c
                        switch depth {
                        case 16: row[2 * k] = UInt8(v >> 8); row[2 * k + 1] = UInt8(v & 0xFF)
                        case 8: row[k] = UInt8(v)
                        default: row[k * depth / 8] |= UInt8(v << (8 - depth - (k * depth) % 8))
                        }
                    }
                }
                let filter = UInt8(rowIndex % 5)
                rowIndex += 1
                raw.append(filter)
                for j in 0..<row.count {
                    let a = j >= bpp ? Int(row[j - bpp]) : 0, b = Int(previous[j]), c = j >= bpp ? Int(previous[j - bpp]) : 0
                    raw.append(UInt8(truncatingIfNeeded: Int(row[j]) - PNG.predictor(filter, left: a, up: b, upLeft: c)))
                }
                previous = row
            }
        }
        var size = compressBound(uLong(raw.count))
        var deflated = [UInt8](repeating: 0, count: Int(size))
        let result = deflated.withUnsafeMutableBufferPointer { o in
            raw.withUnsafeBufferPointer { i in compress2(o.baseAddress, &size, i.baseAddress, uLong(i.count), level) }
        }
        guard result == Z_OK else { throw Failure(description: "cannot encode a \(width)x\(height) PNG: zlib error \(result)") }
        deflated.removeLast(deflated.count - Int(size))
        var header: [UInt8] = []
        for v in [UInt32(width), UInt32(height)] { header += [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        header += [UInt8(depth), UInt8(colorType), 0, 0, interlaced ? 1 : 0]
        var file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        appendChunk("IHDR", header, to: &file)
        if !palette.isEmpty { appendChunk("PLTE", palette, to: &file) }
        if !transparency.isEmpty { appendChunk("tRNS", transparency, to: &file) }
        appendChunk("IDAT", deflated, to: &file)
        appendChunk("IEND", [], to: &file)
        return file
    }

    /// Appends a chunk: length, type, data, CRC of type and data.
    static func appendChunk(_ type: String, _ data: [UInt8], to file: inout [UInt8]) {
        let n = UInt32(data.count)
        file += [UInt8(n >> 24), UInt8(n >> 16 & 0xFF), UInt8(n >> 8 & 0xFF), UInt8(n & 0xFF)]
        let start = file.count
        file += Array(type.utf8)
        file += data
        let crc = CRC32.of(file[start...])
        file += [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)]
    }
}

extension PNG {
    /// What PNG filter type `filter` (0 none, 1 sub, 2 up, 3 average, 4 Paeth) predicts a byte from
    /// the byte to its left (`left`), above (`up`) and above-left (`upLeft`); the filtered byte is
    /// the actual one minus this, modulo 256. The encoder here and the APNG writer share it.
    @inlinable public static func predictor(_ filter: UInt8, left a: Int, up b: Int, upLeft c: Int) -> Int {
        switch filter {
        case 0: return 0
        case 1: return a
        case 2: return b
        case 3: return (a + b) >> 1
        default:
            let p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
            return pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
        }
    }
}
