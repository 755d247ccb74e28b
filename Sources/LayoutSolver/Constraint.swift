/// How the two sides of a constraint relate.
public enum Relation: Sendable {
    /// lhs == rhs
    case equal
    /// lhs <= rhs
    case lessOrEqual
    /// lhs >= rhs
    case greaterOrEqual
}

/// A linear relation between two expressions with a strength: `left + 8 == right` at priority 750.
///
/// A reference type: a solver knows a constraint by its identity (adding the same object twice is
/// refused; a copy with equal sides is another constraint). Immutable: to change a constant without
/// rebuilding, give the solver an edit variable for it (`Solver.addEditVariable`).
///
/// The sides are kept as `expression` = lhs − rhs with its terms combined per variable, in the
/// order each variable first appears, so the solver's work does not depend on hashing.
public final class Constraint {
    /// lhs − rhs, one term per variable (in order of first appearance), coefficients that cancel
    /// to exactly 0 dropped.
    public let expression: Expression
    /// The relation of `expression` to 0.
    public let relation: Relation
    /// The strength; validated when added to a solver.
    public let strength: Strength

    /// `lhs relation rhs` at `strength` (default: required).
    /// - Complexity: O(n) in the number of terms of lhs and rhs (a scan up to 16 terms).
    public init(_ lhs: Expression, _ relation: Relation, _ rhs: Expression = Expression(),
                strength: Strength = .required) {
        let difference = lhs - rhs
        var combined: [Term] = []
        combined.reserveCapacity(difference.terms.count)
        if difference.terms.count <= 16 {
            // A handful of terms (a view's constraint has two to six): a scan beats hashing.
            for term in difference.terms {
                if let i = combined.firstIndex(where: { $0.variable === term.variable }) {
                    combined[i].coefficient += term.coefficient
                } else {
                    combined.append(term)
                }
            }
        } else {
            var index: [ObjectIdentifier: Int] = [:] // looked up only, never iterated
            for term in difference.terms {
                if let i = index[ObjectIdentifier(term.variable)] {
                    combined[i].coefficient += term.coefficient
                } else {
                    index[ObjectIdentifier(term.variable)] = combined.count
                    combined.append(term)
                }
            }
        }
        // `!= 0` keeps NaN, so such a constraint is refused rather than silently cleaned.
        expression = Expression(combined.filter { $0.coefficient != 0 }, constant: difference.constant)
        self.relation = relation
        self.strength = strength
    }

    /// `lhs relation rhs` for a variable on the left.
    public convenience init(_ lhs: Variable, _ relation: Relation, _ rhs: Expression,
                            strength: Strength = .required) {
        self.init(Expression(lhs), relation, rhs, strength: strength)
    }

    /// `lhs relation constant` for a variable on the left.
    public convenience init(_ lhs: Variable, _ relation: Relation, _ constant: Double,
                            strength: Strength = .required) {
        self.init(Expression(lhs), relation, Expression(constant: constant), strength: strength)
    }

    /// Whether every coefficient and the constant are finite numbers.
    public var isFinite: Bool {
        expression.constant.isFinite && expression.terms.allSatisfy { $0.coefficient.isFinite }
    }
}

extension Constraint: CustomStringConvertible {
    /// `2·x + -1·y + 8 == 0 @750`, for messages.
    public var description: String {
        let terms = expression.terms.map { "\($0.coefficient)·\($0.variable)" }
        let op: String
        switch relation {
        case .equal: op = "=="
        case .lessOrEqual: op = "<="
        case .greaterOrEqual: op = ">="
        }
        return (terms + ["\(expression.constant)"]).joined(separator: " + ") + " \(op) 0 @\(strength.priority)"
    }
}
