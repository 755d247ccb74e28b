import Foundation
import Layers
import Raster

/// The fast path for the seeds' signature look: a layer (a gradient, say) seen through a shape
/// layer used as its `mask`. The mask's fill and stroke are rasterized straight into an A8
/// coverage mask in device space, and the layer draws through it into the frame: no scratch
/// bitmaps, no resampling of the mask, no multiply pass.
extension Compositor {
    /// True when the layer and its mask are simple enough for `drawThroughCoverageMask`: a leaf
    /// layer (no sublayers, no masksToBounds) whose mask is a leaf shape layer without background
    /// or shadow under an affine transform, drawn into a target that has no mask of its own.
    func coverageMaskApplies(_ i: Int, _ v: LayerValues, toDevice: CATransform3D, target: Target) -> Bool {
        guard let m = nodes[i].mask, nodes[m].shape != nil, target.mask == nil, !v.masksToBounds,
              nodes[i].sublayers.isEmpty, nodes[m].sublayers.isEmpty, nodes[m].mask == nil else { return false }
        let mv = nodes[m].values
        // Group opacity over background and content together needs isolation.
        let hasBackground = (v.backgroundColor?.alpha ?? 0) > 0
        guard v.opacity >= 1 || !(hasBackground && nodes[i].drawsContent) else { return false }
        guard (mv.backgroundColor?.alpha ?? 0) == 0, mv.shadowOpacity == 0, mv.borderWidth == 0 else { return false }
        return maskToDevice(mv, v, toDevice).isAffine
    }

    /// The mask's bounds space → device: the mask lives in the layer's own space (no sublayerTransform).
    private func maskToDevice(_ mv: LayerValues, _ v: LayerValues, _ toDevice: CATransform3D) -> ProjectiveTransform {
        var owner = v
        owner.sublayerTransform = .identity
        return CATransform3DConcat(CALayer.transformToSuperlayer(mv, owner), toDevice).planeProjection
    }

    func drawThroughCoverageMask(_ i: Int, _ v: LayerValues, toDevice: CATransform3D, into target: Target) {
        guard let m = nodes[i].mask, let s = nodes[m].shape else { return }
        let mv = nodes[m].values
        guard !mv.isHidden, mv.opacity > 0 else { return }
        let layerToDevice = Transform(affine: toDevice.planeProjection)
        let extent = subtreeDeviceBounds(i, v, toDevice: layerToDevice).intersection(target.clip)
        guard !extent.isEmpty, let path = s.path, let mask = maskPool.take(width: extent.width, height: extent.height) else { return }
        defer { maskPool.give(back: mask) }
        // Mask space → mask pixels (device minus the extent's corner).
        let toMask = Transform(affine: maskToDevice(mv, v, toDevice)).concatenating(.translation(Double(-extent.x0), Double(-extent.y0)))
        var scaleBy = Double(mv.opacity)
        if let fill = s.fill, fill.a > 0 {
            mask.fill(path, transform: toMask, rule: s.evenOdd ? .evenOdd : .nonZero)
            scaleBy *= fill.a
        }
        if let stroke = s.stroke, stroke.a > 0, s.lineWidth > 0, s.strokeEnd > s.strokeStart {
            mask.fill(path.strokeOutline(trimmedFrom: s.strokeStart, to: s.strokeEnd, style: s.style, transform: toMask,
                                         clip: Rect(mask.bounds)))
            if s.fill == nil || s.fill!.a == 0 { scaleBy *= stroke.a }
        }
        if scaleBy < 1 { mask.scale(by: scaleBy) }
        var masked = target
        masked.mask = mask
        masked.maskOrigin = (extent.x0 - target.origin.x, extent.y0 - target.origin.y)
        drawDirect(i, v, toDevice: toDevice, opacity: Double(v.opacity), into: masked)
    }
}
