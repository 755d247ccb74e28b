import Foundation
import Layers

/// The changes one `performBatchUpdates` block announces: deletions and move sources in the old
/// numbering, insertions and move destinations in the new one (UIKit's rule).
struct BatchUpdates {
    var deleted: Set<IndexPath> = []
    var inserted: Set<IndexPath> = []
    var moves: [(from: IndexPath, to: IndexPath)] = []
}

extension UICollectionView {
    /// Announces items inserted by the data source (inside `performBatchUpdates`, or alone).
    public func insertItems(at indexPaths: [IndexPath]) { update { $0.inserted.formUnion(indexPaths) } }
    /// Announces items the data source removed (old numbering), to fade out; inside
    /// `performBatchUpdates` or alone (then animated as a batch of one).
    public func deleteItems(at indexPaths: [IndexPath]) { update { $0.deleted.formUnion(indexPaths) } }
    /// Announces that the item at `indexPath` (old numbering) now sits at `newIndexPath` (new
    /// numbering); its cell slides there. Inside `performBatchUpdates` or alone.
    public func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) { update { $0.moves.append((indexPath, newIndexPath)) } }

    private func update(_ change: (inout BatchUpdates) -> Void) {
        if batch != nil { change(&batch!); return }
        // Outside a batch: one update of its own, animated like a batch.
        var alone = BatchUpdates()
        change(&alone)
        performBatchUpdates({ [alone] in self.batch = alone })
    }

    /// Applies the changes `updates` announces, animated over 0.3 s: deleted items fade out,
    /// inserted ones fade in at their places, the others move to theirs. Counts that do not add up
    /// (UIKit raises) are reported and the collection view reloads instead.
    ///
    /// A batch made inside another's `updates` is merged into the outer one, as UIKit does: its
    /// changes join the outer batch and its completion runs with the outer one's. An insertion or
    /// deletion out of range gets UIKit's message (one line) and is ignored; the rest of the
    /// batch applies.
    public func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        if batch != nil {
            updates?()
            if let completion { batchCompletions.append(completion) }
            return
        }
        let oldCounts = loadedCounts
        batch = BatchUpdates()
        batchCompletions = completion.map { [$0] } ?? []
        updates?()
        var b = batch ?? BatchUpdates()
        let completions = batchCompletions
        batch = nil
        batchCompletions = []
        let done = { (finished: Bool) in for c in completions { c(finished) } }
        let newCounts = freshCounts()
        let refused = Self.dropOutOfRange(&b, old: oldCounts, new: newCounts)
        if let refused { CAEngine.current.report(refused) }
        guard let map = Self.indexMap(b, old: oldCounts, new: newCounts) else {
            // After an out-of-range path the mismatch is its consequence: one line is enough.
            if refused == nil {
                CAEngine.current.report("UICollectionView.performBatchUpdates: Invalid update: the number of items after the update must equal the number before, plus inserted, minus deleted (reloading instead)")
            }
            setCounts(newCounts)
            reloadData()
            done(false)
            return
        }
        setCounts(newCounts)
        // Cells and selection follow their items; deleted cells fade where they were.
        var kept: [IndexPath: UICollectionViewCell] = [:], leaving: [UICollectionViewCell] = []
        for (ip, cell) in visibleMap {
            if let n = map[ip] { kept[n] = cell } else { leaving.append(cell) }
        }
        replaceSelection(Set(selection.compactMap { map[$0] }))
        replaceVisible(kept)
        layoutIsValid = false
        prepareLayoutIfNeeded()
        let attributes = collectionViewLayout.layoutAttributesForElements(in: bounds) ?? []
        var appearing: [UICollectionViewCell] = []
        var now: [IndexPath: UICollectionViewCell] = [:]
        for a in attributes where now[a.indexPath] == nil {
            if let cell = kept[a.indexPath] {
                now[a.indexPath] = cell
            } else {
                let cell = makeCellForUpdate(at: a.indexPath, frame: a.frame)
                UIView.performWithoutAnimation {
                    cell.apply(a)
                    if b.inserted.contains(a.indexPath) { cell.alpha = 0; appearing.append(cell) }
                }
                now[a.indexPath] = cell
            }
        }
        for (ip, cell) in kept where now[ip] == nil { leaving.append(cell) }
        replaceVisible(now)
        UIView.animate(withDuration: 0.3, delay: 0, options: [.allowUserInteraction], animations: {
            for a in attributes { if let c = now[a.indexPath], !appearing.contains(where: { $0 === c }) { c.apply(a) } }
            for c in appearing { c.alpha = 1 }
            for c in leaving { c.alpha = 0 }
        }, completion: { finished in
            for c in leaving { c.alpha = 1; self.recycle(c) }
            done(finished)
        })
    }

    /// Removes from `b` the insertions, deletions and moves whose index paths do not exist
    /// (deletions and move sources in the old counts, insertions and move destinations in the
    /// new ones) and returns UIKit's message for the first, naming the call; nil when all exist.
    static func dropOutOfRange(_ b: inout BatchUpdates, old: [Int], new: [Int]) -> String? {
        var message: String?
        func exists(_ ip: IndexPath, in counts: [Int]) -> Bool {
            ip.count == 2 && counts.indices.contains(ip.section) && (0..<counts[ip.section]).contains(ip.item)
        }
        func note(_ text: String) { if message == nil { message = text + " (ignored)" } }
        for ip in b.inserted.sorted() where !exists(ip, in: new) {
            b.inserted.remove(ip)
            guard ip.count == 2 else { note("UICollectionView.insertItems: \(ip) is not an item's index path (two indexes)"); continue }
            note(new.indices.contains(ip.section)
                 ? "UICollectionView.insertItems: attempt to insert item \(ip.item) into section \(ip.section), but there are only \(new[ip.section]) items in section \(ip.section) after the update"
                 : "UICollectionView.insertItems: attempt to insert item \(ip.item) into section \(ip.section), but there are only \(new.count) sections after the update")
        }
        for ip in b.deleted.sorted() where !exists(ip, in: old) {
            b.deleted.remove(ip)
            guard ip.count == 2 else { note("UICollectionView.deleteItems: \(ip) is not an item's index path (two indexes)"); continue }
            note(old.indices.contains(ip.section)
                 ? "UICollectionView.deleteItems: attempt to delete item \(ip.item) from section \(ip.section) which only contains \(old[ip.section]) items before the update"
                 : "UICollectionView.deleteItems: attempt to delete item \(ip.item) from section \(ip.section), but there are only \(old.count) sections before the update")
        }
        b.moves.removeAll { m in
            guard exists(m.from, in: old), exists(m.to, in: new) else {
                note("UICollectionView.moveItem: attempt to move index path \(m.from) to index path \(m.to), but one of them does not exist before or after the update")
                return true
            }
            return false
        }
        return message
    }

    /// Old index path → new index path for every item that stays, or nil when the counts do not
    /// add up. Per section: the items not deleted or moved away keep their order and fill the new
    /// places not taken by insertions or move destinations.
    static func indexMap(_ b: BatchUpdates, old: [Int], new: [Int]) -> [IndexPath: IndexPath]? {
        var map: [IndexPath: IndexPath] = [:]
        let movedFrom = Set(b.moves.map(\.from)), movedTo = Set(b.moves.map(\.to))
        for (s, oldCount) in old.enumerated() {
            guard s < new.count else {
                if (0..<oldCount).contains(where: { !b.deleted.contains(IndexPath(item: $0, section: s)) && !movedFrom.contains(IndexPath(item: $0, section: s)) }) { return nil }
                continue
            }
            let staying = (0..<oldCount).map { IndexPath(item: $0, section: s) }.filter { !b.deleted.contains($0) && !movedFrom.contains($0) }
            let free = (0..<new[s]).map { IndexPath(item: $0, section: s) }.filter { !b.inserted.contains($0) && !movedTo.contains($0) }
            guard staying.count == free.count else { return nil }
            for (o, n) in zip(staying, free) { map[o] = n }
        }
        for s in old.count..<max(old.count, new.count) {
            let free = (0..<new[s]).filter { !b.inserted.contains(IndexPath(item: $0, section: s)) && !movedTo.contains(IndexPath(item: $0, section: s)) }
            guard free.isEmpty else { return nil }
        }
        for m in b.moves {
            guard m.from.section < old.count, m.from.item < old[m.from.section], m.to.section < new.count, m.to.item < new[m.to.section] else { return nil }
            map[m.from] = m.to
        }
        return map
    }
}
