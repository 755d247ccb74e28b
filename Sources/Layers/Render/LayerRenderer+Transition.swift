import Foundation
import Raster

extension LayerRenderer {
    /// The layer subtree as it was last drawn (presentation values of the last frame), in the
    /// layer's own space at `scale`, over its bounds. Layers not yet drawn are left out.
    static func snapshot(_ layer: CALayer, scale: Double) -> (bitmap: Bitmap, toLocal: Transform)? {
        guard layer.hasBeenPresented else { return nil }
        let v = layer.presented
        guard let (bitmap, toBitmap) = layerBitmap(covering: v.bounds, scale: scale) else { return nil }
        var flat = v
        flat.transform = .identity
        flat.opacity = 1
        flat.anchorPoint = .zero
        flat.position = v.bounds.origin
        flat.shadowOpacity = 0
        let renderer = LayerRenderer()
        renderer.onlyPresented = true
        let toDevice = CATransform3DMakeAffineTransform(CGAffineTransform(toBitmap))
        renderer.drawIsolated(layer, flat, toDevice: toDevice,
                              into: Target(bitmap: bitmap, origin: (0, 0), clip: bitmap.bounds), scale: scale)
        return (bitmap, toBitmap.inverted ?? .identity)
    }

    /// The running transition of a layer, if one shows at this frame.
    func activeTransition(_ layer: CALayer) -> (CATransition, Double)? {
        for (_, a) in layer.animationList {
            guard let t = a as? CATransition, t.snapshot != nil, t.resolvedBeginTime != nil, !t.hasEnded else { continue }
            let state = t.timingState(atParentTime: layer.lastLayerTime, defaultDuration: t.resolvedDuration)
            if let p = t.transitionProgress(state) { return (t, p) }
        }
        return nil
    }

    /// Draws the old snapshot and the live new state as the transition dictates, clipped to the
    /// layer's bounds: fade crossfades; push moves both; moveIn brings the new over the old; reveal
    /// slides the old away.
    func drawTransition(_ layer: CALayer, _ v: LayerValues, _ t: CATransition, progress p: Double,
                        toDevice: CATransform3D, into target: Target, scale: Double) {
        guard let (old, oldToLocal) = t.snapshot else { return }
        if t.type == .flip {
            return drawFlip(layer, v, t, progress: p, old: (old, oldToLocal), toDevice: toDevice, into: target, scale: scale)
        }
        let affine = Transform(affine: toDevice.planeProjection)
        let extent = Self.deviceRect(v.bounds, affine).intersection(target.clip)
        guard !extent.isEmpty, let scratch = pool.take(width: extent.width, height: extent.height) else { return }
        defer { pool.give(back: scratch) }
        let sub = Target(bitmap: scratch, origin: (extent.x0, extent.y0), clip: extent)
        // Offsets in the layer's space: the new content starts one bounds-size away on the subtype's side.
        let w = Double(v.bounds.width), h = Double(v.bounds.height)
        let (dx, dy): (Double, Double) = {
            switch t.subtype ?? .fromLeft {
            case .fromRight: return (w, 0)
            case .fromTop: return (0, -h)
            case .fromBottom: return (0, h)
            default: return (-w, 0)
            }
        }()
        let oldTransform: Transform, newTransform: Transform
        var oldOpacity = 1.0, newOpacity = 1.0
        var newOnTop = true
        switch t.type {
        case .push:
            newTransform = .translation(dx * (1 - p), dy * (1 - p))
            oldTransform = .translation(-dx * p, -dy * p)
        case .moveIn:
            newTransform = .translation(dx * (1 - p), dy * (1 - p))
            oldTransform = .identity
        case .reveal:
            newTransform = .identity
            oldTransform = .translation(-dx * p, -dy * p)
            newOnTop = false
        default: // fade
            newTransform = .identity
            oldTransform = .identity
            oldOpacity = 1 - p
            newOpacity = p
        }
        let toScratch = affine.concatenating(sub.deviceToBitmap)
        func drawOld() {
            RasterOps.draw(old, imageToBitmap: oldToLocal.concatenating(oldTransform).concatenating(toScratch),
                           opacity: oldOpacity, into: scratch, clip: scratch.bounds)
        }
        func drawNew() {
            guard let layerBitmap = pool.take(width: extent.width, height: extent.height) else { return }
            defer { pool.give(back: layerBitmap) }
            var flat = v
            flat.opacity = 1
            drawIsolated(layer, flat, toDevice: toDevice, into: Target(bitmap: layerBitmap, origin: (extent.x0, extent.y0), clip: extent),
                         scale: scale)
            // The new state was drawn in place; move it in the layer's space by newTransform.
            if t.type == .fade {
                // A crossfade is a premultiplied lerp: old·(1 − p) is in the scratch; add new·p.
                RasterOps.addScaled(layerBitmap, by: newOpacity, into: scratch)
                return
            }
            let shift = affine.inverted.map { $0.concatenating(newTransform).concatenating(affine) } ?? .identity
            RasterOps.draw(layerBitmap, imageToBitmap: Transform.translation(Double(extent.x0), Double(extent.y0))
                            .concatenating(shift).concatenating(sub.deviceToBitmap),
                           opacity: newOpacity, into: scratch, clip: scratch.bounds)
        }
        if newOnTop { drawOld(); drawNew() } else { drawNew(); drawOld() }
        RasterOps.draw(scratch, imageToBitmap: Transform.translation(Double(extent.x0), Double(extent.y0)).concatenating(target.deviceToBitmap),
                       opacity: Double(v.opacity), into: target.bitmap, clip: target.bitmapClip, mask: target.mask, maskOrigin: target.maskOrigin)
    }
}

extension LayerRenderer {
    /// The flip: the old face turns from 0 to 90° about the layer's centre, then the new face from
    /// −90° to 0, under perspective (eye at twice the larger side), so a face is never seen from
    /// behind. Not clipped: the turning page leaves the bounds as a real card does.
    func drawFlip(_ layer: CALayer, _ v: LayerValues, _ t: CATransition, progress p: Double,
                  old: (Bitmap, Transform), toDevice: CATransform3D, into target: Target, scale: Double) {
        let showingOld = p < 0.5
        guard let (face, faceToLocal) = showingOld ? old : Self.snapshot(layer, scale: scale) else { return }
        let b = v.bounds
        let angle = CGFloat(showingOld ? p * Double.pi : (p - 1) * Double.pi)
        let subtype = t.subtype ?? .fromLeft
        var turn = CATransform3DIdentity
        turn.m34 = -1 / (2 * max(b.width, b.height, 1))
        switch subtype {
        case .fromRight: turn = CATransform3DRotate(turn, -angle, 0, 1, 0)
        case .fromTop: turn = CATransform3DRotate(turn, -angle, 1, 0, 0)
        case .fromBottom: turn = CATransform3DRotate(turn, angle, 1, 0, 0)
        default: turn = CATransform3DRotate(turn, angle, 0, 1, 0)
        }
        // Face pixel → layer space → turned about the centre → device → target bitmap.
        let toCenter = CATransform3DMakeTranslation(-b.midX, -b.midY, 0), back = CATransform3DMakeTranslation(b.midX, b.midY, 0)
        let pixelToLocal = CATransform3DMakeAffineTransform(CGAffineTransform(faceToLocal))
        var m = CATransform3DConcat(pixelToLocal, toCenter)
        m = CATransform3DConcat(m, turn)
        m = CATransform3DConcat(m, back)
        m = CATransform3DConcat(m, toDevice)
        m = CATransform3DConcat(m, CATransform3DMakeTranslation(CGFloat(-target.origin.x), CGFloat(-target.origin.y), 0))
        RasterOps.draw(face, projective: m.planeProjection, opacity: Double(v.opacity), into: target.bitmap,
                       clip: target.bitmapClip, mask: target.mask, maskOrigin: target.maskOrigin)
    }
}
