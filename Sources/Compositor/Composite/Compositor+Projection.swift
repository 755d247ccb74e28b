import Foundation
import Layers
import Raster

/// Layers seen in perspective: flattened into their own plane, or (under a CATransformLayer) each
/// in its own 3D place, back to front.
extension Compositor {
    /// A layer under perspective: drawn flat in its own plane at `scale`, then mapped through the projection.
    func drawFlattened(_ i: Int, _ v: LayerValues, toDevice: CATransform3D, into target: Target) {
        let local = subtreeLocalBounds(i, v)
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
        if v.masksToBounds || nodes[i].mask != nil || !nodes[i].sublayers.isEmpty || nodes[i].tint != nil {
            drawIsolated(i, flatValues, toDevice: flatLayerToDevice, into: flatTarget)
        } else {
            drawDirect(i, flatValues, toDevice: flatLayerToDevice, opacity: 1, into: flatTarget)
        }
        // Flat pixel q → local (q + px.origin)/s → device.
        let flatToLocal = CATransform3DConcat(CATransform3DMakeTranslation(CGFloat(px.x0), CGFloat(px.y0), 0),
                                              CATransform3DMakeScale(CGFloat(1 / s), CGFloat(1 / s), 1))
        let flatToBitmap = CATransform3DConcat(CATransform3DConcat(flatToLocal, toDevice),
                                               CATransform3DMakeTranslation(CGFloat(-target.origin.x), CGFloat(-target.origin.y), 0))
        guard v.opacity > 0 else { return }
        canvas(target).draw(flat, projective: flatToBitmap.planeProjection, opacity: min(1, Double(v.opacity)))
    }

    /// A CATransformLayer's sublayers, each through its own 3D transform (flattened in its own plane
    /// only), painted back to front by the depth of its centre.
    func drawIn3D(_ i: Int, _ v: LayerValues, toDevice: CATransform3D, into target: Target) {
        let subs = nodes[i].sublayers
        guard !subs.isEmpty else { return }
        func depth(_ s: Int) -> Double {
            let sv = nodes[s].values
            let m = CATransform3DConcat(CALayer.transformToSuperlayer(sv, v), toDevice)
            let c = CGPoint(x: sv.bounds.midX, y: sv.bounds.midY)
            // z after the full transform, before the perspective divide: larger is nearer the eye.
            let r = m.rows
            let z = Double(c.x) * r[0][2] + Double(c.y) * r[1][2] + r[3][2]
            let w = Double(c.x) * r[0][3] + Double(c.y) * r[1][3] + r[3][3]
            return w != 0 ? z / w : z
        }
        for s in subs.sorted(by: { depth($0) < depth($1) }) { draw(s, parent: v, parentToDevice: toDevice, into: target) }
    }
}
