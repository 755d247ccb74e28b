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
        Player(target: target, transform: transform, scratch: scratch, images: images).play(self)
    }

    /// Plays a list into one target and remembers how far it got, so that a list that keeps
    /// growing (a bitmap context asked for its image again and again) is played once, op by op:
    /// each `play(_:)` draws only the ops added since the last, with the clips made before.
    public final class Player {
        let target: Target
        let transform: Transform
        let scratch: Canvas
        let imagesTransform: Transform
        let imagesShift: (x: Int, y: Int)
        var clips: [(mask: Mask?, origin: (x: Int, y: Int))] = []
        /// How many ops of the list have been played.
        public private(set) var played = 0

        /// A player into `target`; the parameters are `play(into:transform:scratch:images:)`'s.
        public init(target: Target, transform: Transform, scratch: Canvas, images: (transform: Transform, shift: (x: Int, y: Int))? = nil) {
            self.target = target; self.transform = transform; self.scratch = scratch
            (imagesTransform, imagesShift) = images ?? (transform, (0, 0))
        }

        /// Plays the ops of `list` not played yet (the list must be the one played before, grown).
        /// - Complexity: the new ops' fills.
        public func play(_ list: DisplayList) {
            clips.reserveCapacity(list.clipCount)
            while played < list.ops.count {
                run(list.ops[played], style: DrawStyle())
                played += 1
            }
        }

        func canvas(_ clip: Int?, blend: BlendMode = .normal) -> Canvas? {
            var c = Canvas(target.bitmap, reusingScratchOf: scratch)
            c.clip = target.clip.intersection(target.bitmap.bounds)
            c.blendMode = blend
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

        func run(_ op: Op, style: DrawStyle) {
            let blend = style.blendMode, opacity = style.opacity
            switch op {
            case let .fill(path, pt, rule, paint, clip):
                canvas(clip, blend: blend)?.fill(path, transform: full(pt), rule: rule, paint: paint, opacity: opacity)
            case let .stroke(path, pt, strokeStyle, trim, color, clip):
                guard let c = canvas(clip, blend: blend) else { return }
                let visible = c.visibleRect
                let outline = trim.map { path.strokeOutline(trimmedFrom: $0.start, to: $0.end, style: strokeStyle, transform: full(pt), clip: visible) }
                    ?? path.stroked(strokeStyle, transform: full(pt), clip: visible)
                guard !outline.isEmpty else { return }
                c.fill(outline, rule: .nonZero, paint: .solid(color), opacity: opacity)
            case let .image(image, imageTransform):
                canvas(style.clip, blend: blend)?.draw(image, transform: imageTransform.concatenating(imagesTransform), shift: imagesShift,
                                                       opacity: opacity)
            case let .alignedImage(image, corner):
                // Half-up (floor of p + ½), not `rounded()`'s half-away-from-zero: a scratch bitmap's
                // origin moves the corner by a whole number, and −3.5 → −4 but 116.5 → 117 would put
                // a band's copy of the text a pixel off the whole frame's (#17 item 1).
                let p = imagesTransform.apply(corner)
                canvas(style.clip, blend: blend)?.draw(image, transform: .translation((p.x + 0.5).rounded(.down) + Double(imagesShift.x),
                                                                                      (p.y + 0.5).rounded(.down) + Double(imagesShift.y)),
                                                       opacity: opacity)
            case let .clip(path, pt, rule, previous):
                clips.append(coverage(intersecting: previous) { canvas, toCover in
                    canvas.fill(path, transform: full(pt).concatenating(toCover), rule: rule, paint: .solid(.white))
                })
            case let .clipMask(image, imageTransform, previous):
                clips.append(coverage(intersecting: previous) { canvas, toCover in
                    canvas.draw(image, transform: imageTransform.concatenating(transform).concatenating(toCover), opacity: 1)
                })
            case let .group(list, groupTransform):
                playGroup(list, transform: groupTransform, style: style)
            case let .styled(inner, innerStyle):
                if let shadow = innerStyle.shadow { castShadow(of: inner, style: innerStyle, shadow: shadow) }
                if innerStyle.shadow?.castOnly != true { run(inner, style: innerStyle) }
            }
        }

        /// A clip's antialiased coverage over the target's writable pixels (painted white by
        /// `paint`, given the move from the list's device pixels to the coverage's), intersected
        /// with clip `previous`.
        func coverage(intersecting previous: Int?, paint: (Canvas, Transform) -> Void) -> (mask: Mask?, origin: (x: Int, y: Int)) {
            let prev = previous.flatMap { $0 < clips.count ? clips[$0] : nil }
            let c = target.clip.intersection(target.bitmap.bounds)
            guard !c.isEmpty, previous == nil || prev?.mask != nil, let cover = Bitmap(width: c.width, height: c.height) else {
                return (nil, (0, 0))
            }
            var canvas = Canvas(cover, reusingScratchOf: scratch)
            canvas.clip = cover.bounds
            paint(canvas, .translation(Double(-c.x0), Double(-c.y0)))
            let m = Mask(alphaOf: cover)
            if let prev, let old = prev.mask { m.intersect(old, at: (prev.origin.x - c.x0, prev.origin.y - c.y0)) }
            return (m, (c.x0, c.y0))
        }
    }
}
