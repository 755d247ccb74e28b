extension Bitmap {
    /// The colour steps of a blurred backdrop (`UIVisualEffectView`), in place over `area`:
    /// saturation first, then `tint` laid over (source over).
    ///
    /// Saturation keeps each pixel's luminance L (Rec. 709 weights 54, 183, 19 of 256, on the
    /// premultiplied channels, which scale with alpha as L does) and moves each channel to
    /// L + s·(c − L), clamped to 0…alpha so the pixel stays premultiplied. s = 1 skips the step.
    /// - Parameters:
    ///   - saturation: 0 grey, 1 unchanged, above 1 stronger; quantised to 1/256; not finite: 1.
    ///   - tint: a premultiplied pixel laid over every pixel; 0 lays nothing.
    ///   - area: the pixels changed; default all.
    /// - Complexity: O(pixels of `area`).
    public func saturateAndTint(saturation: Double, tint: UInt32, in area: PixelRect? = nil) {
        let r = (area ?? bounds).intersection(bounds)
        guard !r.isEmpty else { return }
        let s = saturation.isFinite ? Int((Swift.max(0, Swift.min(16, saturation)) * 256).rounded()) : 256
        let ta = Pixel.a(tint), keep = 255 - ta
        for y in r.y0..<r.y1 {
            let row = pixels + y * stride
            for x in r.x0..<r.x1 {
                var p = row[x]
                if s != 256 {
                    let a = Int(p >> 24), c0 = Int(p & 0xFF), c1 = Int((p >> 8) & 0xFF), c2 = Int((p >> 16) & 0xFF)
                    let l = (54 * c0 + 183 * c1 + 19 * c2 + 128) >> 8
                    func sat(_ c: Int) -> UInt32 { UInt32(Swift.max(0, Swift.min(a, l + (((c - l) * s + 128) >> 8)))) }
                    p = sat(c0) | sat(c1) << 8 | sat(c2) << 16 | UInt32(a) << 24
                }
                if ta != 0 { p = tint &+ Blend.scale(p, keep) }
                row[x] = p
            }
        }
    }
}

extension Bitmap {
    /// Fills the pixels outside `inner` with the nearest pixel of `inner` (its edge rows and
    /// columns repeated outwards): a blur's input padded past an image's edges.
    /// - Complexity: O(pixels outside `inner`).
    public func extendEdges(from inner: PixelRect) {
        let r = inner.intersection(bounds)
        guard !r.isEmpty, r != bounds else { return }
        for y in r.y0..<r.y1 {
            let row = pixels + y * stride
            if r.x0 > 0 { row.update(repeating: row[r.x0], count: r.x0) }
            if r.x1 < width { (row + r.x1).update(repeating: row[r.x1 - 1], count: width - r.x1) }
        }
        for y in 0..<r.y0 { (pixels + y * stride).update(from: pixels + r.y0 * stride, count: width) }
        for y in r.y1..<height { (pixels + y * stride).update(from: pixels + (r.y1 - 1) * stride, count: width) }
    }
}
