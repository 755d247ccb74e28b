/// The simplex steps over a lexicographic objective: primal optimization after a change of
/// constraints, dual optimization after an edit, and the ratio tests that pick pivots.
///
/// The objective is one dense array per priority level (`levels`, highest first, `objective[k]`
/// for `levels[k]`); a symbol's reduced cost is the vector of its entries in those arrays,
/// compared lexicographically — its sign is the sign of its first entry beyond `costEpsilon`. The entering
/// symbol is the smallest id whose reduced cost improves the objective (negative for a restricted
/// symbol; any for a non-basic external, which is free to move down as well) and ties in the ratio test go to the
/// smallest basic id: Bland's rule, which cannot cycle; an iteration cap turns anything
/// unexpected into `SolverError.internalFailure` instead of a hang. A symbol that would improve
/// the objective without limit is round-off (the objective is a sum of errors, ≥ 0) and is left.
extension Tableau {
    /// Which objective `optimize` minimizes.
    enum Goal {
        /// The lexicographic objective of the preferences.
        case preferences
        /// The artificial row of phase one (a required constraint with no subject).
        case artificial
    }

    /// The index of the objective level for `priority`, made (empty) when it is new.
    /// - Complexity: O(levels).
    mutating func level(for priority: Double, create: Bool) -> Int? {
        var i = 0
        while i < levels.count && levels[i] > priority { i += 1 }
        if i < levels.count && levels[i] == priority { return i }
        guard create else { return nil }
        levels.insert(priority, at: i)
        levelUses.insert(0, at: i)
        objective.insert([Double](repeating: 0, count: kinds.count), at: i)
        return i
    }

    /// Counts one more (or one fewer) constraint at `level`; a level no constraint uses any more
    /// is dropped (its row is then zero up to round-off).
    mutating func useLevel(_ level: Int, by delta: Int) {
        levelUses[level] += delta
        if levelUses[level] == 0 {
            levels.remove(at: level)
            levelUses.remove(at: level)
            objective.remove(at: level)
        }
    }

    /// Adds `factor × symbol` to objective level `level`, substituting the symbol's row if it is basic.
    mutating func addToObjective(_ symbol: Int32, factor: Double, level: Int) {
        let slot = basicSlot[Int(symbol)]
        if slot >= 0 {
            for cell in rows[Int(slot)].cells {
                objective[level][Int(cell.symbol)] += factor * cell.coefficient
                markCandidate(cell.symbol)
            }
        } else {
            objective[level][Int(symbol)] += factor
            markCandidate(symbol)
        }
    }

    /// The most pivots one optimization may take before it is called a failure (a simplex needs
    /// about as many as it has rows; more means round-off is cycling it).
    var pivotLimit: Int { 100 + 4 * (rows.count + kinds.count) }

    /// Pivots until no symbol's reduced cost can improve the objective.
    /// - Complexity: O(pivots × pivot cost).
    mutating func optimize(_ goal: Goal) throws(SolverError) {
        var pivots = 0
        var skipped: [Int32] = []
        while let (entering, increasing) = enteringSymbol(goal, skipping: skipped) {
            guard let slot = leavingSlot(for: entering, increasing: increasing) else {
                // Nothing limits it, so its cost cannot be real (the objective is a sum of
                // errors ≥ 0): round-off. Leave it, within reason.
                skipped.append(entering)
                if skipped.count > 64 { throw .internalFailure("the objective is unbounded") }
                continue
            }
            pivot(slot, entering: entering)
            pivots += 1
            if pivots > pivotLimit { throw .internalFailure("the simplex did not converge") }
        }
    }

    /// Whether a non-basic symbol with reduced cost `cost` improves the objective when it moves,
    /// and which way: a restricted symbol (at 0) only up, for a negative cost; an external (free,
    /// non-basic only when no row had to be solved for it) either way; a dummy never.
    func improvement(_ symbol: Int32, cost: Double) -> Bool? {
        switch kinds[Int(symbol)] {
        case .dummy: return nil
        case .external: return cost == 0 ? nil : cost < 0
        case .slack, .error: return cost < 0 ? true : nil
        }
    }

    /// The smallest symbol whose reduced cost improves the objective and the way it moves (true:
    /// up), or nil at the optimum. - Complexity: O(levels × candidates).
    mutating func enteringSymbol(_ goal: Goal, skipping skipped: [Int32] = []) -> (Int32, Bool)? {
        if goal == .artificial {
            for cell in artificial!.cells where !skipped.contains(cell.symbol) {
                if let up = improvement(cell.symbol, cost: cell.coefficient) { return (cell.symbol, up) }
            }
            return nil
        }
        // Only symbols whose cost changed since they were last seen can improve; the others are
        // dropped from the list until a change marks them again.
        var best: (Int32, Bool)?
        var kept = 0
        for i in candidates.indices {
            let symbol = candidates[i]
            guard basicSlot[Int(symbol)] < 0, let up = improvement(symbol, cost: cost(of: symbol)) else {
                isCandidate[Int(symbol)] = false
                continue
            }
            candidates[kept] = symbol
            kept += 1
            if skipped.contains(symbol) { continue }
            if best == nil || symbol < best!.0 { best = (symbol, up) }
        }
        candidates.removeLast(candidates.count - kept)
        return best
    }

    /// Reduced costs smaller than this are taken for 0. Larger than `Row.epsilon`: the dense
    /// objective adds up the round-off of many substitutions (and of the cells rows drop), and a
    /// speck of it on a high level must not outvote a real cost on a lower one — that flips the
    /// sign back and forth and cycles.
    static let costEpsilon = 1e-7

    /// The entry of `symbol` at objective level `level`, 0 below `costEpsilon`.
    func cost(of symbol: Int32, level: Int) -> Double {
        let c = objective[level][Int(symbol)]
        return abs(c) < Self.costEpsilon ? 0 : c
    }

    /// The symbol's reduced cost at its highest level where it is not 0 (0 if none).
    func cost(of symbol: Int32) -> Double {
        for level in objective.indices {
            let c = cost(of: symbol, level: level)
            if c != 0 { return c }
        }
        return 0
    }

    /// The slot of the restricted row that stops `entering` first as it moves up (or down): the
    /// smallest ratio of the row's constant to how fast the row falls; nil if nothing stops it.
    func leavingSlot(for entering: Int32, increasing: Bool) -> Int32? {
        var best: Int32?
        var bestRatio = Double.infinity
        var bestBasic = Int32.max
        for slot in columns[Int(entering)] { // stale or repeated slots are harmless here
            let c = rows[Int(slot)].coefficient(of: entering)
            let fall = increasing ? -c : c
            guard fall > 0 else { continue } // also skips stale slots (their rows lack the cell)
            let basic = slotBasic[Int(slot)]
            guard kinds[Int(basic)] != .external else { continue }
            let ratio = rows[Int(slot)].constant / fall
            if ratio < bestRatio || (ratio == bestRatio && basic < bestBasic) {
                best = slot
                bestRatio = ratio
                bestBasic = basic
            }
        }
        return best
    }

    /// Restores feasibility after edits changed constants, keeping the objective optimal (the dual
    /// simplex): each queued row still negative pivots on the symbol with the smallest
    /// lexicographic ratio of reduced cost to coefficient.
    mutating func dualOptimize() throws(SolverError) {
        var pivots = 0
        while let leaving = infeasible.popLast() {
            let slot = basicSlot[Int(leaving)]
            guard slot >= 0, rows[Int(slot)].constant < -1e-12 else { continue }
            guard let entering = dualEnteringSymbol(slot) else {
                infeasible.removeAll()
                throw .internalFailure("the dual simplex found no way back to a feasible tableau")
            }
            pivot(slot, entering: entering)
            pivots += 1
            if pivots > pivotLimit {
                infeasible.removeAll()
                throw .internalFailure("the dual simplex did not converge")
            }
        }
    }

    /// For the infeasible row at `slot`: among the symbols that can raise it (a restricted one with
    /// a positive coefficient, an external with any), the one with the lexicographically smallest
    /// (reduced cost / |coefficient|), smallest id on ties — so every reduced cost stays optimal.
    func dualEnteringSymbol(_ slot: Int32) -> Int32? {
        var best: Int32?
        var bestRatio: [Double] = []
        var ratio = [Double](repeating: 0, count: objective.count)
        for cell in rows[Int(slot)].cells {
            switch kinds[Int(cell.symbol)] {
            case .dummy: continue
            case .slack, .error: if cell.coefficient <= 0 { continue }
            case .external: break
            }
            for k in objective.indices {
                ratio[k] = cost(of: cell.symbol, level: k) / abs(cell.coefficient)
            }
            if best == nil || Self.lexicographicallyLess(ratio, bestRatio) {
                best = cell.symbol
                bestRatio = ratio
            }
        }
        return best
    }

    /// `a < b` level by level, where values within 1e-9 (relative) of each other tie: round-off in
    /// a higher level must not decide against a real difference in a lower one.
    static func lexicographicallyLess(_ a: [Double], _ b: [Double]) -> Bool {
        for k in a.indices {
            let tolerance = 1e-9 * max(1, abs(a[k]), abs(b[k]))
            if a[k] < b[k] - tolerance { return true }
            if a[k] > b[k] + tolerance { return false }
        }
        return false
    }

    /// The slot to pivot `marker` into when its constraint is removed (it is not basic). First a
    /// row whose basic symbol is a dummy: a redundant required equality that is a combination of
    /// others, this one among them, takes its place (its row holds only dummies, so nothing else
    /// moves). Then Cassowary's choice, which keeps the tableau feasible: a restricted row where
    /// the marker's coefficient is negative with the smallest ratio, else a restricted row with the
    /// smallest ratio the other way, else an unrestricted row. Nil when no row holds the marker.
    func markerLeavingSlot(_ marker: Int32) -> Int32? {
        var dummy: (slot: Int32, basic: Int32)?
        var first: (slot: Int32, ratio: Double, basic: Int32)?
        var second: (slot: Int32, ratio: Double, basic: Int32)?
        var third: (slot: Int32, basic: Int32)?
        for slot in columns[Int(marker)] {
            let c = rows[Int(slot)].coefficient(of: marker)
            guard c != 0 else { continue } // a stale slot
            let basic = slotBasic[Int(slot)]
            switch kinds[Int(basic)] {
            case .dummy:
                if dummy == nil || basic < dummy!.basic { dummy = (slot, basic) }
            case .external:
                if third == nil || basic < third!.basic { third = (slot, basic) }
            case .slack, .error:
                if c < 0 {
                    let r = -rows[Int(slot)].constant / c
                    if first == nil || r < first!.ratio || (r == first!.ratio && basic < first!.basic) {
                        first = (slot, r, basic)
                    }
                } else {
                    let r = rows[Int(slot)].constant / c
                    if second == nil || r < second!.ratio || (r == second!.ratio && basic < second!.basic) {
                        second = (slot, r, basic)
                    }
                }
            }
        }
        return dummy?.slot ?? first?.slot ?? second?.slot ?? third?.slot
    }
}
