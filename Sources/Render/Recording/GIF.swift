import FrameLoop
import Raster
import RasterIO

/// Animated GIF, written by Flipbook itself: one 256-colour palette per frame, LZW, no dependency.
///
/// Why our own: giflib (libgif-dev) writes the same container but its only quantizer is a basic
/// median cut like this one; libimagequant's better one is GPLv3 in Debian (not for a library users
/// embed); ffmpeg's palettegen/paletteuse is good but an optional program. GIF's container and LZW
/// are short, and writing them ourselves keeps `render --gif` available everywhere and its bytes
/// deterministic, like the PNGs.
///
/// Each frame after the first holds only the rectangle that changed (disposal "do not dispose"),
/// with a local colour table made for that rectangle: its exact colours when it has at most 256,
/// else a median cut over a 15-bit histogram, every pixel mapped to the nearest palette colour
/// (no dithering, so flat colours stay flat and nothing shimmers from frame to frame). GIF has no
/// partial alpha: pixels are composited over black. Delays are whole centiseconds; the caller
/// spreads the rounding (see `GIFRecorder`'s use of `FrameTimeline`).
public struct GIFEncoder {
    /// The animation's width in pixels; every frame has it.
    public let width: Int
    /// The animation's height in pixels; every frame has it.
    public let height: Int
    private var previous: [UInt32]?

    /// An encoder for frames of `width` × `height` pixels.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// "GIF89a", the screen descriptor (no global table) and the NETSCAPE2.0 loop extension.
    public func header(loops: UInt16 = 0) -> [UInt8] {
        var out = Array("GIF89a".utf8)
        out.appendLittleEndian(UInt16(width)); out.appendLittleEndian(UInt16(height))
        out += [0x70, 0, 0] // no global table, 8 bits of colour resolution
        out += [0x21, 0xFF, 11] + Array("NETSCAPE2.0".utf8) + [3, 1]
        out.appendLittleEndian(loops)
        out += [0]
        return out
    }

    /// The trailer byte.
    public static let trailer: [UInt8] = [0x3B]

    /// One frame: graphic control extension with `delay` centiseconds, image descriptor, local
    /// colour table and LZW data of the part that changed.
    public mutating func frame(_ bitmap: Bitmap, delay: UInt16) throws -> [UInt8] {
        guard bitmap.width == width, bitmap.height == height else {
            throw HostError("a GIF frame is \(bitmap.width)x\(bitmap.height), the animation \(width)x\(height)")
        }
        var rgb = [UInt32](repeating: 0, count: width * height) // 0x00RRGGBB over black
        for y in 0..<height {
            let row = bitmap.row(y)
            for x in 0..<width {
                let p = row[x]
                rgb[y * width + x] = Pixel.r(p) << 16 | Pixel.g(p) << 8 | Pixel.b(p)
            }
        }
        var rect = (x: 0, y: 0, w: width, h: height)
        if let previous { rect = Self.changedRect(previous, rgb, width: width, height: height) }
        previous = rgb
        var pixels: [UInt32] = []
        pixels.reserveCapacity(rect.w * rect.h)
        for y in rect.y..<(rect.y + rect.h) { pixels += rgb[(y * width + rect.x)..<(y * width + rect.x + rect.w)] }

        let (palette, indices) = Quantizer.quantize(pixels)
        var out: [UInt8] = [0x21, 0xF9, 4, 0x04] // disposal 1: leave the frame in place
        out.appendLittleEndian(delay)
        out += [0, 0]
        out += [0x2C]
        for v in [rect.x, rect.y, rect.w, rect.h] { out.appendLittleEndian(UInt16(v)) }
        out += [0x87] // local table of 256 entries
        for i in 0..<256 {
            let c = i < palette.count ? palette[i] : 0
            out += [UInt8(c >> 16 & 0xFF), UInt8(c >> 8 & 0xFF), UInt8(c & 0xFF)]
        }
        out += [8]
        out += LZW.encode(indices)
        return out
    }

    static func changedRect(_ a: [UInt32], _ b: [UInt32], width: Int, height: Int) -> (x: Int, y: Int, w: Int, h: Int) {
        a.withUnsafeBufferPointer { pa in b.withUnsafeBufferPointer { pb in changedPixels(pa, pb, width: width, height: height) } }
    }
}

/// GIF's variable-width LZW over 8-bit indices, packed least significant bit first into sub-blocks.
enum LZW {
    static func encode(_ indices: [UInt8]) -> [UInt8] {
        let clear = 256, end = 257
        var table = [Int16](repeating: -1, count: 4096 * 256) // prefix code * 256 + byte → code
        var used: [Int] = []
        used.reserveCapacity(4096)
        var next = 258, width = 9
        var bytes: [UInt8] = []
        bytes.reserveCapacity(indices.count / 2)
        var acc: UInt32 = 0, bits = 0
        func emit(_ code: Int) {
            acc |= UInt32(code) << UInt32(bits)
            bits += width
            while bits >= 8 { bytes.append(UInt8(acc & 0xFF)); acc >>= 8; bits -= 8 }
        }
        emit(clear)
        var prefix = Int(indices[0])
        for i in 1..<indices.count {
            let k = Int(indices[i])
            let key = prefix << 8 | k
            let found = table[key]
            if found >= 0 { prefix = Int(found); continue }
            emit(prefix)
            table[key] = Int16(next); used.append(key)
            if next == 1 << width && width < 12 { width += 1 }
            next += 1
            if next == 4096 { // table full: start again (as gif.h and most encoders do)
                emit(clear)
                for u in used { table[u] = -1 }
                used.removeAll(keepingCapacity: true)
                next = 258; width = 9
            }
            prefix = k
        }
        emit(prefix)
        emit(end)
        if bits > 0 { bytes.append(UInt8(acc & 0xFF)) }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + bytes.count / 255 + 2)
        var i = 0
        while i < bytes.count {
            let n = min(255, bytes.count - i)
            out.append(UInt8(n))
            out += bytes[i..<(i + n)]
            i += n
        }
        out.append(0)
        return out
    }
}

/// Up to 256 colours for a set of pixels: the exact ones when there are few enough, else a median cut.
enum Quantizer {
    /// The palette (0x00RRGGBB) and each pixel's index into it.
    static func quantize(_ pixels: [UInt32]) -> (palette: [UInt32], indices: [UInt8]) {
        if let exact = exactColours(pixels) { return exact }
        // 15-bit histogram: count and sums per bin, so a box's colour is its pixels' mean.
        var count = [Int](repeating: 0, count: 32768)
        var sums = [Int](repeating: 0, count: 32768 * 3)
        for p in pixels {
            let bin = Self.bin(p)
            count[bin] += 1
            sums[bin * 3] += Int(p >> 16 & 0xFF); sums[bin * 3 + 1] += Int(p >> 8 & 0xFF); sums[bin * 3 + 2] += Int(p & 0xFF)
        }
        var boxes: [[Int]] = [(0..<32768).filter { count[$0] > 0 }]
        func channel(_ bin: Int, _ c: Int) -> Int { bin >> (10 - 5 * c) & 0x1F }
        func extent(_ box: [Int]) -> (axis: Int, range: Int) {
            var best = (0, -1)
            for c in 0..<3 {
                var lo = 31, hi = 0
                for b in box { let v = channel(b, c); lo = min(lo, v); hi = max(hi, v) }
                if hi - lo > best.1 { best = (c, hi - lo) }
            }
            return best
        }
        while boxes.count < 256 {
            // Split the box with the most pixels among those that can still be split.
            var pick = -1, most = 0
            for (i, box) in boxes.enumerated() where box.count > 1 {
                let n = box.reduce(0) { $0 + count[$1] }
                if n > most { most = n; pick = i }
            }
            guard pick >= 0 else { break }
            let axis = extent(boxes[pick]).axis
            let sorted = boxes[pick].sorted { channel($0, axis) < channel($1, axis) || (channel($0, axis) == channel($1, axis) && $0 < $1) }
            var half = 0, cut = 0
            while cut < sorted.count - 1 && half + count[sorted[cut]] <= most / 2 { half += count[sorted[cut]]; cut += 1 }
            cut = max(1, cut)
            boxes[pick] = Array(sorted[..<cut])
            boxes.append(Array(sorted[cut...]))
        }
        var palette: [UInt32] = []
        var binColour = [Int16](repeating: -1, count: 32768)
        for box in boxes {
            var n = 0, r = 0, g = 0, b = 0
            for bin in box { n += count[bin]; r += sums[bin * 3]; g += sums[bin * 3 + 1]; b += sums[bin * 3 + 2] }
            palette.append(UInt32((r + n / 2) / n) << 16 | UInt32((g + n / 2) / n) << 8 | UInt32((b + n / 2) / n))
        }
        // Each bin maps to the nearest palette colour (to its mean colour).
        for bin in 0..<32768 where count[bin] > 0 {
            let n = count[bin]
            let r = (sums[bin * 3] + n / 2) / n, g = (sums[bin * 3 + 1] + n / 2) / n, b = (sums[bin * 3 + 2] + n / 2) / n
            var best = 0, bestD = Int.max
            for (i, c) in palette.enumerated() {
                let dr = r - Int(c >> 16 & 0xFF), dg = g - Int(c >> 8 & 0xFF), db = b - Int(c & 0xFF)
                let d = 2 * dr * dr + 4 * dg * dg + 3 * db * db
                if d < bestD { bestD = d; best = i }
            }
            binColour[bin] = Int16(best)
        }
        let indices = pixels.map { p in UInt8(binColour[Self.bin(p)]) }
        return (palette, indices)
    }

    /// The 15-bit histogram bin of 0x00RRGGBB: the top 5 bits of each channel.
    @inline(__always) static func bin(_ p: UInt32) -> Int {
        let r = (p >> 9) & 0x7C00, g = (p >> 6) & 0x3E0, b = (p >> 3) & 0x1F
        return Int(r | g | b)
    }

    /// The pixels' own colours, when there are at most 256 of them.
    static func exactColours(_ pixels: [UInt32]) -> (palette: [UInt32], indices: [UInt8])? {
        var slots = [UInt32](repeating: UInt32.max, count: 1024) // open addressing; UInt32.max is free
        var slotIndex = [UInt8](repeating: 0, count: 1024)
        var palette: [UInt32] = []
        var indices = [UInt8](repeating: 0, count: pixels.count)
        var last = UInt32.max, lastIndex: UInt8 = 0
        for (i, p) in pixels.enumerated() {
            if p == last { indices[i] = lastIndex; continue }
            var h = Int((p &* 2654435761) >> 22)
            while slots[h] != UInt32.max && slots[h] != p { h = (h + 1) & 1023 }
            if slots[h] == UInt32.max {
                guard palette.count < 256 else { return nil }
                slots[h] = p; slotIndex[h] = UInt8(palette.count); palette.append(p)
            }
            last = p; lastIndex = slotIndex[h]
            indices[i] = lastIndex
        }
        return (palette, indices)
    }
}

extension Array where Element == UInt8 {
    mutating func appendLittleEndian(_ v: UInt16) { append(contentsOf: [UInt8(v & 0xFF), UInt8(v >> 8)]) }
}
