extension Canvas {
    /// Restricts later drawing to a rounded rectangle (antialiased), as `masksToBounds` with a
    /// `cornerRadius` does; intersects with any mask already set.
    ///
    /// Builds a coverage mask the size of the current clip. The rounded-rect outline is made
    /// here from four cubic quarter-circles (κ = 0.5523) because the geometry half's
    /// `Path+Shapes` may not have landed yet; switch to its `addRoundedRect` when it does.
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
        let polys = Canvas.roundedRectPath(rect, radius: cornerRadius).flattened(transform: device, tolerance: 0.25)
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

    /// A rounded rectangle from lines and cubic quarter circles, clockwise on a y-down screen.
    static func roundedRectPath(_ r: Rect, radius: Double) -> Path {
        let x0 = r.minX, y0 = r.minY, x1 = r.maxX, y1 = r.maxY
        let rad = Swift.max(0, Swift.min(radius.isFinite ? radius : 0, (x1 - x0) / 2, (y1 - y0) / 2))
        var p = Path()
        guard rad > 0 else {
            p.move(to: Point(x0, y0)); p.line(to: Point(x1, y0)); p.line(to: Point(x1, y1)); p.line(to: Point(x0, y1)); p.close()
            return p
        }
        let k = rad * 0.5522847498
        p.move(to: Point(x0 + rad, y0))
        p.line(to: Point(x1 - rad, y0))
        p.cubic(to: Point(x1, y0 + rad), control1: Point(x1 - rad + k, y0), control2: Point(x1, y0 + rad - k))
        p.line(to: Point(x1, y1 - rad))
        p.cubic(to: Point(x1 - rad, y1), control1: Point(x1, y1 - rad + k), control2: Point(x1 - rad + k, y1))
        p.line(to: Point(x0 + rad, y1))
        p.cubic(to: Point(x0, y1 - rad), control1: Point(x0 + rad - k, y1), control2: Point(x0, y1 - rad + k))
        p.line(to: Point(x0, y0 + rad))
        p.cubic(to: Point(x0 + rad, y0), control1: Point(x0, y0 + rad - k), control2: Point(x0 + rad - k, y0))
        p.close()
        return p
    }
}
