extension Bitmap {
    /// A new bitmap holding a copy of the pixels in `rect` (clamped to this bitmap), or nil when
    /// that is empty: a sprite sheet's cell, one part of a nine-part image.
    /// - Complexity: O(pixels of `rect`).
    public func copy(of rect: PixelRect) -> Bitmap? {
        let r = rect.intersection(bounds)
        guard !r.isEmpty, let out = Bitmap(width: r.x1 - r.x0, height: r.y1 - r.y0) else { return nil }
        for y in 0..<out.height {
            (out.pixels + y * out.stride).update(from: pixels + (r.y0 + y) * stride + r.x0, count: out.width)
        }
        return out
    }

    /// A new bitmap of `width × height` holding this one resampled (bilinear) to fill it, or nil
    /// for a size `Bitmap(width:height:)` refuses.
    /// - Complexity: O(width × height).
    public func resampled(width: Int, height: Int) -> Bitmap? {
        guard let out = Bitmap(width: width, height: height) else { return nil }
        if width == self.width && height == self.height {
            for y in 0..<height { (out.pixels + y * out.stride).update(from: pixels + y * stride, count: width) }
            return out
        }
        Canvas(out).draw(self, transform: .scale(Double(width) / Double(self.width), Double(height) / Double(self.height)))
        return out
    }

    /// The premultiplied crossfade `a·(1 − fraction) + b·fraction`, at `a`'s size (`b` resampled to
    /// it when the sizes differ); `fraction` is clamped to 0…1 and quantised to 1/255, as
    /// `scaleChannels` and `addScaled` quantise. Nil when a bitmap cannot be made.
    /// - Complexity: O(pixels of `a`), plus `b`'s resampling.
    public static func crossfade(_ a: Bitmap, _ b: Bitmap, fraction: Double) -> Bitmap? {
        let k = fraction.isFinite ? Swift.min(1, Swift.max(0, fraction)) : 0
        guard let out = a.resampled(width: a.width, height: a.height),
              let other = b.resampled(width: a.width, height: a.height) else { return nil }
        out.scaleChannels(successively: [UInt32(((1 - k) * 255).rounded())])
        out.addScaled(other, by: k)
        return out
    }
}
