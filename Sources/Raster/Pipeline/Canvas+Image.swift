extension Canvas {
    /// Draws a bitmap under an affine transform with bilinear filtering.
    ///
    /// The image's rectangle `[0, width] × [0, height]` is mapped by `transform` into canvas
    /// space; its outline's exact coverage antialiases the edges and the interior samples the
    /// image bilinearly (pixel centres at +0.5), composited source-over. A whole-pixel
    /// translation skips resampling and blends rows directly (same result, much less work).
    /// - Parameters:
    ///   - transform: image pixel space → canvas space. A singular transform draws nothing.
    ///   - opacity: 0…1. Default 1.
    /// - Complexity: O(covered pixels).
    public func draw(_ image: Bitmap, transform: Transform, opacity: Double = 1) {
        draw(image, transform: transform, shift: (0, 0), opacity: opacity)
    }

    /// Draws a bitmap as `draw(_:transform:opacity:)` would into a bitmap `shift` pixels away:
    /// `transform` maps into that bitmap's pixels, and the whole-pixel move to this canvas is made
    /// on integers, so a pixel whose row is drawn from the same column on samples exactly what the
    /// same pixel there samples. (The image walk steps from where a span starts, so a clip that
    /// cuts a row left of the image's edge can still differ; the outline's coverage is rasterized
    /// in shifted coordinates, exact up to rounding.)
    ///
    /// Why: the compositor's scratch bitmaps start where a band meets the group, so their corner
    /// depended on the band; resampling is now done in the pixels of the scratch a whole-frame
    /// composite makes, and bands give the whole frame's bytes (#17 item 1).
    /// - Parameters:
    ///   - transform: image pixel space → the other bitmap's canvas space.
    ///   - shift: where that bitmap's pixel (0, 0) lies on this canvas, in whole pixels.
    ///   - opacity: 0…1. Default 1.
    public func draw(_ image: Bitmap, transform: Transform, shift: (x: Int, y: Int), opacity: Double = 1) {
        let lim = 1 << 30
        guard abs(shift.x) < lim, abs(shift.y) < lim else { return }
        let device = transform.concatenating(.translation(Double(origin.x), Double(origin.y)))
        if device.a == 1, device.b == 0, device.c == 0, device.d == 1, abs(device.tx) < 1e9, abs(device.ty) < 1e9,
           let dx = Int(exactly: device.tx), let dy = Int(exactly: device.ty) {
            blit(image, x: dx + shift.x, y: dy + shift.y, opacity: opacity)   // the common compositing case: no resampling
            return
        }
        guard let inv = device.inverted else { return }
        let w = Double(image.width), h = Double(image.height)
        var outline = Polygons()
        for p in [Point(0, 0), Point(w, 0), Point(w, h), Point(0, h)] {
            let q = device.apply(p)
            outline.line(to: Point(q.x + Double(shift.x), q.y + Double(shift.y)))
        }
        outline.closeContour()
        var shader = ImageShader(image: image, inverse: ProjectiveTransform(inv), isAffine: true)
        shader.offset = (-shift.x, -shift.y)
        drawImage(image, outline: outline, shader: shader, opacity: opacity)
    }

    /// Draws a bitmap under a projective (perspective) transform with bilinear filtering.
    ///
    /// Why: 3D layer transforms (flip transitions, m34 perspective) flatten to a 3×3 projection.
    /// The part of the image behind the eye (W ≤ 0) is cut away before projecting.
    /// - Parameters:
    ///   - projective: image pixel space → canvas space. A singular matrix draws nothing.
    ///   - opacity: 0…1. Default 1.
    /// - Complexity: O(covered pixels), one divide per pixel.
    public func draw(_ image: Bitmap, projective: ProjectiveTransform, opacity: Double = 1) {
        let device = projective.concatenating(ProjectiveTransform(.translation(Double(origin.x), Double(origin.y))))
        guard let inv = device.inverted else { return }
        let w = Double(image.width), h = Double(image.height)
        // Clip the quad against W ≥ ε in homogeneous space (Sutherland–Hodgman on one plane).
        let eps = 1e-6
        let corners = [Point(0, 0), Point(w, 0), Point(w, h), Point(0, h)].map { device.applyHomogeneous($0) }
        var outline = Polygons()
        for i in 0..<4 {
            let a = corners[(i + 3) % 4], b = corners[i]
            if (a.w >= eps) != (b.w >= eps) {
                let t = (eps - a.w) / (b.w - a.w)
                outline.line(to: Point((a.x + (b.x - a.x) * t) / eps, (a.y + (b.y - a.y) * t) / eps))
            }
            if b.w >= eps { outline.line(to: Point(b.x / b.w, b.y / b.w)) }
        }
        outline.closeContour()
        drawImage(image, outline: outline, shader: ImageShader(image: image, inverse: inv, isAffine: false), opacity: opacity)
    }

    /// Source-over of the image's pixels placed with their corner at bitmap pixel (x, y).
    private func blit(_ image: Bitmap, x: Int, y: Int, opacity: Double) {
        let area = effectiveClip.intersection(PixelRect(x: x, y: y, width: image.width, height: image.height))
        guard !area.isEmpty, let target = makeTarget(opacity: opacity) else { return }
        for row in area.y0..<area.y1 {
            let src = image.pixels + (row - y) * image.stride + (area.x0 - x)
            let dst = target.pixels + row * target.stride + area.x0
            if blendMode != .normal {
                let cov = target.maskBase == nil ? nil : target.masked(y: row, x: area.x0, coverage: 255, count: area.width)
                blendMode.blendRow(dst, src, coverage: cov, count: area.width, opacity: target.opacity)
            } else if target.maskBase != nil {
                let full = UnsafeMutablePointer<UInt8>(mutating: target.masked(y: row, x: area.x0, coverage: 255, count: area.width))
                Blend.blendRow(dst, src, coverage: full, count: area.width, scale: target.opacity)
            } else {
                Blend.blendRow(dst, src, count: area.width, scale: target.opacity)
            }
        }
    }

    private func drawImage(_ image: Bitmap, outline: Polygons, shader: ImageShader, opacity: Double) {
        guard let target = makeTarget(opacity: opacity) else { return }
        if blendMode != .normal {
            var sink = BlendPainter(target: target, shader: shader, mode: blendMode)
            scratch.rasterizer.fill(outline, rule: .nonZero, clip: effectiveClip, into: &sink)
            return
        }
        var sink = Painter(target: target, shader: shader)
        scratch.rasterizer.fill(outline, rule: .nonZero, clip: effectiveClip, into: &sink)
    }
}
