import Foundation
import Layers

/// The transitioning delegate every `UIAlertController` uses: its presentation controller and
/// its animators.
final class AlertTransitions: UIViewControllerTransitioningDelegate {
    func presentationController(forPresented presented: UIViewController, presenting: UIViewController?,
                                source: UIViewController) -> UIPresentationController? {
        AlertPresentationController(presentedViewController: presented, presenting: presenting)
    }
    func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                             source: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        AlertTransitionAnimator(style: (presented as? UIAlertController)?.preferredStyle ?? .alert, presenting: true)
    }
    func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        AlertTransitionAnimator(style: (dismissed as? UIAlertController)?.preferredStyle ?? .alert, presenting: false)
    }
}

/// Where an alert sits and the dimming behind it: an alert is 270 points wide in the middle of
/// the window; an action sheet is the window's width less 8 points each side (at most 500 wide,
/// centred: a desktop window may be wide) and sits 8 points above the bottom safe-area inset.
/// The dimming view covers the window: 20 % black behind an alert, 40 % behind an action sheet
/// (Apple publishes neither; these look like iOS's), faded with the transition. A tap on it is
/// the alert's "tap outside".
final class AlertPresentationController: UIPresentationController, BuiltInPresentationController {
    let dimmingView = UIView()
    /// An alert's width in points (iOS's).
    static let alertWidth: CGFloat = 270
    /// An action sheet's margin from the window's sides and bottom, and its widest width.
    static let sheetMargin: CGFloat = 8
    static let sheetMaxWidth: CGFloat = 500

    override init(presentedViewController: UIViewController, presenting presentingViewController: UIViewController?) {
        super.init(presentedViewController: presentedViewController, presenting: presentingViewController)
        let sheet = alert?.preferredStyle == .actionSheet
        dimmingView.backgroundColor = UIColor(white: 0, alpha: sheet ? 0.4 : 0.2)
        dimmingView.addGestureRecognizer(UITapGestureRecognizer { [weak self] tap in
            if tap.state == .ended { self?.alert?.tappedOutside() }
        })
    }

    private var alert: UIAlertController? { presentedViewController as? UIAlertController }

    override var frameOfPresentedViewInContainerView: CGRect {
        guard let container = containerView else { return .zero }
        let b = container.bounds
        let content = presentedView as? AlertContentView
        if alert?.preferredStyle == .actionSheet {
            let w = max(0, min(b.width - 2 * Self.sheetMargin, Self.sheetMaxWidth))
            let h = content?.height(forWidth: w) ?? 0
            let bottom = b.maxY - Self.sheetMargin - container.safeAreaInsets.bottom
            return CGRect(x: b.midX - w / 2, y: bottom - h, width: w, height: h)
        }
        let w = min(Self.alertWidth, max(0, b.width - 2 * Self.sheetMargin))
        let h = min(content?.height(forWidth: w) ?? 0, max(0, b.height - 2 * Self.sheetMargin))
        return CGRect(x: b.midX - w / 2, y: b.midY - h / 2, width: w, height: h)
    }

    override func presentationTransitionWillBegin() { showDimming(dimmingView) }

    override func presentationTransitionDidEnd(_ completed: Bool) {
        if !completed { dimmingView.removeFromSuperview() }
    }

    override func dismissalTransitionWillBegin() { fadeDimming(dimmingView, to: 0) }

    override func dismissalTransitionDidEnd(_ completed: Bool) {
        if completed { dimmingView.removeFromSuperview() } else { dimmingView.alpha = 1 }
    }

    override func containerViewWillLayoutSubviews() {
        guard let container = containerView else { return }
        dimmingView.frame = container.bounds
    }
}

/// UIKit's alert animations. Apple publishes no timings; these are chosen to look like iOS's:
/// - alert in: 0.4 s ease-out, the alert's scale from 1.2 to 1 and its alpha from 0 to 1;
/// - alert out: 0.25 s ease-in, its alpha to 0 (no scale);
/// - action sheet in: 0.4 s ease-out, sliding up from just below the window;
/// - action sheet out: 0.3 s ease-in, sliding back down.
/// The dimming view fades with the transition's duration (the coordinator's alongside animation).
final class AlertTransitionAnimator: UIViewControllerAnimatedTransitioning {
    let style: UIAlertController.Style
    let presenting: Bool
    /// The scale an alert starts its appearance at.
    static let startScale: CGFloat = 1.2

    init(style: UIAlertController.Style, presenting: Bool) {
        self.style = style
        self.presenting = presenting
    }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        switch (style, presenting) {
        case (_, true): 0.4
        case (.alert, false): 0.25
        case (.actionSheet, false): 0.3
        }
    }

    func animateTransition(using ctx: UIViewControllerContextTransitioning) {
        let duration = transitionDuration(using: ctx)
        let container = ctx.containerView
        let options: UIView.AnimationOptions = ctx.isInteractive ? .curveLinear : (presenting ? .curveEaseOut : .curveEaseIn)
        if presenting {
            guard let to = ctx.view(forKey: .to), let vc = ctx.viewController(forKey: .to) else { return ctx.completeTransition(true) }
            let final = ctx.finalFrame(for: vc)
            UIView.performWithoutAnimation {
                container.addSubview(to)
                to.transform = .identity
                to.frame = final
                if style == .alert {
                    to.alpha = 0
                    to.transform = CGAffineTransform(scaleX: Self.startScale, y: Self.startScale)
                } else {
                    to.alpha = 1
                    to.transform = CGAffineTransform(translationX: 0, y: container.bounds.maxY - final.minY)
                }
            }
            UIView.animate(withDuration: duration, delay: 0, options: options, animations: {
                to.alpha = 1
                to.transform = .identity
            }, completion: { _ in ctx.completeTransition(!ctx.transitionWasCancelled) })
        } else {
            guard let from = ctx.view(forKey: .from) else { return ctx.completeTransition(true) }
            let below = container.bounds.maxY - from.frame.minY
            UIView.animate(withDuration: duration, delay: 0, options: options, animations: {
                if self.style == .alert {
                    from.alpha = 0
                } else {
                    from.transform = CGAffineTransform(translationX: 0, y: below)
                }
            }, completion: { _ in
                if ctx.transitionWasCancelled {
                    UIView.performWithoutAnimation { from.alpha = 1; from.transform = .identity }
                }
                ctx.completeTransition(!ctx.transitionWasCancelled)
            })
        }
    }
}
