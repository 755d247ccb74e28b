import CCodecs
import Raster

/// JPEG decoding through libjpeg-turbo (CCodecs, a small C shim whose error handler returns instead
/// of calling exit()): baseline and progressive, grey, YCbCr and CMYK, into opaque RGBA8 — the same
/// settings SDL2_image used (RGB output, the default slow-but-accurate IDCT, fancy upsampling), so
/// the same pixels.
///
/// A file that is cut short or damaged throws (libjpeg would only warn and paint the rest grey), as
/// does one declaring a size outside 1...`Bitmap.maxDimension` per side, before its pixels are
/// allocated.
public enum JPEG {
    /// True when `bytes` start with JPEG's start-of-image marker.
    public static func looksLikeJPEG(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 3 && bytes[0] == 0xFF && bytes[1] == 0xD8 && bytes[2] == 0xFF
    }

    /// Decodes a JPEG file's bytes; `name` is what a failure calls it.
    /// - Throws: `PNG.Failure`, one line.
    public static func decode(_ bytes: [UInt8], name: String) throws -> Bitmap {
        var pixels: UnsafeMutablePointer<UInt8>?
        var width: Int32 = 0, height: Int32 = 0
        var message = [CChar](repeating: 0, count: 200)
        let status = bytes.withUnsafeBufferPointer { b in
            message.withUnsafeMutableBufferPointer { m in
                flipbook_jpeg_decode(b.baseAddress, b.count, Bitmap.maxDimension, &pixels, &width, &height, m.baseAddress, m.count)
            }
        }
        defer { flipbook_jpeg_free(pixels) }
        guard status == 0, let pixels else {
            let why = message.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
            throw PNG.Failure(description: "cannot read JPEG \(name): \(why.isEmpty ? "not a JPEG file" : why)")
        }
        let w = Int(width), h = Int(height)
        guard let bitmap = Bitmap(width: w, height: h) else {
            throw PNG.Failure(description: "cannot read JPEG \(name): \(w)x\(h) pixels, outside 1...\(Bitmap.maxDimension) per side")
        }
        for y in 0..<h {
            let src = pixels + y * w * 4, row = bitmap.row(y)
            for x in 0..<w {
                row[x] = Pixel.pack(r: UInt32(src[4 * x]), g: UInt32(src[4 * x + 1]), b: UInt32(src[4 * x + 2]), a: 255)
            }
        }
        return bitmap
    }

    /// Encodes `bitmap`'s colours as a baseline JPEG at `quality` 1–100 (clamped). JPEG has no
    /// alpha: the premultiplied colours are written, so transparent parts come out black
    /// (`UIImage.jpegData`).
    public static func encode(_ bitmap: Bitmap, quality: Int) throws -> [UInt8] {
        try encodeForTests(bitmap, quality: max(1, min(100, quality)))
    }

    /// Encodes `bitmap`'s colours (alpha dropped) as a JPEG at `quality` 1–100, optionally
    /// progressive: the vectors JPEG decoding is tested with.
    public static func encodeForTests(_ bitmap: Bitmap, quality: Int, progressive: Bool = false) throws -> [UInt8] {
        var rgb: [UInt8] = []
        rgb.reserveCapacity(bitmap.width * bitmap.height * 3)
        for y in 0..<bitmap.height {
            for p in bitmap.row(y) { rgb += [UInt8(Pixel.r(p)), UInt8(Pixel.g(p)), UInt8(Pixel.b(p))] }
        }
        var out: UnsafeMutablePointer<UInt8>?
        var size = 0
        let status = rgb.withUnsafeBufferPointer {
            flipbook_jpeg_encode_rgb($0.baseAddress, Int32(bitmap.width), Int32(bitmap.height), Int32(quality), progressive ? 1 : 0, &out, &size)
        }
        defer { flipbook_jpeg_free(out) }
        guard status == 0, let out else { throw PNG.Failure(description: "cannot encode a test JPEG") }
        return Array(UnsafeBufferPointer(start: out, count: size))
    }
}
