import CZlib
import Foundation
import Raster

/// PNG reading and writing of premultiplied bitmaps, Flipbook's own over zlib (PNG+Decode.swift,
/// PNG+Encode.swift); reading takes JPEG files too (JPEG.swift).
///
/// PNG stores straight alpha, so writing un-premultiplies and reading premultiplies again. For the
/// same bitmap the bytes written are the same on every run (one filter heuristic, zlib level 6).
public enum PNG {
    public struct Failure: Error, CustomStringConvertible, Equatable {
        public let description: String
    }

    /// The bitmap's pixels as straight-alpha RGBA bytes, row by row without padding.
    public static func straightRGBA(_ bitmap: Bitmap) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: bitmap.width * bitmap.height * 4)
        var i = 0
        for y in 0..<bitmap.height {
            for p in bitmap.row(y) {
                let a = Pixel.a(p)
                if a == 255 || a == 0 {
                    out[i] = UInt8(Pixel.r(p)); out[i + 1] = UInt8(Pixel.g(p)); out[i + 2] = UInt8(Pixel.b(p))
                } else {
                    out[i] = UInt8(min(255, (Pixel.r(p) * 255 + a / 2) / a))
                    out[i + 1] = UInt8(min(255, (Pixel.g(p) * 255 + a / 2) / a))
                    out[i + 2] = UInt8(min(255, (Pixel.b(p) * 255 + a / 2) / a))
                }
                out[i + 3] = UInt8(a)
                i += 4
            }
        }
        return out
    }

    /// True when `bytes` start with PNG's signature and are long enough for its header and end chunks.
    public static func looksLikePNG(_ bytes: [UInt8]) -> Bool {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        return bytes.count > 8 + 25 + 12 && Array(bytes.prefix(8)) == signature
    }

    /// The width and height a PNG's header (IHDR, the first chunk) declares, or nil when `bytes`
    /// do not start like a PNG with one: read without decoding the image.
    public static func headerSize(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        guard looksLikePNG(bytes), bytes[12] == 0x49, bytes[13] == 0x48, bytes[14] == 0x44, bytes[15] == 0x52 else { return nil } // IHDR
        func u32(_ at: Int) -> Int { Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3]) }
        return (u32(16), u32(20))
    }

    /// True when `bytes` are a whole PNG file: the signature, then chunks that each lie inside the
    /// file with a correct CRC-32, the last of them IEND. Catches a cut-short or damaged file before
    /// a decoder sees it (libpng prints its complaints on standard error).
    public static func isComplete(_ bytes: [UInt8]) -> Bool {
        guard looksLikePNG(bytes) else { return false }
        var at = 8
        while at + 12 <= bytes.count {
            let length = Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
            guard length <= bytes.count - at - 12 else { return false }
            let end = at + 8 + length
            let stored = UInt32(bytes[end]) << 24 | UInt32(bytes[end + 1]) << 16 | UInt32(bytes[end + 2]) << 8 | UInt32(bytes[end + 3])
            guard CRC32.of(bytes[(at + 4)..<end]) == stored else { return false }
            if bytes[at + 4] == 0x49, bytes[at + 5] == 0x45, bytes[at + 6] == 0x4E, bytes[at + 7] == 0x44 { // IEND
                return end + 4 == bytes.count
            }
            at = end + 4
        }
        return false
    }

    /// Writes `bitmap` to `path`, creating or replacing the file, every write checked (see `encode`).
    public static func write(_ bitmap: Bitmap, to path: String) throws {
        let bytes = try encode(bitmap)
        do { try Files.write(bytes, toPath: path, mode: .replace, sync: false) } catch let e as Files.Failure {
            throw Failure(description: "cannot write PNG \(path): \(Files.reason(e.code))")
        }
    }

    /// The most bytes an image file may have to be read. Default: 256 MiB.
    public static let maxFileBytes = 256 << 20

    /// Reads a PNG or JPEG file into a premultiplied bitmap.
    /// - Throws: one line naming the file when it cannot be read or is not a whole, valid image.
    public static func read(_ path: String) throws -> Bitmap {
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        if let size = attributes?[.size] as? Int, size > maxFileBytes {
            throw Failure(description: "cannot read image \(path): \(size) bytes, more than \(maxFileBytes)")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            let exists = FileManager.default.fileExists(atPath: path)
            throw Failure(description: "cannot read image \(path): \(exists ? "cannot open the file" : "no such file")")
        }
        return try decode(Array(data), name: path)
    }

    /// Decodes a PNG or JPEG held in memory into a premultiplied bitmap; `name` is what a failure
    /// calls it. Reading `encode`'s bytes back gives the same bitmap.
    /// - Throws: one line when the bytes are neither, or cut short, damaged, or of a size outside
    ///   1...`Bitmap.maxDimension` per side.
    public static func decode(_ bytes: [UInt8], name: String) throws -> Bitmap {
        if JPEG.looksLikeJPEG(bytes) { return try JPEG.decode(bytes, name: name) }
        guard bytes.count >= 8, bytes.prefix(8).elementsEqual([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else {
            throw Failure(description: "cannot read image \(name): \(bytes.isEmpty ? "the file is empty" : "not a PNG or JPEG file")")
        }
        return try decodePNG(bytes, name: name)
    }
}

/// CRC-32 as PNG and zlib define it, computed by the system's zlib.
public enum CRC32 {
    /// The CRC of `bytes`, continuing from `crc` (the CRC of what came before; 0 to start).
    public static func of<C: Collection>(_ bytes: C, continuing crc: UInt32 = 0) -> UInt32 where C.Element == UInt8 {
        let run = { (b: UnsafeBufferPointer<UInt8>) in UInt32(crc32(uLong(crc), b.baseAddress, uInt(b.count))) }
        return bytes.withContiguousStorageIfAvailable(run) ?? Array(bytes).withUnsafeBufferPointer(run)
    }
}
