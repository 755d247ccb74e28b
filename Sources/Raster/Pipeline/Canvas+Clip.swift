extension Canvas {
    /// Restricts later drawing to a rounded rectangle (antialiased), as `masksToBounds` with a
    /// `cornerRadius` does; intersects with any mask already set.
    ///
    /// Builds a coverage mask the size of the current clip from `Path.addRoundedRect`.
    /// - Parameters:
    ///   - rect: in user space.
    ///   - cornerRadius: clamped to half the shorter side. Default 0.
    ///   - transform: user → canvas space. Default identity.
    /// - Complexity: O(clip pixels) for the mask.
    public mutating func clip(toRoundedRect rect: Rect, cornerRadius: Double = 0, transform: Transform = .identity) {
        let c = effectiveClip
        guard !c.isEmpty, let m = Mask(width: c.width, height: c.height) else {
            clip = PixelRect(x0: 0, y0: 0, x1: 0, y1: 0); return
        }
        let device = transform.concatenating(.translation(Double(origin.x), Double(origin.y)))
        var outline = Path()
        outline.addRoundedRect(rect, cornerRadius: cornerRadius.isFinite ? cornerRadius : 0)
        let polys = outline.flattened(transform: device, tolerance: Flattener.defaultTolerance, clip: Rect(c))
        var writer = MaskWriter(bytes: m.bytes, stride: m.stride, originX: c.x0, originY: c.y0)
        scratch.rasterizer.fill(polys, rule: .nonZero, clip: c, into: &writer)
        if let old = mask {
            let ox = origin.x + maskOrigin.x, oy = origin.y + maskOrigin.y
            for y in c.y0..<c.y1 {
                let o = old.bytes + (y - oy) * old.stride + (c.x0 - ox), n = m.bytes + (y - c.y0) * m.stride
                for x in 0..<c.width { n[x] = UInt8(truncatingIfNeeded: Blend.mul255(UInt32(n[x]), UInt32(o[x]))) }
            }
        }
        mask = m
        maskOrigin = (c.x0 - origin.x, c.y0 - origin.y)
        clip = c
    }
}
