import Foundation
import Raster

/// Draws a layer tree's presentation values into a bitmap.
///
/// Order and semantics follow Core Animation: shadow, background (with cornerRadius), content,
/// sublayers sorted by zPosition (stable), then the border on top. Opacity applies to the layer
/// and its sublayers as a group; `masksToBounds` clips to the rounded bounds; a `mask` layer's
/// alpha masks the layer. A layer under a perspective transform is drawn flat into its own plane
/// and that image is mapped through the projection (as Core Animation flattens non-transform
/// layers). Each layer's own content (background, shape, gradient, text) is cached as a bitmap in
/// the layer's space and redrawn only when a content value changes; moving, rotating or fading a
/// layer only recomposites its cached bitmap.
public final class LayerRenderer {
    /// Number of content-cache redraws since the renderer was made (tests count them).
    public internal(set) var contentDraws = 0
    /// Draw only layers that have been presented (snapshots for transitions).
    var onlyPresented = false
    var pool = ScratchPool<Bitmap>()
    var maskPool = ScratchPool<Mask>()

    public init() {}

    /// Draws `root` (its presentation values) into `bitmap`, at `scale` pixels per point.
    public func render(_ root: CALayer, into bitmap: Bitmap, scale: Double) {
        let s = CGFloat(scale)
        // Clearing 8 MB is wasted when the first thing drawn covers the whole frame opaquely.
        if !Self.firstDrawCoversOpaquely(root, toDevice: CATransform3DMakeScale(s, s, 1), bitmap: bitmap) { bitmap.clear() }
        draw(root, parent: nil, parentToDevice: CATransform3DMakeScale(s, s, 1),
             into: Target(bitmap: bitmap, origin: (0, 0), clip: bitmap.bounds), scale: scale)
    }

    /// A bitmap to draw into: device pixel (x, y) is bitmap pixel (x − origin.x, y − origin.y).
    struct Target {
        let bitmap: Bitmap
        let origin: (x: Int, y: Int)
        /// Device-space pixels that may be written.
        let clip: PixelRect
        /// A coverage mask over everything drawn; byte (0, 0) covers bitmap pixel `maskOrigin`.
        var mask: Mask? = nil
        var maskOrigin: (x: Int, y: Int) = (0, 0)
        /// Device space → this bitmap's pixels.
        var deviceToBitmap: Transform { .translation(Double(-origin.x), Double(-origin.y)) }
        var bitmapClip: PixelRect { PixelRect(x0: clip.x0 - origin.x, y0: clip.y0 - origin.y, x1: clip.x1 - origin.x, y1: clip.y1 - origin.y) }
    }

    private func draw(_ layer: CALayer, parent: LayerValues?, parentToDevice: CATransform3D, into target: Target, scale: Double) {
        let v = layer.presented
        guard !v.isHidden, v.opacity > 0, v.opacity.isFinite, !onlyPresented || layer.hasBeenPresented else { return }
        let toDevice = CATransform3DConcat(CALayer.transformToSuperlayer(v, parent), parentToDevice)
        if layer is CATransformLayer {
            return drawIn3D(layer, v, toDevice: toDevice, into: target, scale: scale)
        }
        if !layer.animationList.isEmpty, toDevice.planeProjection.isAffine, let (transition, p) = activeTransition(layer) {
            drawTransition(layer, v, transition, progress: p, toDevice: toDevice, into: target, scale: scale)
            return
        }
        let projection = toDevice.planeProjection
        let hasSublayers = !(layer.sublayers?.isEmpty ?? true)
        let group = v.opacity < 1 && hasSublayers
        if !projection.isAffine {
            drawFlattened(layer, v, toDevice: toDevice, into: target, scale: scale)
        } else if coverageMaskApplies(layer, v, toDevice: toDevice, target: target) {
            drawThroughCoverageMask(layer, v, toDevice: toDevice, into: target, scale: scale)
        } else if group || v.masksToBounds || layer.mask != nil {
            drawIsolated(layer, v, toDevice: toDevice, into: target, scale: scale)
        } else {
            drawDirect(layer, v, toDevice: toDevice, opacity: Double(v.opacity), into: target, scale: scale)
        }
    }

    /// The layer's shadow, own content, sublayers and border, straight into the target.
    func drawDirect(_ layer: CALayer, _ v: LayerValues, toDevice: CATransform3D, opacity: Double, into target: Target, scale: Double) {
        let toBitmap = Transform(affine: toDevice.planeProjection).concatenating(target.deviceToBitmap)
        if v.shadowOpacity > 0, let color = v.shadowColor, color.alpha > 0,
           let shadow = shadowBitmap(for: layer, v, color: color, scale: scale) {
            let offset = Transform.translation(Double(v.shadowOffset.width), Double(v.shadowOffset.height))
            RasterOps.draw(shadow.bitmap, imageToBitmap: shadow.toLocal.concatenating(offset).concatenating(toBitmap),
                           opacity: opacity, into: target.bitmap, clip: target.bitmapClip, mask: target.mask, maskOrigin: target.maskOrigin)
        }
        drawBackground(v, toBitmap: toBitmap, opacity: opacity, into: target)
        drawContent(layer, v, toBitmap: toBitmap, opacity: opacity, into: target, scale: scale)
        if let subs = layer.sublayers, !subs.isEmpty {
            for s in Self.zOrdered(subs) { draw(s, parent: v, parentToDevice: toDevice, into: target, scale: scale) }
        }
        if v.borderWidth > 0, let color = v.borderColor, color.alpha > 0 {
            let inset = Double(v.borderWidth) / 2
            var border = Path()
            border.addRoundedRect(Rect(v.bounds).insetBy(dx: inset, dy: inset), cornerRadius: max(0, Double(v.cornerRadius) - inset))
            RasterOps.stroke(border, style: StrokeStyle(width: Double(v.borderWidth)), transform: toBitmap, color: color.rasterColor,
                             opacity: opacity, into: target.bitmap, clip: target.bitmapClip, mask: target.mask, maskOrigin: target.maskOrigin)
        }
    }

    /// Group opacity, masksToBounds and mask layers: the subtree is drawn into a scratch bitmap over
    /// its device bounds, clipped and masked there, then composited with the layer's opacity.
    func drawIsolated(_ layer: CALayer, _ v: LayerValues, toDevice: CATransform3D, into target: Target, scale: Double) {
        let affine = Transform(affine: toDevice.planeProjection)
        let extent = subtreeDeviceBounds(layer, v, toDevice: affine, scale: scale).intersection(target.clip)
        guard !extent.isEmpty, let scratch = pool.take(width: extent.width, height: extent.height) else { return }
        defer { pool.give(back: scratch) }
        let sub = Target(bitmap: scratch, origin: (extent.x0, extent.y0), clip: extent)
        drawDirect(layer, v, toDevice: toDevice, opacity: 1, into: sub, scale: scale)
        if v.masksToBounds {
            var clipPath = Path()
            clipPath.addRoundedRect(Rect(v.bounds), cornerRadius: Double(v.cornerRadius))
            RasterOps.clip(scratch, to: clipPath, transform: affine.concatenating(sub.deviceToBitmap))
        }
        if let mask = layer.mask, let maskBitmap = pool.take(width: extent.width, height: extent.height) {
            defer { pool.give(back: maskBitmap) }
            let maskTarget = Target(bitmap: maskBitmap, origin: (extent.x0, extent.y0), clip: extent)
            // The mask lives in the layer's own coordinate space (no sublayerTransform applies).
            var owner = v
            owner.sublayerTransform = .identity
            draw(mask, parent: owner, parentToDevice: toDevice, into: maskTarget, scale: scale)
            RasterOps.multiplyAlpha(scratch, by: maskBitmap)
        }
        RasterOps.draw(scratch, imageToBitmap: Transform.translation(Double(extent.x0), Double(extent.y0)).concatenating(target.deviceToBitmap),
                       opacity: Double(v.opacity), into: target.bitmap, clip: target.bitmapClip, mask: target.mask, maskOrigin: target.maskOrigin)
    }

    /// A layer under perspective: drawn flat in its own plane at `scale`, then mapped through the projection.
    private func drawFlattened(_ layer: CALayer, _ v: LayerValues, toDevice: CATransform3D, into target: Target, scale: Double) {
        let local = subtreeLocalBounds(layer, v)
        let s = scale
        let px = PixelRect(covering: Rect(x: Double(local.minX) * s, y: Double(local.minY) * s,
                                          width: Double(local.width) * s, height: Double(local.height) * s))
        guard !px.isEmpty, px.width <= 4096, px.height <= 4096, let flat = pool.take(width: px.width, height: px.height) else { return }
        defer { pool.give(back: flat) }
        var flatValues = v
        flatValues.transform = .identity
        flatValues.position = CGPoint(x: v.bounds.minX + v.bounds.width * v.anchorPoint.x, y: v.bounds.minY + v.bounds.height * v.anchorPoint.y)
        flatValues.opacity = 1
        // Local point p → flat pixel (p·s − px.origin).
        let localToFlat = CATransform3DConcat(CATransform3DMakeScale(CGFloat(s), CGFloat(s), 1),
                                              CATransform3DMakeTranslation(CGFloat(-px.x0), CGFloat(-px.y0), 0))
        let flatTarget = Target(bitmap: flat, origin: (0, 0), clip: flat.bounds)
        let flatLayerToDevice = CATransform3DConcat(CALayer.transformToSuperlayer(flatValues, nil), localToFlat)
        if v.masksToBounds || layer.mask != nil || !(layer.sublayers?.isEmpty ?? true) {
            drawIsolated(layer, flatValues, toDevice: flatLayerToDevice, into: flatTarget, scale: s)
        } else {
            drawDirect(layer, flatValues, toDevice: flatLayerToDevice, opacity: 1, into: flatTarget, scale: s)
        }
        // Flat pixel q → local (q + px.origin)/s → device.
        let flatToLocal = CATransform3DConcat(CATransform3DMakeTranslation(CGFloat(px.x0), CGFloat(px.y0), 0),
                                              CATransform3DMakeScale(CGFloat(1 / s), CGFloat(1 / s), 1))
        let flatToBitmap = CATransform3DConcat(CATransform3DConcat(flatToLocal, toDevice),
                                               CATransform3DMakeTranslation(CGFloat(-target.origin.x), CGFloat(-target.origin.y), 0))
        RasterOps.draw(flat, projective: flatToBitmap.planeProjection, opacity: Double(v.opacity), into: target.bitmap,
                       clip: target.bitmapClip, mask: target.mask, maskOrigin: target.maskOrigin)
    }

    /// A CATransformLayer's sublayers, each through its own 3D transform (flattened in its own plane
    /// only), painted back to front by the depth of its centre.
    private func drawIn3D(_ layer: CALayer, _ v: LayerValues, toDevice: CATransform3D, into target: Target, scale: Double) {
        guard let subs = layer.sublayers, !subs.isEmpty else { return }
        func depth(_ s: CALayer) -> Double {
            let sv = s.presented
            let m = CATransform3DConcat(CALayer.transformToSuperlayer(sv, v), toDevice)
            let c = CGPoint(x: sv.bounds.midX, y: sv.bounds.midY)
            // z after the full transform, before the perspective divide: larger is nearer the eye.
            let r = m.rows
            let z = Double(c.x) * r[0][2] + Double(c.y) * r[1][2] + r[3][2]
            let w = Double(c.x) * r[0][3] + Double(c.y) * r[1][3] + r[3][3]
            return w != 0 ? z / w : z
        }
        for s in subs.sorted(by: { depth($0) < depth($1) }) { draw(s, parent: v, parentToDevice: toDevice, into: target, scale: scale) }
    }

    /// True when the first layer drawn (the root's background, or else the root's first sublayer
    /// when the root draws nothing itself) is opaque, axis-aligned and covers the bitmap.
    static func firstDrawCoversOpaquely(_ root: CALayer, toDevice: CATransform3D, bitmap: Bitmap) -> Bool {
        func covers(_ l: CALayer, _ parent: LayerValues?, _ parentToDevice: CATransform3D) -> Bool {
            let v = l.presented
            guard !v.isHidden, v.opacity >= 1, l.mask == nil, v.cornerRadius == 0, v.shadowOpacity == 0 else { return false }
            let m = CATransform3DConcat(CALayer.transformToSuperlayer(v, parent), parentToDevice).planeProjection
            guard m.isAffine, m.m12 == 0, m.m21 == 0, m.m11 > 0, m.m22 > 0 else { return false }
            let opaque = (v.backgroundColor?.alpha ?? 0) >= 1 || l.drawsOpaqueContent
            guard opaque else { return false }
            let x0 = Double(v.bounds.minX) * m.m11 + m.m31, y0 = Double(v.bounds.minY) * m.m22 + m.m32
            let x1 = Double(v.bounds.maxX) * m.m11 + m.m31, y1 = Double(v.bounds.maxY) * m.m22 + m.m32
            return x0 <= 0 && y0 <= 0 && x1 >= Double(bitmap.width) && y1 >= Double(bitmap.height)
        }
        let v = root.presented
        if (v.backgroundColor?.alpha ?? 0) > 0 || root.drawsContent { return covers(root, nil, toDevice) }
        guard let first = zOrdered(root.sublayers ?? []).first, !v.isHidden, v.opacity >= 1, root.mask == nil else { return false }
        let rootToDevice = CATransform3DConcat(CALayer.transformToSuperlayer(v, nil), toDevice)
        return covers(first, v, rootToDevice)
    }

    static func zOrdered(_ layers: [CALayer]) -> [CALayer] {
        guard layers.contains(where: { $0.presented.zPosition != 0 }) else { return layers }
        return layers.enumerated().sorted { ($0.element.presented.zPosition, $0.offset) < ($1.element.presented.zPosition, $1.offset) }.map(\.element)
    }
}
