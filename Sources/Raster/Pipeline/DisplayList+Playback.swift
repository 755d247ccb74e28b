extension DisplayList {
    /// Where a list plays: a bitmap, the pixels that may change, and a coverage mask over them.
    public struct Target {
        public let bitmap: Bitmap
        /// Pixels of `bitmap` that may change (cut to its bounds).
        public var clip: PixelRect
        /// Multiplied into everything drawn; its byte (0, 0) covers bitmap pixel `maskOrigin`.
        public var mask: Mask?
        public var maskOrigin: (x: Int, y: Int)
        public init(bitmap: Bitmap, clip: PixelRect, mask: Mask? = nil, maskOrigin: (x: Int, y: Int) = (0, 0)) {
            self.bitmap = bitmap; self.clip = clip; self.mask = mask; self.maskOrigin = maskOrigin
        }
    }

    /// Plays the list into `target`, `transform` mapping the list's space to the bitmap's pixels.
    /// `scratch` lends its rasterizer scratch (one thread at a time, as for any canvas).
    /// Clipped ops draw through their clip's coverage instead of the target's mask.
    /// - Parameters:
    ///   - images: where the images are resampled, when that is another bitmap `shift` whole
    ///     pixels away (`transform` there; see `Canvas.draw(_:transform:shift:opacity:)`): a
    ///     compositor band draws a list into scratch whose corner follows the band, and its
    ///     pictures must sample as the whole frame's do (and its gradients dither as the whole
    ///     frame's, `Canvas.ditherShift`). Default nil: in `target` itself.
    /// - Complexity: the sum of the ops' fills; a clip costs a coverage mask over the target clip.
    public func play(into target: Target, transform: Transform, scratch: Canvas,
                     images: (transform: Transform, shift: (x: Int, y: Int))? = nil) {
        var clips: [(mask: Mask?, origin: (x: Int, y: Int))] = []
        clips.reserveCapacity(clipCount)
        let (imagesTransform, imagesShift) = images ?? (transform, (0, 0))
        func canvas(_ clip: Int?) -> Canvas? {
            var c = Canvas(target.bitmap, reusingScratchOf: scratch)
            c.clip = target.clip.intersection(target.bitmap.bounds)
            // Gradients dither as in the bitmap the images are resampled in.
            c.ditherShift = (-imagesShift.x, -imagesShift.y)
            guard let clip else {
                c.mask = target.mask
                c.maskOrigin = target.maskOrigin
                return c
            }
            guard clip < clips.count, let m = clips[clip].mask else { return nil }
            c.mask = m
            c.maskOrigin = clips[clip].origin
            return c
        }
        func full(_ t: Transform?) -> Transform { t.map { $0.concatenating(transform) } ?? transform }
        for op in ops {
            switch op {
            case let .fill(path, pt, rule, paint, clip):
                canvas(clip)?.fill(path, transform: full(pt), rule: rule, paint: paint)
            case let .stroke(path, pt, style, trim, color, clip):
                guard let c = canvas(clip) else { continue }
                let visible = c.visibleRect
                let outline = trim.map { path.strokeOutline(trimmedFrom: $0.start, to: $0.end, style: style, transform: full(pt), clip: visible) }
                    ?? path.stroked(style, transform: full(pt), clip: visible)
                guard !outline.isEmpty else { continue }
                c.fill(outline, rule: .nonZero, paint: .solid(color))
            case let .image(image, imageTransform):
                canvas(nil)?.draw(image, transform: imageTransform.concatenating(imagesTransform), shift: imagesShift, opacity: 1)
            case let .alignedImage(image, corner):
                // Half-up (floor of p + ½), not `rounded()`'s half-away-from-zero: a scratch bitmap's
                // origin moves the corner by a whole number, and −3.5 → −4 but 116.5 → 117 would put
                // a band's copy of the text a pixel off the whole frame's (#17 item 1).
                let p = imagesTransform.apply(corner)
                canvas(nil)?.draw(image, transform: .translation((p.x + 0.5).rounded(.down) + Double(imagesShift.x),
                                                                 (p.y + 0.5).rounded(.down) + Double(imagesShift.y)), opacity: 1)
            case let .clip(path, pt, rule, previous):
                clips.append(coverage(of: path, transform: full(pt), rule: rule, in: target,
                                      intersecting: previous.flatMap { $0 < clips.count ? clips[$0] : nil }, hasPrevious: previous != nil,
                                      scratch: scratch))
            }
        }
    }

    /// A clip's antialiased coverage over the target's writable pixels, intersected with `previous`.
    private func coverage(of path: Path, transform: Transform, rule: FillRule, in target: Target,
                          intersecting previous: (mask: Mask?, origin: (x: Int, y: Int))?, hasPrevious: Bool,
                          scratch: Canvas) -> (mask: Mask?, origin: (x: Int, y: Int)) {
        let c = target.clip.intersection(target.bitmap.bounds)
        guard !c.isEmpty, !hasPrevious || previous?.mask != nil, let cover = Bitmap(width: c.width, height: c.height) else {
            return (nil, (0, 0))
        }
        var canvas = Canvas(cover, reusingScratchOf: scratch)
        canvas.clip = cover.bounds
        canvas.fill(path, transform: transform.concatenating(.translation(Double(-c.x0), Double(-c.y0))), rule: rule, paint: .solid(.white))
        let m = Mask(alphaOf: cover)
        if let prev = previous, let old = prev.mask { m.intersect(old, at: (prev.origin.x - c.x0, prev.origin.y - c.y0)) }
        return (m, (c.x0, c.y0))
    }
}
