import Foundation
import Raster

/// `CALayer.render(in:)`'s shadows and masks, drawn as the compositor draws them on screen.
///
/// - The shadow: the alpha of the layer's background and content — or of `shadowPath` when it
///   has one — in `shadowColor` at `shadowOpacity`, blurred by `shadowRadius` (a Gaussian of
///   σ = radius / 2), moved by `shadowOffset` in the layer's own space, under the background.
///   It is recorded as a shadow cast without its shape (`DisplayList.Shadow.castOnly`) in the
///   layer's space, so offset and blur turn and scale with the layer as on screen.
/// - The mask: the mask layer's tree is rendered (from its model values, in the layer's own space:
///   its position, anchor point and transform, not the `sublayerTransform`) into a bitmap at the
///   context's resolution over the part of the layer's space the mask's layers cover, and its
///   alpha clips everything the layer draws — its shadow, background, content, sublayers and
///   border. Outside the mask's layers nothing shows. A hidden or fully transparent mask hides the
///   layer, as on screen.
extension CALayer {
    /// The most pixels a mask's bitmap gets (2048²); a larger mask is rendered at a lower
    /// resolution and stretched (its edge softens), so its cost is bounded.
    static let maxMaskPixels = 4_194_304.0

    /// Records the layer's shadow under what it draws next; nothing when it has none.
    func drawShadow(in ctx: CGContext, background: CGPath, content: DisplayList?) {
        let v = modelValues
        guard v.shadowOpacity > 0, v.shadowOpacity.isFinite, let color = v.shadowColor, color.alpha > 0,
              v.shadowOffset.width.isFinite, v.shadowOffset.height.isFinite else { return }
        var shape = DisplayList()
        if let path = shadowPath, !path.isEmpty {
            shape.draw(.fill(path.path, pathTransform: nil, rule: .nonZero, paint: .solid(.black), clip: nil), style: .init())
        } else {
            if let bg = v.backgroundColor, bg.alpha > 0, !v.bounds.isEmpty {
                shape.draw(.fill(background.path, pathTransform: nil, rule: .nonZero, paint: .solid(bg.rasterColor), clip: nil), style: .init())
            }
            if let content { shape.draw(.group(content, transform: .identity), style: .init()) }
        }
        guard !shape.isEmpty else { return }
        var tint = color.rasterColor
        tint.a *= Double(min(1, v.shadowOpacity))
        let radius = v.shadowRadius.isFinite ? Double(max(0, v.shadowRadius)) : 0
        let shadow = DisplayList.Shadow(offset: Point(Double(v.shadowOffset.width), Double(v.shadowOffset.height)), blur: radius,
                                        color: tint, castOnly: true)
        var list = DisplayList()
        list.draw(.group(shape, transform: .identity), style: .init(shadow: shadow))
        ctx.drawRecording(list)
    }

    /// Intersects the context's clip with `mask`'s alpha (see the extension's doc). False when
    /// nothing can show through it (the layer then draws nothing).
    func clip(to mask: CALayer, in ctx: CGContext, depth: Int, reported: inout Bool) -> Bool {
        let mv = mask.modelValues
        guard !mv.isHidden, mv.opacity > 0, let target = ctx.target, ctx.clipIsOpen else { return false }
        // The mask's space → this layer's: as a sublayer's, without the sublayer transform.
        let toOwner = CALayer.renderTransform(of: mv)
        let ownerToBase = ctx.ctm
        guard let extent = mask.renderedExtent(transform: toOwner, depth: 0), !extent.isEmpty else { return false }
        // The extent in device pixels of the context's recording (its scale), lowered if huge.
        let base = extent.applying(ownerToBase)
        var resolution = ctx.contentScale
        let area = Double(base.width) * Double(base.height) * resolution * resolution
        guard area.isFinite else { return false }
        if area > Self.maxMaskPixels { resolution *= (Self.maxMaskPixels / area).squareRoot() }
        let x0 = (Double(base.minX) * resolution).rounded(.down), y0 = (Double(base.minY) * resolution).rounded(.down)
        let x1 = (Double(base.maxX) * resolution).rounded(.up), y1 = (Double(base.maxY) * resolution).rounded(.up)
        guard let bitmap = Bitmap(width: Int(max(1, x1 - x0)), height: Int(max(1, y1 - y0))) else { return false }
        // Render the mask's tree in this layer's space, then play it into the bitmap.
        let recorder = CGContext(drawingInto: LayerDrawingContext(scale: resolution * Double(ownerToBase.scaleFactor),
                                                                   textRasterizer: target.textRasterizer))
        recorder.concatenate(toOwner)
        mask.renderLayer(in: recorder, depth: depth + 1, reported: &reported)
        guard let list = recorder.recording, !list.isEmpty else { return false }
        let ownerToPixels = Transform(ownerToBase).concatenating(.scale(resolution, resolution)).concatenating(.translation(-x0, -y0))
        list.play(into: .init(bitmap: bitmap, clip: bitmap.bounds), transform: ownerToPixels, scratch: Canvas(bitmap))
        // The bitmap's pixels → the context's base space, where clips are recorded.
        let pixelsToBase = Transform.translation(x0, y0).concatenating(.scale(1 / resolution, 1 / resolution))
        let previous = ctx.state.clip?.id
        var id = 0
        target.record { id = $0.clip(mask: bitmap, imageTransform: pixelsToBase, intersecting: previous) }
        ctx.state.clip = LayerClip(id: id)
        return true
    }

    /// The affine map from a layer's space to its superlayer's, from `v` (anchor point, transform's
    /// affine part, position); the superlayer's `sublayerTransform` is not in it.
    static func renderTransform(of v: LayerValues) -> CGAffineTransform {
        CGAffineTransform(translationX: -(v.bounds.minX + v.anchorPoint.x * v.bounds.width), y: -(v.bounds.minY + v.anchorPoint.y * v.bounds.height))
            .concatenating(CATransform3DGetAffineTransform(v.transform))
            .concatenating(CGAffineTransform(translationX: v.position.x, y: v.position.y))
    }

    /// The box of what this layer's tree can draw — its layers' bounds, grown by their shadows'
    /// reach, sublayers unless `masksToBounds` — in the space `transform` maps the layer into; nil
    /// when it draws nothing (hidden, transparent, or cut at 256 levels).
    /// - Complexity: O(layers in the tree).
    func renderedExtent(transform: CGAffineTransform, depth: Int) -> CGRect? {
        let v = modelValues
        guard !v.isHidden, v.opacity > 0, depth < 256,
              [transform.a, transform.b, transform.c, transform.d, transform.tx, transform.ty].allSatisfy(\.isFinite) else { return nil }
        var own = v.bounds
        if v.shadowOpacity > 0, v.shadowRadius.isFinite, v.shadowOffset.width.isFinite, v.shadowOffset.height.isFinite {
            let reach = Double(max(0, v.shadowRadius)) * 1.5 + 1
            let cast = (shadowPath?.boundingBoxOfPath ?? v.bounds).offsetBy(dx: v.shadowOffset.width, dy: v.shadowOffset.height)
            own = own.union(cast.insetBy(dx: -reach, dy: -reach))
        }
        var box = own.applying(transform)
        if !v.masksToBounds, let subs = sublayers, !subs.isEmpty {
            let b = v.bounds
            let sublayerSpace = CGAffineTransform(translationX: -b.midX, y: -b.midY)
                .concatenating(CATransform3DGetAffineTransform(v.sublayerTransform))
                .concatenating(CGAffineTransform(translationX: b.midX, y: b.midY)).concatenating(transform)
            for sub in subs {
                if let r = sub.renderedExtent(transform: CALayer.renderTransform(of: sub.modelValues).concatenating(sublayerSpace), depth: depth + 1) {
                    box = box.union(r)
                }
            }
        }
        return box.isNull || !box.width.isFinite || !box.height.isFinite ? nil : box
    }
}

extension CGAffineTransform {
    /// The square root of the determinant's size: how much the transform scales areas, per side.
    var scaleFactor: CGFloat { abs(a * d - b * c).squareRoot() }
}
