/// Why a solver refused a request. The solver is unchanged after any of these, except
/// `internalFailure`.
public enum SolverError: Error, Equatable, CustomStringConvertible {
    /// A required constraint cannot hold together with the required constraints already added.
    case unsatisfiable(Constraint)
    /// The constraint (this object) is already in the solver.
    case duplicateConstraint(Constraint)
    /// The constraint was never added, or was removed.
    case unknownConstraint(Constraint)
    /// A coefficient or the constant is NaN or infinite.
    case nonFiniteConstraint(Constraint)
    /// The strength is NaN, infinite, 0 or below, or above 1000.
    case invalidStrength(Constraint)
    /// The variable already has an edit.
    case duplicateEditVariable(Variable)
    /// The variable has no edit (`addEditVariable` was not called, or it was removed).
    case unknownEditVariable(Variable)
    /// An edit must be weaker than required (priority below 1000), and valid.
    case invalidEditStrength(Variable, Strength)
    /// A suggested value is NaN or infinite.
    case nonFiniteSuggestion(Variable, Double)
    /// A replacement for a held constraint differs in more than its constant (terms, relation
    /// or strength).
    case notAConstantChange(Constraint)
    /// The simplex did not finish (an unbounded objective or no way back to a feasible tableau),
    /// which should not happen for any input; the solver's values are undefined afterwards.
    case internalFailure(String)

    /// Same case with the same objects (by identity) and values.
    public static func == (lhs: SolverError, rhs: SolverError) -> Bool {
        switch (lhs, rhs) {
        case let (.unsatisfiable(a), .unsatisfiable(b)),
             let (.duplicateConstraint(a), .duplicateConstraint(b)),
             let (.unknownConstraint(a), .unknownConstraint(b)),
             let (.nonFiniteConstraint(a), .nonFiniteConstraint(b)),
             let (.invalidStrength(a), .invalidStrength(b)),
             let (.notAConstantChange(a), .notAConstantChange(b)):
            return a === b
        case let (.duplicateEditVariable(a), .duplicateEditVariable(b)),
             let (.unknownEditVariable(a), .unknownEditVariable(b)):
            return a === b
        case let (.invalidEditStrength(a, s), .invalidEditStrength(b, t)):
            return a === b && s == t
        case let (.nonFiniteSuggestion(a, x), .nonFiniteSuggestion(b, y)):
            return a === b && (x == y || (x.isNaN && y.isNaN))
        case let (.internalFailure(a), .internalFailure(b)):
            return a == b
        default:
            return false
        }
    }

    /// A sentence naming the case and the constraint or variable.
    public var description: String {
        switch self {
        case .unsatisfiable(let c): return "unsatisfiable required constraint: \(c)"
        case .duplicateConstraint(let c): return "constraint already added: \(c)"
        case .unknownConstraint(let c): return "constraint not in the solver: \(c)"
        case .nonFiniteConstraint(let c): return "constraint with a NaN or infinite number: \(c)"
        case .invalidStrength(let c): return "constraint priority must be in (0, 1000]: \(c)"
        case .duplicateEditVariable(let v): return "variable \(v) already has an edit"
        case .unknownEditVariable(let v): return "variable \(v) has no edit"
        case .invalidEditStrength(let v, let s): return "edit of \(v) needs a priority in (0, 1000), not \(s.priority)"
        case .nonFiniteSuggestion(let v, let x): return "suggested value \(x) for \(v) is not finite"
        case .notAConstantChange(let c): return "replacement differs in more than its constant: \(c)"
        case .internalFailure(let why): return "solver failure: \(why)"
        }
    }
}
