import Foundation
import Layers

/// The changes announced between `beginUpdates()` and `endUpdates()`: deletions and reloads in the
/// old numbering, insertions in the new one, moves from old to new (UIKit's rule), each with
/// the animation it asked for.
struct TableUpdates {
    var deletedSections: [Int: UITableView.RowAnimation] = [:]
    var insertedSections: [Int: UITableView.RowAnimation] = [:]
    var deletedRows: [IndexPath: UITableView.RowAnimation] = [:]
    var insertedRows: [IndexPath: UITableView.RowAnimation] = [:]
    var reloadedRows: [IndexPath: UITableView.RowAnimation] = [:]
    var moves: [IndexPath: IndexPath] = [:]
}

extension UITableView {
    /// How inserted, deleted and reloaded rows come and go (UIKit's `UITableView.RowAnimation`).
    /// The other rows slide to their new places in every case.
    public enum RowAnimation: Int, Sendable {
        /// Inserted rows fade in, deleted ones fade out, where they stand.
        case fade
        /// Inserted rows slide in from the right; deleted ones slide out to the right.
        case right
        /// Inserted rows slide in from the left; deleted ones slide out to the left.
        case left
        /// Inserted rows slide down from behind the row above; deleted ones slide up behind it.
        case top
        /// Inserted rows slide up from behind the row below; deleted ones slide down behind it.
        case bottom
        /// Inserted rows appear at once and deleted ones vanish; the others still slide.
        case none
        /// Inserted rows open from their middle; deleted ones close to their middle.
        case middle
        /// The table picks: here `.fade`, what iOS shows for a lone insert or delete.
        case automatic = 100
    }

    /// The duration of row animations: 0.3 s, ease in and out. Apple does not document it; 0.3 s
    /// is what iOS's row animations measure (and `UIView`'s default the other UIKit lists use).
    public static let rowAnimationDuration: TimeInterval = 0.3

    /// Inserts rows the data source now has (new numbering), animated with `animation`.
    public func insertRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        change { for ip in indexPaths { $0.insertedRows[ip] = animation } }
    }
    /// Deletes rows the data source removed (old numbering), animated with `animation`.
    public func deleteRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        change { for ip in indexPaths { $0.deletedRows[ip] = animation } }
    }
    /// Asks the data source again for the rows' cells (old numbering); the old cells leave and
    /// the new ones come with `animation`, and heights are asked again.
    public func reloadRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        change { for ip in indexPaths { $0.reloadedRows[ip] = animation } }
    }
    /// Moves the row at `indexPath` (old numbering) to `newIndexPath` (new numbering); its cell slides there.
    public func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) {
        change { $0.moves[indexPath] = newIndexPath }
    }
    /// Inserts sections the data source now has (new numbering) with all their rows.
    public func insertSections(_ sections: IndexSet, with animation: RowAnimation) {
        change { for s in sections { $0.insertedSections[s] = animation } }
    }
    /// Deletes sections the data source removed (old numbering) with all their rows.
    public func deleteSections(_ sections: IndexSet, with animation: RowAnimation) {
        change { for s in sections { $0.deletedSections[s] = animation } }
    }

    /// Asks the data source again for the sections' rows and headers (their row counts may
    /// change): the old rows leave and the new ones come with `animation`, as a deletion and an
    /// insertion of each section (how UIKit animates it).
    public func reloadSections(_ sections: IndexSet, with animation: RowAnimation) {
        change { for s in sections { $0.deletedSections[s] = animation; $0.insertedSections[s] = animation } }
    }

    private func change(_ body: (inout TableUpdates) -> Void) {
        if updateDepth > 0 { return body(&pending) }
        beginUpdates()
        body(&pending)
        endUpdates()
    }

    /// Opens a group of updates, applied together and animated at the matching `endUpdates()`.
    /// Calls nest; the outermost pair applies.
    public func beginUpdates() { updateDepth += 1 }
    /// Applies the updates since the matching `beginUpdates()`, asks every row's height again and
    /// animates the rows to their new places (the expanding-cell idiom: change a height the
    /// delegate returns, then call `beginUpdates()` and `endUpdates()`). Without an open
    /// `beginUpdates()` it is reported and ignored.
    public func endUpdates() { endUpdates(completion: nil) }

    /// Runs `updates` as one group of updates, animated together; `completion` runs when the
    /// animations end (with true) or at once when the table reloaded instead.
    public func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        beginUpdates()
        updates?()
        endUpdates(completion: completion)
    }

    private func endUpdates(completion: ((Bool) -> Void)?) {
        guard updateDepth > 0 else {
            return CAEngine.current.report("UITableView.endUpdates: called without a matching beginUpdates (ignored)")
        }
        updateDepth -= 1
        if updateDepth > 0 {
            if let completion { nestedCompletions.append(completion) }
            return
        }
        let u = pending
        pending = TableUpdates()
        let completions = nestedCompletions + (completion.map { [$0] } ?? [])
        nestedCompletions = []
        let done = { (finished: Bool) in for c in completions { c(finished) } }
        guard let old = geometry, dataSource != nil else {
            // Nothing was shown yet: the next layout asks the data source anyway.
            invalidateGeometry()
            return done(true)
        }
        _ = closeSwipe(animated: false)
        guard let map = TableIndexMap(u, old: old.rowCounts, new: freshCounts()) else {
            reloadData()
            return done(false)
        }
        animate(map, old: old, done: done)
    }

    /// Moves the cells to the new numbering and animates everything to the new geometry.
    private func animate(_ map: TableIndexMap, old: TableGeometry, done: @escaping (Bool) -> Void) {
        let u = map.updates
        // A self-sizing row keeps its measured height through the update, except a row on screen:
        // its cell is measured again, since its content may be what changed (the expanding-cell
        // idiom: a constraint swapped or a label shown in the cell, then beginUpdates/endUpdates),
        // as UIKit sizes visible self-sizing rows anew.
        let width = max(0, bounds.width - 2 * rowInsetX)
        let g = makeGeometry(counts: map.newCounts) { ip in
            guard let o = map.oldPath(ip), u.reloadedRows[o] == nil, old.measured[old.flat(o)] else { return nil }
            if let cell = visible[o] { return Double(cell.fittingHeight(forWidth: width)) }
            return old.sums.heights[old.flat(o)]
        }
        // Content that shrank below the offset: the offset goes to the new end with the rows'
        // animation (as iOS does). The bounds are moved directly, not by scrolling, so no cell
        // is laid out against the old geometry; what shows is worked out at the new offset.
        let hi = max(-adjustedContentInset.top, CGFloat(g.contentHeight) + adjustedContentInset.bottom - bounds.height)
        let fromY = bounds.origin.y, toY = min(fromY, hi)
        UIView.performWithoutAnimation { bounds.origin.y = toY }
        geometry = g
        applyContentSize()
        selected = Set(selected.compactMap(map.newPath))
        var leaving: [(UITableViewCell, RowAnimation)] = [], passing: [(UITableViewCell, IndexPath)] = []
        var kept: [IndexPath: UITableViewCell] = [:]
        for (o, cell) in visible {
            cell.layer.removeAllAnimations()
            if let n = map.newPath(o), u.reloadedRows[o] == nil { kept[n] = cell; continue }
            leaving.append((cell, (u.reloadedRows[o] ?? u.deletedRows[o] ?? u.deletedSections[o.section] ?? .fade).resolved))
        }
        visible = [:]
        var entering: [(UITableViewCell, RowAnimation, IndexPath)] = []
        let (shownRows, heads, feet) = shownElements(in: g)
        for n in shownRows {
            if let cell = kept.removeValue(forKey: n) { visible[n] = cell; continue }
            let cell = makeVisibleCell(at: n)
            let o = map.oldPath(n)
            if let a = u.insertedRows[n] ?? u.insertedSections[n.section] ?? o.flatMap({ u.reloadedRows[$0] }) {
                entering.append((cell, a.resolved, n))
                place(cell, at: n, in: g, animated: false)
                UIView.performWithoutAnimation { Self.setOffState(cell, a.resolved, frame: cell.frame, width: bounds.width) }
            } else {
                // A row that was off screen: it comes from where it was.
                place(cell, at: n, in: g, animated: false)
                if let o { UIView.performWithoutAnimation { cell.frame = rect(old.span(o), inset: rowInsetX) } }
            }
        }
        for (n, cell) in kept { passing.append((cell, n)) }
        // Section views follow their sections; those of deleted sections fade.
        var leavingViews: [UIView] = []
        let oldHeads = headers, oldFeet = footers
        headers = [:]
        footers = [:]
        for (s, v) in oldHeads { if let n = map.sectionMap[s] { headers[n] = v } else { leavingViews.append(v) } }
        for (s, v) in oldFeet { if let n = map.sectionMap[s] { footers[n] = v } else { leavingViews.append(v) } }
        for (cell, a) in leaving where a == .none { recycle(cell) }
        for (cell, _) in leaving { cell.layer.zPosition = -1 }
        let cards = leaving.compactMap { cell, a in a == .left || a == .right ? clipToCard(cell, below: true) : nil }
        let arrivingCards = entering.compactMap { cell, a, _ in a == .left || a == .right ? clipToCard(cell, below: false).map { (cell, $0) } : nil }
        if toY != fromY { UIView.performWithoutAnimation { bounds.origin.y = fromY } }
        UIView.animate(withDuration: Self.rowAnimationDuration, delay: 0, options: [.curveEaseInOut, .allowUserInteraction], animations: {
            if toY != fromY { self.bounds.origin.y = toY }
            // Entering cells animate only from their start state (a second write of the same
            // property in this block would replace the first's animation).
            let arriving = Set(entering.map { ObjectIdentifier($0.0) })
            for (n, cell) in self.visible where !arriving.contains(ObjectIdentifier(cell)) { self.place(cell, at: n, in: g, animated: true) }
            for (cell, n) in passing { cell.frame = self.rect(g.span(n), inset: self.rowInsetX) }
            for (cell, a) in leaving where a != .none { Self.setOffState(cell, a, frame: cell.frame, width: self.bounds.width) }
            for (cell, _, n) in entering {
                // A cell sliding in inside its card's clip ends at the clip's origin.
                let f = self.rect(g.span(n), inset: self.rowInsetX), s = cell.superview
                Self.setOnState(cell, frame: s !== self && s?.superview === self ? CGRect(origin: .zero, size: f.size) : f)
            }
            for v in leavingViews { v.alpha = 0 }
            self.showSectionViews(headers: heads, footers: feet, in: g, animated: true)
        }, completion: { finished in
            for (cell, a) in leaving where a != .none { Self.setOnState(cell, frame: cell.frame); self.recycle(cell) }
            for clip in cards { clip.removeFromSuperview() }
            // Cells that slid in go back to the table, where their rows are now; one no longer
            // shown goes to its queue (one recycled meanwhile is there already).
            for (cell, clip) in arrivingCards {
                if cell.superview === clip, let g = self.geometry, let n = self.visible.first(where: { $0.value === cell })?.key {
                    UIView.performWithoutAnimation { self.insertSubview(cell, at: 0) }
                    self.place(cell, at: n, in: g)
                } else if cell.superview === clip {
                    self.recycle(cell)
                }
                clip.removeFromSuperview()
            }
            for (cell, _) in passing where !self.visible.values.contains(where: { $0 === cell }) { self.recycle(cell) }
            for v in leavingViews { v.alpha = 1; self.recycleHeader(v) }
            for (cell, _, _) in entering { cell.layer.zPosition = 0 }
            done(finished)
        })
    }

    /// In an inset-grouped table, puts a row leaving or entering sideways (`.left`, `.right`) in a
    /// view that clips it to the card's column at its row, so its band slides out of or into the
    /// card, not over the margin; returns that view (removed when the animation ends), or nil in
    /// the other styles. `below`: the view goes under the other rows (a leaving row's place).
    private func clipToCard(_ cell: UITableViewCell, below: Bool) -> UIView? {
        guard style == .insetGrouped else { return nil }
        let f = cell.frame
        let clip = UIView(frame: CGRect(x: rowInsetX, y: f.minY, width: max(0, bounds.width - 2 * rowInsetX), height: f.height))
        clip.clipsToBounds = true
        clip.isUserInteractionEnabled = false
        clip.layer.zPosition = below ? -1 : 0
        insertSubview(clip, at: 0)
        UIView.performWithoutAnimation {
            clip.addSubview(cell)
            cell.frame = f.offsetBy(dx: -clip.frame.minX, dy: -f.minY)
        }
        return clip
    }

    /// Where a row animation starts an inserted cell or ends a deleted one, from its `frame`.
    static func setOffState(_ cell: UITableViewCell, _ a: RowAnimation, frame f: CGRect, width: CGFloat) {
        let body = {
            switch a {
            case .none: break
            case .fade, .automatic: cell.alpha = 0
            case .right: cell.frame = f.offsetBy(dx: width, dy: 0)
            case .left: cell.frame = f.offsetBy(dx: -width, dy: 0)
            case .top: cell.layer.zPosition = -1; cell.frame = f.offsetBy(dx: 0, dy: -f.height)
            case .bottom: cell.layer.zPosition = -1; cell.frame = f.offsetBy(dx: 0, dy: f.height)
            case .middle:
                if !cell.clipsToBounds { cell.clipsToBounds = true; cell.clipsForRowAnimation = true }
                cell.bounds = CGRect(x: 0, y: f.height / 2, width: f.width, height: 0)
                cell.center = CGPoint(x: f.midX, y: f.midY)
            }
        }
        body()
    }

    /// A cell shown whole at `frame` (where an inserted cell's animation ends).
    static func setOnState(_ cell: UITableViewCell, frame f: CGRect) {
        if cell.alpha != 1 { cell.alpha = 1 }
        let b = CGRect(origin: .zero, size: f.size), c = CGPoint(x: f.midX, y: f.midY)
        if cell.bounds != b { cell.bounds = b }
        if cell.center != c { cell.center = c }
        if cell.clipsForRowAnimation { cell.clipsToBounds = false; cell.clipsForRowAnimation = false }
    }
}

extension UITableView.RowAnimation {
    /// `.automatic` as the table plays it.
    var resolved: UITableView.RowAnimation { self == .automatic ? .fade : self }
}
