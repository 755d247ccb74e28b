import Foundation

extension CALayer {
    /// Adds a copy of `animation` under `key`, replacing any animation with that key; a nil key
    /// gets a unique one. The copy takes its begin time when the current transaction commits.
    /// A group that contains itself (at any depth) is refused with one reported line: copying or
    /// evaluating it would never end.
    public func add(_ animation: CAAnimation, forKey key: String?) {
        if let group = animation as? CAAnimationGroup, group.containsCycle {
            CAEngine.current.report("add(_:forKey:) refused: the animation group\(key.map { " '\($0)'" } ?? "") contains itself")
            return
        }
        let copy = animation.addedCopy()
        // A transition shows the layer as it is now against what the transaction changes: record
        // the old appearance (the presentation as of the last frame) before later changes replace
        // it; the display step rasterizes it when it first draws the transition.
        if let t = copy as? CATransition { t.oldAppearance = frozenPresentation() }
        let k = key ?? "animation-\(ObjectIdentifier(copy).hashValue)"
        if let i = animationList.firstIndex(where: { $0.key == k }) {
            let old = animationList.remove(at: i).animation
            end(old, finished: false)
        }
        animationList.append(AnimationEntry(key: k, animation: copy))
        CAEngine.current.transactions.register(copy, on: self)
    }

    /// The added copy under `key` (changing it has undefined results, as on Apple's platforms).
    public func animation(forKey key: String) -> CAAnimation? { animationList.first { $0.key == key }?.animation }

    /// Keys of the running animations in the order they were added, or nil when none.
    public func animationKeys() -> [String]? { animationList.isEmpty ? nil : animationList.map(\.key) }

    /// Removes the animation under `key`; its delegate hears `finished: false`.
    public func removeAnimation(forKey key: String) {
        guard let i = animationList.firstIndex(where: { $0.key == key }) else { return }
        end(animationList.remove(at: i).animation, finished: false)
    }

    /// Removes every animation; each one's delegate hears `finished: false`.
    public func removeAllAnimations() {
        let all = animationList
        animationList.removeAll()
        for entry in all { end(entry.animation, finished: false) }
    }

    /// Marks an animation ended and tells its delegate, once; delegates run after evaluation.
    func end(_ animation: CAAnimation, finished: Bool) {
        guard !animation.hasEnded else { return }
        animation.hasEnded = true
        if let d = animation.delegate { CAEngine.current.pendingCallbacks.append { d.animationDidStop(animation, finished: finished) } }
    }
}

/// One running animation of a layer: the added copy compiled for evaluation, the copy, and its key.
/// (The track comes first: it is what a frame reads.)
struct AnimationEntry {
    /// Compiled on the first frame after the animation's transaction committed; `.pending` before.
    var track = AnimationTrack.pending
    let animation: CAAnimation
    let key: String

    init(key: String, animation: CAAnimation) {
        self.key = key
        self.animation = animation
    }
}
