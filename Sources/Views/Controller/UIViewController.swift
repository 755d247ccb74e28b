import Foundation
import Layers

/// Manages a view and its life cycle, as UIKit's `UIViewController`.
///
/// The view is made lazily on first access (`loadView()`, then `viewDidLoad()`); a window's
/// `rootViewController` gets the appearance callbacks; child controllers follow UIKit's
/// containment calls (`addChild` sends `willMove(toParent:)`, the container calls
/// `didMove(toParent:)`; `removeFromParent` sends `didMove(toParent: nil)`).
///
/// Appearance callbacks come in UIKit's pairs through `beginAppearanceTransition(_:animated:)`
/// and `endAppearanceTransition()`: a controller goes disappeared → appearing → appeared →
/// disappearing → disappeared, and a cancelled transition turns an appearing controller into a
/// disappearing one (`viewWillAppear` is then followed by `viewWillDisappear`/`viewDidDisappear`,
/// never by `viewDidAppear`). A container forwards its own appearance to the children whose views
/// are inside its view (`shouldAutomaticallyForwardAppearanceMethods`). Presentation
/// (UIViewController+Presentation.swift) and navigation (UINavigationController) drive them.
open class UIViewController: UIResponder {
    private var loadedView: UIView?
    /// The child controllers, in the order they were added (`addChild`).
    public private(set) var children: [UIViewController] = []
    /// The container this controller is a child of (weak), or nil.
    public private(set) weak var parent: UIViewController?
    /// The controller's title; a navigation bar shows it when `navigationItem.title` is nil, and
    /// setting it also titles the controller's `tabBarItem` once that was made (as UIKit does).
    open var title: String? {
        didSet { if title != oldValue, let item = madeTabBarItem { item.title = title } }
    }
    private var madeTabBarItem: UITabBarItem?
    /// The items a navigation controller's toolbar shows while this controller is on top (the
    /// toolbar shows when the navigation controller's `isToolbarHidden` is false). Default: nil.
    open var toolbarItems: [UIBarButtonItem]? {
        didSet { if let nav = navigationController, nav.topViewController === self { nav.toolbar.items = toolbarItems } }
    }
    /// Sets `toolbarItems` (Flipbook does not fade the change: `animated` is ignored).
    open func setToolbarItems(_ toolbarItems: [UIBarButtonItem]?, animated: Bool) { self.toolbarItems = toolbarItems }
    /// The tab a tab bar controller shows for this controller: made on first use with the
    /// controller's title and no picture; set your own to give it one.
    open var tabBarItem: UITabBarItem! {
        get {
            if let item = madeTabBarItem { return item }
            let item = UITabBarItem(title: title, image: nil, tag: 0)
            madeTabBarItem = item
            return item
        }
        set {
            madeTabBarItem = newValue
            tabBarController?.tabItemsChanged()
        }
    }
    /// What a navigation bar shows for this controller (made on first use).
    public private(set) lazy var navigationItem = UINavigationItem()
    /// The size the controller would like when presented as a form sheet or in a custom
    /// presentation (its presentation controller is told when it changes). Default: zero.
    open var preferredContentSize: CGSize = .zero {
        didSet { if preferredContentSize != oldValue { presentationRecord?.controller.preferredContentSizeDidChange(forChildContentContainer: self) } }
    }

    /// Where the controller is in its appearance cycle (UIKit's `_appearState`).
    enum AppearState { case disappeared, appearing, appeared, disappearing }
    var appearState = AppearState.disappeared
    /// Whether the view is on screen as far as the appearance callbacks go.
    var isAppeared: Bool { appearState == .appeared || appearState == .appearing }

    // Presentation state (UIViewController+Presentation.swift).
    /// How the controller covers the screen when presented. Default: `.automatic` (a page sheet,
    /// as iOS 13 and later; set `.fullScreen` for the older behaviour).
    open var modalPresentationStyle: UIModalPresentationStyle = .automatic
    /// The standard animation when no custom animator is given. Default: `.coverVertical`.
    open var modalTransitionStyle: UIModalTransitionStyle = .coverVertical
    /// Supplies custom animators and presentation controllers; held weakly, as in UIKit.
    open weak var transitioningDelegate: UIViewControllerTransitioningDelegate?
    /// Whether `.currentContext`/`.overCurrentContext` presentations from inside this controller
    /// cover this controller's view. Default: false.
    open var definesPresentationContext = false
    /// Whether the controller keeps itself on screen against interactive dismissal: a sheet then
    /// resists a swipe down and springs back, and its presentation controller's delegate hears
    /// `presentationControllerDidAttemptToDismiss`. `dismiss(animated:)` still dismisses it.
    /// Default: false.
    open var isModalInPresentation = false
    var presentedRef: UIViewController?
    weak var presentingRef: UIViewController?
    /// This controller's presentation while it is presented (container, presentation controller).
    var presentationRecord: Presentation?
    /// The transition this controller takes part in, while it runs.
    var activeTransition: TransitionContext?
    /// True from `present` until the presentation's transition ends (completed or cancelled).
    public internal(set) var isBeingPresented = false
    /// True from `dismiss` until the dismissal's transition ends.
    public internal(set) var isBeingDismissed = false
    /// True while this controller is being pushed onto a navigation stack (during the transition).
    /// Flipbook sets it only for navigation pushes, not for `addChild`.
    public internal(set) var isMovingToParent = false
    /// True while this controller is being popped off a navigation stack (during the transition).
    public internal(set) var isMovingFromParent = false
    /// The window a playground shows this controller in when the controller is itself a scene
    /// (Flipbook's `Scene`), made on first use; it holds the controller as its root until the
    /// scene's `tearDown()`. Not UIKit API: on iOS the scene delegate owns the window.
    package lazy var sceneWindow = UIWindow(frame: .zero)

    public override init() { super.init() }
    /// A controller with no nib: Flipbook has none, so the arguments are ignored (build the view in
    /// `loadView()` or `viewDidLoad()`).
    public init(nibName: String?, bundle: Bundle?) { super.init() }
    /// Archives are not supported; kept so UIKit subclasses' `required init?(coder:)` port.
    public required init?(coder: NSCoder) { super.init() }

    /// The root view, loaded on first access. Setting it replaces the view.
    open var view: UIView! {
        get {
            if loadedView == nil {
                loadView()
                if loadedView == nil { loadedView = UIView(frame: UIScreen.main.bounds) }
                loadedView?.owningViewController = self
                loadedView?.layoutState.needsUpdateConstraints = true   // updateViewConstraints before the first layout
                viewDidLoad()
            }
            return loadedView
        }
        set {
            loadedView?.owningViewController = nil
            loadedView = newValue
            newValue?.owningViewController = self
            newValue?.updateTraitsFromAbove()
        }
    }

    /// The appearance this controller's view and the views below it take, whatever they would
    /// inherit; `.unspecified` (the default) inherits.
    open var overrideUserInterfaceStyle: UIUserInterfaceStyle = .unspecified {
        didSet { if overrideUserInterfaceStyle != oldValue { loadedView?.updateTraitsFromAbove() } }
    }
    /// Whether the controller would hide the status bar. Flipbook shows none; kept for code that
    /// overrides or reads it. Default: false.
    open var prefersStatusBarHidden: Bool { false }
    /// The status bar content the controller would like. Flipbook shows none. Default: `.default`.
    open var preferredStatusBarStyle: UIStatusBarStyle { .default }
    /// Whether the home indicator may hide. Flipbook shows none. Default: false.
    open var prefersHomeIndicatorAutoHidden: Bool { false }
    /// Asks UIKit to read `prefersStatusBarHidden` and `preferredStatusBarStyle` again (inside an
    /// animation block, to animate the bar); Flipbook has no status bar, so nothing changes.
    open func setNeedsStatusBarAppearanceUpdate() {}

    /// Called after the traits of this controller's view changed, just before the view's own
    /// `traitCollectionDidChange(_:)` (View/UIView+Traits.swift). Default: nothing.
    open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}
    /// Whether the view has been made (`view` was read or set).
    open var isViewLoaded: Bool { loadedView != nil }
    /// The view if it has been made, else nil; never loads it.
    open var viewIfLoaded: UIView? { loadedView }
    /// Makes the view now (`loadView()`, then `viewDidLoad()`) if it has not been made.
    open func loadViewIfNeeded() { _ = view }

    /// Makes the view; the default makes a plain view the size of the screen.
    open func loadView() { view = UIView(frame: UIScreen.main.bounds) }
    /// Called once after the view is made: build and configure subviews here. Default: nothing.
    open func viewDidLoad() {}
    /// Called before the view appears (shown as a window's root, presented, pushed or forwarded by a
    /// container); `animated` tells whether the appearance animates. Default: nothing.
    open func viewWillAppear(_ animated: Bool) {}
    /// Called when the appearance has finished (after its transition). Default: nothing.
    open func viewDidAppear(_ animated: Bool) {}
    /// Called before the view disappears (covered, dismissed or popped). Default: nothing.
    open func viewWillDisappear(_ animated: Bool) {}
    /// Called when the disappearance has finished. Default: nothing.
    open func viewDidDisappear(_ animated: Bool) {}
    /// Updates the view's constraints before layout: called instead of the view's
    /// `updateConstraints()` (before the first layout, and after the view's
    /// `setNeedsUpdateConstraints()`), before `viewWillLayoutSubviews()`. The default calls the
    /// view's `updateConstraints()`; call `super` last, as UIKit asks.
    open func updateViewConstraints() { viewIfLoaded?.updateConstraints() }
    /// Called before the view's `layoutSubviews` in each layout pass, after the tree's constraints
    /// were updated and before the constraints' frames are set. Default: nothing.
    open func viewWillLayoutSubviews() {}
    /// Called after the view's `layoutSubviews`.
    open func viewDidLayoutSubviews() {}

    /// Whether the controller is in editing mode (a table view controller's table edits with it).
    /// Setting it is `setEditing(_:animated: false)`. Default: false.
    open var isEditing: Bool {
        get { editingFlag }
        set { setEditing(newValue, animated: false) }
    }
    private var editingFlag = false
    /// Enters or leaves editing mode; subclasses override it to update their views and call `super`
    /// (which also turns `editButtonItem` between Edit and Done).
    open func setEditing(_ editing: Bool, animated: Bool) {
        editingFlag = editing
        if let item = editItem {
            item.title = editing ? "Done" : "Edit"
            item.style = editing ? .done : .plain
        }
    }
    private var editItem: UIBarButtonItem?
    /// A bar button item that says Edit, or Done (bold) while the controller edits; a tap calls
    /// `setEditing(!isEditing, animated: true)`. Made on first use.
    open var editButtonItem: UIBarButtonItem {
        if let item = editItem { return item }
        let item = UIBarButtonItem(title: isEditing ? "Done" : "Edit", style: isEditing ? .done : .plain,
                                   primaryAction: UIAction { [weak self] _ in
                                       guard let self else { return }
                                       self.setEditing(!self.isEditing, animated: true)
                                   })
        editItem = item
        return item
    }

    open override var next: UIResponder? { loadedView?.superview }

    // MARK: Presentation (UIViewController+Presentation.swift)

    /// Presents `viewControllerToPresent` over this controller's presentation context.
    /// Misuse UIKit refuses (presenting while a transition is in flight, from a controller already
    /// presenting, a controller already presented or with a parent, from a view not in a window)
    /// is reported in one line and ignored.
    open func present(_ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil) {
        performPresent(viewControllerToPresent, animated: flag, completion: completion)
    }

    /// Dismisses the controller this one presents, or this controller (or its nearest presented
    /// ancestor) when it presents nothing. Controllers presented above the one dismissed leave at
    /// once; the dismissed one animates. With nothing to dismiss, or while a transition is in
    /// flight, it is reported in one line and ignored.
    open func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {
        performDismiss(animated: flag, completion: completion)
    }

    // MARK: Appearance

    /// Whether a container's own appearance callbacks are forwarded to its children. Default: true.
    open var shouldAutomaticallyForwardAppearanceMethods: Bool { true }

    /// Starts an appearance (`isAppearing`) or disappearance: `viewWillAppear`/`viewWillDisappear`
    /// when the controller is not already going that way.
    open func beginAppearanceTransition(_ isAppearing: Bool, animated: Bool) {
        switch (isAppearing, appearState) {
        case (true, .disappeared), (true, .disappearing):
            appearState = .appearing
            viewWillAppear(animated)
        case (false, .appeared), (false, .appearing):
            appearState = .disappearing
            viewWillDisappear(animated)
        default: return
        }
        appearanceAnimated = animated
        for c in forwardedChildren { c.beginAppearanceTransition(isAppearing, animated: animated) }
    }

    /// Ends the appearance begun last: `viewDidAppear` or `viewDidDisappear`.
    open func endAppearanceTransition() {
        switch appearState {
        case .appearing: appearState = .appeared; viewDidAppear(appearanceAnimated)
        case .disappearing: appearState = .disappeared; viewDidDisappear(appearanceAnimated)
        default: return
        }
        for c in forwardedChildren { c.endAppearanceTransition() }
    }

    /// Whether the last appearance transition was animated (its did-callback gets the same flag).
    private var appearanceAnimated = false

    /// The children whose views are inside this controller's view, when appearance is forwarded.
    private var forwardedChildren: [UIViewController] {
        guard shouldAutomaticallyForwardAppearanceMethods, let root = loadedView else { return [] }
        return children.filter { $0.viewIfLoaded?.isDescendant(of: root) == true }
    }

    /// `begin` then `end` at once (a change without animation).
    func appearanceTransition(_ isAppearing: Bool, animated: Bool = false) {
        beginAppearanceTransition(isAppearing, animated: animated)
        endAppearanceTransition()
    }

    // MARK: Containment

    /// Adds `child` as a child controller (taking it from its old parent) and calls its
    /// `willMove(toParent:)`; add its view yourself, then call `child.didMove(toParent: self)`, as
    /// in UIKit. Adding self or an existing child does nothing; adding an ancestor of this
    /// controller (a cycle) is refused with one reported line.
    /// - Complexity: O(1) for a child without children; else O(depth of this controller).
    open func addChild(_ child: UIViewController) {
        guard child !== self, child.parent !== self else { return }
        if !child.children.isEmpty {
            var c = parent
            while let x = c {
                if x === child {
                    return CAEngine.current.report("addChild refused: \(child.debugName) is an ancestor of \(debugName) (a cycle)")
                }
                c = x.parent
            }
        }
        child.removeFromParent()
        child.willMove(toParent: self)
        children.append(child)
        child.parent = self
    }
    /// Removes this controller from its parent and calls `didMove(toParent: nil)`; call
    /// `willMove(toParent: nil)` before and remove the view yourself, as in UIKit.
    open func removeFromParent() {
        guard let p = parent else { return }
        // From the end: a navigation controller pops its last child, so 10,000 pops stay linear.
        if let i = p.children.lastIndex(where: { $0 === self }) { p.children.remove(at: i) }
        parent = nil
        didMove(toParent: nil)
    }
    /// Called before the controller is added to or removed from a container (`nil` when removed).
    /// Default: nothing.
    open func willMove(toParent parent: UIViewController?) {}
    /// Called after the controller was added to or removed from a container. Default: nothing.
    open func didMove(toParent parent: UIViewController?) {}
}

extension UIViewController: UITraitEnvironment {
    /// The traits of the controller's view once it is loaded; before, the main screen's with the
    /// controller's override.
    public var traitCollection: UITraitCollection {
        if let v = loadedView { return v.traitCollection }
        let screen = UIScreen.main.traitCollection
        return overrideUserInterfaceStyle == .unspecified ? screen : screen.with(style: overrideUserInterfaceStyle)
    }
}
