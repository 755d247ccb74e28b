import Foundation
import Layers

/// Owns a presented controller's place on screen from present to dismiss (UIKit's
/// `UIPresentationController`): the container view, the presented view's frame, extra views such
/// as a dimming layer, and whether the presenter's view leaves the window.
///
/// Subclass it for a `.custom` presentation and return it from the transitioning delegate's
/// `presentationController(forPresented:presenting:source:)`. The built-in styles use Flipbook's
/// own subclasses (full screen, over full screen, page and form sheets).
open class UIPresentationController {
    /// The controller being presented.
    public let presentedViewController: UIViewController
    /// The controller that presents it (the presented controller itself when none was given).
    public let presentingViewController: UIViewController
    /// The view the presentation happens in; set when the presentation starts.
    public internal(set) var containerView: UIView?

    /// A presentation controller for `presentedViewController` shown from `presentingViewController`
    /// (make it in the transitioning delegate's `presentationController(forPresented:presenting:source:)`).
    /// A nil presenting controller stands for the presented controller itself.
    public init(presentedViewController: UIViewController, presenting presentingViewController: UIViewController?) {
        self.presentedViewController = presentedViewController
        self.presentingViewController = presentingViewController ?? presentedViewController
    }

    /// The view the transition animates: the presented controller's view, or an ancestor of it
    /// that the subclass adds.
    open var presentedView: UIView? { presentedViewController.view }
    /// Where the presented view goes in the container. Default: the container's bounds.
    open var frameOfPresentedViewInContainerView: CGRect { containerView?.bounds ?? .zero }
    /// Whether the presenter's view leaves the window when the presentation has finished.
    /// Default: false (as UIKit's for custom presentations).
    open var shouldRemovePresentersView: Bool { false }
    /// Default: true.
    open var shouldPresentInFullscreen: Bool { true }
    /// The style the presentation was made with.
    open var presentationStyle: UIModalPresentationStyle { presentedViewController.modalPresentationStyle }

    /// Before the presentation's animation: add extra views, animate them with
    /// `presentedViewController.transitionCoordinator`.
    open func presentationTransitionWillBegin() {}
    /// After it; `completed` is false when it was cancelled: remove the views you added.
    open func presentationTransitionDidEnd(_ completed: Bool) {}
    /// Before the dismissal's animation: animate your extra views out with
    /// `presentedViewController.transitionCoordinator`.
    open func dismissalTransitionWillBegin() {}
    /// After the dismissal; `completed` is false when it was cancelled: keep your views.
    open func dismissalTransitionDidEnd(_ completed: Bool) {}
    /// The container is about to lay out (the window changed size): set `presentedView`'s frame.
    open func containerViewWillLayoutSubviews() {}
    /// The container has laid out.
    open func containerViewDidLayoutSubviews() {}
    /// The presented controller's `preferredContentSize` changed.
    open func preferredContentSizeDidChange(forChildContentContainer container: UIViewController) {}
}

/// Flipbook's presentation controllers for UIKit's built-in styles.
protocol BuiltInPresentationController: UIPresentationController {}

/// `.fullScreen` and `.currentContext`: the presented view fills the container and the presenter's
/// view leaves the window once the presentation has finished.
final class FullScreenPresentationController: UIPresentationController, BuiltInPresentationController {
    override var shouldRemovePresentersView: Bool { true }
}

/// `.overFullScreen` and `.overCurrentContext`: as full screen, but the presenter's view stays and
/// shows through what the presented view leaves transparent.
final class OverFullScreenPresentationController: UIPresentationController, BuiltInPresentationController {}

/// `.pageSheet` and `.formSheet` on this desktop: a card with rounded top corners over the
/// presenter, which stays, dimmed. A page sheet leaves a strip at the top; a form sheet is a
/// centred card of `preferredContentSize` (default 540 × 620 points, clamped to the window).
final class SheetPresentationController: UIPresentationController, BuiltInPresentationController {
    let dimmingView = UIView()
    let isForm: Bool

    init(presented: UIViewController, presenting: UIViewController?, form: Bool) {
        isForm = form
        super.init(presentedViewController: presented, presenting: presenting)
        dimmingView.backgroundColor = UIColor(white: 0, alpha: 0.4)
        dimmingView.isUserInteractionEnabled = true
    }

    override var frameOfPresentedViewInContainerView: CGRect {
        guard let b = containerView?.bounds else { return .zero }
        if isForm {
            let preferred = presentedViewController.preferredContentSize
            let w = min(b.width - 40, preferred.width > 0 ? preferred.width : 540)
            let h = min(b.height - 80, preferred.height > 0 ? preferred.height : 620)
            return CGRect(x: (b.width - max(0, w)) / 2, y: (b.height - max(0, h)) / 2, width: max(0, w), height: max(0, h))
        }
        let top = min(b.height * 0.25, 40)
        let w = min(b.width, 700)
        return CGRect(x: (b.width - w) / 2, y: top, width: w, height: max(0, b.height - top))
    }

    override func presentationTransitionWillBegin() {
        guard let container = containerView else { return }
        UIView.performWithoutAnimation {
            dimmingView.frame = container.bounds
            dimmingView.alpha = 0
            container.insertSubview(dimmingView, at: 0)
        }
        let show = { [dimmingView] in dimmingView.alpha = 1 }
        if presentedViewController.transitionCoordinator?.animate(alongsideTransition: { _ in show() }, completion: nil) != true {
            show()
        }
        if let v = presentedView {
            v.layer.cornerRadius = 12
            v.clipsToBounds = true
        }
    }

    override func presentationTransitionDidEnd(_ completed: Bool) {
        if !completed { dimmingView.removeFromSuperview() }
    }

    override func dismissalTransitionWillBegin() {
        let hide = { [dimmingView] in dimmingView.alpha = 0 }
        if presentedViewController.transitionCoordinator?.animate(alongsideTransition: { _ in hide() }, completion: nil) != true {
            hide()
        }
    }

    override func dismissalTransitionDidEnd(_ completed: Bool) {
        if completed { dimmingView.removeFromSuperview() } else { dimmingView.alpha = 1 }
    }

    override func containerViewWillLayoutSubviews() {
        guard let container = containerView else { return }
        dimmingView.frame = container.bounds
    }
}
