import Foundation
import Layers
import Raster

/// Chains of opacity groups that draw nothing of their own: each group holds one sublayer and
/// has no background, content, border, shadow, mask or clip. Drawn level by level, every group
/// takes a scratch bitmap over the same pixels and composites it into its parent's (10,000 such
/// levels took 11–38 s for a 200×200 frame, and a scratch per level in memory). Compositing into
/// a cleared bitmap at opacity k scales each channel by k (`Blend.scale`), so the whole chain is
/// the deepest level's scratch with every inner opacity applied through one table
/// (`Bitmap.scaleChannels(successively:)`), composited once at the outermost opacity: the same
/// bytes for one scratch and one pass.
extension Compositor {
    /// True when node `x` (values `v`) is a link of such a chain: an opacity group whose own
    /// drawing (`drawDirect`) draws nothing but its single sublayer.
    func passesThrough(_ x: Int, _ v: LayerValues) -> Bool {
        guard v.opacity < 1, nodes[x].sublayers.count == 1, !v.masksToBounds, nodes[x].mask == nil, nodes[x].tint == nil,
              nodes[x].sprites == nil else { return false }
        if case .none = nodes[x].content {} else { return false }
        if let bg = v.backgroundColor, bg.alpha > 0, !v.bounds.isEmpty { return false }
        if v.borderWidth > 0, let c = v.borderColor, c.alpha > 0 { return false }
        if v.shadowOpacity > 0, let c = v.shadowColor, c.alpha > 0, nodes[x].shadow != nil { return false }
        return true
    }

    /// Draws the chain of pass-through groups that starts at `i` (already routed to
    /// `drawIsolated`) when it is at least two groups long; false (nothing drawn) otherwise.
    func drawGroupChain(_ i: Int, _ v: LayerValues, toDevice: CATransform3D, into target: Target) -> Bool {
        guard passesThrough(i, v) else { return false }
        // Walk down while the single sublayer is itself a link `draw` would send to `drawIsolated`.
        var deepest = (node: i, values: v, toDevice: toDevice)
        var factors: [UInt32] = []          // the inner groups' opacities, outermost first
        while true {
            let s = nodes[deepest.node].sublayers[0]
            let sv = nodes[s].values
            guard nodes[s].isVisible, !nodes[s].isTransformLayer, nodes[s].transition == nil, passesThrough(s, sv) else { break }
            let sToDevice = CATransform3DConcat(CALayer.transformToSuperlayer(sv, deepest.values), deepest.toDevice)
            guard sToDevice.planeProjection.isAffine else { break }
            factors.append(Self.opacityFactor(sv.opacity))
            deepest = (s, sv, sToDevice)
        }
        guard !factors.isEmpty else { return false }
        // What drawIsolated does for the deepest group, drawn into `target` directly: its scratch
        // lies within every outer group's (a subtree's bounds hold its sublayers'), and the pixels
        // outside it stay clear at every level, which compositing leaves as they are.
        let affine = Transform(affine: deepest.toDevice.planeProjection)
        let bounds = subtreeDeviceBounds(deepest.node, deepest.values, toDevice: affine)
        let extent = bounds.intersection(target.clip)
        guard !extent.isEmpty else { return true }
        let whole = bounds.intersection(target.wholeClip)
        guard let scratchBitmap = pool.take(width: extent.width, height: extent.height) else { return true }
        defer { pool.give(back: scratchBitmap) }
        isolatedPixels += extent.width * extent.height
        let moved = target.unclipped != nil && !whole.isEmpty && (whole.x0, whole.y0) != (extent.x0, extent.y0)
        var sub = Target(bitmap: scratchBitmap, origin: (extent.x0, extent.y0), clip: extent,
                         unclipped: target.unclipped.map { bounds.intersection($0) })
        if moved { sub.wholeOrigin = (whole.x0, whole.y0) }
        drawDirect(deepest.node, deepest.values, toDevice: deepest.toDevice, opacity: 1, into: sub)
        // Innermost first: the deepest group's opacity applies first, as it is composited first.
        scratchBitmap.scaleChannels(successively: factors.reversed())
        draw(scratchBitmap, imageToBitmap: Transform.translation(Double(extent.x0), Double(extent.y0)).concatenating(target.deviceToBitmap),
             opacity: Double(v.opacity), into: target)
        return true
    }

    /// The 0…255 factor a draw at `opacity` blends with (`Canvas`'s quantisation).
    static func opacityFactor(_ opacity: Float) -> UInt32 {
        let op = opacity.isNaN ? 0 : min(1, max(0, Double(opacity)))
        return UInt32((op * 255).rounded())
    }
}
