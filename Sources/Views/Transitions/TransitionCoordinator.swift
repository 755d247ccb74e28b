import Foundation
import Layers

/// What a transition tells the code that animates beside it (UIKit's
/// `UIViewControllerTransitionCoordinatorContext`).
public protocol UIViewControllerTransitionCoordinatorContext: AnyObject {
    /// Whether the transition animates (`animated:` of the call that started it).
    var isAnimated: Bool { get }
    /// The presentation style (`.fullScreen` for navigation pushes and pops).
    var presentationStyle: UIModalPresentationStyle { get }
    /// True when the transition started interactive.
    var initiallyInteractive: Bool { get }
    /// True when the animator supplies an interruptible animator.
    var isInterruptible: Bool { get }
    /// True while an interaction controller drives the transition.
    var isInteractive: Bool { get }
    /// True once the transition was cancelled.
    var isCancelled: Bool { get }
    /// The animator's duration, in seconds.
    var transitionDuration: TimeInterval { get }
    /// How far an interactive transition is, 0…1.
    var percentComplete: CGFloat { get }
    /// The interaction controller's completion speed (1 without one).
    var completionVelocity: CGFloat { get }
    /// The curve the rest of the transition runs with after an interaction.
    var completionCurve: UIView.AnimationCurve { get }
    /// The view the transition happens in.
    var containerView: UIView { get }
    /// Always identity (a desktop window does not rotate).
    var targetTransform: CGAffineTransform { get }
    /// The controller leaving (`.from`) or arriving (`.to`).
    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController?
    /// The view leaving or arriving; nil for a view that stays on screen.
    func view(forKey key: UITransitionContextViewKey) -> UIView?
}

/// Lets other code animate with a view controller transition (UIKit's
/// `UIViewControllerTransitionCoordinator`), e.g. a presentation controller fading its dimming
/// view in step with the presented view. A controller's `transitionCoordinator` is non-nil while it
/// takes part in a transition.
public protocol UIViewControllerTransitionCoordinator: UIViewControllerTransitionCoordinatorContext {
    /// Runs `animation` in an animation block with the transition's duration (inside the
    /// transition's property animator when it has one), and `completion` once the transition ends.
    /// Returns false when the transition has already ended.
    @discardableResult
    func animate(alongsideTransition animation: ((UIViewControllerTransitionCoordinatorContext) -> Void)?,
                 completion: ((UIViewControllerTransitionCoordinatorContext) -> Void)?) -> Bool
    /// Calls `handler` when the transition stops or resumes being interactive.
    func notifyWhenInteractionChanges(_ handler: @escaping (UIViewControllerTransitionCoordinatorContext) -> Void)
}

/// The coordinator of one `TransitionContext`.
final class TransitionCoordinator: UIViewControllerTransitionCoordinator {
    private unowned let context: TransitionContext
    private var pending: [(UIViewControllerTransitionCoordinatorContext) -> Void] = []
    private var completions: [(UIViewControllerTransitionCoordinatorContext) -> Void] = []
    private var interactionHandlers: [(UIViewControllerTransitionCoordinatorContext) -> Void] = []
    private var started = false
    private(set) var initiallyInteractive = false

    init(context: TransitionContext) { self.context = context }

    var isAnimated: Bool { context.isAnimated }
    var presentationStyle: UIModalPresentationStyle { context.presentationStyle }
    var isInterruptible: Bool { context.propertyAnimator != nil }
    var isInteractive: Bool { context.isInteractive }
    var isCancelled: Bool { context.transitionWasCancelled }
    var transitionDuration: TimeInterval { context.duration }
    var percentComplete: CGFloat { context.percentComplete }
    var completionVelocity: CGFloat { context.interactionController?.completionSpeed ?? 1 }
    var completionCurve: UIView.AnimationCurve { context.interactionController?.completionCurve ?? .easeInOut }
    var containerView: UIView { context.containerView }
    var targetTransform: CGAffineTransform { .identity }
    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController? { context.viewController(forKey: key) }
    func view(forKey key: UITransitionContextViewKey) -> UIView? { context.view(forKey: key) }

    @discardableResult
    func animate(alongsideTransition animation: ((UIViewControllerTransitionCoordinatorContext) -> Void)?,
                 completion: ((UIViewControllerTransitionCoordinatorContext) -> Void)?) -> Bool {
        guard !context.isComplete else { return false }
        if let completion { completions.append(completion) }
        if let animation {
            if started { run([animation]) } else { pending.append(animation) }
        }
        return true
    }

    func notifyWhenInteractionChanges(_ handler: @escaping (UIViewControllerTransitionCoordinatorContext) -> Void) {
        interactionHandlers.append(handler)
    }

    /// The transition's animations have been set up: the alongside animations queued so far run.
    func transitionStarted() {
        started = true
        initiallyInteractive = context.isInteractive
        let blocks = pending
        pending = []
        run(blocks)
    }

    func interactionChanged() { for h in interactionHandlers { h(self) } }

    /// Runs the completion blocks once, in the order they were given.
    func runCompletions() {
        let blocks = completions
        completions = []
        for c in blocks { c(self) }
    }

    private func run(_ blocks: [(UIViewControllerTransitionCoordinatorContext) -> Void]) {
        guard !blocks.isEmpty else { return }
        if let animator = context.propertyAnimator {
            animator.addAnimations { for b in blocks { b(self) } }
        } else if context.isAnimated {
            UIView.animate(withDuration: context.duration, delay: 0, options: [.curveEaseInOut],
                           animations: { for b in blocks { b(self) } })
        } else {
            UIView.performWithoutAnimation { for b in blocks { b(self) } }
        }
    }
}
