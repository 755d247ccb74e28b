extension DisplayList.Player {
    /// Plays a nested list: straight into the target when nothing composites it as a whole,
    /// otherwise into a transparent layer over the target's writable pixels, which is then drawn
    /// through the style's clip, at its opacity, in its blend mode.
    /// Images and gradients inside resample and dither as in the bitmap this player's images are
    /// resampled in (`images:` of `play`), whichever layer they are drawn into.
    /// - Complexity: the nested ops' fills, plus O(target clip pixels) for a layer.
    func playGroup(_ list: DisplayList, transform groupTransform: Transform, style: DisplayList.DrawStyle) {
        let images = groupTransform.concatenating(imagesTransform)
        if style.clip == nil, style.opacity >= 1, style.blendMode == .normal {
            DisplayList.Player(target: target, transform: groupTransform.concatenating(transform), scratch: scratch,
                               images: (images, imagesShift)).play(list)
            return
        }
        let c = target.clip.intersection(target.bitmap.bounds)
        guard !c.isEmpty, let layer = Bitmap(width: c.width, height: c.height) else { return }
        let toLayer = Transform.translation(Double(-c.x0), Double(-c.y0))
        DisplayList.Player(target: .init(bitmap: layer, clip: layer.bounds), transform: groupTransform.concatenating(transform).concatenating(toLayer),
                           scratch: scratch, images: (images, (imagesShift.x - c.x0, imagesShift.y - c.y0))).play(list)
        canvas(style.clip, blend: style.blendMode)?.draw(layer, transform: .translation(Double(c.x0), Double(c.y0)), opacity: style.opacity)
    }

    /// Core Graphics' shadow of `op`: what the op draws (unclipped, source-over, at the style's
    /// opacity) into a transparent layer, its alpha blurred and painted in the shadow's colour,
    /// moved by the offset, through the op's clip and in the style's blend mode.
    ///
    /// The layer covers the target's writable pixels moved back by the offset and grown by three
    /// σ of blur, so shapes outside the clip still cast their shadow into it. σ is capped at 256
    /// device pixels and an offset past the layer draws nothing.
    /// - Complexity: O(layer pixels), independent of the blur.
    func castShadow(of op: DisplayList.Op, style: DisplayList.DrawStyle, shadow: DisplayList.Shadow) {
        let c = target.clip.intersection(target.bitmap.bounds)
        let color = shadow.color.clamped
        guard !c.isEmpty, color.a > 0 else { return }
        let t = transform
        let dx = t.a * shadow.offset.x + t.c * shadow.offset.y, dy = t.b * shadow.offset.x + t.d * shadow.offset.y
        let scale = abs(t.a * t.d - t.b * t.c).squareRoot()
        let blur = shadow.blur.isFinite ? Swift.max(0, shadow.blur) : 0
        let sigma = Swift.min(256, blur * scale / 2)
        let pad = Int((3 * sigma).rounded(.up)) + 1
        guard dx.isFinite, dy.isFinite, abs(dx) < Double(c.width + 2 * pad), abs(dy) < Double(c.height + 2 * pad) else { return }
        let ix = Int(dx.rounded()), iy = Int(dy.rounded())
        let x0 = c.x0 - ix - pad, y0 = c.y0 - iy - pad
        guard let layer = Bitmap(width: c.width + 2 * pad, height: c.height + 2 * pad) else { return }
        let player = DisplayList.Player(target: .init(bitmap: layer, clip: layer.bounds),
                                        transform: t.concatenating(.translation(Double(-x0), Double(-y0))), scratch: scratch,
                                        images: (imagesTransform, (imagesShift.x - x0, imagesShift.y - y0)))
        player.run(op.unclipped, style: DisplayList.DrawStyle(opacity: style.opacity))
        let mask = Mask(alphaOf: layer)
        mask.blur(sigma: sigma)
        canvas(op.clipNumber ?? style.clip, blend: style.blendMode)?.fill(mask: mask, at: (x0 + ix, y0 + iy), paint: .solid(color))
    }
}

extension DisplayList.Op {
    /// The op without the clip it names (a fill's or a stroke's; the others name none).
    var unclipped: DisplayList.Op {
        switch self {
        case let .fill(path, pt, rule, paint, _): return .fill(path, pathTransform: pt, rule: rule, paint: paint, clip: nil)
        case let .stroke(path, pt, style, trim, color, _): return .stroke(path, pathTransform: pt, style: style, trim: trim, color: color, clip: nil)
        case let .styled(inner, style):
            var s = style
            s.clip = nil
            s.shadow = nil
            return .styled(inner.unclipped, style: s)
        default: return self
        }
    }

    /// The clip a fill or stroke names.
    var clipNumber: Int? {
        switch self {
        case let .fill(_, _, _, _, clip), let .stroke(_, _, _, _, _, clip): return clip
        default: return nil
        }
    }
}
