/// A rectangle of a bitmap's pixels, addressed from its own origin.
///
/// Lightweight (a reference and a rectangle, no copy): layer contents drawn into part of an atlas,
/// or a test drawing into the middle of a guard-banded bitmap, use a view. Pixel (0, 0) of the
/// view is pixel `(rect.x0, rect.y0)` of the bitmap; rows are the bitmap's `stride` apart.
public struct BitmapView {
    public let bitmap: Bitmap
    /// The viewed pixels in bitmap coordinates, always inside the bitmap (possibly empty).
    public let rect: PixelRect

    /// A view of `rect`, cut to the bitmap's bounds.
    public init(_ bitmap: Bitmap, rect: PixelRect) {
        self.bitmap = bitmap
        let r = rect.intersection(bitmap.bounds)
        self.rect = r.isEmpty ? PixelRect(x0: 0, y0: 0, x1: 0, y1: 0) : r
    }
    @inlinable public var width: Int { rect.width }
    @inlinable public var height: Int { rect.height }
    @inlinable public var stride: Int { bitmap.stride }
    /// The view's first pixel.
    @inlinable public var pixels: UnsafeMutablePointer<UInt32> { bitmap.pixels + rect.y0 * bitmap.stride + rect.x0 }

    /// The pixel at (x, y) of the view; the caller keeps x, y inside the view.
    @inlinable public subscript(x: Int, y: Int) -> UInt32 {
        get { pixels[y * stride + x] }
        nonmutating set { pixels[y * stride + x] = newValue }
    }
    /// Row `y` of the view as `width` pixels.
    @inlinable public func row(_ y: Int) -> UnsafeMutableBufferPointer<UInt32> {
        UnsafeMutableBufferPointer(start: pixels + y * stride, count: width)
    }
    /// Sets every pixel of the view to `pixel` (default transparent).
    public func clear(_ pixel: UInt32 = 0) { bitmap.clear(rect, to: pixel) }
}

extension Bitmap {
    /// A view of the pixels in `rect` (cut to the bounds).
    public func view(_ rect: PixelRect) -> BitmapView { BitmapView(self, rect: rect) }

    /// Sets the pixels of `rect` (cut to the bounds) to `pixel`.
    /// - Complexity: O(pixels in the rectangle).
    public func clear(_ rect: PixelRect, to pixel: UInt32 = 0) {
        let r = rect.intersection(bounds)
        guard !r.isEmpty else { return }
        for y in r.y0..<r.y1 { (pixels + y * stride + r.x0).update(repeating: pixel, count: r.width) }
    }
}
