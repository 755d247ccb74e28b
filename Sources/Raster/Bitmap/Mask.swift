/// A single-channel 8-bit coverage image (A8): clip masks, shadow shapes, layer masks.
///
/// 0 is fully outside, 255 fully inside. A reference type for the same reason as `Bitmap`: a mask
/// is built once (a rounded-rect clip, a blurred shadow) and shared by the draws that use it.
public final class Mask: @unchecked Sendable {
    public let width: Int
    public let height: Int
    /// Bytes per row; equal to `width`.
    public let stride: Int
    /// `stride × height` bytes, row-major.
    public let bytes: UnsafeMutablePointer<UInt8>

    /// A mask of zeros, or nil when a side is not in `1...Bitmap.maxDimension`.
    public init?(width: Int, height: Int) {
        guard (1...Bitmap.maxDimension).contains(width), (1...Bitmap.maxDimension).contains(height) else { return nil }
        self.width = width; self.height = height; stride = width
        bytes = .allocate(capacity: width * height)
        bytes.initialize(repeating: 0, count: width * height)
    }
    /// The alpha channel of `bitmap`.
    public convenience init(alphaOf bitmap: Bitmap) {
        self.init(width: bitmap.width, height: bitmap.height)!   // a bitmap's sides are always valid
        for y in 0..<height {
            let src = bitmap.pixels + y * bitmap.stride, dst = bytes + y * stride
            for x in 0..<width { dst[x] = UInt8(truncatingIfNeeded: src[x] >> 24) }
        }
    }
    deinit { bytes.deallocate() }

    @inlinable public var bounds: PixelRect { PixelRect(x0: 0, y0: 0, x1: width, y1: height) }
    /// The value at (x, y); the caller keeps x, y inside the mask.
    @inlinable public subscript(x: Int, y: Int) -> UInt8 {
        get { bytes[y * stride + x] }
        set { bytes[y * stride + x] = newValue }
    }
    /// Row `y` as `width` bytes.
    @inlinable public func row(_ y: Int) -> UnsafeMutableBufferPointer<UInt8> {
        UnsafeMutableBufferPointer(start: bytes + y * stride, count: width)
    }
    /// Sets every value to `value` (default 0).
    public func clear(_ value: UInt8 = 0) { bytes.update(repeating: value, count: stride * height) }
    /// Sets the values in `rect` (cut to the bounds) to `value`.
    public func clear(_ rect: PixelRect, to value: UInt8 = 0) {
        let r = rect.intersection(bounds)
        guard !r.isEmpty else { return }
        for y in r.y0..<r.y1 { (bytes + y * stride + r.x0).update(repeating: value, count: r.width) }
    }
}
