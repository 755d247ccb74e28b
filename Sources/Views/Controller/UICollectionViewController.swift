import Foundation
import Layers

/// A controller whose view is a collection view it feeds, as UIKit's `UICollectionViewController`.
///
/// `loadView()` makes a collection view the size of the screen with the controller's layout and
/// the controller as its data source and delegate. Every data source, delegate and scroll view
/// delegate method is declared here with its default, so a subclass written for iOS overrides them
/// with `override` exactly as there. A subclass that also adopts
/// `UICollectionViewDelegateFlowLayout` implements those methods without `override`, as on iOS.
///
/// On the first `viewWillAppear(_:)` the collection view reloads its data; on every one, with
/// `clearsSelectionOnViewWillAppear`, it deselects its items.
///
/// Not in Flipbook: `installsStandardGestureForInteractiveMovement` and
/// `useLayoutToLayoutNavigationTransitions` (the collection view has no interactive movement).
open class UICollectionViewController: UIViewController, UICollectionViewDataSource, UICollectionViewDelegate {
    /// The layout `loadView()` makes the collection view with.
    private let initialLayout: UICollectionViewLayout
    private var managedCollection: UICollectionView?
    private var hasAppeared = false

    /// A controller whose collection view places its items with `layout`.
    public init(collectionViewLayout layout: UICollectionViewLayout) {
        initialLayout = layout
        super.init()
    }
    /// A controller with a flow layout. (UIKit's would have no layout and raise when the view
    /// loads; a flow layout is the one code that forgets it expects.) A convenience initializer, so
    /// a subclass declares `init() { super.init(collectionViewLayout: …) }` without `override`, as
    /// iOS code does.
    public override convenience init() { self.init(collectionViewLayout: UICollectionViewFlowLayout()) }
    /// No nibs in Flipbook: a controller with a flow layout.
    public override init(nibName: String?, bundle: Bundle?) {
        initialLayout = UICollectionViewFlowLayout()
        super.init(nibName: nibName, bundle: bundle)
    }
    /// Archives are not supported: a controller with a flow layout, for subclasses that declare it.
    public required init?(coder: NSCoder) {
        initialLayout = UICollectionViewFlowLayout()
        super.init(coder: coder)
    }

    /// The collection view this controller manages (loading the view makes it). Setting it makes
    /// it the controller's view; one without a data source or delegate gets this controller as
    /// them (unconfirmed, as `UITableViewController.tableView`).
    open var collectionView: UICollectionView! {
        get {
            loadViewIfNeeded()
            return managedCollection ?? (view as? UICollectionView)
        }
        set {
            managedCollection = newValue
            if let c = newValue {
                if c.dataSource == nil { c.dataSource = self }
                if c.delegate == nil { c.delegate = self }
            }
            view = newValue
        }
    }

    /// The collection view's layout (the one given at initialization until the collection view's
    /// layout is changed).
    open var collectionViewLayout: UICollectionViewLayout {
        managedCollection?.collectionViewLayout ?? initialLayout
    }

    /// Whether `viewWillAppear(_:)` deselects the selected items. Default: true.
    open var clearsSelectionOnViewWillAppear = true

    /// Makes a collection view the size of the screen with the controller's layout, fed by this
    /// controller.
    open override func loadView() {
        collectionView = UICollectionView(frame: UIScreen.main.bounds, collectionViewLayout: initialLayout)
    }

    /// Reloads the data on the first appearance, and deselects the items when
    /// `clearsSelectionOnViewWillAppear`. Call `super` in an override.
    open override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        guard let collection = collectionView else { return }
        if !hasAppeared { hasAppeared = true; collection.reloadData() }
        if clearsSelectionOnViewWillAppear {
            for ip in collection.indexPathsForSelectedItems ?? [] { collection.deselectItem(at: ip, animated: animated) }
        }
    }

    // MARK: UICollectionViewDataSource

    /// Default: 1.
    open func numberOfSections(in collectionView: UICollectionView) -> Int { 1 }
    /// Default: 0.
    open func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 0 }
    /// Override it with the items' cells. The default reports that it was not and gives an empty cell.
    open func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        CAEngine.current.report("\(type(of: self)): collectionView(_:cellForItemAt:) is not overridden, but the collection view has items (an empty cell is shown for \(indexPath))")
        return UICollectionViewCell(frame: .zero)
    }

    // MARK: UICollectionViewDelegate

    /// Default: true.
    open func collectionView(_ collectionView: UICollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool { true }
    /// Default: nothing.
    open func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {}
    /// Default: nothing.
    open func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath) {}
    /// Default: true.
    open func collectionView(_ collectionView: UICollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool { true }
    /// Default: nothing.
    open func collectionView(_ collectionView: UICollectionView, didHighlightItemAt indexPath: IndexPath) {}
    /// Default: nothing.
    open func collectionView(_ collectionView: UICollectionView, didUnhighlightItemAt indexPath: IndexPath) {}
    /// Default: nothing.
    open func collectionView(_ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath) {}

    // MARK: UIScrollViewDelegate

    /// Default: nothing.
    open func scrollViewDidScroll(_ scrollView: UIScrollView) {}
    /// Default: nothing.
    open func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {}
    /// Default: nothing.
    open func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint,
                                        targetContentOffset: UnsafeMutablePointer<CGPoint>) {}
    /// Default: nothing.
    open func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {}
    /// Default: nothing.
    open func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {}
    /// Default: nothing.
    open func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) {}
}
