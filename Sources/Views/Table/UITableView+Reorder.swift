import Foundation
import Layers

/// Reordering in editing mode: a touch on a row's reorder control lifts the row (a shadow, above
/// the others); it follows the finger within its section, and the rows it passes slide out of its
/// way (0.2 s, as iOS's make room); on release the data source is told (`moveRowAt`) and the row
/// settles into its place with the table's move animation. Rows stay in their section here (UIKit
/// also lets a row cross into another; that is not offered).
extension UITableView {
    /// The row being dragged.
    final class Reorder {
        let cell: UITableViewCell
        let from: IndexPath
        var to: IndexPath
        /// The finger's height above the cell's centre when it went down.
        let grab: CGFloat
        init(_ cell: UITableViewCell, from: IndexPath, grab: CGFloat) {
            self.cell = cell; self.from = from; to = from; self.grab = grab
        }
    }

    /// Starts a reorder when the touch is on a visible row's reorder control; true when it did.
    func beginReorder(_ touches: Set<UITouch>) -> Bool {
        guard let t = touches.first else { return false }
        let p = t.location(in: self)
        guard let ip = indexPathForRow(at: p), let cell = visible[ip], cell.showsReorder,
              t.location(in: cell).x >= cell.bounds.width - 44 else { return false }
        closeSwipe(animated: false)
        reorder = Reorder(cell, from: ip, grab: p.y - cell.center.y)
        cell.layer.zPosition = 2
        cell.layer.shadowOpacity = 0.2
        cell.layer.shadowRadius = 8
        cell.layer.shadowOffset = CGSize(width: 0, height: 2)
        return true
    }

    /// The finger moved: the row follows it (kept within its section) and the rows it passed make room.
    func dragReorder(_ touches: Set<UITouch>) {
        guard let r = reorder, let t = touches.first else { return }
        let g = loadGeometry(), s = r.from.section, n = g.rowCount(s)
        guard n > 0 else { return }
        let half = CGFloat(g.span(r.from).height) / 2
        let first = g.span(IndexPath(row: 0, section: s)), last = g.span(IndexPath(row: n - 1, section: s))
        let y = min(max(t.location(in: self).y - r.grab, CGFloat(first.y) + half), CGFloat(last.y + last.height) - half)
        UIView.performWithoutAnimation { r.cell.center.y = y }
        // The target is the place whose neighbours' middles the row's centre has passed.
        func middle(_ row: Int) -> CGFloat { let sp = g.span(IndexPath(row: row, section: s)); return CGFloat(sp.y + sp.height / 2) }
        // - Complexity: O(rows passed) per move.
        var target = r.from.row
        while target + 1 < n && y > middle(target + 1) { target += 1 }
        while target - 1 >= 0 && y < middle(target - 1) { target -= 1 }
        guard target != r.to.row else { return }
        r.to = IndexPath(row: target, section: s)
        makeRoom(for: r, in: g)
    }

    /// Slides the visible rows between the dragged row's old place and its target by its height.
    private func makeRoom(for r: Reorder, in g: TableGeometry) {
        let h = CGFloat(g.span(r.from).height)
        UIView.animate(withDuration: 0.2, delay: 0, options: [.allowUserInteraction, .beginFromCurrentState], animations: {
            for (ip, cell) in self.visible where cell !== r.cell && ip.section == r.from.section {
                var f = self.rect(g.span(ip), inset: self.rowInsetX)
                if ip.row > r.from.row && ip.row <= r.to.row { f.origin.y -= h }
                if ip.row < r.from.row && ip.row >= r.to.row { f.origin.y += h }
                if cell.frame != f { cell.frame = f }
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
