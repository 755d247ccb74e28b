import LayoutSolver
import SplitMix
import Testing

/// Random tiny systems against `ReferenceLP`: what the solver accepts and refuses, and the
/// lexicographic objective it reaches, after adds, removals and edits.
@Suite struct SolverRandomTests {
    /// One random case: 2–3 variables, up to 7 constraints with small integer coefficients (so
    /// degenerate and parallel hyperplanes are common), after an anchor per variable at priority 1.
    struct Case {
        var reference: ReferenceLP
        let variables: [Variable]
        var constraints: [Constraint] = []

        init(seed: UInt64) {
            var random = SplitMix64(seed: seed)
            let n = 2 + Int(random.next() % 2)
            variables = (0..<n).map { Variable("x\($0)") }
            reference = ReferenceLP(dimension: n, rows: [])
            // The anchors first: every prefix of the case then has pointed cells.
            for i in 0..<n {
                var e = [Double](repeating: 0, count: n)
                e[i] = 1
                append(ReferenceLP.Row(coefficients: e, relation: .equal, bound: Double(Int(random.next() % 21) - 10), priority: 1))
            }
            let count = 3 + Int(random.next() % 5)
            let priorities: [Double] = [1000, 1000, 750, 500, 250]
            let relations: [Relation] = [.equal, .lessOrEqual, .greaterOrEqual]
            for _ in 0..<count {
                // One in five repeats an earlier row, maybe scaled and at another priority:
                // redundant required equalities are where removal gets subtle.
                if reference.rows.count > n && random.next() % 5 == 0 {
                    var row = reference.rows[n + Int(random.next() % UInt64(reference.rows.count - n))]
                    let scale = Double(Int(random.next() % 3) + 1) * (random.next() % 2 == 0 ? 1 : -1)
                    row.coefficients = row.coefficients.map { $0 * scale }
                    row.bound *= scale
                    if scale < 0 && row.relation != .equal {
                        row.relation = row.relation == .lessOrEqual ? .greaterOrEqual : .lessOrEqual
                    }
                    row.priority = priorities[Int(random.next() % 5)]
                    append(row)
                    continue
                }
                var coefficients = (0..<n).map { _ in Double(Int(random.next() % 7) - 3) }
                if coefficients.allSatisfy({ $0 == 0 }) { coefficients[0] = 1 }
                let row = ReferenceLP.Row(coefficients: coefficients, relation: relations[Int(random.next() % 3)],
                                          bound: Double(Int(random.next() % 41) - 20),
                                          priority: priorities[Int(random.next() % 5)])
                append(row)
            }
        }

        private mutating func append(_ row: ReferenceLP.Row) {
            let terms = zip(row.coefficients, variables).map { Term($0.1, $0.0) }
            constraints.append(Constraint(Expression(terms), row.relation, Expression(constant: row.bound),
                                          strength: Strength(row.priority)))
            reference.rows.append(row)
        }
    }

    /// Adds every constraint (checking accept/refuse against the reference), then compares the
    /// objective; returns the reference of what was accepted, and the accepted constraints.
    static func build(_ c: Case, into solver: Solver) throws -> (ReferenceLP, [Constraint]) {
        var accepted = ReferenceLP(dimension: c.reference.dimension, rows: [])
        var kept: [Constraint] = []
        for (constraint, row) in zip(c.constraints, c.reference.rows) {
            var trial = accepted
            trial.rows.append(row)
            var feasible = true // the first rows are anchors, preferences: always feasible
            if trial.rows.count >= trial.dimension { feasible = trial.optimum() != nil }
            do {
                try solver.addConstraint(constraint)
                #expect(feasible, "accepted an infeasible required constraint")
                accepted = trial
                kept.append(constraint)
            } catch SolverError.unsatisfiable(let refused) {
                #expect(refused === constraint)
                #expect(!feasible, "refused a feasible constraint \(constraint)")
            }
        }
        return (accepted, kept)
    }

    static func check(_ solver: Solver, _ c: Case, against reference: ReferenceLP, _ label: String) {
        let x = c.variables.map { solver.value(of: $0) }
        #expect(reference.isFeasible(x, tolerance: 1e-6), "\(label): required constraint violated at \(x)")
        guard let best = reference.optimum() else {
            Issue.record("\(label): reference found no feasible vertex")
            return
        }
        let reached = reference.objective(at: x)
        #expect(!ReferenceLP.lexicographicallyLess(best, reached),
                "\(label): objective \(reached) at \(x), optimum \(best)")
    }

    @Test func randomSystemsReachTheOptimum() throws {
        for seed in 1...600 as ClosedRange<UInt64> {
            let c = Case(seed: seed)
            let solver = Solver()
            let (reference, _) = try Self.build(c, into: solver)
            Self.check(solver, c, against: reference, "seed \(seed)")
        }
    }

    @Test func removalsLeaveTheOptimumOfWhatRemains() throws {
        for seed in 10001...10400 as ClosedRange<UInt64> {
            let c = Case(seed: seed)
            let solver = Solver()
            var (reference, kept) = try Self.build(c, into: solver)
            var random = SplitMix64(seed: seed)
            // Remove non-anchor constraints (the anchors come first) in a random order, checking after each.
            let n = c.variables.count
            while kept.count > n {
                let i = n + Int(random.next() % UInt64(kept.count - n))
                try solver.removeConstraint(kept.remove(at: i))
                reference.rows.remove(at: i)
                Self.check(solver, c, against: reference, "seed \(seed) after a removal")
            }
        }
    }

    /// Edits move an anchor; the result must be the optimum with that anchor at the new value.
    @Test func editsReachTheOptimum() throws {
        for seed in 20001...20300 as ClosedRange<UInt64> {
            let c = Case(seed: seed)
            let solver = Solver()
            var (reference, _) = try Self.build(c, into: solver)
            var random = SplitMix64(seed: seed)
            let v = c.variables[0]
            try solver.addEditVariable(v, strength: Strength(600))
            var e = [Double](repeating: 0, count: c.reference.dimension)
            e[0] = 1
            reference.rows.append(ReferenceLP.Row(coefficients: e, relation: .equal, bound: 0, priority: 600))
            for _ in 0..<6 {
                let value = Double(Int(random.next() % 61) - 30)
                try solver.suggestValue(value, for: v)
                reference.rows[reference.rows.count - 1].bound = value
                Self.check(solver, c, against: reference, "seed \(seed) edit \(value)")
            }
        }
    }

    /// Constants changed in place (`replaceConstant`): each accepted change must reach the
    /// optimum of the system with the new constant, and each refused one must be infeasible by the
    /// reference and leave the solver at the optimum it had.
    @Test func constantChangesReachTheOptimumOrAreRefusedWhole() throws {
        var refusals = 0, changes = 0
        for seed in 30001...30400 as ClosedRange<UInt64> {
            let c = Case(seed: seed)
            let solver = Solver()
            var (reference, kept) = try Self.build(c, into: solver)
            var random = SplitMix64(seed: seed)
            let n = c.variables.count
            guard kept.count > n else { continue }
            for step in 0..<6 {
                let i = n + Int(random.next() % UInt64(kept.count - n))
                let old = kept[i]
                let bound = Double(Int(random.next() % 41) - 20)
                let terms = old.expression.terms
                let replacement = Constraint(Expression(terms, constant: -bound), old.relation, strength: old.strength)
                var trial = reference
                trial.rows[i].bound = bound
                let feasible = trial.optimum() != nil
                do {
                    try solver.replaceConstant(of: old, with: replacement)
                    #expect(feasible, "seed \(seed): accepted an infeasible constant")
                    kept[i] = replacement
                    reference = trial
                    changes += 1
                } catch SolverError.unsatisfiable(let refused) {
                    #expect(refused === replacement && !feasible, "seed \(seed): refused a feasible constant")
                    #expect(solver.hasConstraint(old) && !solver.hasConstraint(replacement))
                    refusals += 1
                }
                Self.check(solver, c, against: reference, "seed \(seed) step \(step)")
            }
        }
        #expect(changes > 500 && refusals > 20)   // both paths were taken often
    }

    /// What `replaceConstant` refuses before touching anything: another shape, an unknown or
    /// duplicate constraint, a non-finite constant.
    @Test func replacementsThatAreNotConstantChangesAreRefused() throws {
        let x = Variable("x"), y = Variable("y")
        let s = Solver()
        let c = Constraint(x, .equal, 10)
        try s.addConstraint(c)
        for other in [Constraint(y, .equal, 12), Constraint(x, .lessOrEqual, 12), Constraint(x, .equal, 12, strength: Strength(750)),
                      Constraint(Expression([Term(x, 2)]), .equal, Expression(constant: 12))] {
            #expect(throws: SolverError.notAConstantChange(other)) { try s.replaceConstant(of: c, with: other) }
        }
        let stranger = Constraint(x, .equal, 3)
        #expect(throws: SolverError.unknownConstraint(stranger)) { try s.replaceConstant(of: stranger, with: Constraint(x, .equal, 4)) }
        #expect(throws: SolverError.duplicateConstraint(c)) { try s.replaceConstant(of: c, with: c) }
        let infinite = Constraint(x, .equal, .infinity)
        #expect(throws: SolverError.nonFiniteConstraint(infinite)) { try s.replaceConstant(of: c, with: infinite) }
        #expect(s.value(of: x) == 10 && s.hasConstraint(c))
        let moved = Constraint(x, .equal, 12)
        try s.replaceConstant(of: c, with: moved)
        #expect(s.value(of: x) == 12 && s.hasConstraint(moved) && !s.hasConstraint(c))
        try s.removeConstraint(moved)
        #expect(s.constraintCount == 0)
    }
}
