import Foundation
import Layers

/// Old rows and sections → new ones for a group of table updates, checked as UIKit checks them:
/// an index path that does not exist gets UIKit's message and is dropped; counts that do not add
/// up get UIKit's message and no map (the table reloads). Per section, the rows neither deleted,
/// reloaded-away nor moved keep their order and fill the new places not taken by insertions or
/// move destinations; sections do the same.
/// - Complexity: O(sections + rows), once per update group.
struct TableIndexMap {
    /// The updates, without the refused index paths.
    let updates: TableUpdates
    /// The data source's new counts.
    let newCounts: [Int]
    /// Old section → new section (nil: deleted).
    let sectionMap: [Int: Int]
    private let rowMap: [[Int]]        // [old section][old row] → new row, -1 deleted
    private let inverseSection: [Int]  // new section → old section, -1 inserted
    private let inverseRow: [[Int]]    // [new section][new row] → old row, -1 none
    private let inverseMoves: [IndexPath: IndexPath]

    init?(_ given: TableUpdates, old: [Int], new: [Int]) {
        var u = given
        var message: String?
        func note(_ m: String) { if message == nil { message = "UITableView: " + m + " (ignored)" } }
        func exists(_ ip: IndexPath, _ counts: [Int]) -> Bool { ip.count == 2 && counts.indices.contains(ip.section) && (0..<counts[ip.section]).contains(ip.row) }
        for s in u.deletedSections.keys.sorted() where !old.indices.contains(s) { u.deletedSections[s] = nil; note("attempt to delete section \(s), but there are only \(old.count) sections before the update") }
        for s in u.insertedSections.keys.sorted() where !new.indices.contains(s) { u.insertedSections[s] = nil; note("attempt to insert section \(s), but there are only \(new.count) sections after the update") }
        for ip in u.deletedRows.keys.sorted() where !exists(ip, old) { u.deletedRows[ip] = nil; note("attempt to delete row \(ip.row) from section \(ip.section) which only contains \(old.indices.contains(ip.section) ? old[ip.section] : 0) rows before the update") }
        for ip in u.reloadedRows.keys.sorted() where !exists(ip, old) { u.reloadedRows[ip] = nil; note("attempt to reload row \(ip.row) in section \(ip.section), which does not exist before the update") }
        for ip in u.insertedRows.keys.sorted() where !exists(ip, new) { u.insertedRows[ip] = nil; note("attempt to insert row \(ip.row) into section \(ip.section), but there are only \(new.indices.contains(ip.section) ? new[ip.section] : 0) rows in section \(ip.section) after the update") }
        for (from, to) in u.moves.sorted(by: { $0.key < $1.key }) where !exists(from, old) || !exists(to, new) || u.deletedRows[from] != nil {
            u.moves[from] = nil
            note("attempt to move index path \(from) to index path \(to), but one of them does not exist before or after the update")
        }
        var destinations = Set<IndexPath>()
        for (from, to) in u.moves.sorted(by: { $0.key < $1.key }) where !destinations.insert(to).inserted || u.insertedRows[to] != nil {
            u.moves[from] = nil
            note("attempt to move index path \(from) to index path \(to), which another move or an insertion already takes")
        }
        // Reloads of deleted rows are deletions (UIKit refuses the pair; keeping the deletion is the defined result).
        for ip in u.reloadedRows.keys where u.deletedRows[ip] != nil || u.deletedSections[ip.section] != nil { u.reloadedRows[ip] = nil }
        if let message { CAEngine.current.report(message) }

        let keptOld = old.indices.filter { u.deletedSections[$0] == nil }
        let freeNew = new.indices.filter { u.insertedSections[$0] == nil }
        guard keptOld.count == freeNew.count else {
            CAEngine.current.report("UITableView: Invalid update: invalid number of sections. The number of sections after the update (\(new.count)) must be equal to the number before (\(old.count)), plus or minus the number inserted or deleted (\(u.insertedSections.count) inserted, \(u.deletedSections.count) deleted); reloading instead")
            return nil
        }
        let movedFrom = Set(u.moves.keys), movedTo = Set(u.moves.values)
        var sectionMap: [Int: Int] = [:], inverseSection = [Int](repeating: -1, count: new.count)
        var rowMap = old.map { [Int](repeating: -1, count: $0) }
        var inverseRow = new.map { [Int](repeating: -1, count: $0) }
        for (o, n) in zip(keptOld, freeNew) {
            sectionMap[o] = n
            inverseSection[n] = o
            let staying = (0..<old[o]).filter { !movedFrom.contains(IndexPath(row: $0, section: o)) && u.deletedRows[IndexPath(row: $0, section: o)] == nil }
            let free = (0..<new[n]).filter { !movedTo.contains(IndexPath(row: $0, section: n)) && u.insertedRows[IndexPath(row: $0, section: n)] == nil }
            guard staying.count == free.count else {
                let ins = u.insertedRows.keys.filter { $0.section == n }.count, del = u.deletedRows.keys.filter { $0.section == o }.count
                let into = movedTo.filter { $0.section == n }.count, out = movedFrom.filter { $0.section == o }.count
                CAEngine.current.report("UITableView: Invalid update: invalid number of rows in section \(n). The number of rows contained in an existing section after the update (\(new[n])) must be equal to the number of rows contained in that section before the update (\(old[o])), plus or minus the number of rows inserted or deleted from that section (\(ins) inserted, \(del) deleted) and plus or minus the number of rows moved into or out of that section (\(into) moved in, \(out) moved out); reloading instead")
                return nil
            }
            for (r, m) in zip(staying, free) { rowMap[o][r] = m; inverseRow[n][m] = r }
        }
        updates = u
        newCounts = new
        self.sectionMap = sectionMap
        self.rowMap = rowMap
        self.inverseSection = inverseSection
        self.inverseRow = inverseRow
        inverseMoves = Dictionary(u.moves.map { ($0.value, $0.key) }, uniquingKeysWith: { a, _ in a })
    }

    /// Where an old row is after the updates; nil when it was deleted.
    func newPath(_ o: IndexPath) -> IndexPath? {
        if let m = updates.moves[o] { return m }
        guard let s = sectionMap[o.section], rowMap[o.section].indices.contains(o.row) else { return nil }
        let r = rowMap[o.section][o.row]
        return r < 0 ? nil : IndexPath(row: r, section: s)
    }
    /// Where a new row was before the updates; nil when it was inserted.
    func oldPath(_ n: IndexPath) -> IndexPath? {
        if let m = inverseMoves[n] { return m }
        guard inverseSection.indices.contains(n.section), inverseSection[n.section] >= 0,
              inverseRow[n.section].indices.contains(n.row) else { return nil }
        let r = inverseRow[n.section][n.row]
        return r < 0 ? nil : IndexPath(row: r, section: inverseSection[n.section])
    }
}
