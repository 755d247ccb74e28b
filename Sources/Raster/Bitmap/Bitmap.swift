#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// A premultiplied RGBA8 image that owns its pixels (see `Pixel` for the byte order).
///
/// A reference type: layers share one bitmap as their `contents` without copying it. Rows are
/// `stride` pixels apart; `stride ≥ width`. Sizes are limited to `Bitmap.maxDimension` per side so
/// that a huge request fails clearly instead of exhausting memory.
public final class Bitmap: @unchecked Sendable {
    /// Largest width or height accepted: 16384 px (a 16K square is 1 GiB of pixels).
    public static let maxDimension = 16384

    public let width: Int
    public let height: Int
    /// Pixels per row in memory.
    public let stride: Int
    /// `stride × height` pixels, row-major, owned by this bitmap.
    public let pixels: UnsafeMutablePointer<UInt32>

    /// A transparent bitmap, or nil when a side is not in `1...maxDimension` (or the memory cannot be had).
    public init?(width: Int, height: Int) {
        guard (1...Bitmap.maxDimension).contains(width), (1...Bitmap.maxDimension).contains(height) else { return nil }
        self.width = width
        self.height = height
        self.stride = width
        // calloc, not allocate and fill: a large block comes from fresh pages the kernel zeroes
        // when first touched, so a bitmap never drawn into (a time-travel replay's frame while it
        // parks, 6 % of the window's CPU in the hello scene) costs no fill and no page faults.
        guard let zeroed = calloc(width * height, MemoryLayout<UInt32>.stride) else { return nil }
        pixels = zeroed.bindMemory(to: UInt32.self, capacity: width * height)
    }
    deinit { free(pixels) }

    @inlinable public var bounds: PixelRect { PixelRect(x0: 0, y0: 0, x1: width, y1: height) }

    /// The pixel at (x, y); the caller keeps x, y inside the bitmap.
    @inlinable public subscript(x: Int, y: Int) -> UInt32 {
        get { pixels[y * stride + x] }
        set { pixels[y * stride + x] = newValue }
    }
    /// Fills every pixel with one premultiplied value (0 = transparent).
    public func clear(_ pixel: UInt32 = 0) {
        for y in 0..<height { (pixels + y * stride).update(repeating: pixel, count: width) }
    }
    /// Row `y` as a buffer of `width` pixels.
    @inlinable public func row(_ y: Int) -> UnsafeMutableBufferPointer<UInt32> {
        UnsafeMutableBufferPointer(start: pixels + y * stride, count: width)
    }
}
