/// Edit variables: a preference `variable == value` whose value changes without rebuilding the
/// tableau, for values that move every frame (an animated constant, a dragged edge).
extension Solver {
    /// Starts editing `variable` at `strength` (a priority below 1000); until the first
    /// `suggestValue`, the edit holds the variable at its current value in this solver.
    ///
    /// Throws `duplicateEditVariable` if it already has one and `invalidEditStrength` for a
    /// required or invalid priority.
    public func addEditVariable(_ variable: Variable, strength: Strength) throws(SolverError) {
        try tableau.addEditVariable(variable, strength: strength)
    }

    /// Stops editing `variable`; throws `unknownEditVariable` if it has no edit.
    public func removeEditVariable(_ variable: Variable) throws(SolverError) {
        try tableau.removeEditVariable(variable)
    }

    /// Whether `variable` has an edit.
    public func hasEditVariable(_ variable: Variable) -> Bool {
        tableau.hasEditVariable(variable)
    }

    /// Moves the edit of `variable` to `value` and re-solves with the dual simplex.
    ///
    /// Only the constants of the rows that hold the edit's error symbols change, then a few pivots
    /// restore feasibility; the tableau is not rebuilt. Throws `unknownEditVariable` and
    /// `nonFiniteSuggestion`.
    /// - Complexity: O(rows holding the edit) plus the dual pivots (often none).
    public func suggestValue(_ value: Double, for variable: Variable) throws(SolverError) {
        try tableau.suggestValue(value, for: variable)
    }
}
