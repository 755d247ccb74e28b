import Foundation
import Layers

/// One `UIView.animate…` call while it runs and until its animations end: its timing, the
/// animations it made, and its completion.
///
/// It is the delegate of every animation it makes (as UIKit's animation state is), so copies added
/// to layers report back to it, and so does any animation that copies its delegate (seed 003's
/// `copyAnimation(from:)`). The block runs in a CATransaction of its own; the completion runs once,
/// when that transaction's completion says every animation added during the block has ended (on
/// the next frame when none was): `finished` is false when one of them was removed or replaced
/// before its end.
final class ViewAnimationBlock: CAAnimationDelegate {
    let duration: Double
    let delay: Double
    let options: UIView.AnimationOptions
    let timingFunction: CAMediaTimingFunction
    /// Damping ratio and initial velocity of a spring block.
    let spring: (dampingRatio: Double, velocity: Double)?
    var completion: ((Bool) -> Void)?
    /// Set while an `animateKeyframes` block runs.
    var keyframes: KeyframeRecorder?
    /// Set while a property animator's block runs: changes are recorded, not animated.
    var animatorRecorder: AnimatorRecorder?

    /// (layer, key) pairs this block made an animation for, looked up when the block ends.
    private var touched: [(layer: CALayer, key: String)] = []
    /// Views whose properties this block animates (for `.allowUserInteraction`); weak, so a view
    /// that goes away (with a repeat-forever animation that never ends) is not remembered.
    private var views: [WeakView] = []
    struct WeakView { weak var view: UIView? }
    /// Views to lay out when the block ends (`.layoutSubviews`); emptied then.
    var layoutViews: [UIView] = []
    private var waiting: Set<ObjectIdentifier> = []
    private var cutShort = false
    private var done = false

    init(duration: Double, delay: Double, options: UIView.AnimationOptions, timingFunction: CAMediaTimingFunction,
         spring: (Double, Double)?, completion: ((Bool) -> Void)?) {
        self.duration = duration; self.delay = delay; self.options = options
        self.timingFunction = timingFunction; self.spring = spring.map { (dampingRatio: $0.0, velocity: $0.1) }
        self.completion = completion
    }

    /// True while the block's animations run, it does not allow user interaction and one of its
    /// views still exists.
    var blocksInteraction: Bool {
        !done && !options.contains(.allowUserInteraction) && views.contains { $0.view != nil }
    }
    func animates(_ view: UIView) -> Bool { views.contains { $0.view === view } }

    /// The animation for a change of `key` on `layer` inside the block, from `from` (the value the
    /// layer starts at) to the new model value, or nil when the key is not animated by blocks.
    func animation(for layer: CALayer, view: UIView?, key: String, from: AnimationValue) -> CAAnimation? {
        let a: CABasicAnimation
        if let spring {
            let s = CASpringAnimation(keyPath: key)
            let solution = Self.springSolution(duration: duration, dampingRatio: spring.dampingRatio, velocity: spring.velocity)
            s.mass = CGFloat(solution.mass); s.stiffness = CGFloat(solution.stiffness); s.damping = CGFloat(solution.damping)
            s.initialVelocity = CGFloat(solution.initialVelocity)
            a = s
        } else {
            a = CABasicAnimation(keyPath: key)
            a.timingFunction = timingFunction
        }
        a.fromValue = from.plainValue
        configureTiming(a, on: layer)
        note(layer, key: key, view: view)
        return a
    }

    /// Duration, delay (a begin time in the layer's time, with backwards fill so the start value
    /// shows during the delay), repeat and autoreverse, and this block as the delegate.
    func configureTiming(_ a: CAAnimation, on layer: CALayer) {
        a.duration = duration
        if delay > 0 {
            a.beginTime = layer.convertTime(CACurrentMediaTime() + delay, from: nil)
            a.fillMode = .backwards
        }
        if options.contains(.repeat) {
            a.repeatCount = .infinity
            a.autoreverses = options.contains(.autoreverse)
        }
        a.delegate = self
    }

    func note(_ layer: CALayer, key: String, view: UIView?) {
        touched.append((layer, key))
        if let view, !animates(view) {
            views.append(WeakView(view: view))
            if options.contains(.layoutSubviews) { layoutViews.append(view) }
        }
    }

    /// The spring UIKit's `usingSpringWithDamping` describes: the iOS 17 perceptual mapping
    /// (stiffness (2π/d)², damping 4πζ/d) with d chosen so the spring settles (within
    /// `SpringSolution.settlingEpsilon`, without initial velocity) exactly at `duration`.
    static func springSolution(duration: Double, dampingRatio: Double, velocity: Double) -> SpringSolution {
        let zeta = dampingRatio.isFinite ? max(0.01, min(1, dampingRatio)) : 1
        let unit = SpringSolution(perceptualDuration: 1, bounce: 1 - zeta)
        let perceptual = duration / max(1e-9, unit.settlingDuration)
        return SpringSolution(perceptualDuration: perceptual, bounce: 1 - zeta, initialVelocity: velocity.isFinite ? velocity : 0)
    }

    /// Called when the `animations` closure has returned: finds the copies the layers hold, whose
    /// stops decide `finished` (a copy replaced inside the same block does not count).
    func blockDidEnd() {
        for (layer, key) in touched {
            if let a = layer.animation(forKey: key), a.delegate === self { waiting.insert(ObjectIdentifier(a)) }
        }
        touched.removeAll()
    }

    /// The block's transaction saw every animation added in it end or be removed. When that
    /// happens at once (nothing was added), the completion waits for the next frame, as UIKit's.
    func transactionDidComplete() {
        if committing {
            MediaTimer(interval: 0, repeats: false) { [self] _ in finish() }
        } else {
            finish()
            // Animations the completion started (a chain) begin at this frame, as animations added
            // from animation delegates do, instead of waiting for the next frame's commit.
            CATransaction.flush()
        }
    }
    private var committing = true
    func transactionDidCommit() { committing = false }

    func animationDidStart(_ anim: CAAnimation) {
        // An animation that copied this block's delegate (seed 003) counts too.
        if !done { waiting.insert(ObjectIdentifier(anim)) }
    }

    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        guard waiting.remove(ObjectIdentifier(anim)) != nil else { return }
        if !flag { cutShort = true }
    }

    private func finish() {
        guard !done else { return }
        done = true
        let c = completion
        completion = nil
        c?(!cutShort)
    }
}
