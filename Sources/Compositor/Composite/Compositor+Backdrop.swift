import Foundation
import Layers
import Raster

/// Backdrop layers (`CABackdropLayer`, UIVisualEffectView's blur): what lies behind the layer,
/// drawn again from the snapshot, blurred, saturated, tinted and clipped to its rounded bounds.
///
/// The part of the tree drawn before the layer — its ancestors' own drawing and every layer
/// painted below it — is composited into a scratch over the layer's visible device rectangle
/// grown by the blur's reach (`BackdropValues.reach`), stopping when the walk reaches the layer
/// (`stopAt`). Pixels beyond the reach cannot change a blurred pixel of the visible part, and
/// past the frame's edges the edge pixels are repeated in every composite, so a band, a damage
/// clip and the whole frame blur the same pixels to the same bytes. Images in that scratch are
/// resampled in the frame's pixel grid (`Target.wholeOrigin` is the frame's corner).
/// Cost: O(pixels of the visible bounds grown by the reach) for the blur and colour steps, plus
/// compositing what lies behind over that area once; a blur of σ ≥ 4 (8) device pixels works at
/// half (a quarter of) the resolution, a quarter (a sixteenth) of those pixels, then resamples.
///
/// Approximations: a backdrop layer inside an opacity group below 1 sees the frame's pixels, not
/// the group's (the group's own backdrop is counted twice, faintly); under perspective the
/// backdrop is not drawn (a flattened 3D subtree is drawn in its own plane).
extension Compositor {
    /// Draws node `i`'s backdrop into `target` at `opacity`.
    func drawBackdrop(_ i: Int, _ v: LayerValues, _ b: BackdropValues, toDevice: CATransform3D, opacity: Double, into target: Target) {
        guard opacity > 0, let (image, visible) = backdropImage(i, v, b, toDevice: toDevice, target: target) else { return }
        defer { pool.give(back: image) }
        draw(image, imageToBitmap: Transform.translation(Double(visible.x0), Double(visible.y0)).concatenating(target.deviceToBitmap),
             opacity: opacity, into: target)
    }

    /// Vibrancy: node `i`'s own drawing, then its backdrop where (and as much as) its sublayers
    /// draw, instead of the sublayers.
    func drawVibrant(_ i: Int, _ v: LayerValues, _ b: BackdropValues, toDevice: CATransform3D, into target: Target) {
        let opacity = Double(v.opacity)
        drawOwn(i, v, toDevice: toDevice, opacity: opacity, into: target)
        guard let (image, visible) = backdropImage(i, v, b, toDevice: toDevice, target: target) else { return }
        defer { pool.give(back: image) }
        guard let shape = pool.take(width: visible.width, height: visible.height) else { return }
        defer { pool.give(back: shape) }
        var sub = Target(bitmap: shape, origin: (visible.x0, visible.y0), clip: visible, unclipped: frameBounds)
        sub.wholeOrigin = (frameBounds.x0, frameBounds.y0)
        for s in zOrdered(nodes[i].sublayers) { draw(s, parent: v, parentToDevice: toDevice, into: sub) }
        image.multiplyAlpha(by: shape)
        draw(image, imageToBitmap: Transform.translation(Double(visible.x0), Double(visible.y0)).concatenating(target.deviceToBitmap),
             opacity: opacity, into: target)
    }

    /// The processed backdrop over node `i`'s visible device pixels (a pooled bitmap the caller
    /// gives back) and that rectangle; nil when nothing of it is visible.
    private func backdropImage(_ i: Int, _ v: LayerValues, _ b: BackdropValues, toDevice: CATransform3D,
                               target: Target) -> (Bitmap, PixelRect)? {
        let projection = toDevice.planeProjection
        guard projection.isAffine else { return nil }
        let affine = Transform(affine: projection)
        let visible = Self.deviceRect(v.bounds, affine).intersection(target.clip).intersection(frameBounds)
        guard !visible.isEmpty else { return nil }
        let areaScale = affine.a * affine.d - affine.b * affine.c
        let sigma = b.sigma(areaScale: areaScale)
        // Wide blurs are taken at a half or a quarter of the resolution (as UIKit's backdrop layers
        // are, at a quarter): the blur's cost falls by 4 or 16 and a blur of σ ≥ 4 pixels hides
        // the resampling. Steps of 1/2 and 1/4 are exact in the image walk's 16.16 coordinates, and
        // low-resolution pixel L covers frame pixels [L·d, (L+1)·d) whatever the band, so bands and
        // damage clips still give the whole frame's bytes.
        let d = BackdropValues.downsampling(sigma: sigma)
        let lowSigma = sigma / Double(d)
        let reach = Blur.boxWidths(sigma: lowSigma).reduce(0) { $0 + ($1 - 1) / 2 } + (d > 1 ? 1 : 0)  // + the upsampling's neighbour
        func down(_ v: Int) -> Int { v >= 0 ? v / d : -((-v + d - 1) / d) }
        func up(_ v: Int) -> Int { -down(-v) }
        let frameLow = PixelRect(x0: down(frameBounds.x0), y0: down(frameBounds.y0), x1: up(frameBounds.x1), y1: up(frameBounds.y1))
        let visibleLow = PixelRect(x0: down(visible.x0), y0: down(visible.y0), x1: up(visible.x1), y1: up(visible.y1))
        let region = PixelRect(x0: visibleLow.x0 - reach, y0: visibleLow.y0 - reach, x1: visibleLow.x1 + reach, y1: visibleLow.y1 + reach)
        let inside = region.intersection(frameLow)
        guard let behind = pool.take(width: region.width, height: region.height) else { return nil }
        defer { pool.give(back: behind) }
        // Everything painted before node i, over the region, at 1/d of the frame's resolution.
        let saved = (stopAt, stopped, frameBounds, walkScale)
        let s = CGFloat(walkScale) / CGFloat(d)
        (stopAt, stopped, frameBounds, walkScale) = (i, false, frameLow, Double(s))
        var sub = Target(bitmap: behind, origin: (region.x0, region.y0), clip: inside, unclipped: frameLow)
        sub.wholeOrigin = (frameLow.x0, frameLow.y0)
        draw(rootIndex, parent: nil, parentToDevice: CATransform3DMakeScale(s, s, 1), into: sub)
        (stopAt, stopped, frameBounds, walkScale) = saved
        // Past the frame's edges the frame's edge pixels go on (as iOS's blur does at the screen's
        // edges), so the blur does not fade to transparent there.
        behind.extendEdges(from: PixelRect(x0: inside.x0 - region.x0, y0: inside.y0 - region.y0,
                                           x1: inside.x1 - region.x0, y1: inside.y1 - region.y0))
        behind.blur(sigma: lowSigma)
        guard let out = pool.take(width: visible.width, height: visible.height),
              let coverage = pool.take(width: visible.width, height: visible.height) else { return nil }
        defer { pool.give(back: coverage) }
        if d == 1 {
            for y in 0..<visible.height {
                (out.pixels + y * out.stride).update(from: behind.pixels + (visible.y0 - region.y0 + y) * behind.stride + (visible.x0 - region.x0),
                                                     count: visible.width)
            }
            out.saturateAndTint(saturation: b.saturation, tint: b.tint)
        } else {
            // Colour first (a sixteenth of the pixels at a quarter), then bilinear back up.
            behind.saturateAndTint(saturation: b.saturation, tint: b.tint)
            canvas(out, out.bounds).draw(behind, transform: Transform.scale(Double(d), Double(d))
                .concatenating(.translation(Double(region.x0 * d - visible.x0), Double(region.y0 * d - visible.y0))))
        }
        // Clipped to the (rounded) bounds, with antialiased edges.
        canvas(coverage, coverage.bounds).fill(v.boundsShape(), transform: affine.concatenating(.translation(Double(-visible.x0), Double(-visible.y0))),
                                               rule: .nonZero, paint: .solid(.white), opacity: 1)
        out.multiplyAlpha(by: coverage)
        return (out, visible)
    }
}
