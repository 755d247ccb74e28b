import Foundation
import Layers

/// Reordering in editing mode: a touch on a row's reorder control lifts the row (a shadow, above
/// the others); it follows the finger over the whole table, into other sections too, and the
/// rows and section views it passes slide out of its way (0.2 s, as iOS's make room). Where it
/// would land is the proposed index path, which the delegate may change
/// (`targetIndexPathForMoveFromRowAt:toProposedIndexPath:`, asked each time the proposal changes,
/// as UIKit asks). On release the data source is told (`moveRowAt`, with index paths that may be
/// in different sections) and the row settles into its place with the table's move animation.
/// Only rows whose data source's `canMoveRowAt` allows show the control and can be lifted; the
/// rows they pass need not be movable themselves (UIKit's rule: the delegate keeps rows out).
extension UITableView {
    /// The row being dragged.
    final class Reorder {
        let cell: UITableViewCell
        let from: IndexPath
        /// Where the row lands if let go now (new numbering: the row counted out of its section).
        var to: IndexPath
        /// The place the finger last proposed (before the delegate's say).
        var proposed: IndexPath
        /// The finger's height above the cell's centre when it went down.
        let grab: CGFloat
        /// Plain tables' section views stuck to an edge when the drag began: they stay.
        let pinned: Set<ObjectIdentifier>
        init(_ cell: UITableViewCell, from: IndexPath, grab: CGFloat, pinned: Set<ObjectIdentifier>) {
            self.cell = cell; self.from = from; to = from; proposed = from; self.grab = grab; self.pinned = pinned
        }
    }

    /// Starts a reorder when the touch is on a visible row's reorder control; true when it did.
    func beginReorder(_ touches: Set<UITouch>) -> Bool {
        guard let t = touches.first else { return false }
        let p = t.location(in: self)
        guard let ip = indexPathForRow(at: p), let cell = visible[ip], cell.showsReorder,
              t.location(in: cell).x >= cell.bounds.width - 44 else { return false }
        closeSwipe(animated: false)
        let g = loadGeometry()
        var pinned = Set<ObjectIdentifier>()
        for (s, v) in headers where v.frame.minY != CGFloat(g.span(g.headerIndex(s)).y) { pinned.insert(ObjectIdentifier(v)) }
        for (s, v) in footers where v.frame.minY != CGFloat(g.span(g.footerIndex(s)).y) { pinned.insert(ObjectIdentifier(v)) }
        reorder = Reorder(cell, from: ip, grab: p.y - cell.center.y, pinned: pinned)
        cell.layer.zPosition = 2
        cell.layer.shadowOpacity = 0.2
        cell.layer.shadowRadius = 8
        cell.layer.shadowOffset = CGSize(width: 0, height: 2)
        return true
    }

    /// The finger moved: the row follows it (its centre kept between the first row's top and the
    /// last row's bottom, so the first and last places can be reached) and, when the place it
    /// would land changes, the others make room.
    func dragReorder(_ touches: Set<UITouch>) {
        guard let r = reorder, let t = touches.first else { return }
        let g = loadGeometry()
        guard let top = firstRow(in: g, from: 0, step: 1), let bottom = firstRow(in: g, from: g.sectionCount - 1, step: -1) else { return }
        let first = g.span(top), last = g.span(bottom)
        let y = min(max(t.location(in: self).y - r.grab, CGFloat(first.y)), CGFloat(last.y + last.height))
        guard y.isFinite else { return }
        UIView.performWithoutAnimation { r.cell.center.y = y }
        let proposal = proposedDestination(for: r.from, at: y, in: g)
        guard proposal != r.proposed else { return }
        r.proposed = proposal
        let target = checkedTarget(from: r.from, proposed: proposal, in: g)
        guard target != r.to else { return }
        r.to = target
        makeRoom(for: r, in: g)
    }

    /// The first (step 1) or last (step -1) row of the table, looking from section `start`.
    private func firstRow(in g: TableGeometry, from start: Int, step: Int) -> IndexPath? {
        var s = start
        while (0..<g.sectionCount).contains(s) {
            let n = g.rowCount(s)
            if n > 0 { return IndexPath(row: step > 0 ? 0 : n - 1, section: s) }
            s += step
        }
        return nil
    }

    /// Where a row lifted from `from` lands when its centre is at `y` (content coordinates), in
    /// the numbering after the move: over a row, before it when above the row's middle, after it
    /// below; over a section's header, its first place; over its footer, its last.
    /// - Complexity: O(log n).
    func proposedDestination(for from: IndexPath, at y: CGFloat, in g: TableGeometry) -> IndexPath {
        let i = g.sums.index(at: Double(y) - g.top)
        guard i >= 0 else { return from }
        var place: IndexPath
        switch g.element(i) {
        case .header(let s): place = IndexPath(row: 0, section: s)
        case .footer(let s): place = IndexPath(row: g.rowCount(s), section: s)
        case .row(let ip):
            let sp = g.span(ip)
            place = IndexPath(row: Double(y) > sp.y + sp.height / 2 ? ip.row + 1 : ip.row, section: ip.section)
        }
        // In its own section the row is counted out: the places after it move up by one.
        if place.section == from.section && place.row > from.row { place = IndexPath(row: place.row - 1, section: place.section) }
        return place
    }

    /// The delegate's choice for `proposed` (UIKit's `targetIndexPathForMoveFromRowAt:toProposedIndexPath:`);
    /// a place that does not exist after the move is reported and the proposal kept.
    private func checkedTarget(from: IndexPath, proposed: IndexPath, in g: TableGeometry) -> IndexPath {
        guard let d = tableDelegate else { return proposed }
        let chosen = d.tableView(self, targetIndexPathForMoveFromRowAt: from, toProposedIndexPath: proposed)
        guard chosen.count == 2, (0..<g.sectionCount).contains(chosen.section) else {
            CAEngine.current.report("UITableView: targetIndexPathForMoveFromRowAt gave \(chosen), which is not a place in the table; the proposed \(proposed) is used")
            return proposed
        }
        // After the move the source's section has one row fewer, the others as many places as rows plus one.
        let places = chosen.section == from.section ? g.rowCount(from.section) : g.rowCount(chosen.section) + 1
        guard (0..<places).contains(chosen.row) else {
            CAEngine.current.report("UITableView: targetIndexPathForMoveFromRowAt gave row \(chosen.row) of section \(chosen.section), which has only \(places) places for the row; the proposed \(proposed) is used")
            return proposed
        }
        return chosen
    }

    /// Slides the visible rows and section views to where they stand with the dragged row taken
    /// out of its place and put in at its target.
    /// - Complexity: O(visible) per change of target.
    private func makeRoom(for r: Reorder, in g: TableGeometry) {
        let h = CGFloat(g.span(r.from).height)
        let out = g.flat(r.from)
        // The flat index (old numbering) the row is put in before.
        let into: Int = {
            if r.to.section == r.from.section { return g.flat(r.from) + (r.to.row >= r.from.row ? r.to.row - r.from.row + 1 : r.to.row - r.from.row) }
            return g.headerIndex(r.to.section) + 1 + r.to.row
        }()
        func shift(_ i: Int) -> CGFloat { (i > out ? -h : 0) + (i >= into ? h : 0) }
        UIView.animate(withDuration: 0.2, delay: 0, options: [.allowUserInteraction, .beginFromCurrentState], animations: {
            for (ip, cell) in self.visible where cell !== r.cell {
                let f = self.rect(g.span(ip), inset: self.rowInsetX).offsetBy(dx: 0, dy: shift(g.flat(ip)))
                if cell.frame != f { cell.frame = f }
            }
            for (views, index) in [(self.headers, g.headerIndex), (self.footers, g.footerIndex)] as [([Int: UIView], (Int) -> Int)] {
                for (s, v) in views where !r.pinned.contains(ObjectIdentifier(v)) {
                    let f = self.rect(g.span(index(s)), inset: 0).offsetBy(dx: 0, dy: shift(index(s)))
                    if v.frame != f { v.frame = f }
                }
            }
        })
    }

    /// The finger lifted (or the touch was cancelled): the data source is told of a move, and the
    /// rows settle into the places the table's geometry gives them.
    func endReorder(_ touches: Set<UITouch>) {
        guard let r = reorder else { return }
        reorder = nil
        r.cell.layer.shadowOpacity = 0
        let moved = r.to != r.from
        if moved { dataSource?.tableView(self, moveRowAt: r.from, to: r.to) }
        performBatchUpdates({ if moved { self.moveRow(at: r.from, to: r.to) } }, completion: { _ in r.cell.layer.zPosition = 0 })
    }
}
