/// One variable times a coefficient, a part of an `Expression`.
public struct Term {
    /// The variable.
    public var variable: Variable
    /// What the variable is multiplied by.
    public var coefficient: Double

    /// `coefficient × variable`; the coefficient defaults to 1.
    public init(_ variable: Variable, _ coefficient: Double = 1) {
        self.variable = variable
        self.coefficient = coefficient
    }
}

/// A linear expression: a sum of terms plus a constant (`2·width + left − 8`).
///
/// Built with the operators below (`x + 10`, `2 * x - y`) or from terms. Terms keep the order
/// they were written in and a variable may appear more than once; `Constraint` combines them.
/// Values are not checked here: a constraint holding a NaN or infinite number is refused when it
/// is added to a solver.
public struct Expression {
    /// The terms, in the order they were written.
    public var terms: [Term]
    /// The constant added to the terms. Default: 0.
    public var constant: Double

    /// `Σ terms + constant`.
    public init(_ terms: [Term] = [], constant: Double = 0) {
        self.terms = terms
        self.constant = constant
    }

    /// The variable alone (coefficient 1).
    public init(_ variable: Variable) {
        self.init([Term(variable)])
    }

    /// A constant with no terms.
    public init(constant: Double) {
        self.init([], constant: constant)
    }

    /// This expression multiplied by `factor`.
    public func scaled(by factor: Double) -> Expression {
        Expression(terms.map { Term($0.variable, $0.coefficient * factor) }, constant: constant * factor)
    }

    /// `self + other`. - Complexity: O(terms of both).
    public static func + (lhs: Expression, rhs: Expression) -> Expression {
        Expression(lhs.terms + rhs.terms, constant: lhs.constant + rhs.constant)
    }

    /// `self − other`. - Complexity: O(terms of both).
    public static func - (lhs: Expression, rhs: Expression) -> Expression {
        lhs + rhs.scaled(by: -1)
    }

    /// The expression plus a constant.
    public static func + (lhs: Expression, rhs: Double) -> Expression {
        Expression(lhs.terms, constant: lhs.constant + rhs)
    }

    /// The expression minus a constant.
    public static func - (lhs: Expression, rhs: Double) -> Expression {
        Expression(lhs.terms, constant: lhs.constant - rhs)
    }

    /// The expression times a constant.
    public static func * (lhs: Expression, rhs: Double) -> Expression { lhs.scaled(by: rhs) }

    /// A constant times the expression.
    public static func * (lhs: Double, rhs: Expression) -> Expression { rhs.scaled(by: lhs) }

    /// The expression plus a variable.
    public static func + (lhs: Expression, rhs: Variable) -> Expression { lhs + Expression(rhs) }

    /// The expression minus a variable.
    public static func - (lhs: Expression, rhs: Variable) -> Expression { lhs - Expression(rhs) }
}

/// Arithmetic on variables, so constraints read as equations: `2 * width + left - 8`.
extension Variable {
    /// The variable plus a constant.
    public static func + (lhs: Variable, rhs: Double) -> Expression { Expression(lhs) + rhs }

    /// The variable minus a constant.
    public static func - (lhs: Variable, rhs: Double) -> Expression { Expression(lhs) - rhs }

    /// The sum of two variables.
    public static func + (lhs: Variable, rhs: Variable) -> Expression { Expression(lhs) + Expression(rhs) }

    /// The difference of two variables.
    public static func - (lhs: Variable, rhs: Variable) -> Expression { Expression(lhs) - Expression(rhs) }

    /// A constant times a variable.
    public static func * (lhs: Double, rhs: Variable) -> Expression { Expression([Term(rhs, lhs)]) }

    /// A variable times a constant.
    public static func * (lhs: Variable, rhs: Double) -> Expression { Expression([Term(lhs, rhs)]) }
}
