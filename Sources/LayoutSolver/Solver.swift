/// An incremental Cassowary solver (Badros, Borning and Stuckey, 2001) for linear equalities and
/// inequalities with required and prioritized constraints, the engine under Auto Layout.
///
/// Constraints are added and removed one at a time and each change costs about what it touches,
/// not a new solve: the solver keeps a simplex tableau in solved form and re-optimizes from it.
/// A value that changes often (a constraint's constant being animated) is an *edit variable*:
/// `suggestValue` moves it with a few dual-simplex pivots, without rebuilding anything.
///
/// Priorities follow UIKit's scale (`Strength`): 1000 is required, anything below is a preference
/// on its own lexicographic level. Bad requests are refused with a `SolverError` that names the
/// constraint or variable and leave the solver as it was. Deterministic: the same calls in the
/// same order give the same values to the bit — storage is arrays indexed by symbol ids, and no
/// result depends on hashing order.
///
/// Read the results with `updateVariables()` (every variable's `value`) or `value(of:)`.
/// Not thread-safe: use one solver from one thread at a time.
public final class Solver {
    var tableau = Tableau()

    /// An empty solver.
    public init() {}

    /// The number of constraints held, edits' own constraints included.
    public var constraintCount: Int { tableau.recordIndex.count }

    /// Whether `constraint` (this object) is in the solver.
    public func hasConstraint(_ constraint: Constraint) -> Bool {
        tableau.recordIndex[ObjectIdentifier(constraint)] != nil
    }

    /// Adds a constraint and re-optimizes.
    ///
    /// Throws, leaving the solver unchanged: `duplicateConstraint` if it is already in,
    /// `nonFiniteConstraint` for a NaN or infinite number, `invalidStrength`, and
    /// `unsatisfiable` when it is required and cannot hold with the required constraints already in.
    /// - Complexity: the rows its variables touch, plus the pivots of re-optimizing (typically a
    ///   few). A row carries one cell per constraint it depends on: in a chain of n equalities the
    ///   far end's row has n cells (Cassowary keeps every constraint removable), so a chain costs
    ///   O(n²) in all, as in Kiwi.
    public func addConstraint(_ constraint: Constraint) throws(SolverError) {
        guard !hasConstraint(constraint) else { throw .duplicateConstraint(constraint) }
        guard constraint.isFinite else { throw .nonFiniteConstraint(constraint) }
        guard constraint.strength.isValid else { throw .invalidStrength(constraint) }
        try tableau.insert(constraint)
    }

    /// Removes a constraint and re-optimizes; throws `unknownConstraint` if it is not in the
    /// solver. An edit's own constraint is removed with `removeEditVariable`.
    public func removeConstraint(_ constraint: Constraint) throws(SolverError) {
        guard let index = tableau.recordIndex[ObjectIdentifier(constraint)] else {
            throw .unknownConstraint(constraint)
        }
        try tableau.erase(index)
    }

    /// Puts `replacement` in the place of `constraint`, a held constraint that it equals but for
    /// its constant, and re-solves from the current tableau (as an edit variable's suggestion
    /// does): the way to animate a constraint's constant without an edit variable for each.
    ///
    /// Throws, leaving the solver holding `constraint` as before: `unknownConstraint`,
    /// `duplicateConstraint` (the replacement is held already), `nonFiniteConstraint`,
    /// `notAConstantChange` (other terms, relation or strength), and `unsatisfiable` when the new
    /// constant cannot hold with the required constraints.
    /// - Complexity: the rows holding the constraint's marker symbol, plus the dual pivots.
    public func replaceConstant(of constraint: Constraint, with replacement: Constraint) throws(SolverError) {
        guard let index = tableau.recordIndex[ObjectIdentifier(constraint)] else { throw .unknownConstraint(constraint) }
        guard !hasConstraint(replacement) else { throw .duplicateConstraint(replacement) }
        guard replacement.isFinite else { throw .nonFiniteConstraint(replacement) }
        let a = constraint.expression.terms, b = replacement.expression.terms
        guard replacement.relation == constraint.relation, replacement.strength == constraint.strength, a.count == b.count,
              zip(a, b).allSatisfy({ $0.variable === $1.variable && $0.coefficient == $1.coefficient }) else {
            throw .notAConstantChange(replacement)
        }
        try tableau.replaceConstant(at: index, with: replacement)
    }

    /// The value `variable` has in the current solution (0 for a variable the solver does not
    /// know). - Complexity: O(1).
    public func value(of variable: Variable) -> Double {
        tableau.value(of: variable)
    }

    /// Writes the current solution into every variable's `value`, in the order the variables
    /// were first seen. - Complexity: O(symbols).
    public func updateVariables() {
        tableau.updateVariables()
    }

    /// An independent solver in the same state (the tableau is a value: this is a copy on write),
    /// for questions that must not move this one's solution, such as whether a variable is free.
    /// The copy holds the same `Constraint` and `Variable` objects; its `updateVariables()`
    /// would write into those variables, so read it with `value(of:)`.
    public func copy() -> Solver {
        let other = Solver()
        other.tableau = tableau
        return other
    }

    /// Removes every constraint and edit.
    public func reset() {
        tableau = Tableau()
    }
}

extension Solver {
    /// How many symbol ids the solver has made (live and free), for tests of reuse.
    var symbolCapacity: Int { tableau.kinds.count }
}
