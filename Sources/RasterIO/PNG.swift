import CSDL2
import CSDL2Image
import CZlib
import Raster

/// PNG reading and writing of premultiplied bitmaps through SDL2_image.
///
/// PNG stores straight alpha, so writing un-premultiplies and reading premultiplies again. For the
/// same bitmap the bytes written are the same on every run (libpng's encoder is deterministic).
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

    /// The PNG file's bytes for `bitmap`, encoded in memory.
    ///
    /// SDL2_image's file writer ignores failed writes (a full disk gave a cut-short PNG and a
    /// success code), so the encoder writes into a growing buffer of ours and the caller writes the
    /// bytes with `CheckedFile`, which checks every step. Throws when encoding fails or produced
    /// nothing that starts like a PNG.
    public static func encode(_ bitmap: Bitmap) throws -> [UInt8] {
        var pixels = straightRGBA(bitmap)
        let sink = ByteSink()
        let result: Int32 = pixels.withUnsafeMutableBytes { raw in
            guard let surface = SDL_CreateRGBSurfaceWithFormatFrom(
                raw.baseAddress, Int32(bitmap.width), Int32(bitmap.height), 32, Int32(bitmap.width * 4),
                SDL_PIXELFORMAT_RGBA32.rawValue) else { return -1 }
            defer { SDL_FreeSurface(surface) }
            guard let rw = sink.makeRWops() else { return -1 }
            defer { SDL_FreeRW(rw) }
            return IMG_SavePNG_RW(surface, rw, 0)
        }
        guard result == 0, looksLikePNG(sink.bytes) else {
            throw Failure(description: "cannot encode a \(bitmap.width)x\(bitmap.height) PNG: \(String(cString: SDL_GetError()))")
        }
        return sink.bytes
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
        do { try CheckedFile.write(bytes, toPath: path, mode: .replace, sync: false) } catch let e as CheckedFile.Failure {
            throw Failure(description: "cannot write PNG \(path): \(CheckedFile.reason(e.code))")
        }
    }

    /// Reads a PNG (or any format SDL2_image knows) into a premultiplied bitmap.
    public static func read(_ path: String) throws -> Bitmap {
        guard let loaded = IMG_Load(path) else {
            throw Failure(description: "cannot read image \(path): \(String(cString: SDL_GetError()))")
        }
        return try premultiplied(loaded, name: path)
    }

    /// Decodes a PNG (or any format SDL2_image knows) held in memory into a premultiplied bitmap;
    /// `name` is what a failure calls it. Reading `encode`'s bytes back gives the same bitmap.
    public static func decode(_ bytes: [UInt8], name: String) throws -> Bitmap {
        let loaded = bytes.withUnsafeBytes { raw -> UnsafeMutablePointer<SDL_Surface>? in
            guard let rw = SDL_RWFromConstMem(raw.baseAddress, Int32(clamping: raw.count)) else { return nil }
            return IMG_Load_RW(rw, 1) // frees the RWops
        }
        guard let loaded else {
            throw Failure(description: "cannot read image \(name): \(String(cString: SDL_GetError()))")
        }
        return try premultiplied(loaded, name: name)
    }

    /// `loaded`'s pixels as a premultiplied bitmap; frees `loaded`.
    private static func premultiplied(_ loaded: UnsafeMutablePointer<SDL_Surface>, name path: String) throws -> Bitmap {
        defer { SDL_FreeSurface(loaded) }
        guard let surface = SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_RGBA32.rawValue, 0) else {
            throw Failure(description: "cannot convert image \(path): \(String(cString: SDL_GetError()))")
        }
        defer { SDL_FreeSurface(surface) }
        let w = Int(surface.pointee.w), h = Int(surface.pointee.h), pitch = Int(surface.pointee.pitch)
        guard let bitmap = Bitmap(width: w, height: h) else {
            throw Failure(description: "image \(path) is \(w)x\(h), outside 1...\(Bitmap.maxDimension) per side")
        }
        let base = surface.pointee.pixels!.assumingMemoryBound(to: UInt8.self)
        for y in 0..<h {
            let src = base + y * pitch
            let row = bitmap.row(y)
            for x in 0..<w {
                let a = UInt32(src[x * 4 + 3])
                func pm(_ c: UInt8) -> UInt32 { (UInt32(c) * a + 127) / 255 }
                row[x] = Pixel.pack(r: pm(src[x * 4]), g: pm(src[x * 4 + 1]), b: pm(src[x * 4 + 2]), a: a)
            }
        }
        return bitmap
    }
}

/// The growing byte buffer behind an `SDL_RWops` that only writes (the PNG encoder's output).
private final class ByteSink {
    var bytes: [UInt8] = []

    /// A write-only RWops appending to `bytes`; free it with `SDL_FreeRW`, the sink must outlive it.
    func makeRWops() -> UnsafeMutablePointer<SDL_RWops>? {
        guard let rw = SDL_AllocRW() else { return nil }
        rw.pointee.type = UInt32(SDL_RWOPS_UNKNOWN)
        rw.pointee.hidden.unknown.data1 = Unmanaged.passUnretained(self).toOpaque()
        rw.pointee.size = { ctx in Int64(ByteSink.of(ctx)?.bytes.count ?? -1) }
        rw.pointee.seek = { ctx, offset, whence in
            // Only "where am I" is answered: the encoder writes straight through.
            guard let sink = ByteSink.of(ctx), offset == 0, whence == RW_SEEK_CUR || whence == RW_SEEK_END else { return -1 }
            return Int64(sink.bytes.count)
        }
        rw.pointee.read = { _, _, _, _ in 0 }
        rw.pointee.write = { ctx, src, size, count in
            guard let sink = ByteSink.of(ctx), let src else { return 0 }
            let (total, overflow) = size.multipliedReportingOverflow(by: count)
            guard !overflow else { return 0 }
            sink.bytes.append(contentsOf: UnsafeRawBufferPointer(start: src, count: total))
            return count
        }
        rw.pointee.close = { _ in 0 }
        return rw
    }

    static func of(_ ctx: UnsafeMutablePointer<SDL_RWops>?) -> ByteSink? {
        guard let p = ctx?.pointee.hidden.unknown.data1 else { return nil }
        return Unmanaged<ByteSink>.fromOpaque(p).takeUnretainedValue()
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
