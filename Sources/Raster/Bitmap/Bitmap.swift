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
    /// `stride × height` pixels, row-major, owned by this bitmap; the first on a 64-byte boundary.
    public let pixels: UnsafeMutablePointer<UInt32>
    /// The block `pixels` lies in (what `free` takes).
    private let block: UnsafeMutableRawPointer
    /// The alignment of `pixels`: a cache line, and an AVX-512 register. A row whose pixels start
    /// on it (every row when `stride` is a multiple of 16) is loaded and stored in whole lines; at
    /// glibc's 16-byte alignment every 64-byte access of the opaque-over kernel straddled two
    /// lines, 5–10 % of a full-frame image drawn at an opacity (BENCHMARKS.md, 2026-11-28 evening).
    public static let alignment = 64

    /// A transparent bitmap, or nil when a side is not in `1...maxDimension` (or the memory cannot be had).
    public init?(width: Int, height: Int) {
        guard (1...Bitmap.maxDimension).contains(width), (1...Bitmap.maxDimension).contains(height) else { return nil }
        self.width = width
        self.height = height
        self.stride = width
        // calloc, not allocate and fill: a large block comes from fresh pages the kernel zeroes
        // when first touched, so a bitmap never drawn into (a time-travel replay's frame while it
        // parks, 6 % of the window's CPU in the hello scene) costs no fill and no page faults.
        // A line more than the pixels, for the start to be moved to the next boundary (calloc
        // has no aligned form, and aligned_alloc + memset would touch every page).
        guard let zeroed = calloc(width * height * MemoryLayout<UInt32>.stride + Bitmap.alignment, 1) else { return nil }
        block = zeroed
        let start = (Int(bitPattern: zeroed) + Bitmap.alignment - 1) & -Bitmap.alignment
        pixels = zeroed.advanced(by: start - Int(bitPattern: zeroed)).bindMemory(to: UInt32.self, capacity: width * height)
    }
    deinit { free(block) }

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
