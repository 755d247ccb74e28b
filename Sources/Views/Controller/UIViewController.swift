import Foundation
import Layers

/// Manages a view and its life cycle, as UIKit's `UIViewController`.
///
/// The view is made lazily on first access (`loadView()`, then `viewDidLoad()`); a window's
/// `rootViewController` gets the appearance callbacks; child controllers follow UIKit's
/// containment calls (`addChild` sends `willMove(toParent:)`, the container calls
/// `didMove(toParent:)`; `removeFromParent` sends `didMove(toParent: nil)`).
open class UIViewController: UIResponder {
    private var loadedView: UIView?
    public private(set) var children: [UIViewController] = []
    public private(set) weak var parent: UIViewController?
    open var title: String?
    /// The window a playground shows this controller in when the controller is itself a scene
    /// (Flipbook's `Scene`), made on first use; it holds the controller as its root until the
    /// scene's `tearDown()`. Not UIKit API: on iOS the scene delegate owns the window.
    package lazy var sceneWindow = UIWindow(frame: .zero)

    public override init() { super.init() }
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
                viewDidLoad()
            }
            return loadedView
        }
        set {
            loadedView?.owningViewController = nil
            loadedView = newValue
            newValue?.owningViewController = self
        }
    }
    open var isViewLoaded: Bool { loadedView != nil }
    open var viewIfLoaded: UIView? { loadedView }
    open func loadViewIfNeeded() { _ = view }

    /// Makes the view; the default makes a plain view the size of the screen.
    open func loadView() { view = UIView(frame: UIScreen.main.bounds) }
    open func viewDidLoad() {}
    open func viewWillAppear(_ animated: Bool) {}
    open func viewDidAppear(_ animated: Bool) {}
    open func viewWillDisappear(_ animated: Bool) {}
    open func viewDidDisappear(_ animated: Bool) {}
    open func viewWillLayoutSubviews() {}
    /// Called after the view's `layoutSubviews`.
    open func viewDidLayoutSubviews() {}

    open override var next: UIResponder? { loadedView?.superview }

    // MARK: Containment

    open func addChild(_ child: UIViewController) {
        guard child !== self, child.parent !== self else { return }
        child.removeFromParent()
        child.willMove(toParent: self)
        children.append(child)
        child.parent = self
    }
    open func removeFromParent() {
        guard let p = parent else { return }
        p.children.removeAll { $0 === self }
        parent = nil
        didMove(toParent: nil)
    }
    open func willMove(toParent parent: UIViewController?) {}
    open func didMove(toParent parent: UIViewController?) {}
}
