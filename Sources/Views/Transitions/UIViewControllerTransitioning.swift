import Foundation
import Layers

// The protocols of UIKit's UIViewControllerTransitioning.h: who supplies a custom transition
// (the transitioning delegate), who animates it (the animator), who drives it by hand (the
// interaction controller) and what the transition tells them (the context). UIKit's optional
// Objective-C methods are requirements with default implementations here, so a class that
// implements only some of them ports unchanged.

/// The keys of `UIViewControllerContextTransitioning.viewController(forKey:)`.
public struct UITransitionContextViewControllerKey: RawRepresentable, Hashable, Sendable {
    /// The key's name, UIKit's string.
    public let rawValue: String
    /// A key from its name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The controller shown when the transition starts (and again after a cancel).
    public static let from = UITransitionContextViewControllerKey(rawValue: "UITransitionContextFromViewControllerKey")
    /// The controller shown when the transition completes.
    public static let to = UITransitionContextViewControllerKey(rawValue: "UITransitionContextToViewControllerKey")
}

/// The keys of `UIViewControllerContextTransitioning.view(forKey:)`.
public struct UITransitionContextViewKey: RawRepresentable, Hashable, Sendable {
    /// The key's name, UIKit's string.
    public let rawValue: String
    /// A key from its name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The view leaving (the "from" controller's view); nil when it stays on screen.
    public static let from = UITransitionContextViewKey(rawValue: "UITransitionContextFromViewKey")
    /// The view arriving (the "to" controller's view); the animator adds it to the container.
    public static let to = UITransitionContextViewKey(rawValue: "UITransitionContextToViewKey")
}

/// What a transition tells its animator and interaction controller (UIKit builds it; so does
/// Flipbook). All animation happens inside `containerView`.
public protocol UIViewControllerContextTransitioning: AnyObject {
    /// The view the transition happens in; an ancestor of the presented view.
    var containerView: UIView { get }
    /// Whether the transition was asked to animate (`animated:` of present, dismiss, push or pop).
    var isAnimated: Bool { get }
    /// True between the start of an interactive transition and its finish or cancel.
    var isInteractive: Bool { get }
    /// True once the transition was cancelled (at `cancelInteractiveTransition()`).
    var transitionWasCancelled: Bool { get }
    /// The style of the presentation (`.fullScreen` for navigation transitions).
    var presentationStyle: UIModalPresentationStyle { get }
    /// The rotation the transition includes (always identity here: a desktop window does not rotate).
    var targetTransform: CGAffineTransform { get }
    /// The controller leaving (`.from`) or arriving (`.to`).
    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController?
    /// The view to animate, or nil when the animator must not touch it (the presenter's view of a
    /// presentation that keeps it on screen).
    func view(forKey key: UITransitionContextViewKey) -> UIView?
    /// Where `vc`'s view starts, in container coordinates; `.zero` when unknown (an appearing view).
    func initialFrame(for vc: UIViewController) -> CGRect
    /// Where `vc`'s view must end; `.zero` when it leaves the window.
    func finalFrame(for vc: UIViewController) -> CGRect
    /// The animator's call when its animations end: true when the transition completed. UIKit's
    /// rule: it must be called (pass `!transitionWasCancelled`); a second call is ignored.
    func completeTransition(_ didComplete: Bool)
    /// Reports an interactive transition's progress, 0…1 (clamped; NaN and infinities are ignored).
    func updateInteractiveTransition(_ percentComplete: CGFloat)
    /// Ends the interaction: the rest of the transition animates to the end.
    func finishInteractiveTransition()
    /// Ends the interaction: the transition animates back to its start and is cancelled.
    func cancelInteractiveTransition()
    /// Makes a running interruptible transition interactive again.
    func pauseInteractiveTransition()
}

/// An object that animates a transition (UIKit's `UIViewControllerAnimatedTransitioning`).
public protocol UIViewControllerAnimatedTransitioning: AnyObject {
    /// The transition's length in seconds (the context is nil when asked outside a transition).
    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval
    /// Adds the "to" view to the container, animates, and calls `completeTransition` at the end.
    func animateTransition(using transitionContext: UIViewControllerContextTransitioning)
    /// Optional: a property animator that runs the transition, so it can be paused, scrubbed and
    /// reversed. It must return the same animator for the whole transition. The default answers
    /// that the method is not implemented.
    func interruptibleAnimator(using transitionContext: UIViewControllerContextTransitioning) -> UIViewImplicitlyAnimating
    /// Optional: called after `completeTransition`, once the transition's views are in place.
    func animationEnded(_ transitionCompleted: Bool)
}

extension UIViewControllerAnimatedTransitioning {
    /// Default: "not implemented" (the transition runs `animateTransition(using:)`).
    public func interruptibleAnimator(using transitionContext: UIViewControllerContextTransitioning) -> UIViewImplicitlyAnimating {
        NoInterruptibleAnimator.shared
    }
    /// Default: nothing.
    public func animationEnded(_ transitionCompleted: Bool) {}
}

extension UIViewControllerAnimatedTransitioning {
    /// The animator's interruptible animator, or nil when it does not implement the method.
    func implementedInterruptibleAnimator(using ctx: UIViewControllerContextTransitioning) -> UIViewImplicitlyAnimating? {
        let a = interruptibleAnimator(using: ctx)
        return a === NoInterruptibleAnimator.shared ? nil : a
    }
}

/// The answer of the default `interruptibleAnimator(using:)`: "not implemented". UIKit's method is
/// optional and returns a non-optional animator, so a default must return something; a user's
/// implementation with UIKit's exact signature replaces it. It animates nothing.
final class NoInterruptibleAnimator: UIViewImplicitlyAnimating {
    nonisolated(unsafe) static let shared = NoInterruptibleAnimator()
    var state: UIViewAnimatingState { .inactive }
    var isRunning: Bool { false }
    var isReversed: Bool { get { false } set {} }
    var fractionComplete: CGFloat { get { 0 } set {} }
    func startAnimation() {}
    func startAnimation(afterDelay delay: TimeInterval) {}
    func pauseAnimation() {}
    func stopAnimation(_ withoutFinishing: Bool) {}
    func finishAnimation(at finalPosition: UIViewAnimatingPosition) {}
    func addAnimations(_ animation: @escaping () -> Void, delayFactor: CGFloat) {}
    func addAnimations(_ animation: @escaping () -> Void) {}
    func addCompletion(_ completion: @escaping (UIViewAnimatingPosition) -> Void) {}
    func continueAnimation(withTimingParameters parameters: UITimingCurveProvider?, durationFactor: CGFloat) {}
}

/// An object that drives a transition by hand (UIKit's `UIViewControllerInteractiveTransitioning`),
/// such as `UIPercentDrivenInteractiveTransition`.
public protocol UIViewControllerInteractiveTransitioning: AnyObject {
    /// Takes over the transition: called instead of the animator's `animateTransition(using:)` when the
    /// transition has an interaction controller; keep the context and report progress to it.
    func startInteractiveTransition(_ transitionContext: UIViewControllerContextTransitioning)
    /// How much faster than the animator's duration the rest runs after the interaction. Default: 1.
    var completionSpeed: CGFloat { get }
    /// The curve of the rest after the interaction. Default: `.easeInOut`.
    var completionCurve: UIView.AnimationCurve { get }
    /// Whether the transition starts interactive (true) or animating, to be grabbed later. Default: true.
    var wantsInteractiveStart: Bool { get }
}

extension UIViewControllerInteractiveTransitioning {
    /// Default: 1.
    public var completionSpeed: CGFloat { 1 }
    /// Default: `.easeInOut`.
    public var completionCurve: UIView.AnimationCurve { .easeInOut }
    /// Default: true.
    public var wantsInteractiveStart: Bool { true }
}

/// Supplies the objects of a custom presentation or dismissal (UIKit's
/// `UIViewControllerTransitioningDelegate`); every method is optional (nil: the standard one).
/// A controller holds its `transitioningDelegate` weakly, as UIKit does: keep it alive yourself.
public protocol UIViewControllerTransitioningDelegate: AnyObject {
    /// Default: nil (the standard animation of the controller's `modalTransitionStyle`).
    func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                             source: UIViewController) -> UIViewControllerAnimatedTransitioning?
    /// Default: nil (the standard animation).
    func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning?
    /// Default: nil (not interactive).
    func interactionControllerForPresentation(using animator: UIViewControllerAnimatedTransitioning) -> UIViewControllerInteractiveTransitioning?
    /// Default: nil (not interactive).
    func interactionControllerForDismissal(using animator: UIViewControllerAnimatedTransitioning) -> UIViewControllerInteractiveTransitioning?
    /// Asked only for `.custom` presentations.
    func presentationController(forPresented presented: UIViewController, presenting: UIViewController?,
                                source: UIViewController) -> UIPresentationController?
}

extension UIViewControllerTransitioningDelegate {
    /// Default: nil (the standard animation of the controller's `modalTransitionStyle`).
    public func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                                    source: UIViewController) -> UIViewControllerAnimatedTransitioning? { nil }
    /// Default: nil (the standard animation).
    public func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? { nil }
    /// Default: nil (not interactive).
    public func interactionControllerForPresentation(using animator: UIViewControllerAnimatedTransitioning) -> UIViewControllerInteractiveTransitioning? { nil }
    /// Default: nil (not interactive).
    public func interactionControllerForDismissal(using animator: UIViewControllerAnimatedTransitioning) -> UIViewControllerInteractiveTransitioning? { nil }
    /// Default: nil (a plain `UIPresentationController`).
    public func presentationController(forPresented presented: UIViewController, presenting: UIViewController?,
                                       source: UIViewController) -> UIPresentationController? { nil }
}

/// How a presented controller covers the screen (UIKit's `UIModalPresentationStyle`).
public enum UIModalPresentationStyle: Int, Sendable {
    /// The presented view covers the window; the presenter's view leaves the window afterwards.
    case fullScreen = 0
    /// A card over the dimmed presenter, near the full size (iOS 13 on a phone).
    case pageSheet = 1
    /// A smaller card centred over the dimmed presenter.
    case formSheet = 2
    /// Covers the `definesPresentationContext` controller's view; its view leaves afterwards.
    case currentContext = 3
    /// Laid out by the transitioning delegate's presentation controller.
    case custom = 4
    /// Covers the window; the presenter's view stays and shows through.
    case overFullScreen = 5
    /// Covers the `definesPresentationContext` controller's view, which stays.
    case overCurrentContext = 6
    /// Resolves to `.pageSheet` for a plain controller, as iOS 13 does.
    case automatic = -2
    /// Not a style to present with: treated as `.automatic` (UIKit raises).
    case none = -1
}

/// The standard animation of a presentation without a custom animator (`UIModalTransitionStyle`).
public enum UIModalTransitionStyle: Int, Sendable {
    /// The presented view slides up from the bottom; dismissal slides it down.
    case coverVertical = 0
    /// The window flips around the vertical axis (UIView.transition's flip).
    case flipHorizontal = 1
    /// The presented view fades in (UIView.transition's cross-dissolve).
    case crossDissolve = 2
    /// The presenter's view curls up (UIView.transition's curl; the whole page on this desktop).
    case partialCurl = 3
}
