import Foundation

extension CAReplicatorLayer {
    /// The layers instance `k` shows: nil for the sublayers themselves, when nothing in them would
    /// look different `k × instanceDelay` seconds earlier (no delay, or no animation in the
    /// subtree); else presentation copies of them evaluated at the replicator's time of the last
    /// frame minus k × instanceDelay.
    ///
    /// The copies are made with no side effects on the sublayers: no delegate callbacks, no
    /// animation started, finished or removed, no frame requested (the sublayers' own animations
    /// ask for frames while they run). The display step asks once per instance and frame.
    /// - Complexity: O(layers under the replicator + their animations) for copies; O(1) otherwise.
    public func instanceSublayers(_ k: Int) -> [CALayer]? {
        let delay = presented.replicator.instanceDelay
        guard k > 0, delay != 0, delay.isFinite, let subs = sublayers, subtreeAnimates else { return nil }
        let parentTime = lastLayerTime - Double(k) * delay
        return subs.map { $0.presentationCopy(atParentTime: parentTime) }
    }

    /// True when a layer below the replicator has an animation.
    /// - Complexity: O(layers below it).
    var subtreeAnimates: Bool {
        var found = false
        for s in sublayers ?? [] where !found {
            s.walkTree(()) { layer, _, _ in
                if !layer.animationList.isEmpty { found = true }
                return found ? nil : ()
            }
        }
        return found
    }
}

extension CALayer {
    /// A presentation copy of this subtree (mask included) as it would show with its superlayer's
    /// time at `parentTime`: each layer's model values with its current animations evaluated at its
    /// own local time from there. Side-effect free: the animations are only read.
    /// - Complexity: O(layers + animations in the subtree).
    func presentationCopy(atParentTime parentTime: Double) -> CALayer {
        var root: CALayer?
        walkTree((parent: CALayer?.none, time: parentTime)) { layer, state, isMask in
            let local = layer.timing.local(state.time)
            let copy = type(of: layer).init(layer: layer)
            // A copy from the start (an emitter's copy shows the particles it was made with and
            // does not step them).
            copy.modelLayerRef = layer
            copy.presented = layer.modelValues
            copy.presentedCustomValues = layer.customValues
            copy.presentContent()
            var memo = EasingMemo()
            for entry in layer.animationList where entry.track.program != .pending {
                let track = entry.track
                if track.program == .general {
                    let s = track.timing.state(atParentTime: local)
                    if s.contributes { entry.animation.apply(to: copy, state: s) }
                } else if let progress = track.timing.progress(atParentTime: local).progress {
                    track.write(progress: progress, into: &copy.presented, memo: &memo)
                }
            }
            // A presentation copy's model is what it shows.
            copy.modelValues = copy.presented
            copy.customValues = copy.presentedCustomValues
            copy.copyPresentedContent(from: copy)
            copy.lastLayerTime = local
            copy.hasBeenPresented = true
            copy.modelChangedSincePresent = false
            if let parent = state.parent {
                if isMask {
                    parent.mask = copy
                } else {
                    copy.superlayer = parent
                    if parent.sublayers == nil { parent.sublayers = [copy] } else { parent.sublayers!.append(copy) }
                }
            } else {
                root = copy
            }
            return (copy, local)
        }
        return root!
    }
}
