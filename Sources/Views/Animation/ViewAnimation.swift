import Foundation
import Layers

/// The state of UIView animation for one engine: the open blocks, `performWithoutAnimation`
/// nesting, and the old model values the view setters note for the actions that follow.
///
/// Why it lives with the engine: the blocks are transactions of that engine, so each stage (and
/// each test, which binds an engine of its own) animates its own views.
final class ViewAnimation {
    var blocks: [ViewAnimationBlock] = []
    /// Blocks whose animations may still be running (for `.allowUserInteraction`).
    var live: [ViewAnimationBlock] = []
    /// Property animators made on this engine, for hit testing and `isUserInteractionEnabled`.
    var animators: [WeakAnimator] = []
    struct WeakAnimator { weak var animator: UIViewPropertyAnimator? }
    var disabledDepth = 0
    var animationsEnabled = true
    private var oldValues: [(layer: ObjectIdentifier, key: String, value: AnimationValue)] = []

    /// The state of the engine the static UIView API addresses (`CAEngine.current`).
    static var current: ViewAnimation { CAEngine.current.attachment(ViewAnimation.init) }

    /// The innermost open block when animations are on.
    var activeBlock: ViewAnimationBlock? { disabledDepth == 0 && animationsEnabled ? blocks.last : nil }

    /// A view setter notes the model value before it changes the layer, so a block's animation of
    /// a property set earlier in the same frame starts from that value, not from the last frame's.
    static func noteOldValue(_ layer: CALayer, _ key: String, _ value: Any) {
        let s = current
        guard s.activeBlock != nil, let v = AnimationValue(value) else { return }
        s.oldValues.append((ObjectIdentifier(layer), key, v))
    }

    private func takeOldValue(_ layer: CALayer, _ key: String) -> AnimationValue? {
        guard let i = oldValues.lastIndex(where: { $0.layer == ObjectIdentifier(layer) && $0.key == key }) else { return nil }
        let v = oldValues[i].value
        oldValues.removeAll { $0.layer == ObjectIdentifier(layer) && $0.key == key }
        return v
    }

    /// UIView's answer to `action(for:forKey:)`.
    static func action(for view: UIView, layer: CALayer, forKey key: String) -> CAAction? {
        let s = current
        let old = s.takeOldValue(layer, key)
        guard let block = s.activeBlock, block.duration > 0, block.duration.isFinite else { return NSNull() }
        let path = AnimationKeyPath(key)
        if case .custom = path { return NSNull() }
        if path == .hidden { return NSNull() }
        if let recorder = block.animatorRecorder {
            // Additive: the animator's animation starts from the old model value, and any animation
            // still running on the key goes on beneath it, so nothing jumps.
            if let from = old ?? layer.modelValueBeforeChange(forKey: key) ?? layer.presentedValue(for: path) {
                recorder.record(layer: layer, view: view, key: key, from: from)
            }
            return NSNull()
        }
        // A property animator drives the key: add on top of it, from the old model value to the new
        // one (as UIKit's additive animations), so neither jumps when the other ends.
        if layer.animationKeys()?.contains(where: { (layer.animation(forKey: $0) as? DrivenPropertyAnimation)?.parsedKeyPath == path }) == true,
           let oldModel = old ?? layer.modelValueBeforeChange(forKey: key), let newModel = layer.modelValue(forKey: key),
           block.keyframes == nil {
            let a = block.animation(for: layer, view: view, key: key, from: oldModel.additiveDelta(over: newModel))
            (a as? CABasicAnimation)?.toValue = newModel.zeroOfSameKind.plainValue
            (a as? CAPropertyAnimation)?.isAdditive = true
            return a
        }
        // Start where the layer is: on screen if the key is animating (retargeting), else the
        // value before the change (noted by the view setter) or the last frame's.
        let animating = layer.animationKeys()?.contains(where: { layer.animation(forKey: $0).flatMap { ($0 as? CAPropertyAnimation)?.parsedKeyPath } == path }) ?? false
        // A layer never drawn (a view added in this frame) starts from its model value before
        // the change, as UIKit animates `view.layer.opacity = 1` on a view just added at 0.
        guard let from = (animating ? nil : old) ?? (layer.hasBeenPresented ? layer.presentedValue(for: path) : layer.modelValueBeforeChange(forKey: key))
        else { return NSNull() }
        if let recorder = block.keyframes {
            recorder.record(layer: layer, view: view, key: key, from: from)
            return NSNull()
        }
        return block.animation(for: layer, view: view, key: key, from: from)
    }

    /// Runs `animations` inside `block`, in a transaction of its own whose completion tells the
    /// block that every animation added during it (its own, and any added by hand, as seed 003
    /// does) has ended. The transaction keeps the enclosing one's settings.
    func run(_ block: ViewAnimationBlock, _ animations: () -> Void) {
        let duration = CATransaction.animationDuration(), curve = CATransaction.animationTimingFunction()
        let disabled = CATransaction.disableActions()
        // Writing a setting opens the frame's implicit transaction when none is open, so the block's
        // transaction nests in it and its animations take their begin time at the frame's commit
        // (the first frame they are drawn), not at the media time of the call.
        CATransaction.setAnimationDuration(duration)
        CATransaction.begin()
        CATransaction.setAnimationDuration(duration)
        CATransaction.setAnimationTimingFunction(curve)
        CATransaction.setDisableActions(disabled)
        blocks.append(block)
        animations()
        blocks.removeLast()
        if block.options.contains(.layoutSubviews) {
            // Lay out inside the block so the subviews' new frames animate with their parents.
            blocks.append(block)
            for v in block.layoutViews { v.layoutIfNeeded() }
            blocks.removeLast()
            block.layoutViews.removeAll()
        }
        oldValues.removeAll()
        live.removeAll { !$0.blocksInteraction }
        if block.blocksInteraction { live.append(block) }
        block.blockDidEnd()
        CATransaction.setCompletionBlock { [block] in block.transactionDidComplete() }
        CATransaction.commit()
        block.transactionDidCommit()
    }

    /// True while a property animator that leaves hit testing to Flipbook animates `view`: it is
    /// then hit where it is shown, not where its model is.
    static func hitTestsPresentation(of view: UIView) -> Bool {
        let s = current
        guard !s.animators.isEmpty else { return false }
        return s.animators.contains { $0.animator?.hitTestsPresentation(of: view) == true }
    }

    /// True while `view` is animated by a block that does not allow user interaction.
    static func blocksInteraction(with view: UIView) -> Bool {
        let s = current
        if !s.animators.isEmpty {
            s.animators.removeAll { $0.animator == nil }
            if s.animators.contains(where: { $0.animator?.blocksTouches(on: view) == true }) { return true }
        }
        guard !s.live.isEmpty else { return false }
        s.live.removeAll { !$0.blocksInteraction }
        return s.live.contains { $0.animates(view) }
    }
}
