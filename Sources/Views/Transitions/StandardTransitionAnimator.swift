import Foundation
import Layers

/// The animations UIKit shows when no custom animator is given: the four modal transition styles
/// and the navigation controller's push and pop. It is an ordinary animator (it only uses the
/// context, UIView.animate and UIView.transition), so the same code paths run for built-in and
/// custom transitions, interactive ones included.
///
/// Durations and curves (Apple does not publish them; chosen to look like iOS): cover vertical
/// 0.5 s, cross-dissolve 0.35 s, flip 0.75 s, curl 0.75 s, push/pop 0.35 s; ease-in-ease-out,
/// linear while the transition is interactive (the finger sets the pace).
/// Flip, curl and cross-dissolve are UIView.transition: on the window for a presentation, on the
/// container for a dismissal.
/// A partial curl curls the whole page on this desktop.
final class StandardTransitionAnimator: UIViewControllerAnimatedTransitioning {
    enum Kind { case cover, dissolve, flip, curl, push, pop }
    let kind: Kind
    let presenting: Bool

    init(modal style: UIModalTransitionStyle, presenting: Bool) {
        switch style {
        case .coverVertical: kind = .cover
        case .crossDissolve: kind = .dissolve
        case .flipHorizontal: kind = .flip
        case .partialCurl: kind = .curl
        }
        self.presenting = presenting
    }

    init(navigation kind: Kind) {
        self.kind = kind
        presenting = kind == .push
    }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        switch kind {
        case .cover: 0.5
        case .dissolve, .push, .pop: 0.35
        case .flip, .curl: 0.75
        }
    }

    func animateTransition(using ctx: UIViewControllerContextTransitioning) {
        let duration = transitionDuration(using: ctx)
        let options: UIView.AnimationOptions = ctx.isInteractive ? .curveLinear : .curveEaseInOut
        let done = { (_: Bool) in ctx.completeTransition(!ctx.transitionWasCancelled) }
        switch kind {
        case .cover: cover(ctx, duration, options, done)
        case .dissolve, .flip, .curl: swap(ctx, duration, done)
        case .push, .pop: slide(ctx, duration, options, done)
        }
    }

    /// The presented view slides up from below the container (or down out of it).
    private func cover(_ ctx: UIViewControllerContextTransitioning, _ duration: Double,
                       _ options: UIView.AnimationOptions, _ done: @escaping (Bool) -> Void) {
        let container = ctx.containerView
        let below = container.bounds.height
        if presenting {
            guard let to = ctx.view(forKey: .to), let vc = ctx.viewController(forKey: .to) else { return done(true) }
            let final = ctx.finalFrame(for: vc)
            UIView.performWithoutAnimation {
                to.frame = final.offsetBy(dx: 0, dy: below - final.minY)
                container.addSubview(to)
            }
            UIView.animate(withDuration: duration, delay: 0, options: options, animations: { to.frame = final }, completion: done)
        } else {
            guard let from = ctx.view(forKey: .from), let vc = ctx.viewController(forKey: .from) else { return done(true) }
            let start = ctx.initialFrame(for: vc)
            UIView.animate(withDuration: duration, delay: 0, options: options,
                           animations: { from.frame = start.offsetBy(dx: 0, dy: below - start.minY) },
                           completion: { finished in
                               if ctx.transitionWasCancelled { UIView.performWithoutAnimation { from.frame = start } }
                               done(finished)
                           })
        }
    }

    /// Cross-dissolve, flip and curl: UIView.transition from the old page to the new one.
    private func swap(_ ctx: UIViewControllerContextTransitioning, _ duration: Double, _ done: @escaping (Bool) -> Void) {
        let container = ctx.containerView
        let transition: UIView.AnimationOptions = switch kind {
        case .flip: presenting ? .transitionFlipFromRight : .transitionFlipFromLeft
        case .curl: presenting ? .transitionCurlUp : .transitionCurlDown
        default: .transitionCrossDissolve
        }
        let toVC = ctx.viewController(forKey: .to)
        let to = ctx.view(forKey: .to)
        let from = ctx.view(forKey: .from)
        if let to, let toVC {
            let f = ctx.finalFrame(for: toVC)
            UIView.performWithoutAnimation { to.frame = f != .zero ? f : container.bounds }
        }
        // A presentation turns the whole window over (its container has never been drawn, so it
        // has no old appearance of its own); a dismissal turns the container, whose old appearance
        // is the presented page, and the presenter's view shows behind it.
        let host = presenting ? (container.window ?? container) : container
        UIView.transition(with: host, duration: duration, options: [transition, .curveEaseInOut], animations: {
            if let to, to.superview !== container { container.addSubview(to) }
            if !self.presenting { from?.removeFromSuperview() }
        }, completion: done)
    }

    /// Push: the new page slides in from the right over the old one, which moves a third of the
    /// way left under a darkening shade (parallax). Pop: the reverse.
    private func slide(_ ctx: UIViewControllerContextTransitioning, _ duration: Double,
                       _ options: UIView.AnimationOptions, _ done: @escaping (Bool) -> Void) {
        guard let to = ctx.view(forKey: .to), let from = ctx.view(forKey: .from),
              let toVC = ctx.viewController(forKey: .to), let fromVC = ctx.viewController(forKey: .from)
        else { return done(true) }
        let container = ctx.containerView
        let w = container.bounds.width
        let fromStart = ctx.initialFrame(for: fromVC), toEnd = ctx.finalFrame(for: toVC)
        let shade = UIView()
        shade.backgroundColor = UIColor(white: 0, alpha: 1)
        shade.isUserInteractionEnabled = false
        let push = kind == .push
        UIView.performWithoutAnimation {
            if push {
                container.addSubview(to)
                to.frame = toEnd.offsetBy(dx: w, dy: 0)
                shade.frame = fromStart
                shade.alpha = 0
                container.insertSubview(shade, belowSubview: to)
            } else {
                container.insertSubview(to, belowSubview: from)
                to.frame = toEnd.offsetBy(dx: -w / 3, dy: 0)
                shade.frame = toEnd
                shade.alpha = 0.1
                container.insertSubview(shade, aboveSubview: to)
            }
        }
        UIView.animate(withDuration: duration, delay: 0, options: options, animations: {
            if push {
                to.frame = toEnd
                from.frame = fromStart.offsetBy(dx: -w / 3, dy: 0)
                shade.frame = from.frame
                shade.alpha = 0.1
            } else {
                to.frame = toEnd
                from.frame = fromStart.offsetBy(dx: w, dy: 0)
                shade.frame = toEnd
                shade.alpha = 0
            }
        }, completion: { finished in
            shade.removeFromSuperview()
            if ctx.transitionWasCancelled {
                // Undo what the animation changed; the navigation controller removes the new page.
                UIView.performWithoutAnimation { from.frame = fromStart }
            }
            done(finished)
        })
    }
}
