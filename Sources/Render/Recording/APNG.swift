import CCodecs
import CZlib
import Foundation
import FrameLoop
import Raster
import RasterIO

/// Animated PNG, written by Flipbook itself: lossless frames as PNG chunks over zlib.
///
/// The file is the PNG signature, `IHDR` (8-bit straight RGBA), `acTL` (frame count and loops),
/// then per frame an `fcTL` (region, delay as a fraction of a second, dispose none, blend source) and
/// the frame's compressed rows: `IDAT` for the first frame (which is also the still picture a viewer
/// without APNG shows), `fdAT` for the others; `IEND` ends it. A frame after the first holds only
/// the rectangle that changed since the frame before (a 1×1 region when nothing did), written with
/// blend "source", so every decoded frame is the frame's exact pixels: byte-identical to the PNG
/// of the same frame. Rows are filtered per row with the filter whose output has the smallest sum
/// of absolute values (libpng's heuristic), then deflated by zlib (`compress2`).
///
/// Encoding is split in two so a recorder can wait for a frame's delay: `encode(_:)` compresses the
/// frame, `chunks(of:delay:)` wraps it once its delay is known. The frame count in `acTL` is
/// written up front as 0 and patched in place at the end (`frameCountPatch`).
public struct APNGEncoder {
    /// A compressed frame waiting for its delay.
    public struct Frame {
        /// Where the changed part is in the animation's frame, and its size, in pixels.
        public let x: Int, y: Int, width: Int, height: Int
        /// zlib stream of the filtered rows.
        public let data: [UInt8]
    }

    /// The animation's width in pixels; every frame has it.
    public let width: Int
    /// The animation's height in pixels; every frame has it.
    public let height: Int
    /// zlib level 0…9. Default: 6 (zlib's default); recorders that must keep up with a window use 1.
    public var level: Int32 = 6
    private var previous: [UInt8]?
    private var sequence: UInt32 = 0

    /// An encoder for frames of `width` × `height` pixels.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// Offset in the file of `acTL`'s data (frame count, then loops): see `frameCountPatch`.
    public static let acTLDataOffset = 8 + (12 + 13) + 8

    /// The signature, `IHDR` and `acTL` (frame count 0 until patched; loops 0 plays forever).
    public func header(loops: UInt32 = 0) -> [UInt8] {
        var ihdr: [UInt8] = []
        ihdr.appendBigEndian(UInt32(width)); ihdr.appendBigEndian(UInt32(height))
        ihdr += [8, 6, 0, 0, 0] // 8 bits, RGBA, deflate, adaptive filters, no interlace
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Self.chunk("IHDR", ihdr) + Self.chunk("acTL", Self.acTLData(frames: 0, loops: loops))
    }

    /// The bytes to write at `acTLDataOffset` once the frame count is known: `acTL`'s data and CRC.
    public static func frameCountPatch(frames: UInt32, loops: UInt32 = 0) -> [UInt8] {
        Array(chunk("acTL", acTLData(frames: frames, loops: loops)).dropFirst(8))
    }

    /// `IEND`.
    public static let trailer = chunk("IEND", [])

    /// Compresses `bitmap` (the encoder's size), or the part of it that changed since the last frame.
    public mutating func encode(_ bitmap: Bitmap) throws -> Frame {
        guard bitmap.width == width, bitmap.height == height else {
            throw HostError("an APNG frame is \(bitmap.width)x\(bitmap.height), the animation \(width)x\(height)")
        }
        let rgba = PNG.straightRGBA(bitmap)
        var rect = (x: 0, y: 0, w: width, h: height)
        if let previous { rect = Self.changedRect(previous, rgba, width: width, height: height) }
        previous = rgba
        let raw = Self.filtered(rgba, stride: width * 4, rect: rect)
        return Frame(x: rect.x, y: rect.y, width: rect.w, height: rect.h, data: try Self.deflate(raw, level: level))
    }

    /// One frame compressed on its own, from the frame and the one before it (nil for the first):
    /// what `encode` does, as a pure function, so frames can be compressed on several threads and
    /// written in order afterwards (`chunks(of:delay:)`). The changed part is found on the
    /// premultiplied pixels: equal premultiplied pixels are equal straight ones, so the part holds
    /// every change (for opaque frames it is the same part `encode` finds).
    ///
    /// With `fast`, every row takes the Sub filter instead of the best of five, and the rows are
    /// compressed by libdeflate when the machine has it (about twice zlib's speed at level 1 and a
    /// sixth smaller on a gradient; any PNG reader inflates it), else by zlib: a window's
    /// recording uses it to keep up with the window.
    public static func frame(_ bitmap: Bitmap, after previous: Bitmap?, level: Int32, fast: Bool = false) throws -> Frame {
        var rect = (x: 0, y: 0, w: bitmap.width, h: bitmap.height)
        if let previous {
            guard previous.width == bitmap.width, previous.height == bitmap.height else {
                throw HostError("an APNG frame is \(bitmap.width)x\(bitmap.height), the one before it \(previous.width)x\(previous.height)")
            }
            rect = changedPixels(UnsafeBufferPointer(start: previous.pixels, count: previous.stride * previous.height),
                                 UnsafeBufferPointer(start: bitmap.pixels, count: bitmap.stride * bitmap.height),
                                 width: bitmap.width, height: bitmap.height, aStride: previous.stride, bStride: bitmap.stride)
        }
        let raw = filtered(PNG.straightRGBA(bitmap), stride: bitmap.width * 4, rect: rect, choosing: !fast)
        let data = fast ? libdeflate(raw, level: level) : nil
        return Frame(x: rect.x, y: rect.y, width: rect.w, height: rect.h, data: try data ?? deflate(raw, level: level))
    }

    /// `raw` as a zlib stream by libdeflate at `level`, or nil when the machine has no libdeflate.
    static func libdeflate(_ raw: [UInt8], level: Int32) -> [UInt8]? {
        var out: UnsafeMutablePointer<UInt8>?
        let n = raw.withUnsafeBufferPointer { flipbook_libdeflate_zlib($0.baseAddress, $0.count, level, &out) }
        guard n > 0, let out else { return nil }
        defer { free(out) }
        return Array(UnsafeBufferPointer(start: out, count: n))
    }

    /// `fcTL` and the frame's data chunks; frames must be passed in the order they were encoded.
    /// - Parameter delay: how long the frame shows, `numerator / denominator` seconds (0 as a
    ///   denominator means 1/100 s, as the format says; avoid it).
    public mutating func chunks(of frame: Frame, delay: (numerator: UInt16, denominator: UInt16)) -> [UInt8] {
        var fc: [UInt8] = []
        fc.appendBigEndian(sequence); sequence += 1
        for v in [frame.width, frame.height, frame.x, frame.y] { fc.appendBigEndian(UInt32(v)) }
        fc.appendBigEndian(delay.numerator); fc.appendBigEndian(delay.denominator)
        fc += [0, 0] // dispose none, blend source
        var out = Self.chunk("fcTL", fc)
        let first = sequence == 1
        // Chunks of at most 1 MiB, as encoders customarily split IDAT.
        var start = 0
        repeat {
            let end = min(frame.data.count, start + (1 << 20))
            if first {
                out += Self.chunk("IDAT", Array(frame.data[start..<end]))
            } else {
                var fd: [UInt8] = []
                fd.appendBigEndian(sequence); sequence += 1
                out += Self.chunk("fdAT", fd + frame.data[start..<end])
            }
            start = end
        } while start < frame.data.count
        return out
    }

    // MARK: Pieces

    static func acTLData(frames: UInt32, loops: UInt32) -> [UInt8] {
        var d: [UInt8] = []
        d.appendBigEndian(frames); d.appendBigEndian(loops)
        return d
    }

    /// A chunk: length, type, data, CRC-32 of type and data.
    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(data.count + 12)
        out.appendBigEndian(UInt32(data.count))
        let typeAndData = Array(type.utf8) + data
        out += typeAndData
        let crc = typeAndData.withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) }
        out.appendBigEndian(UInt32(truncatingIfNeeded: crc))
        return out
    }

    /// The smallest rectangle holding every pixel that differs; 1×1 at the origin when none does.
    static func changedRect(_ a: [UInt8], _ b: [UInt8], width: Int, height: Int) -> (x: Int, y: Int, w: Int, h: Int) {
        a.withUnsafeBytes { pa in
            b.withUnsafeBytes { pb in
                changedPixels(pa.bindMemory(to: UInt32.self), pb.bindMemory(to: UInt32.self), width: width, height: height)
            }
        }
    }

    /// The rectangle's rows, each with its filter-type byte first (PNG filters over 4-byte pixels),
    /// each row's filter the one whose output has the smallest sum of magnitudes (libpng's
    /// heuristic, CCodecs' `flipbook_png_filter_rows`: the PNG writer's, in C so it is fast in
    /// every build; a window's recording spent two thirds of its time here in Swift).
    /// With `choosing` false every row takes the Sub filter (`fast` frames: choosing cost half of
    /// a window recording's time; a gradient's frame is a few per cent larger).
    static func filtered(_ rgba: [UInt8], stride: Int, rect: (x: Int, y: Int, w: Int, h: Int), choosing: Bool = true) -> [UInt8] {
        let filter = choosing ? flipbook_png_filter_rows : flipbook_png_filter_rows_sub
        let n = rect.w * 4
        var out = [UInt8](repeating: 0, count: (n + 1) * rect.h)
        rgba.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                let first = src.baseAddress! + rect.y * stride + rect.x * 4
                if n == stride {
                    filter(first, n, rect.h, dst.baseAddress!)
                } else {
                    // A part of the frame: its rows side by side first, as the filter reads them.
                    var part = [UInt8](repeating: 0, count: n * rect.h)
                    part.withUnsafeMutableBufferPointer { p in
                        for r in 0..<rect.h { (p.baseAddress! + r * n).update(from: first + r * stride, count: n) }
                        filter(p.baseAddress!, n, rect.h, dst.baseAddress!)
                    }
                }
            }
        }
        return out
    }

    static func deflate(_ raw: [UInt8], level: Int32) throws -> [UInt8] {
        var size = compressBound(uLong(raw.count))
        var out = [UInt8](repeating: 0, count: Int(size))
        let r = out.withUnsafeMutableBufferPointer { o in
            raw.withUnsafeBufferPointer { i in compress2(o.baseAddress, &size, i.baseAddress, uLong(i.count), level) }
        }
        guard r == Z_OK else { throw HostError("zlib could not compress an APNG frame (error \(r))") }
        out.removeLast(out.count - Int(size))
        return out
    }
}

extension Array where Element == UInt8 {
    mutating func appendBigEndian(_ v: UInt32) { append(contentsOf: [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]) }
    mutating func appendBigEndian(_ v: UInt16) { append(contentsOf: [UInt8(v >> 8), UInt8(v & 0xFF)]) }
}

/// The smallest rectangle holding every 4-byte pixel that differs between two frames of `width` ×
/// `height` pixels; 1×1 at the origin when none does (what an animation's next frame must hold).
/// Rows are `aStride` and `bStride` pixels apart (default: `width`).
func changedPixels(_ a: UnsafeBufferPointer<UInt32>, _ b: UnsafeBufferPointer<UInt32>, width: Int, height: Int,
                   aStride: Int? = nil, bStride: Int? = nil) -> (x: Int, y: Int, w: Int, h: Int) {
    var minX = width, minY = height, maxX = -1, maxY = -1
    let sa = aStride ?? width, sb = bStride ?? width
    for y in 0..<height {
        let ra = y * sa, rb = y * sb
        var x0 = 0
        while x0 < width && a[ra + x0] == b[rb + x0] { x0 += 1 }
        guard x0 < width else { continue }
        var x1 = width - 1
        while a[ra + x1] == b[rb + x1] { x1 -= 1 }
        minX = min(minX, x0); maxX = max(maxX, x1); minY = min(minY, y); maxY = y
    }
    guard maxX >= 0 else { return (0, 0, 1, 1) }
    return (minX, minY, maxX - minX + 1, maxY - minY + 1)
}
