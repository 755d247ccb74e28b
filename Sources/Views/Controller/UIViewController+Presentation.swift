import Foundation
import Layers

/// present(_:animated:completion:) and dismiss(animated:completion:), in UIKit's call order
/// (../shared/specs/transitions.md §3, §4): the transitioning delegate is asked for a presentation
/// controller (`.custom` only), an animator and an interaction controller; the presentation
/// controller's will-begin; the appearance callbacks begin; the interaction controller starts or
/// the animator animates in a container view over the window; `completeTransition` ends it.
///
/// Where the spec is unconfirmed or disagrees with itself, Flipbook follows its test vectors:
/// after a completed presentation the order is presentationTransitionDidEnd, the presented
/// controller's `viewDidAppear`, the presenter's `viewDidDisappear`, `animationEnded`, the
/// coordinator's completions, then the completion block (vector 5); a cancelled presentation calls
/// no completion block.
extension UIViewController {
    /// The controller this one presents (or the one its nearest presenting ancestor presents).
    public var presentedViewController: UIViewController? { firstUp { $0.presentedRef } }
    /// The controller that presented this one (or one of its ancestors).
    public var presentingViewController: UIViewController? { firstUp { $0.presentingRef } }
    /// The presentation controller of this controller's presentation, while it is presented.
    public var presentationController: UIPresentationController? { firstUp { $0.presentationRecord?.controller } }
    /// The coordinator of the transition this controller (or an ancestor) takes part in, while it runs.
    public var transitionCoordinator: UIViewControllerTransitionCoordinator? {
        firstUp { c in c.activeTransition.flatMap { $0.isComplete ? nil : $0.coordinator } }
    }

    /// The first non-nil `value` of this controller and its ancestors, nearest first (a loop: the
    /// parent chain may be as deep as a user makes it).
    private func firstUp<T>(_ value: (UIViewController) -> T?) -> T? {
        var c: UIViewController? = self
        while let x = c {
            if let v = value(x) { return v }
            c = x.parent
        }
        return nil
    }

    /// True when `vc` is this controller or one it descends from through parents and presenters:
    /// presenting it from here would close a cycle.
    func isInPresentationChain(_ vc: UIViewController) -> Bool {
        var c: UIViewController? = self
        var seen = Set<ObjectIdentifier>()
        while let x = c, seen.insert(ObjectIdentifier(x)).inserted {
            if x === vc { return true }
            c = x.parent ?? x.presentingRef
        }
        return false
    }

    /// `present(_:animated:completion:)`'s work.
    func performPresent(_ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)?) {
        let vc = viewControllerToPresent
        let engine = CAEngine.current
        func refuse(_ why: String) { engine.report("present refused: \(why)") }
        guard vc !== self else { return refuse("a controller cannot present itself") }
        guard !isInPresentationChain(vc) else {
            return refuse("\(vc.debugName) is in the presentation chain of \(debugName), a cycle (UIKit raises: Application tried to present modally an active controller)")
        }
        guard vc.presentingRef == nil, vc.presentationRecord == nil else {
            return refuse("\(vc.debugName) is already presented (UIKit raises: Application tried to present modally a view controller that is already being presented)")
        }
        guard vc.parent == nil else {
            return refuse("\(vc.debugName) has a parent view controller (UIKit raises: Application tried to present modally a view controller that has a parent view controller)")
        }
        guard let window = viewIfLoaded?.window else {
            return refuse("\(debugName)'s view is not in a window (UIKit: Attempt to present … whose view is not in the window hierarchy)")
        }
        guard window.transitionsInFlight == 0 else {
            return refuse("a transition is in flight (UIKit: Attempt to present \(vc.debugName) while a presentation is in progress)")
        }
        var style = vc.modalPresentationStyle
        if style == .automatic || style == .none { style = .pageSheet }
        let context: UIViewController? = (style == .currentContext || style == .overCurrentContext) ? presentationContext : nil
        let presenter = context ?? presentationRoot
        guard presenter.presentedRef == nil else {
            return refuse("\(presenter.debugName) is already presenting \(presenter.presentedRef!.debugName) (UIKit: Attempt to present on a controller which is already presenting)")
        }
        vc.loadViewIfNeeded()
        let delegate = vc.transitioningDelegate
        let controller: UIPresentationController
        switch style {
        case .custom:
            controller = delegate?.presentationController(forPresented: vc, presenting: presenter, source: self)
                ?? UIPresentationController(presentedViewController: vc, presenting: presenter)
        case .fullScreen, .currentContext: controller = FullScreenPresentationController(presentedViewController: vc, presenting: presenter)
        case .pageSheet, .formSheet: controller = SheetPresentationController(presented: vc, presenting: presenter, form: style == .formSheet)
        default: controller = OverFullScreenPresentationController(presentedViewController: vc, presenting: presenter)
        }
        let custom = delegate?.animationController(forPresented: vc, presenting: presenter, source: self)
        let animator = custom ?? StandardTransitionAnimator(modal: vc.modalTransitionStyle, presenting: true)
        let interaction = custom.flatMap { delegate?.interactionControllerForPresentation(using: $0) }

        let container = PresentationContainerView()
        let record = Presentation(presented: vc, presenting: presenter, style: style, controller: controller,
                                  container: container, context: context)
        container.presentation = record
        UIView.performWithoutAnimation {
            container.frame = record.containerFrame(in: window)
            window.addSubview(container)
        }
        controller.containerView = container
        presenter.presentedRef = vc
        vc.presentingRef = presenter
        vc.presentationRecord = record
        vc.isBeingPresented = true
        let removes = record.removesPresentersView
        let presenterView = presenter.view!
        let inContainer = { (v: UIView) in v.superview.map { container.convert(v.frame, from: $0) } ?? v.frame }
        let ctx = TransitionContext(
            operation: "present", container: container, from: presenter, to: vc,
            fromView: removes ? presenterView : nil, toView: controller.presentedView,
            frames: [(vc, .zero, controller.frameOfPresentedViewInContainerView),
                     (presenter, inContainer(presenterView), removes ? .zero : inContainer(presenterView))],
            animated: flag, style: style, animator: animator, interaction: interaction) { [weak vc] completed in
                guard let vc else { return }
                vc.finishPresentation(record, completed: completed, animator: animator, completion: completion)
            }
        vc.activeTransition = ctx
        presenter.activeTransition = ctx
        container.isTransitioning = true
        if removes, let s = presenterView.superview { record.presenterHome = (s, s.subviews.firstIndex { $0 === presenterView } ?? 0) }
        controller.presentationTransitionWillBegin()
        if removes { presenter.beginAppearanceTransition(false, animated: flag) }
        vc.beginAppearanceTransition(true, animated: flag)
        // A custom presentation runs its animator even when not animated (spec §2).
        ctx.start(in: window, animating: flag || style == .custom)
    }

    private func finishPresentation(_ record: Presentation, completed: Bool, animator: UIViewControllerAnimatedTransitioning,
                                    completion: (() -> Void)?) {
        let presenter = record.presenting
        let removes = record.removesPresentersView
        let ctx = activeTransition
        record.container.isTransitioning = false
        isBeingPresented = false
        if completed {
            if removes { record.removePresentersView() }
            if let v = record.controller.presentedView, v.superview == nil {
                UIView.performWithoutAnimation {
                    record.container.addSubview(v)
                    v.frame = record.controller.frameOfPresentedViewInContainerView
                }
            }
            record.controller.presentationTransitionDidEnd(true)
            endAppearanceTransition()
            if removes { presenter.endAppearanceTransition() }
        } else {
            if removes { record.restorePresentersView() }
            unlinkPresentation(record)
            record.controller.presentationTransitionDidEnd(false)
            beginAppearanceTransition(false, animated: true)
            endAppearanceTransition()
            if removes { presenter.beginAppearanceTransition(true, animated: true); presenter.endAppearanceTransition() }
        }
        activeTransition = nil
        presenter.activeTransition = nil
        animator.animationEnded(completed)
        ctx?.coordinator.runCompletions()
        if completed { completion?() }
    }

    /// `dismiss(animated:completion:)`'s work.
    /// - Parameter interactive: drives the dismissal instead of the delegate's interaction
    ///   controller (a sheet's swipe down).
    func performDismiss(animated flag: Bool, completion: (() -> Void)?, interactive: UIViewControllerInteractiveTransitioning? = nil) {
        let engine = CAEngine.current
        var target: UIViewController?
        var c: UIViewController? = self
        while let x = c, target == nil {
            if let p = x.presentedRef { target = p } else if x.presentingRef != nil { target = x }
            c = x.parent
        }
        guard let dismissed = target, let record = dismissed.presentationRecord else {
            engine.report("dismiss ignored: \(debugName) presents nothing and is not presented")
            return
        }
        guard let window = record.container.window else {
            engine.report("dismiss ignored: \(dismissed.debugName) is not in a window")
            return
        }
        guard window.transitionsInFlight == 0 else {
            engine.report("dismiss refused: a transition is in flight (UIKit: Attempt to dismiss while a presentation or dismiss is in progress)")
            return
        }
        // Controllers presented above leave first, without animation, top down.
        // (Each controller once: present refuses cycles, and this walk could not loop even if one formed.)
        var above: [UIViewController] = []
        var seen: Set<ObjectIdentifier> = [ObjectIdentifier(dismissed)]
        var top = dismissed.presentedRef
        while let t = top, seen.insert(ObjectIdentifier(t)).inserted { above.append(t); top = t.presentedRef }
        for t in above.reversed() { t.removePresentationAtOnce() }

        let presenter = record.presenting
        let delegate = dismissed.transitioningDelegate
        let custom = delegate?.animationController(forDismissed: dismissed)
        let animator = custom ?? StandardTransitionAnimator(modal: dismissed.modalTransitionStyle, presenting: false)
        let interaction = interactive ?? custom.flatMap { delegate?.interactionControllerForDismissal(using: $0) }
        let removes = record.removesPresentersView
        let container = record.container
        let presented = record.controller.presentedView ?? dismissed.view!
        dismissed.isBeingDismissed = true
        if removes { record.restorePresentersView() }
        let presenterView = presenter.view!
        let inContainer = { (v: UIView) in v.superview.map { container.convert(v.frame, from: $0) } ?? v.frame }
        let ctx = TransitionContext(
            operation: "dismiss", container: container, from: dismissed, to: presenter,
            fromView: presented, toView: removes ? presenterView : nil,
            frames: [(dismissed, inContainer(presented), .zero),
                     (presenter, removes ? .zero : inContainer(presenterView), inContainer(presenterView))],
            animated: flag, style: record.style, animator: animator, interaction: interaction) { [weak dismissed] completed in
                dismissed?.finishDismissal(record, completed: completed, animator: animator, completion: completion)
            }
        dismissed.activeTransition = ctx
        presenter.activeTransition = ctx
        container.isTransitioning = true
        record.controller.dismissalTransitionWillBegin()
        dismissed.beginAppearanceTransition(false, animated: flag)
        if removes { presenter.beginAppearanceTransition(true, animated: flag) }
        ctx.start(in: window, animating: flag || record.style == .custom)
    }

    private func finishDismissal(_ record: Presentation, completed: Bool, animator: UIViewControllerAnimatedTransitioning,
                                 completion: (() -> Void)?) {
        let presenter = record.presenting
        let removes = record.removesPresentersView
        let ctx = activeTransition
        record.container.isTransitioning = false
        isBeingDismissed = false
        if completed {
            if removes { record.restorePresentersView() } // wherever the animator left it
            unlinkPresentation(record)
            record.controller.dismissalTransitionDidEnd(true)
            endAppearanceTransition()
            if removes { presenter.endAppearanceTransition() }
        } else {
            if removes { record.removePresentersView() }
            if let v = record.controller.presentedView, v.superview !== record.container {
                UIView.performWithoutAnimation {
                    record.container.addSubview(v)
                    v.frame = record.controller.frameOfPresentedViewInContainerView
                }
            }
            record.container.setNeedsLayout()
            record.controller.dismissalTransitionDidEnd(false)
            if removes { presenter.beginAppearanceTransition(false, animated: true); presenter.endAppearanceTransition() }
            beginAppearanceTransition(true, animated: true)
            endAppearanceTransition()
        }
        activeTransition = nil
        presenter.activeTransition = nil
        animator.animationEnded(completed)
        ctx?.coordinator.runCompletions()
        if completed { completion?() }
    }

    /// Ends this controller's presentation without a transition (a controller above the one being
    /// dismissed): its view and container leave, and it gets its disappearance callbacks.
    private func removePresentationAtOnce() {
        guard let record = presentationRecord else { return }
        beginAppearanceTransition(false, animated: false)
        if record.removesPresentersView { record.restorePresentersView() }
        unlinkPresentation(record)
        endAppearanceTransition()
    }

    /// Takes this presented controller's views and container out of the window and ends its
    /// presented/presenting links.
    private func unlinkPresentation(_ record: Presentation) {
        record.controller.presentedView?.removeFromSuperview()
        viewIfLoaded?.removeFromSuperview()
        record.container.removeFromSuperview()
        record.presenting.presentedRef = nil
        presentingRef = nil
        presentationRecord = nil
    }

    /// The controller whose view a full-window presentation from here covers: the top of this
    /// controller's parent chain (the window's root or a presented controller).
    var presentationRoot: UIViewController {
        var c = self
        while let p = c.parent, c.presentingRef == nil { c = p }
        return c
    }

    /// The nearest controller from here up that defines a presentation context (else the root).
    var presentationContext: UIViewController {
        var c: UIViewController? = self
        while let x = c {
            if x.definesPresentationContext { return x }
            if x.presentingRef != nil { return x }
            c = x.parent
        }
        return presentationRoot
    }

    /// "ClassName" for messages.
    var debugName: String { String(describing: type(of: self)) }
}
