import Foundation
import Layers

/// What a tab bar controller asks and tells its delegate (UIKit's `UITabBarControllerDelegate`).
public protocol UITabBarControllerDelegate: AnyObject {
    /// Whether the user may select `viewController` (asked on a tap, not for `selectedIndex`). Default: true.
    func tabBarController(_ tabBarController: UITabBarController, shouldSelect viewController: UIViewController) -> Bool
    /// The user selected `viewController` with a tap (also when it was selected already).
    func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController)
    /// An animator for the change from `fromVC` to `toVC` (nil: the tabs swap at once, as UIKit's).
    /// Asked for taps and for `selectedIndex`/`selectedViewController` set by code.
    func tabBarController(_ tabBarController: UITabBarController, animationControllerForTransitionFrom fromVC: UIViewController,
                          to toVC: UIViewController) -> UIViewControllerAnimatedTransitioning?
    /// An interaction controller that drives the animator this delegate returned (nil: not interactive).
    func tabBarController(_ tabBarController: UITabBarController,
                          interactionControllerFor animationController: UIViewControllerAnimatedTransitioning) -> UIViewControllerInteractiveTransitioning?
}
public extension UITabBarControllerDelegate {
    /// Default: true.
    func tabBarController(_ tabBarController: UITabBarController, shouldSelect viewController: UIViewController) -> Bool { true }
    /// Default: nothing.
    func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController) {}
    /// Default: nil (no animation).
    func tabBarController(_ tabBarController: UITabBarController, animationControllerForTransitionFrom fromVC: UIViewController,
                          to toVC: UIViewController) -> UIViewControllerAnimatedTransitioning? { nil }
    /// Default: nil.
    func tabBarController(_ tabBarController: UITabBarController,
                          interactionControllerFor animationController: UIViewControllerAnimatedTransitioning) -> UIViewControllerInteractiveTransitioning? { nil }
}

/// A container that shows one of its children at a time, chosen by a tab bar at the bottom, as
/// UIKit's `UITabBarController`.
///
/// Every controller in `viewControllers` is a child; the selected one's view fills the area above
/// the bar and gets the appearance callbacks. A tap on a tab asks the delegate `shouldSelect`,
/// changes the selection and tells `didSelect`; a tap on the selected tab of a navigation
/// controller pops it to its root, as on iOS. A change of tab swaps the views at once unless the
/// delegate returns an animator, which then runs as a transition (with an interaction controller,
/// interactively: cancelling it keeps the old tab).
///
/// Where Flipbook differs: the bar is opaque and the children's views stop above it (UIKit's
/// translucent bar lies over them, with the bar's height in their safe area); a sixth and later
/// tab are shown in the bar squeezed (UIKit gathers them under a More tab).
open class UITabBarController: UIViewController, UITabBarDelegate {
    /// The bar: its items are the children's `tabBarItem`s.
    public let tabBar = UITabBar()
    /// Asked about selection and animators (weak, as in UIKit).
    open weak var delegate: UITabBarControllerDelegate?
    /// The view the selected child's view sits in (above the bar).
    let contentView = UIView()
    private var controllers: [UIViewController]?
    private var selected = 0
    private var transition: TransitionContext?

    public override init() { super.init() }
    /// Archives are not supported; makes a tab bar controller without tabs, so UIKit subclasses port.
    public required init?(coder: NSCoder) { super.init() }
    /// No nibs in Flipbook: a tab bar controller without tabs.
    public override init(nibName: String?, bundle: Bundle?) { super.init(nibName: nibName, bundle: bundle) }

    /// The tabs' controllers, left to right (each is a child). Setting it is
    /// `setViewControllers(_:animated: false)`.
    open var viewControllers: [UIViewController]? {
        get { controllers }
        set { setViewControllers(newValue, animated: false) }
    }

    /// Replaces the tabs. The selected controller stays selected when it is among the new ones;
    /// else the same index, else the first (UIKit's rule). A controller given twice is refused
    /// with one line. `animated` is accepted for UIKit's signature; the bar does not animate.
    open func setViewControllers(_ viewControllers: [UIViewController]?, animated: Bool) {
        let new = viewControllers ?? []
        var seen = Set<ObjectIdentifier>()
        guard new.allSatisfy({ seen.insert(ObjectIdentifier($0)).inserted }) else {
            return CAEngine.current.report("UITabBarController.setViewControllers refused: a controller appears twice")
        }
        if transition != nil {
            return CAEngine.current.report("UITabBarController.setViewControllers refused: a tab transition is in flight")
        }
        let old = controllers ?? []
        let oldSelected = old.indices.contains(selected) ? old[selected] : nil
        let newIDs = seen
        for vc in old where !newIDs.contains(ObjectIdentifier(vc)) {
            vc.willMove(toParent: nil)
            if vc === oldSelected, vc.viewIfLoaded?.superview === contentView {
                if isAppeared { vc.appearanceTransition(false) }
                vc.view.removeFromSuperview()
            }
            vc.removeFromParent()
        }
        let oldIDs = Set(old.map(ObjectIdentifier.init))
        for vc in new where !oldIDs.contains(ObjectIdentifier(vc)) {
            addChild(vc)
            vc.didMove(toParent: self)
        }
        controllers = viewControllers
        if let s = oldSelected, let i = new.firstIndex(where: { $0 === s }) { selected = i }
        else if !new.indices.contains(selected) { selected = 0 }
        tabBar.items = new.map { $0.tabBarItem }
        showSelected()
    }

    /// The index of the selected tab. Setting it selects that tab (through the delegate's animator
    /// when it gives one); an index out of range is reported in one line and ignored.
    open var selectedIndex: Int {
        get { selected }
        set {
            guard let vcs = controllers, vcs.indices.contains(newValue) else {
                return CAEngine.current.report("UITabBarController.selectedIndex = \(newValue) ignored: there are \(controllers?.count ?? 0) tabs")
            }
            select(newValue)
        }
    }
    /// The selected tab's controller. Setting it to one that is not a tab is reported and ignored.
    open var selectedViewController: UIViewController? {
        get { controllers.flatMap { $0.indices.contains(selected) ? $0[selected] : nil } }
        set {
            guard let vc = newValue, let i = controllers?.firstIndex(where: { $0 === vc }) else {
                return CAEngine.current.report("UITabBarController.selectedViewController ignored: \(newValue?.debugName ?? "nil") is not one of its tabs")
            }
            select(i)
        }
    }

    open override func loadView() {
        let v = ContainerView(frame: UIScreen.main.bounds) { [weak self] in self?.layoutTabs() }
        contentView.clipsToBounds = true
        v.addSubview(contentView)
        v.addSubview(tabBar)
        tabBar.delegate = self
        view = v
        showSelected()
    }

    /// The bar shows the children's items again (a child's `tabBarItem` was replaced).
    func tabItemsChanged() {
        tabBar.items = controllers?.map { $0.tabBarItem }
        tabBar.selectedItem = selectedViewController?.tabBarItem
    }

    /// Lays out the content and the bar; the selected view fills the content while no transition runs.
    func layoutTabs() {
        guard let v = viewIfLoaded else { return }
        let h = tabBar.sizeThatFits(v.bounds.size).height
        tabBar.frame = CGRect(x: 0, y: v.bounds.height - h, width: v.bounds.width, height: h)
        contentView.frame = CGRect(x: 0, y: 0, width: v.bounds.width, height: max(0, v.bounds.height - h))
        if transition == nil, let shown = selectedViewController?.viewIfLoaded, shown.superview === contentView {
            shown.frame = contentView.bounds
        }
    }

    /// Puts the selected child's view in the content (no transition), taking any other out.
    private func showSelected() {
        tabBar.selectedItem = selectedViewController?.tabBarItem
        guard isViewLoaded else { return }
        let current = selectedViewController
        for sub in contentView.subviews where sub !== current?.viewIfLoaded {
            if let owner = controllers?.first(where: { $0.viewIfLoaded === sub }), isAppeared { owner.appearanceTransition(false) }
            sub.removeFromSuperview()
        }
        if let vc = current, vc.view.superview !== contentView {
            install(vc.view)
            if isAppeared { vc.appearanceTransition(true) }
        }
    }

    private func install(_ v: UIView) {
        UIView.performWithoutAnimation {
            if v.superview !== contentView { contentView.addSubview(v) }
            v.frame = contentView.bounds
            v.transform = .identity
        }
    }

    /// Selects tab `index`: at once, or through the delegate's animator while on screen.
    private func select(_ index: Int) {
        guard let vcs = controllers, vcs.indices.contains(index) else { return }
        if transition != nil || (viewIfLoaded?.window?.transitionsInFlight ?? 0) > 0 {
            return CAEngine.current.report("UITabBarController: selecting tab \(index) refused: a transition is in flight")
        }
        let from = selectedViewController, to = vcs[index]
        guard from !== to else { return }
        let previous = selected
        selected = index
        guard let from, let window = viewIfLoaded?.window, isAppeared,
              let animator = delegate?.tabBarController(self, animationControllerForTransitionFrom: from, to: to) else {
            return showSelected()
        }
        tabBar.selectedItem = to.tabBarItem
        let interaction = delegate?.tabBarController(self, interactionControllerFor: animator)
        let content = contentView.bounds
        let ctx = TransitionContext(
            operation: "tab change", container: contentView, from: from, to: to, fromView: from.view, toView: to.view,
            frames: [(from, content, .zero), (to, .zero, content)],
            animated: true, style: .fullScreen, animator: animator, interaction: interaction) { [weak self] completed in
                self?.finishTransition(completed, from: from, to: to, previous: previous, animator: animator)
            }
        transition = ctx
        from.activeTransition = ctx
        to.activeTransition = ctx
        from.beginAppearanceTransition(false, animated: true)
        to.beginAppearanceTransition(true, animated: true)
        ctx.start(in: window)
    }

    private func finishTransition(_ completed: Bool, from: UIViewController, to: UIViewController, previous: Int,
                                  animator: UIViewControllerAnimatedTransitioning) {
        let ctx = transition
        transition = nil
        from.activeTransition = nil
        to.activeTransition = nil
        if completed {
            from.viewIfLoaded?.removeFromSuperview()
            install(to.view)
            from.endAppearanceTransition()
            to.endAppearanceTransition()
        } else {
            to.viewIfLoaded?.removeFromSuperview()
            install(from.view)
            selected = previous
            tabBar.selectedItem = from.tabBarItem
            to.beginAppearanceTransition(false, animated: true)
            to.endAppearanceTransition()
            from.beginAppearanceTransition(true, animated: true)
            from.endAppearanceTransition()
        }
        animator.animationEnded(completed)
        ctx?.coordinator.runCompletions()
    }

    // MARK: UITabBarDelegate

    /// A tap on a tab: the delegate may refuse it; the selected tab of a navigation controller pops
    /// to its root; then the delegate hears `didSelect`. Subclasses that override it call `super`.
    open func tabBar(_ tabBar: UITabBar, didSelect item: UITabBarItem) {
        guard let vcs = controllers, let i = vcs.firstIndex(where: { $0.tabBarItem === item }) else { return }
        let vc = vcs[i]
        if delegate?.tabBarController(self, shouldSelect: vc) == false { return }
        if i == selected {
            if let nav = vc as? UINavigationController, nav.viewControllers.count > 1 { nav.popToRootViewController(animated: true) }
        } else {
            select(i)
            guard selected == i else { return }   // refused
        }
        delegate?.tabBarController(self, didSelect: vc)
    }
}
