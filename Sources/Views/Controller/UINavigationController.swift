import Foundation
import Layers

/// The navigation controller's delegate (UIKit's `UINavigationControllerDelegate`); all optional.
public protocol UINavigationControllerDelegate: AnyObject {
    /// Called when a push or pop starts, before its transition, with the controller coming to the top.
    func navigationController(_ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool)
    /// Called when a push or pop has finished (not after a cancelled interactive pop).
    func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool)
    /// A custom animator for a push or pop (nil: the standard slide).
    func navigationController(_ navigationController: UINavigationController, animationControllerFor operation: UINavigationController.Operation,
                              from fromVC: UIViewController, to toVC: UIViewController) -> UIViewControllerAnimatedTransitioning?
    /// An interaction controller that drives the animator this delegate returned (nil: not
    /// interactive). Asked only when the delegate supplied an animator; its answer then replaces the
    /// edge pan's own interaction.
    func navigationController(_ navigationController: UINavigationController,
                              interactionControllerFor animationController: UIViewControllerAnimatedTransitioning) -> UIViewControllerInteractiveTransitioning?
}

extension UINavigationControllerDelegate {
    /// Default: nothing.
    public func navigationController(_ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool) {}
    /// Default: nothing.
    public func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool) {}
    /// Default: nil (the standard slide).
    public func navigationController(_ navigationController: UINavigationController, animationControllerFor operation: UINavigationController.Operation,
                                     from fromVC: UIViewController, to toVC: UIViewController) -> UIViewControllerAnimatedTransitioning? { nil }
    /// Default: nil (not interactive).
    public func navigationController(_ navigationController: UINavigationController,
                                     interactionControllerFor animationController: UIViewControllerAnimatedTransitioning) -> UIViewControllerInteractiveTransitioning? { nil }
}

/// How long `setNavigationBarHidden(_:animated: true)` slides the bar (UIKit's constant).
public let UINavigationControllerHideShowBarDuration: CGFloat = 0.2

/// A stack of controllers shown one at a time under a navigation bar (UIKit's
/// `UINavigationController`): push slides the new one in from the right over the old one
/// (parallax and a shade), pop slides it back; a pan from the left edge (or the gamepad's B held
/// with the left stick pushed right) pops interactively, and letting go past half-way or fast
/// enough finishes it, else it cancels.
///
/// Transitions run in the content view below the bar through the same context, animators and
/// interaction controllers as presentations; the delegate may supply its own (spec §5). The stack
/// changes at once when a push or pop starts (`viewControllers`, `topViewController`); a
/// cancelled interactive pop puts it back. A push of a controller already in the stack, and a push
/// or pop while a transition is in flight, are reported in one line and ignored.
open class UINavigationController: UIViewController, UIGestureRecognizerDelegate {
    /// The kind of stack change a transition makes (UIKit's `UINavigationController.Operation`).
    public enum Operation: Int, Sendable {
        /// The top controller stays (a `setViewControllers` that keeps it on top).
        case none = 0
        /// A controller was pushed.
        case push = 1
        /// One or more controllers were popped.
        case pop = 2
    }

    /// The stack, root first. Setting it is `setViewControllers(_:animated: false)`.
    open var viewControllers: [UIViewController] {
        get { stack }
        set { setViewControllers(newValue, animated: false) }
    }
    private var stack: [UIViewController] = []
    /// The identities of `stack`'s controllers, kept with it: a push asks whether its controller
    /// is already in the stack in O(1).
    private var inStack = Set<ObjectIdentifier>()
    /// Controllers compared while working out what a change adds and removes (tests read it: a
    /// push or a pop compares none, so pushing n controllers is not quadratic).
    private(set) var comparisons = 0
    /// The controller on top of the stack (the one shown), or nil when the stack is empty.
    open var topViewController: UIViewController? { stack.last }
    /// The top controller, or the controller it presents.
    open var visibleViewController: UIViewController? { topViewController?.presentedViewController ?? topViewController }
    /// Told about pushes and pops and asked for custom animators (weak, as in UIKit).
    open weak var delegate: UINavigationControllerDelegate?
    /// The bar above the content: 44 points high, showing the top controller's title and a back button.
    public let navigationBar = UINavigationBar()
    /// Whether the bar is hidden; change it with `setNavigationBarHidden(_:animated:)`. Default: false.
    public private(set) var isNavigationBarHidden = false
    /// The left-edge pan that pops interactively; on while the stack holds two or more.
    public private(set) lazy var interactivePopGestureRecognizer: UIGestureRecognizer? = {
        let pan = UIPanGestureRecognizer { [weak self] pan in self?.edgePanChanged(pan) }
        pan.delegate = self
        return pan
    }()
    /// The toolbar at the bottom, showing the top controller's `toolbarItems` while
    /// `isToolbarHidden` is false.
    public let toolbar = UIToolbar()
    /// Whether the toolbar is hidden; change it with `setToolbarHidden(_:animated:)`. Default: true.
    open var isToolbarHidden: Bool {
        get { toolbarHidden }
        set { setToolbarHidden(newValue, animated: false) }
    }
    private var toolbarHidden = true
    /// The view the transitions happen in (below the bar).
    let contentView = UIView()
    private var transition: TransitionContext?
    private var popInteraction: UIPercentDrivenInteractiveTransition?

    public override init() { super.init() }
    /// A navigation controller whose stack holds `rootViewController` alone.
    public init(rootViewController: UIViewController) {
        super.init()
        setViewControllers([rootViewController], animated: false)
    }
    /// Archives are not supported; makes an empty navigation controller, so UIKit subclasses port.
    public required init?(coder: NSCoder) { super.init() }

    open override func loadView() {
        let v = ContainerView(frame: UIScreen.main.bounds) { [weak self] in self?.layoutNavigation() }
        contentView.clipsToBounds = true
        v.addSubview(contentView)
        v.addSubview(navigationBar)
        v.addSubview(toolbar)
        navigationBar.backButton.addAction(for: .touchUpInside) { [weak self] in self?.popViewController(animated: true) }
        if let pan = interactivePopGestureRecognizer { v.addGestureRecognizer(pan) }
        view = v
        if let top = stack.last { install(top.view) }
        updateBar()
    }

    /// Lays out the bar and the content; the top controller's view fills the content while no
    /// transition runs.
    func layoutNavigation() {
        guard let v = viewIfLoaded else { return }
        let bar: CGFloat = isNavigationBarHidden ? 0 : 44
        // A hidden bar sits above the view, so hiding and showing it animated slides it.
        navigationBar.frame = CGRect(x: 0, y: isNavigationBarHidden ? -44 : 0, width: v.bounds.width, height: 44)
        navigationBar.isHidden = isNavigationBarHidden && barAnimations == 0
        // A hidden toolbar sits below the view, so hiding and showing it animated slides it.
        let tool: CGFloat = toolbarHidden ? 0 : 44
        toolbar.frame = CGRect(x: 0, y: v.bounds.height - (toolbarHidden ? 0 : 44), width: v.bounds.width, height: 44)
        toolbar.isHidden = toolbarHidden && toolbarAnimations == 0
        contentView.frame = CGRect(x: 0, y: bar, width: v.bounds.width, height: max(0, v.bounds.height - bar - tool))
        if transition == nil, let top = stack.last?.viewIfLoaded, top.superview === contentView { top.frame = contentView.bounds }
    }

    /// Hides or shows the bar; animated, the bar slides up out of the view or down into it over
    /// `UINavigationControllerHideShowBarDuration` while the content grows or shrinks with it.
    open func setNavigationBarHidden(_ hidden: Bool, animated: Bool) {
        guard hidden != isNavigationBarHidden else { return }
        isNavigationBarHidden = hidden
        slideBar(navigationBar, animated: animated, counter: \.barAnimations) { $0.isNavigationBarHidden }
    }

    /// Lays the bars and the content out again for a bar hidden or shown; animated (and on screen),
    /// over `UINavigationControllerHideShowBarDuration`, `bar` showing until the last of its slides
    /// (`counter`) ends and then hidden if `hidden` says so.
    private func slideBar(_ bar: UIView, animated: Bool, counter: ReferenceWritableKeyPath<UINavigationController, Int>,
                          hidden: @escaping (UINavigationController) -> Bool) {
        guard animated, let v = viewIfLoaded, v.window != nil else { return viewIfLoaded?.setNeedsLayout() ?? () }
        UIView.performWithoutAnimation { v.layoutIfNeeded() } // the bar starts from where it is now
        self[keyPath: counter] += 1
        bar.isHidden = false
        UIView.animate(withDuration: TimeInterval(UINavigationControllerHideShowBarDuration), animations: {
            v.setNeedsLayout()
            v.layoutIfNeeded()
        }, completion: { [weak self] _ in
            guard let self else { return }
            self[keyPath: counter] -= 1
            if self[keyPath: counter] == 0 { bar.isHidden = hidden(self) }
        })
    }
    /// Bar slides in flight: the bar stays visible until the last one ends.
    private var barAnimations = 0

    /// Hides or shows the toolbar; animated, it slides down out of the view or up into it over
    /// `UINavigationControllerHideShowBarDuration` while the content grows or shrinks with it.
    open func setToolbarHidden(_ hidden: Bool, animated: Bool) {
        guard hidden != toolbarHidden else { return }
        toolbarHidden = hidden
        slideBar(toolbar, animated: animated, counter: \.toolbarAnimations) { $0.toolbarHidden }
    }
    /// Toolbar slides in flight.
    private var toolbarAnimations = 0

    // MARK: Push and pop

    /// Pushes `viewController` on the stack and shows it, sliding in from the right when `animated`
    /// (or with the delegate's animator). A controller already in the stack, or with another parent or
    /// presented, or a push while a transition is in flight, is reported in one line and ignored.
    open func pushViewController(_ viewController: UIViewController, animated: Bool) {
        guard !inStack.contains(ObjectIdentifier(viewController)) else {
            return CAEngine.current.report("pushViewController refused: \(viewController.debugName) is already in the navigation stack (UIKit raises: Pushing the same view controller instance more than once is not supported)")
        }
        guard viewController.parent == nil || viewController.parent === self, viewController.presentingRef == nil else {
            return CAEngine.current.report("pushViewController refused: \(viewController.debugName) has another parent or is presented")
        }
        // In place, not `stack + [viewController]`: a copy of the stack per push is quadratic.
        change(operation: .push, animated: animated, interaction: nil, added: [viewController], removed: [],
               edit: { $0.append(viewController) }, undo: { $0.removeLast() })
    }

    /// Pops the top controller and returns it; nil when the root is on top or a transition is in flight
    /// (the latter reported in one line).
    @discardableResult
    open func popViewController(animated: Bool) -> UIViewController? {
        guard stack.count > 1, let top = stack.last else { return nil }
        return popTop(animated: animated, interaction: nil) ? top : nil
    }

    /// Pops every controller above the root and returns them, root's successor first; `[]` when the
    /// root is on top, nil when refused (a transition in flight).
    @discardableResult
    open func popToRootViewController(animated: Bool) -> [UIViewController]? {
        guard stack.count > 1 else { return [] }
        let popped = Array(stack.dropFirst())
        return change(to: [stack[0]], operation: .pop, animated: animated, interaction: nil) ? popped : nil
    }

    /// Pops the controllers above `viewController` and returns them; `[]` when it is on top, nil (and
    /// a one-line report) when it is not in the stack or a transition is in flight.
    @discardableResult
    open func popToViewController(_ viewController: UIViewController, animated: Bool) -> [UIViewController]? {
        guard let i = stack.firstIndex(where: { $0 === viewController }) else {
            CAEngine.current.report("popToViewController ignored: \(viewController.debugName) is not in the navigation stack")
            return nil
        }
        let popped = Array(stack[(i + 1)...])
        guard !popped.isEmpty else { return [] }
        return change(to: Array(stack[...i]), operation: .pop, animated: animated, interaction: nil) ? popped : nil
    }

    /// Replaces the stack; animated as a push when the new top was not in the stack, else a pop.
    open func setViewControllers(_ viewControllers: [UIViewController], animated: Bool) {
        var seen = Set<ObjectIdentifier>()
        guard viewControllers.allSatisfy({ seen.insert(ObjectIdentifier($0)).inserted }) else {
            return CAEngine.current.report("setViewControllers refused: a controller appears twice")
        }
        let newTop = viewControllers.last
        let op: Operation = newTop.map { t in stack.contains { $0 === t } } == true ? .pop : .push
        change(to: viewControllers, operation: op, animated: animated, interaction: nil)
    }

    /// Takes the top controller off the stack in place (a pop of one: nothing compared, nothing copied).
    private func popTop(animated: Bool, interaction: UIPercentDrivenInteractiveTransition?) -> Bool {
        guard let top = stack.last else { return false }
        return change(operation: .pop, animated: animated, interaction: interaction, added: [], removed: [top],
                      edit: { $0.removeLast() }, undo: { $0.append(top) })
    }

    /// Moves from the current stack to `newStack`; false when refused (a transition in flight).
    @discardableResult
    private func change(to newStack: [UIViewController], operation: Operation, animated: Bool,
                        interaction: UIPercentDrivenInteractiveTransition?) -> Bool {
        let old = stack
        let (added, removed) = difference(from: old, to: newStack)
        return change(operation: operation, animated: animated, interaction: interaction, added: added, removed: removed,
                      edit: { $0 = newStack }, undo: { $0 = old })
    }

    /// Changes the stack with `edit`, which adds `added` and takes away `removed`; `undo` puts it
    /// back when an interactive transition is cancelled. False when refused (a transition in flight).
    @discardableResult
    private func change(operation: Operation, animated: Bool, interaction: UIPercentDrivenInteractiveTransition?,
                        added: [UIViewController], removed: [UIViewController],
                        edit: (inout [UIViewController]) -> Void, undo: @escaping (inout [UIViewController]) -> Void) -> Bool {
        if transition != nil || (viewIfLoaded?.window?.transitionsInFlight ?? 0) > 0 {
            CAEngine.current.report("\(operation == .push ? "push" : "pop") refused: a transition is in flight")
            return false
        }
        let from = stack.last
        edit(&stack)
        for vc in removed { inStack.remove(ObjectIdentifier(vc)) }
        for vc in added { inStack.insert(ObjectIdentifier(vc)) }
        let to = stack.last
        for vc in added { addChild(vc) }
        for vc in removed { vc.willMove(toParent: nil) }
        guard let window = viewIfLoaded?.window, isAppeared, let to, let from, from !== to else {
            // Not on screen (or the top stays): swap the views; appearance follows the container's.
            if let from, from !== to, from.viewIfLoaded?.superview === contentView {
                if isAppeared { from.appearanceTransition(false) }
                from.view.removeFromSuperview()
            }
            if let to, isViewLoaded, to.viewIfLoaded?.superview !== contentView {
                install(to.view)
                if isAppeared { to.appearanceTransition(true) }
            }
            for vc in added { vc.didMove(toParent: self) }
            for vc in removed { vc.removeFromParent() }
            updateBar()
            return true
        }
        let op = to === from ? Operation.none : operation
        delegate?.navigationController(self, willShow: to, animated: animated)
        let custom = delegate?.navigationController(self, animationControllerFor: op, from: from, to: to)
        let animator = custom ?? StandardTransitionAnimator(navigation: op == .push ? .push : .pop)
        let interactive: UIViewControllerInteractiveTransitioning? =
            custom.map { delegate?.navigationController(self, interactionControllerFor: $0) } ?? interaction
        let content = contentView.bounds
        let ctx = TransitionContext(
            operation: op == .push ? "push" : "pop", container: contentView, from: from, to: to,
            fromView: from.view, toView: to.view,
            frames: [(from, content, .zero), (to, .zero, content)],
            animated: animated, style: .fullScreen, animator: animator, interaction: interactive) { [weak self] completed in
                self?.finishTransition(completed: completed, undo: undo, from: from, to: to, added: added, removed: removed,
                                       animator: animator, animated: animated)
            }
        transition = ctx
        from.activeTransition = ctx
        to.activeTransition = ctx
        if op == .push { to.isMovingToParent = true } else { from.isMovingFromParent = true }
        from.beginAppearanceTransition(false, animated: animated)
        to.beginAppearanceTransition(true, animated: animated)
        updateBar()
        ctx.start(in: window, animating: animated)
        return true
    }

    /// The controllers of `new` not in `old` and those of `old` not in `new`, each in stack order.
    /// Only the parts after the longest common prefix are compared, through sets: a push or pop
    /// costs one pass over the prefix. (A scan of `old` per controller of `new` made 4,000 pushes
    /// take 8.3 s, #38 item 6.)
    /// - Complexity: O(old + new), pointer comparisons over the common prefix.
    private func difference(from old: [UIViewController], to new: [UIViewController]) -> (added: [UIViewController], removed: [UIViewController]) {
        var p = 0
        while p < old.count, p < new.count, old[p] === new[p] { p += 1 }
        comparisons += p + (old.count - p) + (new.count - p)
        let oldTail = old[p...], newTail = new[p...]
        if oldTail.isEmpty { return (Array(newTail), []) }
        if newTail.isEmpty { return ([], Array(oldTail)) }
        let oldIDs = Set(oldTail.map(ObjectIdentifier.init)), newIDs = Set(newTail.map(ObjectIdentifier.init))
        return (newTail.filter { !oldIDs.contains(ObjectIdentifier($0)) }, oldTail.filter { !newIDs.contains(ObjectIdentifier($0)) })
    }

    private func finishTransition(completed: Bool, undo: (inout [UIViewController]) -> Void, from: UIViewController, to: UIViewController,
                                  added: [UIViewController], removed: [UIViewController],
                                  animator: UIViewControllerAnimatedTransitioning, animated: Bool) {
        let ctx = transition
        transition = nil
        from.activeTransition = nil
        to.activeTransition = nil
        if completed {
            from.viewIfLoaded?.removeFromSuperview()
            install(to.view)
            from.endAppearanceTransition()
            to.endAppearanceTransition()
            for vc in added { vc.didMove(toParent: self) }
            for vc in removed { vc.removeFromParent() }
        } else {
            to.viewIfLoaded?.removeFromSuperview()
            install(from.view)
            undo(&stack)
            for vc in added { inStack.remove(ObjectIdentifier(vc)) }
            for vc in removed { inStack.insert(ObjectIdentifier(vc)) }
            to.beginAppearanceTransition(false, animated: true)
            to.endAppearanceTransition()
            from.beginAppearanceTransition(true, animated: true)
            from.endAppearanceTransition()
            for vc in added { vc.willMove(toParent: nil); vc.removeFromParent() }
            for vc in removed { vc.didMove(toParent: self) }
            updateBar()
        }
        to.isMovingToParent = false
        from.isMovingFromParent = false
        animator.animationEnded(completed)
        ctx?.coordinator.runCompletions()
        if completed { delegate?.navigationController(self, didShow: to, animated: animated) }
    }

    /// Puts `v` in the content view, filling it.
    private func install(_ v: UIView) {
        UIView.performWithoutAnimation {
            if v.superview !== contentView { contentView.addSubview(v) }
            v.frame = contentView.bounds
            v.transform = .identity
        }
    }

    private func updateBar() {
        let top = stack.last
        navigationBar.title = top?.navigationItem.title ?? top?.title
        let previous = stack.count > 1 ? stack[stack.count - 2] : nil
        navigationBar.backTitle = previous.map { $0.navigationItem.backButtonTitle ?? $0.navigationItem.title ?? $0.title ?? "Back" }
        navigationBar.shownItem = top?.navigationItem
        toolbar.items = top?.toolbarItems
    }

    // MARK: Interactive pop

    /// Pops interactively: `update`, `finish` and `cancel` on the returned controller drive it.
    func beginInteractivePop() -> UIPercentDrivenInteractiveTransition? {
        guard stack.count > 1, transition == nil else { return nil }
        let i = UIPercentDrivenInteractiveTransition()
        i.completionCurve = .easeOut
        guard popTop(animated: true, interaction: i) else { return nil }
        return i
    }

    /// The gesture delegate's answer for the interactive pop: it begins only when the touch went down
    /// within 24 points of the left edge, the stack holds two or more and no transition runs. Other
    /// recognizers: true.
    public func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        guard gestureRecognizer === interactivePopGestureRecognizer, let v = viewIfLoaded else { return true }
        // Where the touch went down (the pan begins some points later): within 24 pt of the left edge.
        let moved = (gestureRecognizer as? UIPanGestureRecognizer)?.translation(in: v).x ?? 0
        return stack.count > 1 && transition == nil && (v.window?.transitionsInFlight ?? 0) == 0
            && gestureRecognizer.location(in: v).x - moved <= 24
    }

    private func edgePanChanged(_ pan: UIPanGestureRecognizer) {
        let width = max(1, view.bounds.width)
        switch pan.state {
        case .began:
            popInteraction = beginInteractivePop()
        case .changed:
            popInteraction?.update(pan.translation(in: view).x / width)
        case .ended, .cancelled:
            guard let i = popInteraction else { return }
            let v = pan.velocity(in: view).x
            if pan.state == .ended && (v > 300 || (i.percentComplete > 0.5 && v > -300)) { i.finish() } else { i.cancel() }
            popInteraction = nil
        default: break
        }
    }

    /// The gamepad's B (or Escape) held with the left stick: `value` 0…1 pops that far; release
    /// ends it (see UIWindow's back handling).
    func scrubPop(to value: Double) {
        if popInteraction == nil { popInteraction = beginInteractivePop() }
        popInteraction?.update(CGFloat(value))
    }

    func endScrubbedPop() -> Bool {
        guard let i = popInteraction else { return false }
        i.percentComplete > 0.5 ? i.finish() : i.cancel()
        popInteraction = nil
        return true
    }
}

/// A container's root view: its layout lays out the container's bars and content (a navigation
/// or tab bar controller's).
final class ContainerView: UIView {
    let layOut: () -> Void
    init(frame: CGRect, layOut: @escaping () -> Void) {
        self.layOut = layOut
        super.init(frame: frame)
    }
    required init?(coder: NSCoder) { nil }
    override func layoutSubviews() {
        super.layoutSubviews()
        layOut()
    }
}

extension UIViewController {
    /// The nearest navigation controller in the parent chain.
    public var navigationController: UINavigationController? { nearestAncestor(UINavigationController.self) }
    /// The nearest tab bar controller in the parent chain.
    public var tabBarController: UITabBarController? { nearestAncestor(UITabBarController.self) }

    /// The nearest controller of `type` in the parent chain (not this one).
    /// - Complexity: O(depth of the chain).
    func nearestAncestor<T: UIViewController>(_ type: T.Type) -> T? {
        var p = parent
        while let x = p { if let t = x as? T { return t }; p = x.parent }
        return nil
    }
}
