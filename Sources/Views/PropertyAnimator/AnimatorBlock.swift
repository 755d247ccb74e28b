import Foundation
import Layers

/// One animations block of a property animator: the properties it changed, each as an additive
/// animation on its layer, and the part of the run it moves in.
///
/// The block runs once, when it is added: its changes go to the model at once (as in UIKit) and
/// each (layer, key) it changed gets a `DrivenPropertyAnimation` from the old model value to the
/// new one, all reading this block's `progress`. Scrubbing, pausing and reversing only change that
/// number; stopping writes where the views are into the model and removes the animations.
final class AnimatorBlock {
    struct Track {
        let layer: CALayer
        weak var view: UIView?
        let key: String
        /// The layer's animation key: unique per animator, block and key path, so animators add up.
        let animationKey: String
        let from: AnimationValue
        let to: AnimationValue
    }

    var window: AnimatorMotion.Window
    let progress = AnimationProgress()
    /// Where the block was when a spring took over (see `AnimatorMotion.Phase.springing`).
    var springBase = 0.0
    private(set) var tracks: [Track] = []

    init(window: AnimatorMotion.Window) { self.window = window }

    /// Runs `animations` in an animation block that records the changes instead of animating them,
    /// then adds one driven animation per changed key, showing the block at `fraction`.
    func record(_ animations: () -> Void, duration: Double, curve: CAMediaTimingFunction, keyPrefix: String, fraction: Double) {
        let recorder = AnimatorRecorder()
        let block = ViewAnimationBlock(duration: duration, delay: 0, options: [.allowUserInteraction], timingFunction: curve,
                                       spring: nil, completion: nil)
        block.animatorRecorder = recorder
        ViewAnimation.current.run(block, animations)
        progress.fraction = fraction
        for change in recorder.changes {
            guard let to = change.layer.modelValue(forKey: change.key), to != change.from else { continue }
            let key = "\(keyPrefix).\(tracks.count).\(change.key)"
            tracks.append(Track(layer: change.layer, view: change.view, key: change.key, animationKey: key, from: change.from, to: to))
            change.layer.add(DrivenPropertyAnimation(keyPath: change.key, from: change.from, to: to, progress: progress), forKey: key)
        }
    }

    /// Writes where the block shows its views into the model and removes its animations.
    func freezeModel() {
        for t in tracks {
            guard let model = t.layer.modelValue(forKey: t.key),
                  let a = t.layer.animation(forKey: t.animationKey) as? DrivenPropertyAnimation else { continue }
            t.layer.removeAnimation(forKey: t.animationKey)
            t.layer.setModelValue(model.adding(a.offset(at: progress.fraction)), forKey: t.key)
        }
    }

    /// Removes the animations, leaving the model as it is.
    func removeAnimations() {
        for t in tracks { t.layer.removeAnimation(forKey: t.animationKey) }
    }

    /// Puts the model at the block's start values (`.start`) or end values (`.end`).
    func setModel(at position: UIViewAnimatingPosition) {
        for t in tracks {
            switch position {
            case .start: t.layer.setModelValue(t.from, forKey: t.key)
            case .end: t.layer.setModelValue(t.to, forKey: t.key)
            case .current: break
            }
        }
    }

    func animates(_ view: UIView) -> Bool { tracks.contains { $0.view === view } }
}

/// Collects the (layer, key) changes of a property animator's block with the model value each had
/// before its first change (see `ViewAnimation.action`).
final class AnimatorRecorder {
    struct Change { let layer: CALayer; weak var view: UIView?; let key: String; let from: AnimationValue }
    private(set) var changes: [Change] = []

    func record(layer: CALayer, view: UIView?, key: String, from: AnimationValue) {
        guard !changes.contains(where: { $0.layer === layer && $0.key == key }) else { return }
        changes.append(Change(layer: layer, view: view, key: key, from: from))
    }
}
