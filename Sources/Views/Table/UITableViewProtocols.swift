import Foundation
import Layers

/// Where a table view's rows come from (UIKit's `UITableViewDataSource`).
public protocol UITableViewDataSource: AnyObject {
    /// The number of sections. Default: 1.
    func numberOfSections(in tableView: UITableView) -> Int
    /// The number of rows in `section` (negative counts are read as 0).
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int
    /// The cell for a row; answer with `dequeueReusableCell(withIdentifier:for:)`.
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell
    /// The title of the section's header (the table makes a header view for it). Default: nil.
    func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String?
    /// The title of the section's footer. Default: nil.
    func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String?
    /// Whether the row may be edited (swiped to delete, shows a delete control in editing mode). Default: true.
    func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool
    /// Whether the row may be moved: its cell shows the reorder control in editing mode when it
    /// also sets `showsReorderControl`. Default: true.
    func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool
    /// The user dragged a row by its reorder control from `sourceIndexPath` to
    /// `destinationIndexPath` (possibly in another section; the destination counts the row out
    /// of its old place); update the model, counts included. Default: nothing.
    func tableView(_ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath)
    /// The user committed an edit: `.delete` from editing mode's Delete button (update the model,
    /// then `deleteRows`). Default: nothing.
    func tableView(_ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath)
}
public extension UITableViewDataSource {
    /// Default: 1.
    func numberOfSections(in tableView: UITableView) -> Int { 1 }
    /// Default: nil.
    func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { nil }
    /// Default: nil.
    func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? { nil }
    /// Default: true.
    func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool { true }
    /// Default: true.
    func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool { true }
    /// Default: nothing.
    func tableView(_ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {}
    /// Default: nothing.
    func tableView(_ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {}
}

/// What a table view asks and tells its delegate (UIKit's `UITableViewDelegate`); it is also the
/// scroll view's delegate. Every method is optional.
public protocol UITableViewDelegate: UIScrollViewDelegate {
    /// A row's height; `UITableView.automaticDimension` sizes it from its cell. Default: the table's `rowHeight`.
    func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat
    /// A header's height; `automaticDimension` uses the table's `sectionHeaderHeight`. Default: that.
    func tableView(_ tableView: UITableView, heightForHeaderInSection section: Int) -> CGFloat
    /// A footer's height; `automaticDimension` uses the table's `sectionFooterHeight`. Default: that.
    func tableView(_ tableView: UITableView, heightForFooterInSection section: Int) -> CGFloat
    /// A view for the section's header (it is sized to the header's height). Default: nil (the title's view).
    func tableView(_ tableView: UITableView, viewForHeaderInSection section: Int) -> UIView?
    /// A view for the section's footer. Default: nil (the title's view).
    func tableView(_ tableView: UITableView, viewForFooterInSection section: Int) -> UIView?
    /// The row about to be selected by the user; return another path or nil to refuse. Default: `indexPath`.
    func tableView(_ tableView: UITableView, willSelectRowAt indexPath: IndexPath) -> IndexPath?
    /// The user selected the row (a tap); not called for `selectRow(at:…)`.
    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath)
    /// The user's selection of another row deselected this one; not called for `deselectRow(at:…)`.
    func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath)
    /// Whether a touch may highlight the row (and then select it). Default: true.
    func tableView(_ tableView: UITableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool
    /// The cell is about to be shown for the row.
    func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath)
    /// The user tapped the row's info button (`.detailButton`, `.detailDisclosureButton`); the
    /// row is not selected.
    func tableView(_ tableView: UITableView, accessoryButtonTappedForRowWith indexPath: IndexPath)
    /// The actions a swipe from the trailing edge (right to left) reveals. Default: nil, no swipe.
    /// (UIKit offers a Delete action when the data source implements `commit(_:forRowAt:)`; Swift
    /// cannot see whether a protocol method is implemented, so here the delegate says so.)
    func tableView(_ tableView: UITableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> UISwipeActionsConfiguration?
    /// The actions a swipe from the leading edge (left to right) reveals. Default: nil.
    func tableView(_ tableView: UITableView, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> UISwipeActionsConfiguration?
    /// The editing control a row shows in editing mode. Default: `.delete` for rows the data source can edit.
    func tableView(_ tableView: UITableView, editingStyleForRowAt indexPath: IndexPath) -> UITableViewCell.EditingStyle
    /// Where a row dragged by its reorder control from `sourceIndexPath` may go when the finger
    /// proposes `proposedDestinationIndexPath` (asked each time the proposal changes); return
    /// another place to keep rows out of sections or places. Default: the proposal.
    func tableView(_ tableView: UITableView, targetIndexPathForMoveFromRowAt sourceIndexPath: IndexPath,
                   toProposedIndexPath proposedDestinationIndexPath: IndexPath) -> IndexPath
}
public extension UITableViewDelegate {
    /// Default: the table's `rowHeight`.
    func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat { tableView.rowHeight }
    /// Default: the table's `sectionHeaderHeight`.
    func tableView(_ tableView: UITableView, heightForHeaderInSection section: Int) -> CGFloat { UITableView.automaticDimension }
    /// Default: the table's `sectionFooterHeight`.
    func tableView(_ tableView: UITableView, heightForFooterInSection section: Int) -> CGFloat { UITableView.automaticDimension }
    /// Default: nil.
    func tableView(_ tableView: UITableView, viewForHeaderInSection section: Int) -> UIView? { nil }
    /// Default: nil.
    func tableView(_ tableView: UITableView, viewForFooterInSection section: Int) -> UIView? { nil }
    /// Default: `indexPath`.
    func tableView(_ tableView: UITableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? { indexPath }
    /// Default: nothing.
    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {}
    /// Default: nothing.
    func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath) {}
    /// Default: true.
    func tableView(_ tableView: UITableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool { true }
    /// Default: nothing.
    func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) {}
    /// Default: nothing.
    func tableView(_ tableView: UITableView, accessoryButtonTappedForRowWith indexPath: IndexPath) {}
    /// Default: nil.
    func tableView(_ tableView: UITableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> UISwipeActionsConfiguration? { nil }
    /// Default: nil.
    func tableView(_ tableView: UITableView, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> UISwipeActionsConfiguration? { nil }
    /// Default: `.delete` when the data source can edit the row, else `.none`.
    func tableView(_ tableView: UITableView, editingStyleForRowAt indexPath: IndexPath) -> UITableViewCell.EditingStyle {
        tableView.dataSource?.tableView(tableView, canEditRowAt: indexPath) == false ? .none : .delete
    }
    /// Default: the proposal.
    func tableView(_ tableView: UITableView, targetIndexPathForMoveFromRowAt sourceIndexPath: IndexPath,
                   toProposedIndexPath proposedDestinationIndexPath: IndexPath) -> IndexPath { proposedDestinationIndexPath }
}
