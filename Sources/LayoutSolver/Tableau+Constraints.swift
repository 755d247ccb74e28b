/// Adding and removing constraints: a constraint becomes a row with its marker symbols, is
/// solved for a subject (or brought in through an artificial variable), and on removal is pivoted
/// out through its marker.
extension Tableau {
    /// The external symbol for `variable`, made on first use.
    mutating func symbol(for variable: Variable) -> Int32 {
        let hint = variable.symbolHint
        if hint >= 0 && Int(hint) < externals.count && externals[Int(hint)] === variable { return hint }
        if let s = variableSymbols[ObjectIdentifier(variable)] {
            variable.symbolHint = s
            return s
        }
        let s = makeSymbol(.external)
        externals[Int(s)] = variable
        variableSymbols[ObjectIdentifier(variable)] = s
        variable.symbolHint = s
        return s
    }

    /// Forgets the external symbols of `variables` no constraint uses any more.
    mutating func release(_ variables: [Int32]) {
        for s in variables {
            externalUses[Int(s)] -= 1
            if externalUses[Int(s)] == 0, let variable = externals[Int(s)] {
                variableSymbols[ObjectIdentifier(variable)] = nil
                freeSymbol(s)
            }
        }
    }

    /// Adds a checked constraint (see `addConstraint`); returns its record's index.
    @discardableResult
    mutating func insert(_ constraint: Constraint) throws(SolverError) -> Int {
        // The row: 0 = expression (+ slack, error and dummy symbols), basic variables substituted.
        var row = Row(constant: constraint.expression.constant)
        var variables: [Int32] = []
        variables.reserveCapacity(constraint.expression.terms.count)
        for term in constraint.expression.terms {
            let s = symbol(for: term.variable)
            externalUses[Int(s)] += 1
            variables.append(s)
            let slot = basicSlot[Int(s)]
            if slot >= 0 {
                addScaled(rows[Int(slot)], by: term.coefficient, to: &row)
            } else {
                row.add(s, term.coefficient)
            }
        }
        let required = constraint.strength.isRequired
        let level = required ? nil : self.level(for: constraint.strength.priority, create: true)
        var marker: Int32 = -1, other: Int32 = -1
        switch constraint.relation {
        case .lessOrEqual, .greaterOrEqual:
            let sign: Double = constraint.relation == .lessOrEqual ? 1 : -1
            marker = makeSymbol(.slack)
            row.add(marker, sign)
            if !required {
                other = makeSymbol(.error)
                row.add(other, -sign)
            }
        case .equal:
            if required {
                marker = makeSymbol(.dummy)
                row.add(marker, 1)
            } else {
                marker = makeSymbol(.error)
                other = makeSymbol(.error)
                row.add(marker, -1)
                row.add(other, 1)
            }
        }
        if row.constant < 0 { row.scale(by: -1) }

        var subject = chooseSubject(row, marker: marker, other: other)
        if subject < 0 && row.cells.allSatisfy({ kinds[Int($0.symbol)] == .dummy }) {
            guard abs(row.constant) < Row.epsilon else {
                undo(marker: marker, other: other, level: level, variables: variables)
                throw .unsatisfiable(constraint)
            }
            subject = marker // a redundant required equality: its dummy becomes basic
        }
        if subject < 0 {
            guard try addWithArtificialVariable(row) else {
                undo(marker: marker, other: other, level: level, variables: variables)
                try optimize(.preferences)
                throw .unsatisfiable(constraint)
            }
        } else {
            solve(&row, for: subject)
            insertRow(row, basic: subject)
            substitute(subject, by: row)
        }
        if let level {
            levelUses[level] += 1
            if kinds[Int(marker)] == .error { addToObjective(marker, factor: 1, level: level) }
            if other >= 0 && kinds[Int(other)] == .error { addToObjective(other, factor: 1, level: level) }
        }
        let record = Record(constraint: constraint, marker: marker, other: other, variables: variables)
        let index: Int
        if let free = freeRecords.popLast() {
            index = free
            records[index] = record
        } else {
            index = records.count
            records.append(record)
        }
        recordIndex[ObjectIdentifier(constraint)] = index
        try optimize(.preferences)
        return index
    }

    /// Takes back the symbols of a constraint that was refused.
    private mutating func undo(marker: Int32, other: Int32, level: Int?, variables: [Int32]) {
        if marker >= 0 { freeSymbol(marker) }
        if other >= 0 { freeSymbol(other) }
        if let level, levelUses[level] == 0 { useLevel(level, by: 0) }
        release(variables)
    }

    /// The symbol to solve a new row for: an external variable whose substitution cannot make a
    /// restricted row negative (it appears in no restricted row) — of those the one in the fewest
    /// rows, smallest id on ties, so a variable seen for the first time is solved for and nothing
    /// else changes (Kiwi takes the first external, which can spread it through many rows) —
    /// else the constraint's own slack or error symbol when its coefficient is negative (its
    /// value, the row's constant, is then ≥ 0); -1 when there is none.
    func chooseSubject(_ row: Row, marker: Int32, other: Int32) -> Int32 {
        // Candidates in order of (rows holding it, id); only the first eligible one is checked
        // through its column, and a variable in no row needs no check.
        var externalsInRow: [(cells: Int, symbol: Int32)] = []
        for cell in row.cells where kinds[Int(cell.symbol)] == .external {
            if liveCells[Int(cell.symbol)] == 0 { return cell.symbol } // the smallest such id
            externalsInRow.append((liveCells[Int(cell.symbol)], cell.symbol))
        }
        externalsInRow.sort { ($0.cells, $0.symbol) < ($1.cells, $1.symbol) }
        for (_, s) in externalsInRow {
            var eligible = true
            for slot in columns[Int(s)] where rows[Int(slot)].search(s) >= 0 { // else a stale slot
                if kinds[Int(slotBasic[Int(slot)])] != .external {
                    eligible = false
                    break
                }
            }
            if eligible { return s }
        }
        if kinds[Int(marker)].isRestricted && row.coefficient(of: marker) < 0 { return marker }
        if other >= 0 && kinds[Int(other)].isRestricted && row.coefficient(of: other) < 0 { return other }
        return -1
    }

    /// Phase one for a required row with no subject: a new slack `a` = row is minimized; the row
    /// holds iff `a` reaches 0, and `a` is then dropped. When it cannot, the tableau is put back
    /// as it was (the row pivoted out through `a`), and false is returned.
    mutating func addWithArtificialVariable(_ row: Row) throws(SolverError) -> Bool {
        let art = makeSymbol(.slack)
        insertRow(row, basic: art)
        artificial = row
        do {
            try optimize(.artificial)
        } catch {
            artificial = nil
            throw error
        }
        let success = abs(artificial!.constant) < Row.epsilon
        artificial = nil
        let slot = basicSlot[Int(art)]
        if success {
            if slot >= 0 {
                // `a` is basic at 0: pivot on another symbol of its row — a restricted one, else an
                // external, else (the row holds only dummies: a redundant equality) a dummy, which
                // then stays basic at 0 like the redundant case of `insert`.
                let cells = rows[Int(slot)].cells
                let entering = cells.first(where: { kinds[Int($0.symbol)].isRestricted })?.symbol
                    ?? cells.first(where: { kinds[Int($0.symbol)] == .external })?.symbol
                    ?? cells.first?.symbol
                if let entering {
                    pivot(slot, entering: entering)
                } else {
                    removeRow(slot)
                }
            }
            freeSymbol(art) // removes `a`'s cells: it stays 0
            return true
        }
        // Infeasible: every row but `a`'s is free of the new row once `a` is basic, so dropping
        // `a`'s row restores the tableau of the constraints before.
        if slot >= 0 {
            removeRow(slot)
        } else if let leaving = markerLeavingSlot(art) {
            pivot(leaving, entering: art)
            removeRow(leaving)
        }
        freeSymbol(art)
        return false
    }

    /// Removes the constraint of record `index`: its errors leave the objective, its marker is
    /// pivoted into the basis and that row dropped, then the objective is re-optimized.
    mutating func erase(_ index: Int) throws(SolverError) {
        let record = records[index]!
        records[index] = nil
        freeRecords.append(index)
        recordIndex[ObjectIdentifier(record.constraint)] = nil
        if !record.constraint.strength.isRequired,
           let level = level(for: record.constraint.strength.priority, create: false) {
            if kinds[Int(record.marker)] == .error { addToObjective(record.marker, factor: -1, level: level) }
            if record.other >= 0 && kinds[Int(record.other)] == .error {
                addToObjective(record.other, factor: -1, level: level)
            }
            useLevel(level, by: -1)
        }
        let slot = basicSlot[Int(record.marker)]
        if slot >= 0 {
            removeRow(slot)
        } else if let leaving = markerLeavingSlot(record.marker) {
            pivot(leaving, entering: record.marker)
            removeRow(leaving)
        }
        freeSymbol(record.marker)
        if record.other >= 0 { freeSymbol(record.other) }
        release(record.variables)
        try optimize(.preferences)
    }
}
