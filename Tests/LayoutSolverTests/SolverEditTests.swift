import LayoutSolver
import SplitMix
import Testing

/// Edit variables (Solver+Edit.swift): suggested values re-solve through the dual simplex and
/// must give what a fresh solve of the same system gives.
@Suite struct SolverEditTests {
    /// A little screen: a panel whose width is edited, a sidebar and content sharing it, a
    /// minimum content width and preferences at two levels.
    final class Screen {
        let solver = Solver()
        let left = Variable("left"), width = Variable("width"), sidebar = Variable("sidebar")
        let content = Variable("content"), gap = Variable("gap")

        init(width value: Double?) throws {
            try solver.addConstraint(Constraint(left, .equal, 0))
            try solver.addConstraint(Constraint(sidebar + content + gap, .equal, Expression(width)))
            try solver.addConstraint(Constraint(gap, .greaterOrEqual, 8))
            try solver.addConstraint(Constraint(gap, .equal, 16, strength: Strength(250)))
            try solver.addConstraint(Constraint(content, .greaterOrEqual, 200))
            try solver.addConstraint(Constraint(sidebar, .greaterOrEqual, 0))
            try solver.addConstraint(Constraint(sidebar, .equal, 120, strength: Strength(750)))
            try solver.addConstraint(Constraint(width, .lessOrEqual, 2000))
            if let value {
                try solver.addConstraint(Constraint(width, .equal, value, strength: Strength(999)))
            }
        }

        var values: [Double] { [left, width, sidebar, content, gap].map { solver.value(of: $0) } }
    }

    @Test func suggestedValuesMatchAFreshSolve() throws {
        let edited = try Screen(width: nil)
        try edited.solver.addEditVariable(edited.width, strength: Strength(999))
        var random = SplitMix64(seed: 33)
        var seen = Set<Int>()
        for _ in 0..<300 {
            // Widths from impossible (below 208, above 2000) to roomy: every constraint binds somewhere.
            let w = (random.range(-100, 2500) * 4).rounded() / 4
            try edited.solver.suggestValue(w, for: edited.width)
            let fresh = try Screen(width: w)
            for (a, b) in zip(edited.values, fresh.values) { #expect(abs(a - b) < 1e-6) }
            seen.insert(Int(edited.solver.value(of: edited.sidebar)) == 120 ? (edited.solver.value(of: edited.gap) == 16 ? 0 : 1) : 2)
        }
        #expect(seen.count == 3) // the three regimes: all preferences met, gap squeezed, sidebar squeezed
    }

    @Test func editsCanBeRemovedAndAddedAgain() throws {
        let s = Solver(), x = Variable("x"), y = Variable("y")
        try s.addConstraint(Constraint(y, .equal, Expression(x) * 2 + 1))
        try s.addConstraint(Constraint(x, .equal, 5, strength: Strength(100)))
        try s.addEditVariable(x, strength: Strength(900))
        #expect(abs(s.value(of: x) - 5) < 1e-9) // starts where the variable is
        try s.suggestValue(40, for: x)
        #expect(abs(s.value(of: y) - 81) < 1e-9)
        try s.removeEditVariable(x)
        #expect(abs(s.value(of: x) - 5) < 1e-9)
        #expect(!s.hasEditVariable(x))
        try s.addEditVariable(x, strength: Strength(900))
        try s.suggestValue(-3, for: x)
        #expect(abs(s.value(of: y) + 5) < 1e-9)
    }

    @Test func anEditYieldsToRequiredAndHigherConstraints() throws {
        let s = Solver(), x = Variable("x")
        try s.addConstraint(Constraint(x, .lessOrEqual, 100))
        try s.addConstraint(Constraint(x, .greaterOrEqual, 50, strength: Strength(999)))
        try s.addEditVariable(x, strength: Strength(500))
        for (suggested, expected) in [(70.0, 70.0), (150, 100), (10, 50), (60, 60)] {
            try s.suggestValue(suggested, for: x)
            #expect(abs(s.value(of: x) - expected) < 1e-9)
        }
    }

    @Test func editRequestsAreCheckedByName() throws {
        let s = Solver(), x = Variable("x"), y = Variable("y")
        #expect(throws: SolverError.unknownEditVariable(y)) { try s.suggestValue(1, for: y) }
        #expect(throws: SolverError.unknownEditVariable(y)) { try s.removeEditVariable(y) }
        #expect(throws: SolverError.invalidEditStrength(x, .required)) { try s.addEditVariable(x, strength: .required) }
        #expect(throws: SolverError.invalidEditStrength(x, Strength(0))) { try s.addEditVariable(x, strength: Strength(0)) }
        try s.addEditVariable(x, strength: Strength(500))
        #expect(throws: SolverError.duplicateEditVariable(x)) { try s.addEditVariable(x, strength: Strength(400)) }
        try s.suggestValue(7, for: x)
        #expect(throws: SolverError.nonFiniteSuggestion(x, .nan)) { try s.suggestValue(.nan, for: x) }
        #expect(throws: SolverError.nonFiniteSuggestion(x, .infinity)) { try s.suggestValue(.infinity, for: x) }
        #expect(s.value(of: x) == 7)
    }
}
