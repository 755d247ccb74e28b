import Foundation
import Layers

/// Selection by touch and by code, and scrolling a row into view.
extension UITableView {
    /// The selected row (the first, with multiple selection); nil when none is.
    public var indexPathForSelectedRow: IndexPath? { selected.min() }
    /// The selected rows, in order; nil when none is.
    public var indexPathsForSelectedRows: [IndexPath]? { selected.isEmpty ? nil : selected.sorted() }

    /// Selects the row (nil deselects all); without `allowsMultipleSelection` the previous
    /// selection goes. Scrolls it to `scrollPosition` (`.none`: not at all, as UIKit's
    /// `selectRow`). Does not call the delegate, as in UIKit. A row that does not exist is reported
    /// and ignored.
    public func selectRow(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
        guard let ip = indexPath else { return deselectAll() }
        guard loadGeometry().contains(ip) else {
            return CAEngine.current.report("UITableView.selectRow: \(ip) is not a row of the table (ignored)")
        }
        if !allowsMultipleSelection { deselectAll(except: ip) }
        selected.insert(ip)
        visible[ip]?.setSelected(true, animated: animated)
        if scrollPosition != .none { scrollToRow(at: ip, at: scrollPosition, animated: animated) }
    }
    /// Deselects the row without calling the delegate; `animated` fades the cell's selected
    /// background out over 0.3 s.
    public func deselectRow(at indexPath: IndexPath, animated: Bool) {
        selected.remove(indexPath)
        visible[indexPath]?.setSelected(false, animated: animated)
    }
    private func deselectAll(except keep: IndexPath? = nil) {
        for ip in selected where ip != keep { deselectRow(at: ip, animated: false) }
    }

    /// Scrolls so the row sits at `position` (within the content's limits); `.none` scrolls the
    /// least that shows it. A row that does not exist gets UIKit's message (one line) and is ignored.
    public func scrollToRow(at indexPath: IndexPath, at position: ScrollPosition, animated: Bool) {
        let g = loadGeometry()
        guard g.contains(indexPath) else {
            return CAEngine.current.report("UITableView.scrollToRow: Attempted to scroll the table view to an out-of-bounds row (\(indexPath.count == 2 ? indexPath.row : -1)) when there are only \(g.rowCount(indexPath.section)) rows in section \(indexPath.section) (ignored)")
        }
        var f = rectForRow(at: indexPath)
        // A plain table's sticky header covers the top: a row scrolled to the top goes below it.
        let header = style == .plain ? CGFloat(g.sums.heights[g.headerIndex(indexPath.section)]) : 0
        var o = contentOffset
        let h = bounds.height
        switch position {
        case .top: o.y = f.minY - header
        case .middle: o.y = f.midY - h / 2
        case .bottom: o.y = f.maxY - h
        case .none:
            f.origin.y -= header
            f.size.height += header
            if f.maxY > o.y + h { o.y = f.maxY - h }
            if f.minY < o.y { o.y = f.minY }
        }
        let r = offsetRange
        o.y = min(max(o.y, r.lo.y), r.hi.y)
        if o != contentOffset { setContentOffset(o, animated: animated) }
    }

    private func touchedRow(_ touches: Set<UITouch>) -> IndexPath? {
        guard let t = touches.first else { return nil }
        return indexPathForRow(at: t.location(in: self))
    }

    /// A touch went down: on an open row's button it waits; elsewhere it closes the row, or
    /// highlights the row under it.
    func touchDown(_ touches: Set<UITouch>) {
        if swipe != nil {
            // A touch on an open row's button waits for its lift; any other closes the row.
            let p = touches.first.map { $0.location(in: self) }
            pressedAction = p.flatMap(swipeAction(at:))
            if pressedAction == nil { closeSwipe(animated: true) }
            return
        }
        if isEditing {
            // A touch on a row's delete control reveals its Delete button, one on its reorder
            // control lifts it; nothing selects.
            if beginReorder(touches) { return }
            if let t = touches.first, let ip = touchedRow(touches), let cell = visible[ip], cell.editingStyleShown == .delete,
               t.location(in: cell).x < 44 {
                revealDelete(at: ip, cell: cell)
            }
            return
        }
        // The info button is a button of its own: it does not highlight the row.
        if let t = touches.first, let ip = touchedRow(touches), let cell = visible[ip], cell.detailButtonContains(t.location(in: cell)) {
            pressedDetail = ip
            return
        }
        guard allowsSelection, let ip = touchedRow(touches) else { return }
        guard tableDelegate?.tableView(self, shouldHighlightRowAt: ip) ?? true else { return }
        highlighted = ip
        visible[ip]?.setHighlighted(true, animated: false)
    }
    /// The touch lifted: a pressed button's action runs, or the highlighted row is selected.
    func touchUp(_ touches: Set<UITouch>) {
        if let action = pressedAction, let s = swipe {
            pressedAction = nil
            if let p = touches.first.map({ $0.location(in: self) }), swipeAction(at: p) === action { run(action, in: s) }
            return
        }
        if let ip = pressedDetail {
            pressedDetail = nil
            if let t = touches.first, let cell = visible[ip], cell.detailButtonContains(t.location(in: cell)) {
                tableDelegate?.tableView(self, accessoryButtonTappedForRowWith: ip)
            }
            return
        }
        guard let ip = highlighted else { return }
        unhighlight()
        guard touchedRow(touches) == ip else { return }
        let d = tableDelegate
        if allowsMultipleSelection && selected.contains(ip) {
            deselectRow(at: ip, animated: false)
            d?.tableView(self, didDeselectRowAt: ip)
            return
        }
        let asked: IndexPath? = d.map { $0.tableView(self, willSelectRowAt: ip) } ?? ip
        guard let chosen = asked, loadGeometry().contains(chosen) else { return }
        let previous = allowsMultipleSelection ? [] : selected.subtracting([chosen])
        selectRow(at: chosen, animated: false, scrollPosition: .none)
        for p in previous.sorted() { d?.tableView(self, didDeselectRowAt: p) }
        d?.tableView(self, didSelectRowAt: chosen)
    }
    /// The touch was cancelled (a pan took it): nothing is pressed or highlighted any more.
    func unhighlight() {
        pressedAction = nil
        pressedDetail = nil
        guard let ip = highlighted else { return }
        highlighted = nil
        visible[ip]?.setHighlighted(false, animated: false)
    }
}
