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
    /// Hears about interactive dismissal (a sheet swiped down); held weakly, as in UIKit.
    public weak var delegate: UIAdaptivePresentationControllerDelegate?

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

/// What a presentation controller tells about dismissal by the user — a sheet swiped down —
/// (UIKit's `UIAdaptivePresentationControllerDelegate`). A programmatic `dismiss(animated:)` calls
/// none of these, as in UIKit. Every method has a default, so implement only what you need.
public protocol UIAdaptivePresentationControllerDelegate: AnyObject {
    /// Whether the swipe may dismiss; false makes the sheet resist and spring back, then calls
    /// `presentationControllerDidAttemptToDismiss`. Not asked while the presented controller's
    /// `isModalInPresentation` is true. Default: true.
    func presentationControllerShouldDismiss(_ presentationController: UIPresentationController) -> Bool
    /// The swipe has started the dismissal (it may still be cancelled by letting go early).
    func presentationControllerWillDismiss(_ presentationController: UIPresentationController)
    /// The swipe dismissed the controller: the dismissal has completed.
    func presentationControllerDidDismiss(_ presentationController: UIPresentationController)
    /// The user tried to swipe away a controller that may not be dismissed (`isModalInPresentation`,
    /// or `presentationControllerShouldDismiss` said no).
    func presentationControllerDidAttemptToDismiss(_ presentationController: UIPresentationController)
}

extension UIAdaptivePresentationControllerDelegate {
    /// Default: true.
    public func presentationControllerShouldDismiss(_ presentationController: UIPresentationController) -> Bool { true }
    /// Default: nothing.
    public func presentationControllerWillDismiss(_ presentationController: UIPresentationController) {}
    /// Default: nothing.
    public func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {}
    /// Default: nothing.
    public func presentationControllerDidAttemptToDismiss(_ presentationController: UIPresentationController) {}
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
        guard containerView != nil else { return }
        showDimming(dimmingView)
        if let v = presentedView {
            v.layer.cornerRadius = 12
            v.clipsToBounds = true
        }
    }

    override func presentationTransitionDidEnd(_ completed: Bool) {
        if !completed { dimmingView.removeFromSuperview(); return }
        if swipe == nil, let v = presentedView {
            let pan = UIPanGestureRecognizer { [weak self] pan in self?.swiped(pan) }
            v.addGestureRecognizer(pan)
            swipe = pan
        }
    }

    // MARK: Swipe down to dismiss

    /// The pan on the presented view that dismisses the sheet.
    private var swipe: UIPanGestureRecognizer?
    /// What the current pan does: drive the dismissal, resist (the sheet may not leave), or
    /// nothing (it began upward or sideways).
    private enum Drag { case dismissing(UIPercentDrivenInteractiveTransition), resisting, ignored }
    private var drag: Drag?
    /// Fraction of the sheet's height, or downward speed in points per second, past which letting
    /// go finishes the dismissal. Apple does not publish its thresholds; these feel like iOS's.
    static let finishFraction = 0.5
    static let finishSpeed = 1000.0

    private func swiped(_ pan: UIPanGestureRecognizer) {
        guard let container = containerView, let view = presentedView else { return }
        let t = Double(pan.translation(in: container).y)
        let height = max(1, Double(view.bounds.height))
        switch pan.state {
        case .began:
            let d = pan.translation(in: container)
            guard d.y > 0, abs(d.y) >= abs(d.x) else { drag = .ignored; return }
            let vc = presentedViewController
            if vc.isModalInPresentation || delegate?.presentationControllerShouldDismiss(self) == false {
                drag = .resisting
                resist(t)
                return
            }
            let interaction = UIPercentDrivenInteractiveTransition()
            interaction.completionCurve = .easeOut
            drag = .dismissing(interaction)
            delegate?.presentationControllerWillDismiss(self)
            vc.performDismiss(animated: true, completion: { [weak self] in
                guard let self else { return }
                self.delegate?.presentationControllerDidDismiss(self)
            }, interactive: interaction)
            interaction.update(CGFloat(max(0, t) / height))
        case .changed:
            switch drag {
            case .dismissing(let i)?: i.update(CGFloat(min(1, max(0, t) / height)))
            case .resisting?: resist(t)
            default: break
            }
        case .ended, .cancelled, .failed:
            let speed = Double(pan.velocity(in: container).y)
            switch drag {
            case .dismissing(let i)?:
                let done = pan.state == .ended && (t / height > Self.finishFraction || speed > Self.finishSpeed)
                done ? i.finish() : i.cancel()
            case .resisting?:
                UIView.animate(withDuration: 0.35, delay: 0, usingSpringWithDamping: 0.8, initialSpringVelocity: 0) {
                    view.transform = .identity
                }
                if t > 0 { delegate?.presentationControllerDidAttemptToDismiss(self) }
            default: break
            }
            drag = nil
        default: break
        }
    }

    /// The sheet follows a pull it may not obey with growing resistance: `t` points of pull move it
    /// t / (1 + t / 60) points, never more than 60.
    private func resist(_ t: Double) {
        let y = t > 0 ? t / (1 + t / 60) : 0
        UIView.performWithoutAnimation { presentedView?.transform = CGAffineTransform(translationX: 0, y: CGFloat(y)) }
    }

    override func dismissalTransitionWillBegin() { fadeDimming(dimmingView, to: 0) }

    override func dismissalTransitionDidEnd(_ completed: Bool) {
        if completed {
            dimmingView.removeFromSuperview()
            if let swipe { swipe.view?.removeGestureRecognizer(swipe) }
            swipe = nil
        } else {
            dimmingView.alpha = 1
        }
    }

    override func containerViewWillLayoutSubviews() {
        guard let container = containerView else { return }
        dimmingView.frame = container.bounds
    }
}

extension UIPresentationController {
    /// Puts `dimming` behind everything in the container, clear, and fades it in alongside the
    /// presentation (at once when there is no coordinator): the sheet's and the alert's dimming.
    func showDimming(_ dimming: UIView) {
        guard let container = containerView else { return }
        UIView.performWithoutAnimation {
            dimming.frame = container.bounds
            dimming.alpha = 0
            container.insertSubview(dimming, at: 0)
        }
        fadeDimming(dimming, to: 1)
    }

    /// Fades `dimming` to `alpha` alongside the running transition (at once without one).
    func fadeDimming(_ dimming: UIView, to alpha: CGFloat) {
        let change = { dimming.alpha = alpha }
        if presentedViewController.transitionCoordinator?.animate(alongsideTransition: { _ in change() }, completion: nil) != true {
            change()
        }
    }
}
