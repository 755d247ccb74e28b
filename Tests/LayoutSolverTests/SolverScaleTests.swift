import LayoutSolver
import SplitMix
import Testing

/// Size and repeatability: long chains without recursion or blow-up, cycles, and bit-identical
/// results for the same calls in the same order.
@Suite struct SolverScaleTests {
    /// 10,000 variables in a chain of required inequalities `x[i+1] >= x[i] + 1`, each preferring
    /// `x[i] == 2i`: solved (every row stays a few cells), then a link in the middle is tightened
    /// and removed again.
    @Test func tenThousandVariableChain() throws {
        let n = 10_000
        let s = Solver()
        let x = (0..<n).map { Variable("x\($0)") }
        try s.addConstraint(Constraint(x[0], .equal, 0))
        for i in 0..<n {
            try s.addConstraint(Constraint(x[i], .equal, Double(2 * i), strength: Strength(250)))
            if i + 1 < n { try s.addConstraint(Constraint(x[i + 1], .greaterOrEqual, Expression(x[i]) + 1)) }
        }
        s.updateVariables()
        #expect(x.indices.allSatisfy { abs(x[$0].value - Double(2 * $0)) < 1e-6 })
        // A gap of 32 in the middle, 30 more than the preferences give. Moving x[5000] up by b
        // drags x[5001] by b − 1, x[5002] by b − 2…: error b(b+1)/2, and the same below for
        // x[4999] down by a; a + b = 30 costs least at a = b = 15 (240; 14/16 costs 241).
        let push = Constraint(x[5000], .greaterOrEqual, Expression(x[4999]) + 32)
        try s.addConstraint(push)
        s.updateVariables()
        #expect(abs(x[4999].value - 9_983) < 1e-6 && abs(x[5000].value - 10_015) < 1e-6)
        #expect(abs(x[4985].value - 9_969) < 1e-6 && abs(x[5014].value - 10_029) < 1e-6) // the last moved
        #expect(abs(x[4984].value - 9_968) < 1e-6 && abs(x[5015].value - 10_030) < 1e-6) // the first not
        #expect((1..<n).allSatisfy { x[$0].value - x[$0 - 1].value >= 1 - 1e-6 })
        try s.removeConstraint(push)
        s.updateVariables()
        #expect(x.indices.allSatisfy { abs(x[$0].value - Double(2 * $0)) < 1e-6 })
    }

    /// A chain of 1,000 required equalities `x[i+1] == x[i] + 1` from `x[0] == 0`: the far end's row
    /// holds a dummy per link (n²/2 cells in all, as in Kiwi), still solved and removable.
    @Test func equalityChain() throws {
        let n = 1_000
        let s = Solver()
        let x = (0...n).map { Variable("x\($0)") }
        let anchor = Constraint(x[0], .equal, 0)
        try s.addConstraint(anchor)
        for i in 0..<n { try s.addConstraint(Constraint(x[i + 1], .equal, Expression(x[i]) + 1)) }
        #expect(abs(s.value(of: x[n]) - Double(n)) < 1e-6)
        try s.removeConstraint(anchor)
        try s.addConstraint(Constraint(x[n], .equal, 0))
        s.updateVariables()
        #expect(x.indices.allSatisfy { abs(x[$0].value - Double($0 - n)) < 1e-6 })
    }

    @Test func cyclesOfConstraints() throws {
        let s = Solver(), x = Variable("x"), y = Variable("y"), z = Variable("z")
        try s.addConstraint(Constraint(x, .equal, Expression(y) + 1))
        try s.addConstraint(Constraint(y, .equal, Expression(z) + 1))
        let closing = Constraint(z, .equal, Expression(x) + 1)
        #expect(throws: SolverError.unsatisfiable(closing)) { try s.addConstraint(closing) }
        // As a preference the cycle closes as well as it can: its error is the 3 it cannot have.
        try s.addConstraint(Constraint(z, .equal, Expression(x) + 1, strength: Strength(750)))
        try s.addConstraint(Constraint(z, .equal, 5, strength: Strength(250)))
        #expect(abs(s.value(of: x) - 7) < 1e-9 && abs(s.value(of: y) - 6) < 1e-9 && abs(s.value(of: z) - 5) < 1e-9)
    }

    /// Adds `c`; false when it is refused as unsatisfiable.
    static func tryAdd(_ c: Constraint, to s: Solver) -> Bool {
        let result = Result { () throws(SolverError) in try s.addConstraint(c) }
        if case .failure(let error) = result {
            #expect(error == .unsatisfiable(c))
            return false
        }
        return true
    }

    /// The same calls in the same order, on new objects (so every identity hash differs), give the
    /// same bits, through adds, removals, refusals and edits.
    @Test func sameCallsGiveTheSameBits() throws {
        func run() throws -> [UInt64] {
            var random = SplitMix64(seed: 7)
            let s = Solver()
            let v = (0..<60).map { Variable("v\($0)") }
            var added: [Constraint] = []
            var out: [UInt64] = []
            let priorities: [Double] = [1000, 1000, 999, 750, 500, 250, 50, 1]
            let relations: [Relation] = [.equal, .lessOrEqual, .greaterOrEqual]
            try s.addEditVariable(v[0], strength: Strength(900))
            for step in 0..<600 {
                if step % 7 == 6, !added.isEmpty {
                    try s.removeConstraint(added.remove(at: Int(random.next() % UInt64(added.count))))
                } else if step % 11 == 10 {
                    try s.suggestValue(random.range(-500, 500).rounded(), for: v[0])
                } else {
                    let a = v[Int(random.next() % 60)], b = v[Int(random.next() % 60)]
                    // Offsets between pairs, as on a screen. (Random multipliers chained through 60
                    // variables would grow geometrically, 2²⁶ and more, past what doubles keep.)
                    let c = Constraint(a, relations[Int(random.next() % 3)],
                                       Expression(b) + random.range(-100, 100).rounded(),
                                       strength: Strength(priorities[Int(random.next() % 8)]))
                    if Self.tryAdd(c, to: s) {
                        added.append(c)
                    } else {
                        out.append(UInt64(step)) // refusals are part of the record
                    }
                }
                out += v.map { s.value(of: $0).bitPattern }
            }
            return out
        }
        let first = try run(), second = try run()
        #expect(first.count > 600 * 60)
        #expect(first == second)
    }
}
