import Foundation
import Layers
import Raster

extension DisplayStep {
    /// The transition's state at this frame; on the first frame that draws it (or when the scale
    /// changed), its recorded old appearance is rasterized at `scale`. Nil when there is no old
    /// appearance to show (the layer is then drawn as it is now).
    func transitionState(_ t: CATransition, progress: Double, scale: Double) -> TransitionState? {
        if t.snapshot?.scale != scale, let old = t.oldAppearance {
            t.snapshot = oldAppearance(old, scale: scale).map { ($0.bitmap, $0.toLocal, scale) }
        }
        guard let s = t.snapshot else { return nil }
        var state = TransitionState(type: t.type, subtype: t.subtype, progress: progress, old: NodeImage(bitmap: s.bitmap, toLocal: s.toLocal))
        if let binding = t.curlBinding {
            state.binding = binding
            // A double-sided leaf's back page, rasterized once (and again when the scale changes).
            if t.backSnapshot?.scale != scale, let back = binding.back {
                t.backSnapshot = oldAppearance(back, scale: scale).map { ($0.bitmap, $0.toLocal, scale) }
            }
            if let b = t.backSnapshot {
                let place = Transform.translation(Double(binding.backOrigin.x), Double(binding.backOrigin.y))
                state.back = NodeImage(bitmap: b.bitmap, toLocal: b.toLocal.concatenating(place))
            }
        }
        return state
    }

    /// The frozen subtree drawn flat over its bounds in its own space: no transform, opacity or
    /// shadow of its own, its sublayers, mask and clipping as they were.
    private func oldAppearance(_ frozen: CALayer, scale: Double) -> NodeImage? {
        let v = frozen.presented
        guard let (bitmap, toBitmap) = Self.layerBitmap(covering: v.bounds, scale: scale) else { return nil }
        var tree = snapshot(of: frozen, scale: scale)
        tree.nodes[tree.root].values = v.flatInOwnSpace
        compositor.compositeIsolated(tree, node: tree.root, toDevice: CATransform3DMakeAffineTransform(CGAffineTransform(toBitmap)),
                                     into: bitmap)
        return NodeImage(bitmap: bitmap, toLocal: toBitmap.inverted ?? .identity)
    }
}
