import CSDL2
import CSDL2Image
import Raster

/// PNG reading and writing of premultiplied bitmaps through SDL2_image.
///
/// PNG stores straight alpha, so writing un-premultiplies and reading premultiplies again. For the
/// same bitmap the bytes written are the same on every run (libpng's encoder is deterministic).
public enum PNG {
    public struct Failure: Error, CustomStringConvertible {
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

    /// Writes `bitmap` to `path`; throws with SDL's message when the file cannot be written.
    public static func write(_ bitmap: Bitmap, to path: String) throws {
        var bytes = straightRGBA(bitmap)
        let result: Int32 = bytes.withUnsafeMutableBytes { raw in
            guard let surface = SDL_CreateRGBSurfaceWithFormatFrom(
                raw.baseAddress, Int32(bitmap.width), Int32(bitmap.height), 32, Int32(bitmap.width * 4),
                SDL_PIXELFORMAT_RGBA32.rawValue) else { return -1 }
            defer { SDL_FreeSurface(surface) }
            return IMG_SavePNG(surface, path)
        }
        if result != 0 { throw Failure(description: "cannot write PNG \(path): \(String(cString: SDL_GetError()))") }
    }

    /// Reads a PNG (or any format SDL2_image knows) into a premultiplied bitmap.
    public static func read(_ path: String) throws -> Bitmap {
        guard let loaded = IMG_Load(path) else {
            throw Failure(description: "cannot read image \(path): \(String(cString: SDL_GetError()))")
        }
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
