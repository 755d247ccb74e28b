/// A held constraint's constant changed in place: the animation idiom (`constant`, then layout)
/// costs what an edit variable's suggestion costs, without an edit variable per constraint.
///
/// Why it works: the constraint entered the tableau as the row `expression + m·marker (+ …) = 0`,
/// where `marker` is its slack, error or dummy symbol with coefficient m (+1 for ≤ and a required
/// equality's dummy, −1 for ≥ and a preference's positive error). Adding Δ to the expression's
/// constant is the same system with `marker` replaced by `marker + Δ/m`. In the current tableau
/// that is a change of constants only — of the marker's own row when it is basic, else of each
/// row holding it — after which the dual simplex restores feasibility (Cassowary's edit
/// suggestion is this with the edit's error symbol as the marker).
extension Tableau {
    /// Replaces the constraint at record `index` by `replacement`, which must have the same terms,
    /// relation and strength (checked by the caller) and differs only in its constant.
    ///
    /// Throws `unsatisfiable(replacement)` when the new constant cannot hold with the required
    /// constraints; the tableau then holds the old constraint, as before the call.
    /// - Complexity: O(rows holding the marker) plus the dual pivots.
    mutating func replaceConstant(at index: Int, with replacement: Constraint) throws(SolverError) {
        guard let record = records[index] else { throw .unknownConstraint(replacement) }
        let old = record.constraint
        let m: Double = switch old.relation {
        case .lessOrEqual: 1
        case .greaterOrEqual: -1
        case .equal: old.strength.isRequired ? 1 : -1
        }
        let shift = (replacement.expression.constant - old.expression.constant) / m
        if shift != 0 {
            guard substitute(marker: record.marker, shiftedBy: shift) else {
                _ = substitute(marker: record.marker, shiftedBy: -shift)
                infeasible.removeAll()
                throw .unsatisfiable(replacement)
            }
            do {
                try dualOptimize()
            } catch {
                // The old constant held in the tableau before: shift back and re-optimize from
                // the basis the failed attempt left (dual feasible, so the dual simplex gets there).
                _ = substitute(marker: record.marker, shiftedBy: -shift)
                markInfeasibleRows()
                try? dualOptimize()
                throw .unsatisfiable(replacement)
            }
        }
        records[index] = Record(constraint: replacement, marker: record.marker, other: record.other, variables: record.variables)
        recordIndex[ObjectIdentifier(old)] = nil
        recordIndex[ObjectIdentifier(replacement)] = index
    }

    /// Replaces `marker` by `marker + shift` in every row, noting the rows it makes infeasible.
    /// False when a redundant required equality (a basic dummy) no longer holds: the system has
    /// no solution, whatever the pivots.
    private mutating func substitute(marker: Int32, shiftedBy shift: Double) -> Bool {
        var holds = true
        func changed(_ slot: Int32) {
            let basic = slotBasic[Int(slot)], constant = rows[Int(slot)].constant
            switch kinds[Int(basic)] {
            case .dummy: if abs(constant) > Row.epsilon { holds = false }
            case .external: break
            case .slack, .error: if constant < 0 { infeasible.append(basic) }
            }
        }
        if case let slot = basicSlot[Int(marker)], slot >= 0 {
            rows[Int(slot)].constant -= shift
            changed(slot)
        } else {
            for slot in liveColumn(marker) {
                rows[Int(slot)].constant += shift * rows[Int(slot)].coefficient(of: marker)
                changed(slot)
            }
        }
        return holds
    }

    /// Lists every restricted basic row with a negative constant as infeasible.
    private mutating func markInfeasibleRows() {
        infeasible.removeAll()
        for slot in rows.indices where slotBasic[slot] >= 0 {
            let basic = slotBasic[slot]
            if kinds[Int(basic)] != .external && kinds[Int(basic)] != .dummy && rows[slot].constant < 0 { infeasible.append(basic) }
        }
    }
}
