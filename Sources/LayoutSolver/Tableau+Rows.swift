/// The tableau's storage operations: symbols, rows in slots, the column index, and the two
/// operations everything else is made of — putting a row in or out, and pivoting.
///
/// Rows live in `rows` at stable slots (freed slots are reused), so a row keeps its slot while
/// its basic symbol changes in a pivot. The column index, `columns[symbol]`, lists the slots whose
/// row has a cell for the symbol: substituting a symbol touches only those rows instead of scanning
/// the whole tableau, as Kiwi does. A column is kept lazily: a cell that disappears leaves its slot
/// in the list (removing it would be a search through a column that can be long), and readers
/// skip slots whose row no longer holds the symbol (`liveColumn`). `liveCells` counts the real
/// cells, and a column more than twice that (plus 16) is compacted when it grows, so stale slots
/// stay a constant factor. The lists' order is deterministic (the order of the operations that
/// made them); where order could decide a result (ratio-test ties) the smallest id wins explicitly.
extension Tableau {
    /// A new symbol of `kind`, reusing a freed id. - Complexity: O(1) amortized.
    mutating func makeSymbol(_ kind: SymbolKind) -> Int32 {
        if let s = freeSymbols.popLast() {
            kinds[Int(s)] = kind
            return s
        }
        let s = Int32(kinds.count)
        kinds.append(kind)
        basicSlot.append(-1)
        columns.append([])
        liveCells.append(0)
        externals.append(nil)
        externalUses.append(0)
        isCandidate.append(false)
        for level in objective.indices { objective[level].append(0) }
        return s
    }

    /// Gives `symbol`'s id back once nothing refers to it: any leftover cells (round-off that
    /// escaped `Row.epsilon`) are removed from the rows and the objective first.
    mutating func freeSymbol(_ symbol: Int32) {
        scrub(symbol)
        externals[Int(symbol)] = nil
        externalUses[Int(symbol)] = 0
        freeSymbols.append(symbol)
    }

    /// Removes every cell of `symbol` (and its row, if it is basic).
    mutating func scrub(_ symbol: Int32) {
        let b = basicSlot[Int(symbol)]
        if b >= 0 { removeRow(b) }
        for slot in liveColumn(symbol) { rows[Int(slot)].remove(symbol) }
        columns[Int(symbol)] = []
        liveCells[Int(symbol)] = 0
        for level in objective.indices { objective[level][Int(symbol)] = 0 }
        artificial?.remove(symbol)
    }

    /// Records that the row at `slot` gained a cell for `symbol`.
    mutating func addToColumn(_ symbol: Int32, _ slot: Int32) {
        let s = Int(symbol)
        columns[s].append(slot)
        liveCells[s] += 1
        if columns[s].count > 2 * liveCells[s] + 16 { _ = liveColumn(symbol) }
    }

    /// `addToColumn` for each of `symbols`, with one uniqueness check of the column and count
    /// arrays for the whole batch instead of two per cell (a tenth of a first solve went to those
    /// checks); the columns that outgrew their live cells are compacted after the batch.
    mutating func addToColumns<S: Sequence<Int32>>(_ symbols: S, slot: Int32) {
        var overgrown: [Int32] = []
        liveCells.withUnsafeMutableBufferPointer { live in
            columns.withUnsafeMutableBufferPointer { columns in
                for symbol in symbols {
                    let s = Int(symbol)
                    if columns[s].capacity == 0 { columns[s].reserveCapacity(6) }
                    columns[s].append(slot)
                    live[s] += 1
                    if columns[s].count > 2 * live[s] + 16 { overgrown.append(symbol) }
                }
            }
        }
        for symbol in overgrown { _ = liveColumn(symbol) }
    }

    /// The slots whose rows hold `symbol`, each once, after dropping stale and repeated slots from
    /// its column. - Complexity: O(column length).
    mutating func liveColumn(_ symbol: Int32) -> [Int32] {
        stamp &+= 1
        if stamp == 0 { // wrapped: no mark may look current
            for i in slotMark.indices { slotMark[i] = 0 }
            stamp = 1
        }
        if slotMark.count < rows.count { slotMark += [UInt32](repeating: 0, count: rows.count - slotMark.count) }
        var list = columns[Int(symbol)]
        columns[Int(symbol)] = []
        var kept = 0
        for i in list.indices {
            let slot = list[i]
            guard slotMark[Int(slot)] != stamp, rows[Int(slot)].search(symbol) >= 0 else { continue }
            slotMark[Int(slot)] = stamp
            list[kept] = slot
            kept += 1
        }
        list.removeLast(list.count - kept)
        columns[Int(symbol)] = list
        return list
    }

    /// Puts `row` in the tableau with `basic` as its basic symbol and indexes its cells.
    /// - Complexity: O(cells).
    @discardableResult
    mutating func insertRow(_ row: Row, basic: Int32) -> Int32 {
        let slot: Int32
        if let s = freeSlots.popLast() {
            slot = s
            rows[Int(s)] = row
            slotBasic[Int(s)] = basic
        } else {
            slot = Int32(rows.count)
            rows.append(row)
            slotBasic.append(basic)
        }
        basicSlot[Int(basic)] = slot
        addToColumns(row.cells.lazy.map(\.symbol), slot: slot)
        return slot
    }

    /// Takes the row at `slot` out of the tableau; returns it. - Complexity: O(cells).
    @discardableResult
    mutating func removeRow(_ slot: Int32) -> Row {
        let row = rows[Int(slot)]
        for cell in row.cells { liveCells[Int(cell.symbol)] -= 1 }
        basicSlot[Int(slotBasic[Int(slot)])] = -1
        slotBasic[Int(slot)] = -1
        rows[Int(slot)] = Row()
        freeSlots.append(slot)
        return row
    }

    /// Solves `0 = constant + Σ cᵢ·sᵢ` for `subject`: `subject = −constant/c − Σ (cᵢ/c)·sᵢ`.
    func solve(_ row: inout Row, for subject: Int32) {
        let i = row.search(subject)
        let factor = -1 / row.cells[i].coefficient
        row.cells.remove(at: i)
        row.scale(by: factor)
    }

    /// Makes `entering` basic in the row at `slot` in place of its basic symbol, then substitutes
    /// `entering` everywhere else. - Complexity: O(cells of the row × rows that hold `entering`).
    mutating func pivot(_ slot: Int32, entering: Int32) {
        let leaving = slotBasic[Int(slot)]
        var row = rows[Int(slot)]
        rows[Int(slot)] = Row()
        // leaving = c + a·entering + … ⇒ 0 = c + a·entering + … − leaving, solved for entering.
        row.add(leaving, -1)
        solve(&row, for: entering)
        rows[Int(slot)] = row
        liveCells[Int(entering)] -= 1 // its slot in the column is now stale
        addToColumn(leaving, slot)
        basicSlot[Int(leaving)] = -1
        basicSlot[Int(entering)] = slot
        slotBasic[Int(slot)] = entering
        substitute(entering, by: row)
    }

    /// Replaces `symbol` by `definition` (its new row) in every row that holds it, in the objective
    /// and in the artificial objective; a restricted basic symbol left negative is queued in
    /// `infeasible` for the dual simplex.
    /// - Complexity: O(Σ cells of the rows holding `symbol`).
    mutating func substitute(_ symbol: Int32, by definition: Row) {
        let list = liveColumn(symbol)
        columns[Int(symbol)] = []
        liveCells[Int(symbol)] = 0
        for slot in list {
            let coefficient = rows[Int(slot)].coefficient(of: symbol)
            Row.merge(rows[Int(slot)].cells, definition.cells, factor: coefficient, skipping: symbol,
                      into: &scratch, added: &added, removed: &removed)
            swap(&rows[Int(slot)].cells, &scratch)
            rows[Int(slot)].constant += definition.constant * coefficient
            if !added.isEmpty { addToColumns(added, slot: slot) }
            for s in removed { liveCells[Int(s)] -= 1 }
            let basic = slotBasic[Int(slot)]
            if kinds[Int(basic)] != .external && rows[Int(slot)].constant < 0 {
                infeasible.append(basic)
            }
        }
        for level in objective.indices {
            let coefficient = objective[level][Int(symbol)]
            guard coefficient != 0 else { continue }
            objective[level][Int(symbol)] = 0
            for cell in definition.cells {
                objective[level][Int(cell.symbol)] += coefficient * cell.coefficient
                markCandidate(cell.symbol)
            }
        }
        if var row = artificial {
            artificial = nil
            substitute(symbol, by: definition, inObjective: &row)
            artificial = row
        }
    }

    /// Notes that `symbol`'s reduced cost changed, so the next optimization looks at it.
    mutating func markCandidate(_ symbol: Int32) {
        if !isCandidate[Int(symbol)] {
            isCandidate[Int(symbol)] = true
            candidates.append(symbol)
        }
    }

    /// `substitute` for the artificial objective (not a tableau row: no column index).
    mutating func substitute(_ symbol: Int32, by definition: Row, inObjective row: inout Row) {
        let coefficient = row.coefficient(of: symbol)
        guard coefficient != 0 else { return }
        Row.merge(row.cells, definition.cells, factor: coefficient, skipping: symbol,
                  into: &scratch, added: &added, removed: &removed, track: false)
        swap(&row.cells, &scratch)
        row.constant += definition.constant * coefficient
    }

    /// `target += factor·source` for a row outside the tableau. - Complexity: O(both rows).
    mutating func addScaled(_ source: Row, by factor: Double, to target: inout Row) {
        Row.merge(target.cells, source.cells, factor: factor, skipping: -1,
                  into: &scratch, added: &added, removed: &removed, track: false)
        swap(&target.cells, &scratch)
        target.constant += source.constant * factor
    }
}
