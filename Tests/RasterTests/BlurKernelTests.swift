import Foundation
@testable import Raster
import SplitMix
import Testing

/// The blur's C kernels (CRasterKernels' Blur.c: the passes as one pipeline over the rows, portable
/// and AVX2) give exactly the bytes of the three-pass Swift blur they replaced, kept below as the
/// reference: each picture is blurred with each path forced and compared byte for byte.
@Suite(.serialized) struct BlurKernelTests {
    /// The Swift blur before the kernels (Blur.swift's boxLine and boxColumns, pass after pass over
    /// the whole image, a byte at a time): the bytes the kernels must keep.
    static func reference(_ base: UnsafeMutablePointer<UInt8>, width: Int, height: Int, rowBytes: Int, channels: Int, widths: [Int]) {
        func quotient(_ sum: UInt64, _ inv: UInt64) -> UInt8 { UInt8(Swift.min(255, (sum * inv + (1 << 31)) >> 32)) }
        let n = width * channels
        var line = [UInt8](repeating: 0, count: width), temp = [UInt8](repeating: 0, count: n * height)
        for w in widths {
            let r = (w - 1) / 2
            guard r > 0 else { continue }
            let inv = ((UInt64(1) << 32) + UInt64(w) / 2) / UInt64(w)
            for y in 0..<height {
                for c in 0..<channels {
                    let p = base + y * rowBytes + c
                    for i in 0..<width { line[i] = p[i * channels] }
                    var sum: UInt64 = 0
                    for i in 0..<Swift.min(r, width) { sum += UInt64(line[i]) }
                    for i in 0..<width {
                        if i + r < width { sum += UInt64(line[i + r]) }
                        p[i * channels] = quotient(sum, inv)
                        if i - r >= 0 { sum -= UInt64(line[i - r]) }
                    }
                }
            }
            for y in 0..<height { for i in 0..<n { temp[y * n + i] = base[y * rowBytes + i] } }
            var sums = [UInt64](repeating: 0, count: n)
            for y in 0..<Swift.min(r, height) { for i in 0..<n { sums[i] += UInt64(temp[y * n + i]) } }
            for y in 0..<height {
                if y + r < height { for i in 0..<n { sums[i] += UInt64(temp[(y + r) * n + i]) } }
                for i in 0..<n { base[y * rowBytes + i] = quotient(sums[i], inv) }
                if y - r >= 0 { for i in 0..<n { sums[i] -= UInt64(temp[(y - r) * n + i]) } }
            }
        }
    }

    /// `make`'s result with each path forced, the portable one first.
    func everyPath<T>(_ make: () -> T) -> [(RasterKernels.Path, T)] {
        RasterKernels.Path.allCases.map { path in
            RasterKernels.forced = path
            defer { RasterKernels.forced = nil }
            return (path, make())
        }
    }

    /// Random bytes with runs of zeros and of 255 (where sums peak), in rows `rowBytes` apart whose
    /// padding holds a marker the blur must leave alone.
    func picture(width: Int, height: Int, channels: Int, rowBytes: Int, seed: UInt64) -> [UInt8] {
        var rng = SplitMix64(seed: seed)
        var bytes = [UInt8](repeating: 0xA5, count: rowBytes * height)
        for y in 0..<height {
            let kind = rng.next() % 4
            for i in 0..<(width * channels) {
                let v = UInt8(truncatingIfNeeded: rng.next())
                bytes[y * rowBytes + i] = kind == 0 ? 0 : kind == 1 ? (v < 40 ? 0 : 255) : v
            }
        }
        return bytes
    }

    /// Widths from σ 0.9 (boxes of 1, 1 and 3) to σ 140 (boxes over 257: past the AVX2 16-bit
    /// loop, which hands them to the portable one), 1, 3 and 4 channels, images narrower and
    /// shorter than a box, odd widths that leave the 16-byte groups a tail, rows with padding.
    @Test(arguments: [1, 3, 4]) func blurGivesTheReferenceBytesOnEveryPath(channels: Int) {
        let sizes = [(1, 1), (2, 9), (7, 3), (31, 17), (101, 43), (257, 12), (640, 37)]
        var compared = 0, changed = 0
        for (k, sigma) in [0.9, 1.2, 3.0, 10, 33, 140].enumerated() {
            let widths = Blur.boxWidths(sigma: sigma)
            for (s, (w, h)) in sizes.enumerated() {
                let rowBytes = w * channels + (s % 3) * 5
                let original = picture(width: w, height: h, channels: channels, rowBytes: rowBytes, seed: UInt64(100 * k + s))
                var expected = original
                expected.withUnsafeMutableBufferPointer {
                    Self.reference($0.baseAddress!, width: w, height: h, rowBytes: rowBytes, channels: channels, widths: widths)
                }
                for (path, bytes) in everyPath({ () -> [UInt8] in
                    var b = original
                    b.withUnsafeMutableBufferPointer {
                        Blur.blurAll($0.baseAddress!, width: w, height: h, rowBytes: rowBytes, channels: channels, widths: widths)
                    }
                    return b
                }) {
                    let same = bytes == expected
                    #expect(same, "σ \(sigma) \(w)×\(h)×\(channels), \(path): first difference at byte \(bytes.indices.first { bytes[$0] != expected[$0] } ?? -1)")
                    compared += 1
                }
                if expected != original { changed += 1 }
            }
        }
        #expect(compared == 6 * sizes.count * RasterKernels.Path.allCases.count)
        #expect(changed > 30)   // the blurs did something
    }

    /// A frame-wide bitmap and a mask through the public entry points, on every path: the same
    /// bytes as the reference (the frame at σ 10, as `flipbook bench`'s blur-frame case).
    @Test func frameAndMaskBlurGiveTheReferenceBytesOnEveryPath() {
        let w = 1920, h = 64
        let original = picture(width: w, height: h, channels: 4, rowBytes: w * 4, seed: 9)
        var expected = original
        expected.withUnsafeMutableBufferPointer {
            Self.reference($0.baseAddress!, width: w, height: h, rowBytes: w * 4, channels: 4, widths: Blur.boxWidths(sigma: 10))
        }
        for (path, same) in everyPath({ () -> Bool in
            let b = Bitmap(width: w, height: h)!
            original.withUnsafeBytes { src in
                for y in 0..<h { UnsafeMutableRawPointer(b.row(y).baseAddress!).copyMemory(from: src.baseAddress! + y * w * 4, byteCount: w * 4) }
            }
            b.blur(sigma: 10)
            return (0..<h).allSatisfy { y in
                expected.withUnsafeBytes { e in memcmp(b.row(y).baseAddress!, e.baseAddress! + y * w * 4, w * 4) == 0 }
            }
        }) {
            #expect(same, "\(path)")
        }
        let maskBytes = picture(width: 333, height: 91, channels: 1, rowBytes: 333, seed: 10)
        var maskExpected = maskBytes
        maskExpected.withUnsafeMutableBufferPointer {
            Self.reference($0.baseAddress!, width: 333, height: 91, rowBytes: 333, channels: 1, widths: Blur.boxWidths(sigma: 6))
        }
        for (path, bytes) in everyPath({ () -> [UInt8] in
            let m = Mask(width: 333, height: 91)!
            for y in 0..<91 { for x in 0..<333 { m.row(y)[x] = maskBytes[y * 333 + x] } }
            m.blur(sigma: 6)
            return (0..<91).flatMap { Array(m.row($0)) }
        }) {
            let same = bytes == maskExpected
            #expect(same, "mask, \(path)")
        }
        #expect(maskExpected != maskBytes)
    }
}
