import Foundation
import Layers

/// One presented controller's place in its window: the container view it lives in, its
/// presentation controller, and where the presenter's view goes back to when a full-screen
/// presentation had taken it out of the window.
final class Presentation {
    unowned let presented: UIViewController
    unowned let presenting: UIViewController
    let style: UIModalPresentationStyle
    let controller: UIPresentationController
    let container: PresentationContainerView
    /// The controller whose view a current-context presentation covers (nil: the window).
    weak var context: UIViewController?
    /// Where the presenter's view was (superview, index) before a presentation that removes it.
    var presenterHome: (superview: UIView, index: Int)?

    init(presented: UIViewController, presenting: UIViewController, style: UIModalPresentationStyle,
         controller: UIPresentationController, container: PresentationContainerView, context: UIViewController?) {
        self.presented = presented
        self.presenting = presenting
        self.style = style
        self.controller = controller
        self.container = container
        self.context = context
    }

    var removesPresentersView: Bool { controller.shouldRemovePresentersView }

    /// The container's frame in its window: the window, or the context controller's view.
    func containerFrame(in window: UIWindow) -> CGRect {
        if let v = context?.viewIfLoaded, v.window === window { return v.convert(v.bounds, to: window) }
        return window.bounds
    }

    /// Takes the presenter's view out of the window, remembering where it was.
    func removePresentersView() {
        guard let v = presenting.viewIfLoaded, let s = v.superview else { return }
        if s !== container { presenterHome = (s, s.subviews.firstIndex { $0 === v } ?? 0) }
        v.removeFromSuperview()
    }

    /// Puts the presenter's view back where it was, below the container, at the container's size
    /// (or leaves it where it is when it never left).
    func restorePresentersView() {
        guard let v = presenting.viewIfLoaded, let home = presenterHome else { return }
        UIView.performWithoutAnimation {
            home.superview.insertSubview(v, at: min(home.index, home.superview.subviews.count))
            if let w = container.window { v.frame = home.superview.convert(containerFrame(in: w), from: w) }
        }
    }
}

/// The view a presentation lives in (UIKit's `UITransitionView`): it fills the window (or the
/// context controller's view), and its layout asks the presentation controller to lay out.
final class PresentationContainerView: UIView {
    weak var presentation: Presentation?
    /// True while a transition animates in the container: the animator owns the frames then.
    var isTransitioning = false

    override func layoutSubviews() {
        super.layoutSubviews()
        guard let p = presentation else { return }
        p.controller.containerViewWillLayoutSubviews()
        // Flipbook's own presentation controllers keep the presented view in place; a user's
        // subclass sets its frame in containerViewWillLayoutSubviews, as in UIKit.
        let builtIn = type(of: p.controller) == UIPresentationController.self || p.controller is BuiltInPresentationController
        if !isTransitioning, builtIn, let v = p.controller.presentedView, v.superview === self {
            v.frame = p.controller.frameOfPresentedViewInContainerView
        }
        p.controller.containerViewDidLayoutSubviews()
    }
}
