import Foundation
import Layers

/// Drives a view controller transition by a fraction you set (UIKit's
/// `UIPercentDrivenInteractiveTransition`): return one from the transitioning delegate's
/// interaction-controller method, then call `update(_:)` as a gesture moves and `finish()` or
/// `cancel()` when it ends.
///
/// Two ways it moves the transition, as UIKit:
/// - The animator implements `interruptibleAnimator(using:)`: that property animator is paused
///   and `update` sets its `fractionComplete`; `finish` continues it, `cancel` reverses it and
///   continues (its completion then calls `completeTransition`). `pauseInteractiveTransition()`
///   grabs it again mid-flight.
/// - Otherwise the animator's `animateTransition` runs once and the container view's layer time is
///   frozen (`speed` 0): `update(p)` sets the layer's `timeOffset` to p × duration. `finish` runs the
///   rest forward in (1 − p) × duration ÷ `completionSpeed` with `completionCurve`; `cancel` runs it
///   back to 0 in p × duration ÷ `completionSpeed`. Then the layer's time runs on from the end of
///   the animations, so they finish and their completion blocks call `completeTransition` (with
///   `transitionWasCancelled` true after a cancel: the animator undoes its own changes, as in UIKit).
///
/// Decisions where Apple is silent (spec §9, unconfirmed): the completion of the interruptible path
/// also lasts the remaining fraction × duration ÷ `completionSpeed` (a `durationFactor` of
/// (1 − p) ÷ `completionSpeed` relative to the animator's own duration), with `timingCurve` when set.
open class UIPercentDrivenInteractiveTransition: UIViewControllerInteractiveTransitioning {
    /// The animator's `transitionDuration`, known once the transition started. Default: 0.
    public private(set) var duration: CGFloat = 0
    /// The last value given to `update(_:)` (0…1).
    public private(set) var percentComplete: CGFloat = 0
    /// The speed of the completion after `finish`/`cancel`; must be positive. Default: 1.
    open var completionSpeed: CGFloat = 1 {
        didSet {
            if !(completionSpeed.isFinite && completionSpeed > 0) {
                CAEngine.current.report("UIPercentDrivenInteractiveTransition.completionSpeed must be positive and finite; \(completionSpeed) ignored")
                completionSpeed = oldValue
            }
        }
    }
    /// The curve of the completion after `finish`/`cancel` (the interaction itself is linear).
    /// Default: `.easeInOut`.
    open var completionCurve: UIView.AnimationCurve = .easeInOut
    /// The curve of the completion of an interruptible animator. Default: nil (its own).
    open var timingCurve: UITimingCurveProvider?
    /// Default: true.
    open var wantsInteractiveStart = true

    private var context: TransitionContext?
    private var propertyAnimator: UIViewImplicitlyAnimating?
    private var completionLink: DisplayLink?

    /// An interaction controller with a completion speed of 1 and the ease-in-out curve.
    public init() {}

    /// Starts the transition: with an interruptible animator, pauses it; otherwise runs
    /// `animateTransition` and freezes the container's layer time.
    open func startInteractiveTransition(_ transitionContext: UIViewControllerContextTransitioning) {
        guard let ctx = transitionContext as? TransitionContext else {
            CAEngine.current.report("UIPercentDrivenInteractiveTransition: startInteractiveTransition needs the context UIKit passes it")
            return
        }
        context = ctx
        duration = CGFloat(ctx.duration)
        percentComplete = 0
        if let animator = ctx.animator.implementedInterruptibleAnimator(using: ctx) {
            propertyAnimator = animator
            ctx.propertyAnimator = animator
            if wantsInteractiveStart {
                animator.pauseAnimation()
                animator.fractionComplete = 0
            } else {
                animator.startAnimation()
            }
        } else {
            if wantsInteractiveStart { freezeContainer(at: 0) }
            ctx.animator.animateTransition(using: ctx)
            // The animations take their begin time now, at the frozen layer time 0 (as
            // CATransaction.flush() commits them), so an update in this same frame moves them.
            CATransaction.flush()
        }
    }

    /// Moves the transition to `percentComplete` (clamped to 0…1) while it is interactive.
    open func update(_ percentComplete: CGFloat) {
        guard let ctx = context, !ctx.isComplete, percentComplete.isFinite else { return }
        let p = min(1, max(0, percentComplete))
        self.percentComplete = p
        ctx.updateInteractiveTransition(p)
        if let a = propertyAnimator {
            a.fractionComplete = p
        } else if completionLink == nil {
            ctx.containerView.layer.timeOffset = Double(p * duration)
        }
    }

    /// Ends the interaction and runs the transition to its end.
    open func finish() { end(cancelled: false) }

    /// Ends the interaction and runs the transition back to its start; it then completes cancelled.
    open func cancel() { end(cancelled: true) }

    /// Grabs a running interruptible transition: it pauses where it is and is interactive again.
    open func pauseInteractiveTransition() {
        guard let ctx = context, !ctx.isComplete, let a = propertyAnimator else { return }
        a.pauseAnimation()
        percentComplete = a.fractionComplete
        ctx.pauseInteractiveTransition()
    }

    private func end(cancelled: Bool) {
        guard let ctx = context, !ctx.isComplete, ctx.isInteractive || propertyAnimator != nil else { return }
        cancelled ? ctx.cancelInteractiveTransition() : ctx.finishInteractiveTransition()
        if let a = propertyAnimator {
            // UIKit: reversed when not finishing, then continued (spec §9, DEC).
            a.isReversed = cancelled
            let remaining = cancelled ? percentComplete : 1 - percentComplete
            // continueAnimation's factor k makes the rest last k × the animator's own duration.
            let own = (a as? UIViewPropertyAnimator).map { CGFloat($0.duration) } ?? duration
            let factor = own > 0 ? remaining * duration / completionSpeed / own : 0
            a.continueAnimation(withTimingParameters: timingCurve, durationFactor: factor)
        } else {
            runCompletion(of: ctx, cancelled: cancelled)
        }
    }

    /// Freezes the container's layer at `time` of the transition's animations.
    private func freezeContainer(at time: Double) {
        guard let layer = context?.containerView.layer else { return }
        layer.speed = 0
        layer.timeOffset = time
        layer.beginTime = 0
    }

    /// Moves the frozen layer's time from p × duration to the end (or to 0), then lets it run on
    /// from the end of the transition so its animations finish.
    private func runCompletion(of ctx: TransitionContext, cancelled: Bool) {
        let d = Double(duration)
        let from = Double(percentComplete) * d
        let to = cancelled ? 0 : d
        let length = abs(to - from) / Double(completionSpeed)
        let curve = completionCurve.bezier
        let engine = CAEngine.current
        let t0 = engine.mediaTime
        let layer = ctx.containerView.layer
        completionLink?.invalidate()
        completionLink = engine.addDisplayLink { [weak self, weak layer] t in
            guard let self, let layer else { return }
            let u = length > 0 ? min(1, max(0, (t - t0) / length)) : 1
            if u < 1 {
                layer.timeOffset = from + (to - from) * curve.value(at: u)
                return
            }
            self.completionLink?.invalidate()
            self.completionLink = nil
            // Layer time runs on from the end of the transition: the animations end now.
            layer.timeOffset = d
            layer.beginTime = layer.superlayer.map { $0.localTime(fromMedia: t) } ?? t
            layer.speed = 1
        }
    }
}
