import Foundation
import Layers

/// The context of one present, dismiss, push or pop: what its animator and interaction controller
/// see (`UIViewControllerContextTransitioning`), and the run of the transition itself.
///
/// `start()` asks the interaction controller to start (or the animator to animate); the animator's
/// `completeTransition` hands the outcome to `finish`, the owner's fix-up (hierarchy, appearance
/// callbacks, `animationEnded`, completion blocks), once. While a transition runs, its window takes
/// no new touches, as UIKit ignores interaction events during a transition. An animator that never
/// calls `completeTransition` is reported once, `transitionDuration + 1` s after the animation
/// should have ended; the transition then stays in flight, as in UIKit (spec §8).
final class TransitionContext: UIViewControllerContextTransitioning {
    let containerView: UIView
    let isAnimated: Bool
    private(set) var isInteractive = false
    private(set) var transitionWasCancelled = false
    let presentationStyle: UIModalPresentationStyle
    var targetTransform: CGAffineTransform { .identity }

    let fromViewController: UIViewController
    let toViewController: UIViewController
    let fromView: UIView?
    let toView: UIView?
    private let frames: [ObjectIdentifier: (initial: CGRect, final: CGRect)]

    let animator: UIViewControllerAnimatedTransitioning
    let interactionController: UIViewControllerInteractiveTransitioning?
    /// The owner's fix-up, run once by `completeTransition`.
    private var finish: ((Bool) -> Void)?
    private(set) var isComplete = false
    /// The last `updateInteractiveTransition` value (0…1).
    private(set) var percentComplete: CGFloat = 0
    /// The animator's interruptible animator, when an interaction controller runs the transition
    /// through it (the coordinator adds its alongside animations to it).
    var propertyAnimator: UIViewImplicitlyAnimating?
    private(set) lazy var coordinator = TransitionCoordinator(context: self)
    private weak var window: UIWindow?
    private var watchdog: Timer?
    /// What the report names: "present", "dismiss", "push", "pop".
    let operationName: String

    init(operation: String, container: UIView, from: UIViewController, to: UIViewController,
         fromView: UIView?, toView: UIView?,
         frames: [(UIViewController, initial: CGRect, final: CGRect)],
         animated: Bool, style: UIModalPresentationStyle,
         animator: UIViewControllerAnimatedTransitioning, interaction: UIViewControllerInteractiveTransitioning?,
         finish: @escaping (Bool) -> Void) {
        operationName = operation
        containerView = container
        fromViewController = from; toViewController = to
        self.fromView = fromView; self.toView = toView
        var f: [ObjectIdentifier: (initial: CGRect, final: CGRect)] = [:]
        for (vc, i, e) in frames { f[ObjectIdentifier(vc)] = (i, e) }
        self.frames = f
        isAnimated = animated
        presentationStyle = style
        self.animator = animator
        interactionController = interaction
        self.finish = finish
    }

    /// The animator's duration for this transition (finite and ≥ 0), asked once.
    private(set) lazy var duration: Double = {
        let d = animator.transitionDuration(using: self)
        return d.isFinite && d >= 0 ? d : 0
    }()

    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController? {
        switch key {
        case .from: fromViewController
        case .to: toViewController
        default: nil
        }
    }

    func view(forKey key: UITransitionContextViewKey) -> UIView? {
        switch key {
        case .from: fromView
        case .to: toView
        default: nil
        }
    }

    func initialFrame(for vc: UIViewController) -> CGRect { frames[ObjectIdentifier(vc)]?.initial ?? .zero }
    func finalFrame(for vc: UIViewController) -> CGRect { frames[ObjectIdentifier(vc)]?.final ?? .zero }

    /// Starts the transition in `window`: the interaction controller's
    /// `startInteractiveTransition`, or the animator's `animateTransition`; then the coordinator's
    /// alongside animations.
    /// `animating` false: a change without animation (a non-animated present, dismiss, push or
    /// pop of a built-in style): no animator runs and the transition completes at once.
    func start(in window: UIWindow?, animating: Bool = true) {
        self.window = window
        window?.transitionsInFlight += 1
        if !animating {
            coordinator.transitionStarted()
            completeTransition(true)
            return
        }
        _ = duration // UIKit asks the animator's duration before it starts the transition (spec §3.7)
        if let i = interactionController {
            isInteractive = i.wantsInteractiveStart
            i.startInteractiveTransition(self)
        } else {
            animator.animateTransition(using: self)
        }
        coordinator.transitionStarted()
        if !isInteractive && !isComplete { watchForCompletion() }
    }

    func completeTransition(_ didComplete: Bool) {
        guard !isComplete else { return } // a second call is ignored (spec §8)
        isComplete = true
        isInteractive = false
        watchdog?.invalidate()
        watchdog = nil
        window?.transitionsInFlight -= 1
        let f = finish
        finish = nil
        f?(didComplete)
    }

    func updateInteractiveTransition(_ percentComplete: CGFloat) {
        guard !isComplete, percentComplete.isFinite else { return }
        self.percentComplete = min(1, max(0, percentComplete))
    }

    func finishInteractiveTransition() {
        guard !isComplete else { return }
        isInteractive = false
        coordinator.interactionChanged()
        watchForCompletion()
    }

    func cancelInteractiveTransition() {
        guard !isComplete else { return }
        isInteractive = false
        transitionWasCancelled = true
        coordinator.interactionChanged()
        watchForCompletion()
    }

    func pauseInteractiveTransition() {
        guard !isComplete, !isInteractive else { return }
        isInteractive = true
        watchdog?.invalidate()
        watchdog = nil
        coordinator.interactionChanged()
    }

    /// Reports, once, an animator that has not called `completeTransition` a second after its
    /// transition should have ended (a media-clock timer: it wakes an idle window too).
    private func watchForCompletion() {
        watchdog?.invalidate()
        let name = String(describing: type(of: animator))
        let operation = operationName
        watchdog = Timer.scheduledTimer(withTimeInterval: duration + 1, repeats: false) { [weak self] _ in
            guard let self, !self.isComplete else { return }
            // Timers fire before the frame's animate phase, so a frame that jumps past both the
            // animations' end and this time (a slow frame in the window) has not yet run the
            // completion that calls completeTransition: look again one frame later.
            self.watchdog = Timer.scheduledTimer(withTimeInterval: 0.001, repeats: false) { [weak self] _ in
                guard let self, !self.isComplete else { return }
                CAEngine.current.report("\(operation) transition stuck: \(name) has not called completeTransition(_:) 1 s after its duration; the transition stays in flight (UIKit's rule: the animator must call it)")
            }
        }
    }
}
