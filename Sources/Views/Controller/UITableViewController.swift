import Foundation
import Layers

/// A controller whose view is a table view it feeds, as UIKit's `UITableViewController`.
///
/// `loadView()` makes a table of the controller's style the size of the screen with the controller
/// as its data source and delegate. Every data source, delegate and scroll view delegate method is
/// declared here with its default, so a subclass written for iOS overrides them with `override`
/// exactly as there (on iOS the importer shows the protocols' methods on the class).
///
/// On the first `viewWillAppear(_:)` the table reloads its data; on every one, with
/// `clearsSelectionOnViewWillAppear`, it deselects its rows (animated when the appearance is).
/// `setEditing(_:animated:)` puts the table in editing mode too.
///
/// Not in Flipbook: static cells from a storyboard (the default row count is 0), and the keyboard
/// avoidance UIKit's controller does for text fields in rows.
open class UITableViewController: UIViewController, UITableViewDataSource, UITableViewDelegate {
    /// The style `loadView()` makes the table with.
    private let tableStyle: UITableView.Style
    private var managedTable: UITableView?
    private var hasAppeared = false

    /// A controller whose table has `style`.
    public init(style: UITableView.Style) {
        tableStyle = style
        super.init()
    }
    /// A controller with a plain table. A convenience initializer, so a subclass declares its own
    /// `init() { super.init(style: .grouped) }` without `override`, as iOS code does.
    public override convenience init() { self.init(style: .plain) }
    /// No nibs in Flipbook: a controller with a plain table.
    public override init(nibName: String?, bundle: Bundle?) {
        tableStyle = .plain
        super.init(nibName: nibName, bundle: bundle)
    }
    /// Archives are not supported: a controller with a plain table, for subclasses that declare it.
    public required init?(coder: NSCoder) {
        tableStyle = .plain
        super.init(coder: coder)
    }

    /// The table this controller manages (loading the view makes it). Setting it makes it the
    /// controller's view; a table without a data source or delegate gets this controller as them
    /// (unconfirmed: UIKit's documentation does not say, and code that sets `tableView` in
    /// `viewDidLoad` expects the controller to feed it).
    open var tableView: UITableView! {
        get {
            loadViewIfNeeded()
            return managedTable ?? (view as? UITableView)
        }
        set {
            managedTable = newValue
            if let t = newValue {
                if t.dataSource == nil { t.dataSource = self }
                if t.delegate == nil { t.delegate = self }
            }
            view = newValue
        }
    }

    /// Whether `viewWillAppear(_:)` deselects the selected rows. Default: true.
    open var clearsSelectionOnViewWillAppear = true

    /// The table's pull-to-refresh control (the table view's `refreshControl`).
    open var refreshControl: UIRefreshControl? {
        get { tableView?.refreshControl }
        set { tableView?.refreshControl = newValue }
    }

    /// Makes a table of the controller's style the size of the screen, fed by this controller.
    open override func loadView() {
        tableView = UITableView(frame: UIScreen.main.bounds, style: tableStyle)
    }

    /// Reloads the data on the first appearance, and deselects the rows when
    /// `clearsSelectionOnViewWillAppear`. Call `super` in an override.
    open override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        guard let table = tableView else { return }
        if !hasAppeared { hasAppeared = true; table.reloadData() }
        if clearsSelectionOnViewWillAppear {
            for ip in table.indexPathsForSelectedRows ?? [] { table.deselectRow(at: ip, animated: animated) }
        }
    }

    /// Enters or leaves editing mode, the table's too.
    open override func setEditing(_ editing: Bool, animated: Bool) {
        super.setEditing(editing, animated: animated)
        tableView?.setEditing(editing, animated: animated)
    }

    // MARK: UITableViewDataSource

    /// Default: 1.
    open func numberOfSections(in tableView: UITableView) -> Int { 1 }
    /// Default: 0 (UIKit's comes from a storyboard's static cells, which Flipbook has not).
    open func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 0 }
    /// Override it with the rows' cells. The default reports that it was not and gives an empty cell.
    open func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        CAEngine.current.report("\(type(of: self)): tableView(_:cellForRowAt:) is not overridden, but the table has rows (an empty cell is shown for \(indexPath))")
        return UITableViewCell(style: .default, reuseIdentifier: nil)
    }
    /// Default: nil.
    open func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { nil }
    /// Default: nil.
    open func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? { nil }
    /// Default: true.
    open func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool { true }
    /// Default: true.
    open func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool { true }
    /// Default: nothing.
    open func tableView(_ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {}
    /// Default: nothing.
    open func tableView(_ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {}

    // MARK: UITableViewDelegate

    /// Default: the table's `rowHeight`.
    open func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat { tableView.rowHeight }
    /// Default: `automaticDimension` (the table's `sectionHeaderHeight`).
    open func tableView(_ tableView: UITableView, heightForHeaderInSection section: Int) -> CGFloat { UITableView.automaticDimension }
    /// Default: `automaticDimension` (the table's `sectionFooterHeight`).
    open func tableView(_ tableView: UITableView, heightForFooterInSection section: Int) -> CGFloat { UITableView.automaticDimension }
    /// Default: nil.
    open func tableView(_ tableView: UITableView, viewForHeaderInSection section: Int) -> UIView? { nil }
    /// Default: nil.
    open func tableView(_ tableView: UITableView, viewForFooterInSection section: Int) -> UIView? { nil }
    /// Default: `indexPath`.
    open func tableView(_ tableView: UITableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? { indexPath }
    /// Default: nothing.
    open func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {}
    /// Default: nothing.
    open func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath) {}
    /// Default: true.
    open func tableView(_ tableView: UITableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool { true }
    /// Default: nothing.
    open func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) {}
    /// Default: nothing.
    open func tableView(_ tableView: UITableView, accessoryButtonTappedForRowWith indexPath: IndexPath) {}
    /// Default: nil.
    open func tableView(_ tableView: UITableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> UISwipeActionsConfiguration? { nil }
    /// Default: nil.
    open func tableView(_ tableView: UITableView, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> UISwipeActionsConfiguration? { nil }
    /// Default: `.delete` when the data source can edit the row, else `.none`.
    open func tableView(_ tableView: UITableView, editingStyleForRowAt indexPath: IndexPath) -> UITableViewCell.EditingStyle {
        tableView.dataSource?.tableView(tableView, canEditRowAt: indexPath) == false ? .none : .delete
    }
    /// Default: the proposal.
    open func tableView(_ tableView: UITableView, targetIndexPathForMoveFromRowAt sourceIndexPath: IndexPath,
                        toProposedIndexPath proposedDestinationIndexPath: IndexPath) -> IndexPath { proposedDestinationIndexPath }

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
