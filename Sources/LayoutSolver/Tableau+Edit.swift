/// Edit variables: a preference `variable == value` whose value changes without rebuilding the
/// tableau, for values that move every frame (an animated constant, a dragged edge).
extension Tableau {
    /// Starts editing `variable` at `strength` (a priority below 1000); until the first
    /// `suggestValue`, the edit holds the variable at its current value in this solver.
    ///
    /// Throws `duplicateEditVariable` if it already has one and `invalidEditStrength` for a
    /// required or invalid priority.
    mutating func addEditVariable(_ variable: Variable, strength: Strength) throws(SolverError) {
        guard edits[ObjectIdentifier(variable)] == nil else { throw .duplicateEditVariable(variable) }
        guard strength.isValid && !strength.isRequired else { throw .invalidEditStrength(variable, strength) }
        let start = value(of: variable)
        let constraint = Constraint(variable, .equal, start, strength: strength)
        try insert(constraint)
        edits[ObjectIdentifier(variable)] = Edit(constraint: constraint, constant: start)
    }

    /// Stops editing `variable`; throws `unknownEditVariable` if it has no edit.
    mutating func removeEditVariable(_ variable: Variable) throws(SolverError) {
        guard let edit = edits.removeValue(forKey: ObjectIdentifier(variable)) else {
            throw .unknownEditVariable(variable)
        }
        try erase(recordIndex[ObjectIdentifier(edit.constraint)]!)
    }

    /// Whether `variable` has an edit.
    func hasEditVariable(_ variable: Variable) -> Bool {
        edits[ObjectIdentifier(variable)] != nil
    }

    /// Moves the edit of `variable` to `value` and re-solves with the dual simplex.
    ///
    /// Only the constants of the rows that hold the edit's error symbols change, then a few pivots
    /// restore feasibility; the tableau is not rebuilt. Throws `unknownEditVariable` and
    /// `nonFiniteSuggestion`.
    /// - Complexity: O(rows holding the edit) plus the dual pivots (often none).
    mutating func suggestValue(_ value: Double, for variable: Variable) throws(SolverError) {
        guard var edit = edits[ObjectIdentifier(variable)] else { throw .unknownEditVariable(variable) }
        guard value.isFinite else { throw .nonFiniteSuggestion(variable, value) }
        let delta = value - edit.constant
        edit.constant = value
        edits[ObjectIdentifier(variable)] = edit
        let record = records[recordIndex[ObjectIdentifier(edit.constraint)]!]!
        // The edit's row is 0 = variable − constant − plus + minus (plus: marker, minus: other).
        let plus = record.marker, minus = record.other
        if case let slot = basicSlot[Int(plus)], slot >= 0 {
            rows[Int(slot)].constant -= delta
            if rows[Int(slot)].constant < 0 { infeasible.append(plus) }
        } else if case let slot = basicSlot[Int(minus)], slot >= 0 {
            rows[Int(slot)].constant += delta
            if rows[Int(slot)].constant < 0 { infeasible.append(minus) }
        } else {
            for slot in liveColumn(plus) {
                let c = rows[Int(slot)].coefficient(of: plus)
                rows[Int(slot)].constant += delta * c
                let basic = slotBasic[Int(slot)]
                if kinds[Int(basic)] != .external && rows[Int(slot)].constant < 0 {
                    infeasible.append(basic)
                }
            }
        }
        try dualOptimize()
    }
}
