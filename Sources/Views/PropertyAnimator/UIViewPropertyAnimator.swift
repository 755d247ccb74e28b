import Foundation
import Layers

/// An animator you can start, pause, scrub, reverse, stop and continue (UIKit's
/// `UIViewPropertyAnimator`), with Apple's state machine and timing (../shared/specs/property-animator.md).
///
/// Blocks change the model at once and each changed property gets an additive animation that reads
/// the animator's position (`AnimatorBlock`, `DrivenPropertyAnimation`), so presentation values,
/// the trace and the compositor see exactly what the animator says. The position is computed once
/// per frame at the frame's media time in the display-link phase (`AnimatorMotion`), and
/// completions run there too; time is the media clock, so slow motion, pause and step apply.
///
/// Misuse UIKit answers with an exception (finishing an animator that is not stopped, adding to a
/// stopped one, changing `isInterruptible` while active…) prints one line with UIKit's message and
/// is ignored: the animator stays as it was and the program goes on.
open class UIViewPropertyAnimator: UIViewImplicitlyAnimating, CustomStringConvertible {
    /// The duration given (a non-positive or non-finite one reads 0.2 s, as UIKit stores 0).
    public let duration: TimeInterval
    /// Set by `startAnimation(afterDelay:)`. Default: 0.
    public internal(set) var delay: TimeInterval = 0
    /// The curve given at creation (`continueAnimation` may run on another one).
    public let timingParameters: UITimingCurveProvider?

    /// Views being animated take touches. Default: true. Not settable while active.
    public var isUserInteractionEnabled: Bool {
        get { userInteraction }
        set { if refuseWhileActive("userInteractionEnabled") { userInteraction = newValue } }
    }
    /// True when the app hit-tests animating views itself. Default: false: Flipbook then hit-tests
    /// this animator's views where they are on screen, as UIKit does.
    public var isManualHitTestingEnabled = false
    /// False runs the animations straight through: no pausing, stopping, scrubbing or reversing.
    /// Default: true. Not settable while active.
    public var isInterruptible: Bool {
        get { interruptible }
        set { if refuseWhileActive("interruptible") { interruptible = newValue } }
    }
    /// Pausing converts the curve so scrubbing moves the views linearly; `fractionComplete` then
    /// reads the value fraction. Default: true. Not settable while paused.
    public var scrubsLinearly: Bool {
        get { linearScrub }
        set {
            if substate == .paused { return refuse("scrubsLinearly", "Cannot modify scrubsLinearly while animation is already paused") }
            linearScrub = newValue
        }
    }
    /// At the natural end, pause at fraction 1 instead of finishing (no completion). Default: false.
    public var pausesOnCompletion: Bool {
        get { pauseAtEnd }
        set {
            if !interruptible { return refuse("pausesOnCompletion", "It is not allowed to set the pausesOnCompletion property on a non-interruptible animator (\(self))") }
            pauseAtEnd = newValue
        }
    }

    var userInteraction = true, interruptible = true, linearScrub = true, pauseAtEnd = false

    /// Apple's substates: no blocks, blocks, running, paused, stopped, running completions.
    enum Substate { case empty, ready, running, paused, stopped, completing }
    var substate = Substate.empty
    /// Paused by `startAnimation()` with no blocks: the next block starts it.
    var startsWithNextBlock = false
    /// Paused by `pausesOnCompletion` at the end.
    var pausedAtCompletion = false
    var motion: AnimatorMotion
    var blocks: [AnimatorBlock] = []
    var completions: [(UIViewAnimatingPosition) -> Void] = []
    let engine: CAEngine
    private var link: DisplayLink?
    /// A running animator keeps itself alive (the system retains a running UIKit animator).
    private var keepAlive: UIViewPropertyAnimator?
    let serial: Int
    var blockCount = 0

    /// The engine's count of animators made, for their serials: per engine, not per process, so a
    /// time-travel replay or a parallel test numbers its animators (and so their animation keys)
    /// as the live run did, and no two threads share a counter.
    private final class Serials { var made = 0 }

    /// `<UIViewPropertyAnimator #n>`, n counting the animators made on this engine, for logs.
    public var description: String { "<UIViewPropertyAnimator #\(serial)>" }

    // MARK: Making one

    /// The designated initializer: any cubic or spring curve.
    public required init(duration: TimeInterval, timingParameters parameters: UITimingCurveProvider) {
        let d = duration.isFinite && duration > 0 ? duration : 0.2
        self.duration = d
        timingParameters = parameters
        engine = CAEngine.current
        let serials = engine.attachment { Serials() }
        serials.made += 1
        serial = serials.made
        let (curve, curveDuration) = Self.curve(parameters, duration: d)
        motion = AnimatorMotion(curve: curve, curveDuration: curveDuration, runDuration: curveDuration)
        let state = ViewAnimation.current
        if state.animators.count >= 32 { state.animators.removeAll { $0.animator == nil } }
        state.animators.append(.init(animator: self))
    }

    /// An animator over `duration` seconds with one of UIKit's four curves; `animations` is its first block.
    public convenience init(duration: TimeInterval, curve: UIView.AnimationCurve, animations: (() -> Void)? = nil) {
        self.init(duration: duration, timingParameters: UICubicTimingParameters(animationCurve: curve))
        if let animations { addAnimations(animations) }
    }
    /// An animator over `duration` seconds on the cubic Bézier through (0, 0), `point1`, `point2`, (1, 1).
    public convenience init(duration: TimeInterval, controlPoint1 point1: CGPoint, controlPoint2 point2: CGPoint,
                            animations: (() -> Void)? = nil) {
        self.init(duration: duration, timingParameters: UICubicTimingParameters(controlPoint1: point1, controlPoint2: point2))
        if let animations { addAnimations(animations) }
    }
    /// An animator over `duration` seconds on a spring with `ratio` damping (1: no overshoot).
    public convenience init(duration: TimeInterval, dampingRatio ratio: CGFloat, animations: (() -> Void)? = nil) {
        self.init(duration: duration, timingParameters: UISpringTimingParameters(dampingRatio: ratio))
        if let animations { addAnimations(animations) }
    }

    /// An animator already running: curve from `options` (default easeInOut), `completion` added,
    /// started after `delay`. Inside another animation block it is not interruptible (UIKit's rule)
    /// and takes that block's duration and curve unless the options override them.
    @discardableResult
    open class func runningPropertyAnimator(withDuration duration: TimeInterval, delay: TimeInterval,
                                            options: UIView.AnimationOptions = [], animations: @escaping () -> Void,
                                            completion: ((UIViewAnimatingPosition) -> Void)? = nil) -> Self {
        var d = duration, curve = options.timingFunction.curve
        let outer = ViewAnimation.current.activeBlock
        if let outer {
            if !options.contains(.overrideInheritedDuration) { d = outer.duration }
            if !options.contains(.overrideInheritedCurve) { curve = outer.timingFunction.curve }
        }
        let animator = self.init(duration: d, timingParameters: UICubicTimingParameters(
            controlPoint1: CGPoint(x: curve.x1, y: curve.y1), controlPoint2: CGPoint(x: curve.x2, y: curve.y2)))
        if outer != nil { animator.interruptible = false }
        animator.isManualHitTestingEnabled = true
        animator.addAnimations(animations)
        if let completion { animator.addCompletion(completion) }
        animator.startAnimation(afterDelay: delay.isFinite && delay > 0 ? delay : 0)
        return animator
    }

    deinit {
        guard substate == .paused && !startsWithNextBlock || substate == .stopped else { return }
        engine.report(pausedAtCompletion
            ? "UIViewPropertyAnimator: It is an error to release a property animator that has paused on completion. (Flipbook leaves its views where they are.)"
            : "UIViewPropertyAnimator: It is an error to release a paused or stopped property animator. Property animators must either finish animating or be explicitly stopped and finished before they can be released. (Flipbook leaves its views where they are.)")
        for b in blocks { b.freezeModel() }
        link?.invalidate()
    }

    /// The curve and the seconds it is sampled over: a spring made from mass, stiffness and damping
    /// runs until it settles, whatever the duration.
    static func curve(_ p: UITimingCurveProvider, duration: Double) -> (ProgressCurve, Double) {
        if let s = p.springTimingParameters {
            if s.physical != nil {
                let spring = s.solution(duration: duration, velocity: UISpringTimingParameters.finite(s.initialVelocity.dx))
                let settle = spring.settlingDuration.isFinite ? max(spring.settlingDuration, 1e-3) : duration
                return (.spring(spring), settle)
            }
            return (.spring(s.solution(duration: duration, velocity: UISpringTimingParameters.finite(s.initialVelocity.dx))), duration)
        }
        if let c = p.cubicTimingParameters { return (.bezier(c.bezier), duration) }
        return (.bezier(.easeInEaseOut), duration)
    }

    /// The curve nested `UIView.animate` blocks inherit.
    var recordingCurve: CAMediaTimingFunction {
        if case .bezier(let c) = motion.curve { return CAMediaTimingFunction(curve: c) }
        return CAMediaTimingFunction(name: .easeInEaseOut)
    }

    /// Keeps the animator alive and ticking while it runs.
    func attach() {
        keepAlive = self
        if link == nil { link = engine.addDisplayLink { [weak self] t in self?.tick(at: t) } }
    }
    func detach() {
        keepAlive = nil
        link?.invalidate()
        link = nil
    }

    /// Back to inactive: blocks and completions cleared, not reversed. The run duration a
    /// `continueAnimation` stretched stays (UIKit's too; openradar 34675414).
    func reset() {
        detach()
        substate = .empty
        blocks = []
        completions = []
        motion.reversed = false
        motion.phase = .idle
        delay = 0
        startsWithNextBlock = false
        pausedAtCompletion = false
    }

    /// True while this animator is active, does not let its views take touches and animates `view`.
    func blocksTouches(on view: UIView) -> Bool {
        !userInteraction && state == .active && blocks.contains { $0.animates(view) }
    }
    /// True while this animator is active, hit-tests its views where they are shown, and animates `view`.
    func hitTestsPresentation(of view: UIView) -> Bool {
        !isManualHitTestingEnabled && state == .active && blocks.contains { $0.animates(view) }
    }

    // MARK: Reading it

    /// `.inactive` before starting and after finishing, `.active` while running or paused,
    /// `.stopped` after `stopAnimation(false)`.
    public var state: UIViewAnimatingState {
        switch substate {
        case .empty, .ready, .completing: return .inactive
        case .running, .paused: return .active
        case .stopped: return .stopped
        }
    }
    /// True while the animator runs (not paused, not stopped).
    public var isRunning: Bool { substate == .running }

    /// Progress in the direction of travel, 0…1: the time fraction while running, the value
    /// fraction while paused with linear scrubbing. The ends read exactly 0 and 1.
    public var fractionComplete: CGFloat {
        get {
            guard substate == .running || substate == .paused else { return 0 }
            let p = motion.position(at: engine.mediaTime)
            let f = motion.reversed ? 1 - p : p
            return CGFloat(f <= 0.00001 ? 0 : f >= 0.99999 ? 1 : f)
        }
        set {
            let x = Double(newValue)
            guard !x.isNaN else { return refuse("fractionComplete", "fractionComplete must be a number, not NaN") }
            setFraction(min(0.99999, max(0.00001, x)))
        }
    }

    /// Whether the animations run from end to start. Setting it while running turns the views back
    /// along the same curve; while paused the position stays and `fractionComplete` reads 1 − f.
    public var isReversed: Bool {
        get { motion.reversed }
        set { setReversed(newValue) }
    }

    // MARK: Misuse

    /// Reports a refused call in one line (UIKit raises an exception here).
    func refuse(_ call: String, _ rule: String) {
        engine.report("UIViewPropertyAnimator.\(call): \(rule) (ignored)")
    }

    private func refuseWhileActive(_ property: String) -> Bool {
        guard state == .active else { return true }
        refuse(property, "It is not allowed to set the \(property) property of an active animator (\(self))")
        return false
    }

    func refuseIfNotInterruptible(_ call: String, _ verb: String) -> Bool {
        guard !interruptible else { return false }
        refuse(call, "An animator \(self) that is not interruptible cannot be \(verb)!")
        return true
    }
}
