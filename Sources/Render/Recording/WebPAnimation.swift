import CWebP
import Raster
import RasterIO

/// Animated WebP through libwebp's `WebPAnimEncoder`, loaded at run time (see CWebP.h): Flipbook
/// builds and runs without libwebp, and only a WebP recording needs it.
///
/// libwebp (BSD) is the reference encoder; libwebpmux3 holds the animation encoder, libwebpdemux2
/// the decoder the tests use. Lossless by default (the pixels exact, as in the APNG); the encoder
/// keeps only what changed between frames by itself, and folds a frame identical to the one before
/// into that one's duration, so a WebP may hold fewer frames than were rendered, never other times.
public final class WebPAnimation {
    /// libwebp's refusal or a misuse (a frame of another size, a finished animation), in one line.
    public struct Failure: Error, CustomStringConvertible { public let description: String }

    private var anim: OpaquePointer?
    /// The animation's width in pixels; every frame has it.
    public let width: Int
    /// The animation's height in pixels; every frame has it.
    public let height: Int

    /// Nil when the encoder cannot be loaded: the reason names the Debian package to install.
    public static func encoderUnavailableReason() -> String? {
        fb_webp_load_encoder() == 1 ? nil : String(cString: fb_webp_error())
    }

    /// - Parameters:
    ///   - lossless: exact pixels. Default: true.
    ///   - quality: lossy quality, or lossless effort, 0…100. Default: 75.
    ///   - method: 0 (fast) … 6 (small). Default: 1, fast enough to keep up with recording.
    public init(width: Int, height: Int, lossless: Bool = true, quality: Float = 75, method: Int32 = 1) throws {
        self.width = width
        self.height = height
        guard let a = fb_webp_anim_new(Int32(width), Int32(height), lossless ? 1 : 0, quality, method) else {
            throw Failure(description: String(cString: fb_webp_error()))
        }
        anim = a
    }

    deinit { fb_webp_anim_delete(anim) }

    /// Adds `bitmap`, shown from `milliseconds` on.
    public func add(_ bitmap: Bitmap, at milliseconds: Int) throws {
        guard let anim else { throw Failure(description: "the WebP animation was already finished") }
        guard bitmap.width == width, bitmap.height == height else {
            throw Failure(description: "a WebP frame is \(bitmap.width)x\(bitmap.height), the animation \(width)x\(height)")
        }
        let rgba = PNG.straightRGBA(bitmap)
        let ok = rgba.withUnsafeBufferPointer { fb_webp_anim_add(anim, $0.baseAddress, Int32(width * 4), Int32(milliseconds)) }
        guard ok == 1 else { throw Failure(description: String(cString: fb_webp_error())) }
    }

    /// The file's bytes; the last frame ends at `milliseconds`.
    public func finish(endingAt milliseconds: Int) throws -> [UInt8] {
        guard let a = anim else { throw Failure(description: "the WebP animation was already finished") }
        defer { fb_webp_anim_delete(a); anim = nil }
        var out: UnsafeMutablePointer<UInt8>?
        var size = 0
        guard fb_webp_anim_finish(a, Int32(milliseconds), &out, &size) == 1, let out else {
            throw Failure(description: String(cString: fb_webp_error()))
        }
        defer { fb_webp_free(out) }
        return Array(UnsafeBufferPointer(start: out, count: size))
    }

    /// A decoded frame: the whole canvas as straight RGBA and when it stops showing, in ms.
    public struct DecodedFrame { public let rgba: [UInt8]; public let width: Int; public let height: Int; public let endMilliseconds: Int }

    /// Decodes every frame of an animated WebP (libwebpdemux), for checks.
    public static func decode(_ bytes: [UInt8]) throws -> [DecodedFrame] {
        final class Box { var frames: [DecodedFrame] = [] }
        let box = Box()
        let n = bytes.withUnsafeBufferPointer { buf in
            fb_webp_anim_decode(buf.baseAddress, buf.count, { ctx, rgba, w, h, end in
                let box = Unmanaged<Box>.fromOpaque(ctx!).takeUnretainedValue()
                box.frames.append(DecodedFrame(rgba: Array(UnsafeBufferPointer(start: rgba, count: Int(w) * Int(h) * 4)),
                                               width: Int(w), height: Int(h), endMilliseconds: Int(end)))
            }, Unmanaged.passUnretained(box).toOpaque())
        }
        guard n >= 0 else { throw Failure(description: String(cString: fb_webp_error())) }
        return box.frames
    }
}
