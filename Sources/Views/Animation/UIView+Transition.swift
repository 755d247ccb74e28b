import Foundation
import Layers

/// UIView.transition: a change of a view's content, or the swap of one view for another, shown as
/// a flip, a page curl or a cross-dissolve, through a CATransition on the layer.
///
/// The old appearance is snapshotted before the change; the block's changes apply at once (they
/// are not animated unless `.allowAnimatedContent`); the transition composites old and new for
/// `duration` with the options' curve (default ease-in-ease-out).
extension UIView {
    /// Replaces how `view` looks with what `animations` changes, by the transition in `options`
    /// (a flip, a curl or a cross-dissolve of real snapshots), over `duration` seconds.
    public class func transition(with view: UIView, duration: TimeInterval, options: AnimationOptions = [],
                                 animations: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        let transition = makeTransition(duration: duration, options: options, completion: completion)
        view.layer.add(transition, forKey: kCATransition)
        if options.contains(.allowAnimatedContent) {
            animations?()
        } else {
            performWithoutAnimation { animations?() }
        }
    }

    /// Replaces `fromView` by `toView` in `fromView`'s superview (or, with
    /// `.showHideTransitionViews`, hides one and shows the other) under the transition.
    public class func transition(from fromView: UIView, to toView: UIView, duration: TimeInterval,
                                 options: AnimationOptions = [], completion: ((Bool) -> Void)? = nil) {
        guard let container = fromView.superview else {
            // Nothing on screen to transition from: the swap has no container, as in UIKit.
            completion?(true)
            return
        }
        let transition = makeTransition(duration: duration, options: options, completion: completion)
        container.layer.add(transition, forKey: kCATransition)
        performWithoutAnimation {
            if options.contains(.showHideTransitionViews) {
                fromView.isHidden = true
                toView.isHidden = false
            } else {
                if toView.superview !== container { container.insertSubview(toView, aboveSubview: fromView) }
                fromView.removeFromSuperview()
            }
        }
    }

    /// `transition(with:duration:options:animations:completion:)` whose curl lifts from `curlEdge`
    /// (UIPageViewController turns its pages from the side; UIKit's curl options lift the bottom),
    /// bound at a spine by `binding` (a page view controller's leaf; nil: a free curl).
    class func transition(with view: UIView, duration: TimeInterval, options: AnimationOptions, curlEdge: CATransitionSubtype,
                          binding: PageCurlBinding? = nil, animations: (() -> Void)?, completion: ((Bool) -> Void)?) {
        let transition = makeTransition(duration: duration, options: options, completion: completion)
        if transition.type == .curlUp || transition.type == .curlDown {
            transition.subtype = curlEdge
            transition.curlBinding = binding
        }
        view.layer.add(transition, forKey: kCATransition)
        performWithoutAnimation { animations?() }
    }

    private class func makeTransition(duration: TimeInterval, options: AnimationOptions,
                                      completion: ((Bool) -> Void)?) -> CATransition {
        let t = CATransition()
        t.duration = duration.isFinite && duration > 0 ? duration : 0.0001
        t.timingFunction = options.timingFunction
        switch (options.rawValue >> 20) & 0xF {
        case 1: t.type = .flip; t.subtype = .fromLeft
        case 2: t.type = .flip; t.subtype = .fromRight
        case 6: t.type = .flip; t.subtype = .fromTop
        case 7: t.type = .flip; t.subtype = .fromBottom
        case 3: t.type = .curlUp
        case 4: t.type = .curlDown
        default: t.type = .fade // cross-dissolve
        }
        if let completion { t.delegate = TransitionCompletion(completion) }
        return t
    }
}

/// Calls a transition's completion once, when its CATransition stops.
private final class TransitionCompletion: CAAnimationDelegate {
    private var completion: ((Bool) -> Void)?
    init(_ completion: @escaping (Bool) -> Void) { self.completion = completion }
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        let c = completion
        completion = nil
        c?(flag)
    }
}
