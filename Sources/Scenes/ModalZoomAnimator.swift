// The modal scene's transition objects, written the way seed 001 writes them for UIKit: an
// NSObject animator with the seed's properties (duration, presenting, scale factors, origin,
// initial and final frames) that finds the list through `fromVC as! UINavigationController`, and
// a transitioning delegate that vends it, an interaction controller for the drag-down, and a
// custom presentation controller for the "Card" button.
import Flipbook
import Foundation

final class ModalZoomAnimator: NSObject, UIViewControllerAnimatedTransitioning {
    let duration = 0.4
    var presenting = true
    var xScaleFactor: CGFloat = 0.0
    var yScaleFactor: CGFloat = 0.0
    var originFrame = CGRect.zero
    var initialFrame = CGRect.zero
    var finalFrame = CGRect.zero

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { duration }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        guard let fromVC = transitionContext.viewController(forKey: UITransitionContextViewControllerKey.from) else { return }
        guard let toVC = transitionContext.viewController(forKey: UITransitionContextViewControllerKey.to) else { return }
        let containerView = transitionContext.containerView

        // The list is the navigation controller's top; the detail is the other side.
        let navigationControllerFirst = presenting ? (fromVC as! UINavigationController) : (toVC as! UINavigationController)
        let people = navigationControllerFirst.viewControllers.last as! PeopleViewController
        let detail = (presenting ? toVC : fromVC) as! PersonViewController
        guard let cell = people.selectedCell else { return transitionContext.completeTransition(true) }
        let avatarImageViewFirst = cell.avatar
        if presenting {
            let toView = transitionContext.view(forKey: .to)!
            toView.frame = transitionContext.finalFrame(for: toVC)
            toView.layer.opacity = 0.0
            containerView.addSubview(toView)
            toView.layoutIfNeeded()
        }
        let avatarImageViewSecond = detail.avatar
        originFrame = avatarImageViewFirst.convert(avatarImageViewFirst.bounds, to: containerView)
        let secondFrame = avatarImageViewSecond.convert(avatarImageViewSecond.bounds, to: containerView)

        // Hide the avatars of both controllers while a fake one flies between them.
        avatarImageViewFirst.layer.opacity = 0.0
        avatarImageViewSecond.layer.opacity = 0.0
        let fakeAvatarImageView = UIImageView(image: avatarImageViewFirst.image)
        fakeAvatarImageView.contentMode = .scaleAspectFill
        fakeAvatarImageView.clipsToBounds = true

        if presenting {
            initialFrame = originFrame
            finalFrame = secondFrame
        } else {
            initialFrame = secondFrame
            finalFrame = originFrame
        }
        fakeAvatarImageView.frame = initialFrame
        fakeAvatarImageView.layer.cornerRadius = initialFrame.width / 2
        containerView.addSubview(fakeAvatarImageView)
        xScaleFactor = finalFrame.width / initialFrame.width
        yScaleFactor = finalFrame.height / initialFrame.height
        let scaleTransform = CGAffineTransform(scaleX: xScaleFactor, y: yScaleFactor)

        UIView.animate(withDuration: transitionDuration(using: transitionContext), delay: 0,
                       options: transitionContext.isInteractive ? .curveLinear : .curveEaseInOut, animations: {
            fakeAvatarImageView.transform = scaleTransform
            fakeAvatarImageView.center = CGPoint(x: self.finalFrame.midX, y: self.finalFrame.midY)
            if self.presenting { toVC.view.layer.opacity = 1.0 } else { fromVC.view.layer.opacity = 0.0 }
        }) { _ in
            // Show the avatars again and drop the fake; on a cancel, undo the fade.
            avatarImageViewFirst.layer.opacity = 1.0
            avatarImageViewSecond.layer.opacity = 1.0
            if transitionContext.transitionWasCancelled && !self.presenting { fromVC.view.layer.opacity = 1.0 }
            fakeAvatarImageView.removeFromSuperview()
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        }
    }
}

/// Vends the zoom for the list's detail page, the drag-down's interaction controller while a drag
/// is on, and a dimmed card for `.custom` presentations.
final class ModalZoomDelegate: NSObject, UIViewControllerTransitioningDelegate {
    let animator = ModalZoomAnimator()
    /// Set while a drag (or B with the stick) dismisses the detail interactively.
    var interaction: UIPercentDrivenInteractiveTransition?

    func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                             source: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        guard presented is PersonViewController else { return nil }
        animator.presenting = true
        return animator
    }

    func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        guard dismissed is PersonViewController else { return nil }
        animator.presenting = false
        return animator
    }

    func interactionControllerForDismissal(using animator: UIViewControllerAnimatedTransitioning) -> UIViewControllerInteractiveTransitioning? {
        interaction
    }

    func presentationController(forPresented presented: UIViewController, presenting: UIViewController?,
                                source: UIViewController) -> UIPresentationController? {
        CardPresentationController(presentedViewController: presented, presenting: presenting)
    }
}

/// A custom presentation: the presented page is a rounded card on the lower two thirds over a
/// dimming view that fades with the transition (through the transition coordinator); a click on
/// the dimmed part dismisses it.
final class CardPresentationController: UIPresentationController {
    private let dimming = UIView()

    override var frameOfPresentedViewInContainerView: CGRect {
        guard let b = containerView?.bounds else { return .zero }
        let w = min(b.width - 32, 560)
        return CGRect(x: (b.width - w) / 2, y: b.height / 3, width: w, height: b.height * 2 / 3 - 16)
    }

    override func presentationTransitionWillBegin() {
        guard let container = containerView else { return }
        dimming.backgroundColor = UIColor(red: 0.05, green: 0.05, blue: 0.15, alpha: 0.5)
        dimming.frame = container.bounds
        dimming.alpha = 0
        dimming.addGestureRecognizer(UITapGestureRecognizer { [weak self] _ in
            self?.presentedViewController.dismiss(animated: true)
        })
        container.insertSubview(dimming, at: 0)
        presentedView?.layer.cornerRadius = 16
        presentedView?.clipsToBounds = true
        presentedViewController.transitionCoordinator?.animate(alongsideTransition: { _ in self.dimming.alpha = 1 }, completion: nil)
    }

    override func dismissalTransitionWillBegin() {
        presentedViewController.transitionCoordinator?.animate(alongsideTransition: { _ in self.dimming.alpha = 0 }, completion: nil)
    }

    override func containerViewWillLayoutSubviews() {
        dimming.frame = containerView?.bounds ?? .zero
        presentedView?.frame = frameOfPresentedViewInContainerView
    }
}
