import Foundation
import Layers
import TestSupport
@testable import Views

/// Shared pieces of the transition tests: a log every object writes its calls to, controllers
/// that log their appearance callbacks, an animator and a transitioning delegate that log theirs,
/// on a 390 × 844 window (the spec's frames).
final class TransitionLog {
    var entries: [String] = []
    func add(_ s: String) { entries.append(s) }
    /// The entries starting with one of `prefixes`, in order.
    func only(_ prefixes: String...) -> [String] { entries.filter { e in prefixes.contains { e.hasPrefix($0) } } }
}

class LoggedController: UIViewController {
    let log: TransitionLog
    let name: String
    init(_ name: String, _ log: TransitionLog) { self.name = name; self.log = log; super.init() }
    required init?(coder: NSCoder) { nil }
    override func loadView() { view = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844)) }
    override func viewWillAppear(_ animated: Bool) { log.add("\(name).willAppear") }
    override func viewDidAppear(_ animated: Bool) { log.add("\(name).didAppear") }
    override func viewWillDisappear(_ animated: Bool) { log.add("\(name).willDisappear") }
    override func viewDidDisappear(_ animated: Bool) { log.add("\(name).didDisappear") }
}

/// An animator that moves the "to" view in (or the "from" view out) over `duration` with
/// UIView.animate and calls completeTransition(!cancelled), as seed 001's does; it records what the
/// context showed when `animateTransition` started.
final class LoggingAnimator: UIViewControllerAnimatedTransitioning {
    let log: TransitionLog
    let duration: Double
    let presenting: Bool
    var completes = true
    var property: UIViewPropertyAnimator?
    var containerSubviewsAtStart: [UIView]?
    var context: UIViewControllerContextTransitioning?

    init(_ log: TransitionLog, duration: Double = 0.4, presenting: Bool) {
        self.log = log; self.duration = duration; self.presenting = presenting
    }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        log.add("X.transitionDuration")
        return duration
    }

    func animateTransition(using ctx: UIViewControllerContextTransitioning) {
        log.add("X.animateTransition")
        context = ctx
        containerSubviewsAtStart = ctx.containerView.subviews
        let (view, start, end) = moves(ctx)
        UIView.animate(withDuration: duration, delay: 0, options: .curveLinear, animations: { view?.alpha = end }) { _ in
            if ctx.transitionWasCancelled { view?.alpha = start }
            if self.completes { ctx.completeTransition(!ctx.transitionWasCancelled) }
        }
    }

    /// The view that moves and its alpha at the start and the end; the "to" view joins the container.
    private func moves(_ ctx: UIViewControllerContextTransitioning) -> (UIView?, CGFloat, CGFloat) {
        if presenting {
            let to = ctx.view(forKey: .to)
            if let to, let vc = ctx.viewController(forKey: .to) {
                ctx.containerView.addSubview(to)
                to.frame = ctx.finalFrame(for: vc)
                to.alpha = 0
            }
            return (to, 0, 1)
        }
        return (ctx.view(forKey: .from), 1, 0)
    }

    /// What `InterruptibleAnimator` returns from interruptibleAnimator(using:) (this class does not
    /// implement that method: the percent-driven controller takes its classic path).
    func propertyAnimator(using ctx: UIViewControllerContextTransitioning) -> UIViewPropertyAnimator {
        if let property { return property }
        context = ctx
        log.add("X.interruptibleAnimator")
        let (view, start, end) = moves(ctx)
        let a = UIViewPropertyAnimator(duration: duration, curve: .linear) { view?.alpha = end }
        a.addCompletion { position in
            if ctx.transitionWasCancelled { view?.alpha = start }
            ctx.completeTransition(position == .end)
        }
        property = a
        return a
    }

    func animationEnded(_ transitionCompleted: Bool) { log.add("X.animationEnded(\(transitionCompleted))") }
}

/// An animator with interruptibleAnimator(using:) (UIKit's exact signature), whose
/// animateTransition starts that animator.
final class InterruptibleAnimator: UIViewControllerAnimatedTransitioning {
    let inner: LoggingAnimator
    init(_ inner: LoggingAnimator) { self.inner = inner }
    func transitionDuration(using c: UIViewControllerContextTransitioning?) -> TimeInterval { inner.transitionDuration(using: c) }
    func animateTransition(using c: UIViewControllerContextTransitioning) { interruptibleAnimator(using: c).startAnimation() }
    func interruptibleAnimator(using c: UIViewControllerContextTransitioning) -> UIViewImplicitlyAnimating { inner.propertyAnimator(using: c) }
    func animationEnded(_ done: Bool) { inner.animationEnded(done) }
}

final class LoggingDelegate: UIViewControllerTransitioningDelegate {
    let log: TransitionLog
    var presentAnimator: UIViewControllerAnimatedTransitioning?
    var dismissAnimator: UIViewControllerAnimatedTransitioning?
    var interaction: UIViewControllerInteractiveTransitioning?
    var presentation: ((UIViewController, UIViewController?) -> UIPresentationController)?
    init(_ log: TransitionLog) { self.log = log }

    func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                             source: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        log.add("D.forPresented(\(name(presented)), presenting: \(name(presenting)), source: \(name(source)))")
        return presentAnimator
    }
    func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        log.add("D.forDismissed(\(name(dismissed)))")
        return dismissAnimator
    }
    func interactionControllerForDismissal(using animator: UIViewControllerAnimatedTransitioning) -> UIViewControllerInteractiveTransitioning? {
        log.add("D.interactionForDismissal")
        return interaction
    }
    func interactionControllerForPresentation(using animator: UIViewControllerAnimatedTransitioning) -> UIViewControllerInteractiveTransitioning? {
        log.add("D.interactionForPresentation")
        return interaction
    }
    func presentationController(forPresented presented: UIViewController, presenting: UIViewController?,
                                source: UIViewController) -> UIPresentationController? {
        log.add("D.presentationController")
        return presentation?(presented, presenting)
    }
    private func name(_ vc: UIViewController) -> String { (vc as? LoggedController)?.name ?? String(describing: type(of: vc)) }
}

final class LoggingPresentationController: UIPresentationController {
    var log: TransitionLog?
    override var frameOfPresentedViewInContainerView: CGRect { CGRect(x: 20, y: 200, width: 350, height: 600) }
    override func presentationTransitionWillBegin() { log?.add("PC.presentationWillBegin") }
    override func presentationTransitionDidEnd(_ completed: Bool) { log?.add("PC.presentationDidEnd(\(completed))") }
    override func dismissalTransitionWillBegin() { log?.add("PC.dismissalWillBegin") }
    override func dismissalTransitionDidEnd(_ completed: Bool) { log?.add("PC.dismissalDidEnd(\(completed))") }
}

/// A 390 × 844 window whose root is `root`, shown at t = 0.
final class TransitionRig {
    let log = TransitionLog()
    let stage = ViewStage(390, 844)
    var window: UIWindow { stage.window }
    lazy var root = LoggedController("N", log)

    func show(_ vc: UIViewController? = nil) {
        window.rootViewController = vc ?? root
        stage.frame(0)
        log.entries.removeAll()
    }

    /// Frames every 1/60 s from `t0` (exclusive) to `t1` (inclusive), on the exact n/60 grid.
    func run(from t0: Double, to t1: Double) {
        var n = Int((t0 * 60).rounded()) + 1
        while Double(n) / 60 <= t1 + 1e-9 { stage.frame(Double(n) / 60); n += 1 }
    }
}

/// Subview lists compared by identity (`window.subviews == [root.view]`).
func == (lhs: [UIView], rhs: [UIView?]) -> Bool {
    lhs.count == rhs.count && zip(lhs, rhs).allSatisfy { $0 === $1 }
}
