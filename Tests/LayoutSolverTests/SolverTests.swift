@testable import LayoutSolver
import Testing

/// The solver's basic contract (Sources/LayoutSolver/Solver.swift, Solver+Constraints.swift):
/// required and preferred constraints, the priority levels, inequalities, removal and refusals.
@Suite struct SolverTests {
    @Test func requiredEqualitiesAreSolved() throws {
        let s = Solver(), x = Variable("x"), y = Variable("y")
        try s.addConstraint(Constraint(x + y, .equal, Expression(constant: 10)))
        try s.addConstraint(Constraint(x - y, .equal, Expression(constant: 4)))
        s.updateVariables()
        #expect(abs(x.value - 7) < 1e-9 && abs(y.value - 3) < 1e-9)
        #expect(s.value(of: x) == x.value)
    }

    @Test func requiredBeatsAPreference() throws {
        let s = Solver(), x = Variable("x")
        try s.addConstraint(Constraint(x, .equal, 100, strength: Strength(999)))
        try s.addConstraint(Constraint(x, .equal, 20))
        #expect(abs(s.value(of: x) - 20) < 1e-9)
    }

    /// One required constraint against a thousand weak ones pulling the other way.
    @Test func oneRequiredBeatsAThousandWeak() throws {
        let s = Solver(), x = Variable("x")
        for _ in 0..<1000 { try s.addConstraint(Constraint(x, .equal, 500, strength: Strength(1))) }
        try s.addConstraint(Constraint(x, .lessOrEqual, 10))
        #expect(abs(s.value(of: x) - 10) < 1e-9)
    }

    /// Lexicographic levels: one 750 wins over many 250s (a weighted sum with weights 750 and 250
    /// would let four 250s win), and 251 beats 250.
    @Test func higherPriorityDominatesAnyNumberOfLower() throws {
        let s = Solver(), x = Variable("x")
        try s.addConstraint(Constraint(x, .equal, 10, strength: Strength(750)))
        for _ in 0..<200 { try s.addConstraint(Constraint(x, .equal, 90, strength: Strength(250))) }
        #expect(abs(s.value(of: x) - 10) < 1e-9)

        let t = Solver(), y = Variable("y")
        for _ in 0..<50 { try t.addConstraint(Constraint(y, .greaterOrEqual, 40, strength: Strength(250))) }
        try t.addConstraint(Constraint(y, .lessOrEqual, 30, strength: Strength(251)))
        #expect(abs(t.value(of: y) - 30) < 1e-9)
    }

    /// Within one level, errors add up: three pulls to 0 beat one pull to 30 at the same priority.
    @Test func withinALevelTheTotalErrorIsMinimized() throws {
        let s = Solver(), x = Variable("x")
        for _ in 0..<3 { try s.addConstraint(Constraint(x, .equal, 0, strength: Strength(500))) }
        try s.addConstraint(Constraint(x, .equal, 30, strength: Strength(500)))
        #expect(abs(s.value(of: x)) < 1e-9)
    }

    @Test func inequalitiesBoundAPreference() throws {
        let s = Solver(), x = Variable("x"), w = Variable("w")
        try s.addConstraint(Constraint(x, .greaterOrEqual, 10))
        try s.addConstraint(Constraint(x + w, .lessOrEqual, Expression(constant: 100)))
        try s.addConstraint(Constraint(w, .greaterOrEqual, 0))
        try s.addConstraint(Constraint(x, .equal, 0, strength: Strength(500)))
        try s.addConstraint(Constraint(w, .equal, 1000, strength: Strength(250)))
        s.updateVariables()
        #expect(abs(x.value - 10) < 1e-9)
        #expect(abs(w.value - 90) < 1e-9)
    }

    @Test func removingAConstraintRestoresThePreviousSolution() throws {
        let s = Solver(), x = Variable("x"), y = Variable("y")
        try s.addConstraint(Constraint(x, .equal, 10, strength: Strength(250)))
        try s.addConstraint(Constraint(y, .equal, Expression(x) * 2))
        let before = (s.value(of: x), s.value(of: y))
        for c in [Constraint(x, .greaterOrEqual, 40), Constraint(x + y, .equal, Expression(constant: 9)),
                  Constraint(x, .equal, 3, strength: Strength(750))] {
            try s.addConstraint(c)
            #expect(abs(s.value(of: x) - before.0) > 1)
            try s.removeConstraint(c)
            #expect(abs(s.value(of: x) - before.0) < 1e-9 && abs(s.value(of: y) - before.1) < 1e-9)
            #expect(!s.hasConstraint(c))
        }
        #expect(s.constraintCount == 2)
    }

    @Test func unsatisfiableRequiredIsRefusedAndLeavesTheSolverAsItWas() throws {
        let s = Solver(), x = Variable("x"), y = Variable("y")
        try s.addConstraint(Constraint(x + y, .equal, Expression(constant: 10)))
        try s.addConstraint(Constraint(y, .greaterOrEqual, 0))
        try s.addConstraint(Constraint(x, .lessOrEqual, 5))
        try s.addConstraint(Constraint(x, .equal, 2, strength: Strength(250)))
        let before = (s.value(of: x), s.value(of: y))
        // Each needs the phase-one path or a plain conflict: x == 20 against x <= 5, y <= -1 against y >= 0.
        for bad in [Constraint(x, .equal, 20), Constraint(y, .lessOrEqual, -1), Constraint(x, .greaterOrEqual, 6),
                    Constraint(x + y, .equal, Expression(constant: 11))] {
            #expect(throws: SolverError.unsatisfiable(bad)) { try s.addConstraint(bad) }
            #expect(!s.hasConstraint(bad))
            #expect(abs(s.value(of: x) - before.0) < 1e-9 && abs(s.value(of: y) - before.1) < 1e-9)
        }
        #expect(s.constraintCount == 4)
        // Still usable.
        let ok = Constraint(x, .equal, 4)
        try s.addConstraint(ok)
        #expect(abs(s.value(of: x) - 4) < 1e-9 && abs(s.value(of: y) - 6) < 1e-9)
    }

    @Test func redundantRequiredConstraintsAreAccepted() throws {
        let s = Solver(), x = Variable("x"), y = Variable("y")
        let a = Constraint(x, .equal, 5), b = Constraint(y, .equal, Expression(x) + 1)
        let c = Constraint(y - x, .equal, Expression(constant: 1))
        try s.addConstraint(a)
        try s.addConstraint(b)
        try s.addConstraint(c)
        #expect(abs(s.value(of: y) - 6) < 1e-9)
        try s.removeConstraint(c)
        try s.removeConstraint(a)
        try s.addConstraint(Constraint(x, .equal, 8))
        #expect(abs(s.value(of: y) - 9) < 1e-9)
    }

    @Test func badRequestsAreRefusedByName() throws {
        let s = Solver(), x = Variable("x")
        let c = Constraint(x, .equal, 1)
        try s.addConstraint(c)
        #expect(throws: SolverError.duplicateConstraint(c)) { try s.addConstraint(c) }
        let other = Constraint(x, .equal, 1)
        #expect(throws: SolverError.unknownConstraint(other)) { try s.removeConstraint(other) }
        for bad in [Constraint(x, .equal, .nan), Constraint(x, .lessOrEqual, .infinity),
                    Constraint(Expression([Term(x, .nan)]), .equal), Constraint(Expression([Term(x, -.infinity)]), .equal)] {
            #expect(throws: SolverError.nonFiniteConstraint(bad)) { try s.addConstraint(bad) }
        }
        for p in [0, -1, 1000.5, .nan, .infinity] {
            let bad = Constraint(x, .equal, 3, strength: Strength(p))
            #expect(throws: SolverError.invalidStrength(bad)) { try s.addConstraint(bad) }
        }
        #expect(s.constraintCount == 1 && abs(s.value(of: x) - 1) < 1e-9)
    }

    /// Terms of one variable are combined; a constraint whose variable cancels is a constant fact.
    @Test func termsOfOneVariableCombine() throws {
        let s = Solver(), x = Variable("x")
        let c = Constraint(Expression(x) + Expression(x) * 2, .equal, Expression(x) + 8)
        #expect(c.expression.terms.count == 1 && c.expression.terms[0].coefficient == 2)
        try s.addConstraint(c)
        #expect(abs(s.value(of: x) - 4) < 1e-9)
        let trivial = Constraint(x - x, .equal, Expression(constant: 0))
        try s.addConstraint(trivial)
        let impossible = Constraint(x - x, .equal, Expression(constant: 1))
        #expect(throws: SolverError.unsatisfiable(impossible)) { try s.addConstraint(impossible) }
    }

    /// Constraints added and removed many times do not grow the solver's storage.
    @Test func symbolsAreReused() throws {
        let s = Solver(), x = Variable("x"), y = Variable("y")
        try s.addConstraint(Constraint(x, .greaterOrEqual, 0))
        for i in 0..<500 {
            let c = Constraint(y, .equal, Expression(x) + Double(i), strength: Strength(Double(1 + i % 7)))
            try s.addConstraint(c)
            try s.removeConstraint(c)
        }
        #expect(s.symbolCapacity <= 8)
    }
}
