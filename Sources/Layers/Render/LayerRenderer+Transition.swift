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
        for a in layer.animationList.lazy.map(\.animation) {
            guard let t = a as? CATransition, t.snapshot != nil, t.resolvedBeginTime != nil, !t.hasEnded else { continue }
            let state = t.resolvedTiming.state(atParentTime: layer.lastLayerTime)
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
        if t.type == .curlUp || t.type == .curlDown {
            return drawCurl(layer, v, t, progress: p, old: (old, oldToLocal), toDevice: toDevice, into: target, scale: scale)
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

extension LayerRenderer {
    /// A page curl. curlUp ("pageCurl"): the old page lifts from its bottom edge and rolls up over a
    /// cylinder, showing the new content beneath. curlDown ("pageUnCurl"): the new page unrolls down
    /// from the top over the old one (the same motion backwards in time).
    func drawCurl(_ layer: CALayer, _ v: LayerValues, _ t: CATransition, progress p: Double,
                  old: (Bitmap, Transform), toDevice: CATransform3D, into target: Target, scale: Double) {
        guard let snap = Self.snapshot(layer, scale: scale) else { return }
        let new: (Bitmap, Transform) = (snap.bitmap, snap.toLocal)
        let up = t.type == .curlUp
        let (under, page) = up ? (new, old) : (old, new)
        let toBitmap = Transform(affine: toDevice.planeProjection).concatenating(target.deviceToBitmap)
        RasterOps.draw(under.0, imageToBitmap: under.1.concatenating(toBitmap), opacity: Double(v.opacity),
                       into: target.bitmap, clip: target.bitmapClip, mask: target.mask, maskOrigin: target.maskOrigin)
        guard let curled = Self.curl(page.0, progress: up ? p : 1 - p) else { return }
        RasterOps.draw(curled, imageToBitmap: page.1.concatenating(toBitmap), opacity: Double(v.opacity),
                       into: target.bitmap, clip: target.bitmapClip, mask: target.mask, maskOrigin: target.maskOrigin)
    }

    /// The page rolled up from its bottom edge by `progress` (0: flat, 1: gone), in the page's pixels.
    ///
    /// Rows above the curl line stay flat; a row a distance d past it lies on a cylinder of radius r
    /// at angle θ = d / r (y' = c + r·sin θ, nearer the eye as θ grows), and past θ = π flat on the
    /// back of the roll, travelling up (y' = c − (d − π·r)); the back of the paper shows lighter. A
    /// per-row depth buffer keeps the nearest row; since |dy'/dd| ≤ 1 the forward map leaves no holes.
    /// - Complexity: O(pixels of the page).
    static func curl(_ page: Bitmap, progress: Double) -> Bitmap? {
        let w = page.width, h = page.height
        guard let out = Bitmap(width: w, height: h) else { return nil }
        let r = max(2, Double(h) / 8)
        let c = Double(h) - min(1, max(0, progress)) * (Double(h) + Double.pi * r)
        var depth = [Double](repeating: -1, count: h)
        for y in 0..<h {
            let yc = Double(y) + 0.5
            var target: Double, z: Double, shade: Double, back = false
            if yc < c {
                (target, z, shade) = (yc, 0, 1)
            } else {
                let d = yc - c, theta = d / r
                if theta <= Double.pi {
                    target = c + r * sin(theta)
                    z = r * (1 - cos(theta))
                    shade = theta <= Double.pi / 2 ? 1 - 0.35 * (1 - cos(theta)) : 1
                    back = theta > Double.pi / 2
                } else {
                    (target, z, shade) = (c - (d - Double.pi * r), 2 * r, 1)
                    back = true
                }
            }
            let row = Int(target.rounded(.down))
            guard row >= 0, row < h, z >= depth[row] else { continue }
            depth[row] = z
            let src = page.row(y), dst = out.row(row)
            for x in 0..<w {
                var px = src[x]
                if back { px = Self.paperBack(px) } else if shade < 1 { px = Blend.scale(px, UInt32(shade * 255)) | (px & 0xFF00_0000) }
                dst[x] = px
            }
        }
        return out
    }

    /// The back of the paper: the print seen through, washed towards white.
    static func paperBack(_ p: UInt32) -> UInt32 {
        let a = Pixel.a(p)
        func ch(_ v: UInt32) -> UInt32 { (v * 2 + a * 3) / 5 }
        return Pixel.pack(r: ch(Pixel.r(p)), g: ch(Pixel.g(p)), b: ch(Pixel.b(p)), a: a)
    }
}
