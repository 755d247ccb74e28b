/// The simplex steps over a lexicographic objective: primal optimization after a change of
/// constraints, dual optimization after an edit, and the ratio tests that pick pivots.
///
/// The objective is one row per priority level (`levels`, highest first, `objective[k]` for
/// `levels[k]`); a symbol's reduced cost is the vector of its coefficients in those rows,
/// compared lexicographically — its sign is the sign of its first non-zero entry. The entering
/// symbol is the smallest id with a negative reduced cost and ties in the ratio test go to the
/// smallest basic id: Bland's rule, which cannot cycle; an iteration cap turns anything
/// unexpected into `SolverError.internalFailure` instead of a hang.
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
        objective.insert(Row(), at: i)
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
        var row = objective[level]
        objective[level] = Row()
        if slot >= 0 {
            addScaled(rows[Int(slot)], by: factor, to: &row)
        } else {
            row.add(symbol, factor)
        }
        objective[level] = row
    }

    /// The most pivots one optimization may take before it is called a failure.
    var pivotLimit: Int { 1000 + 50 * (rows.count + kinds.count) }

    /// Pivots until no symbol's reduced cost is negative. - Complexity: O(pivots × pivot cost).
    mutating func optimize(_ goal: Goal) throws(SolverError) {
        var pivots = 0
        while let entering = enteringSymbol(goal) {
            guard let slot = leavingSlot(for: entering) else {
                throw .internalFailure("the objective is unbounded")
            }
            pivot(slot, entering: entering)
            pivots += 1
            if pivots > pivotLimit { throw .internalFailure("the simplex did not converge") }
        }
    }

    /// The smallest non-dummy symbol whose reduced cost is negative, or nil at the optimum.
    /// - Complexity: O(levels × cells of the objective).
    func enteringSymbol(_ goal: Goal) -> Int32? {
        if goal == .artificial {
            for cell in artificial!.cells where cell.coefficient < 0 && kinds[Int(cell.symbol)] != .dummy {
                return cell.symbol
            }
            return nil
        }
        // A merge over the level rows: each symbol's first level with a cell decides its sign.
        var cursor = [Int](repeating: 0, count: objective.count)
        while true {
            var next = Int32.max
            var sign = 0.0
            for k in objective.indices where cursor[k] < objective[k].cells.count {
                let cell = objective[k].cells[cursor[k]]
                if cell.symbol < next {
                    next = cell.symbol
                    sign = cell.coefficient
                }
            }
            if next == Int32.max { return nil }
            if sign < 0 && kinds[Int(next)] != .dummy { return next }
            for k in objective.indices where cursor[k] < objective[k].cells.count
                && objective[k].cells[cursor[k]].symbol == next {
                cursor[k] += 1
            }
        }
    }

    /// The slot of the restricted row that limits `entering` first (the smallest ratio
    /// constant / −coefficient over rows where its coefficient is negative), or nil if unbounded.
    func leavingSlot(for entering: Int32) -> Int32? {
        var best: Int32?
        var bestRatio = Double.infinity
        var bestBasic = Int32.max
        for slot in columns[Int(entering)] { // stale or repeated slots are harmless here
            let c = rows[Int(slot)].coefficient(of: entering)
            guard c < 0 else { continue } // also skips stale slots (their rows lack the cell)
            let basic = slotBasic[Int(slot)]
            guard kinds[Int(basic)] != .external else { continue }
            let ratio = -rows[Int(slot)].constant / c
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

    /// For the infeasible row at `slot`: among its non-dummy symbols with a positive coefficient,
    /// the one with the lexicographically smallest (reduced cost / coefficient), smallest id on ties.
    func dualEnteringSymbol(_ slot: Int32) -> Int32? {
        var best: Int32?
        var bestRatio: [Double] = []
        var ratio = [Double](repeating: 0, count: objective.count)
        for cell in rows[Int(slot)].cells where cell.coefficient > 0 && kinds[Int(cell.symbol)] != .dummy {
            for k in objective.indices {
                ratio[k] = objective[k].coefficient(of: cell.symbol) / cell.coefficient
            }
            if best == nil || ratio.lexicographicallyPrecedes(bestRatio) {
                best = cell.symbol
                bestRatio = ratio
            }
        }
        return best
    }

    /// The slot to pivot `marker` into when its constraint is removed (it is not basic): a
    /// restricted row where its coefficient is negative with the smallest ratio, else a restricted
    /// row with the smallest ratio the other way, else an unrestricted row (Cassowary's choice, which
    /// keeps the tableau feasible). Nil when no row holds the marker.
    func markerLeavingSlot(_ marker: Int32) -> Int32? {
        var first: (slot: Int32, ratio: Double, basic: Int32)?
        var second: (slot: Int32, ratio: Double, basic: Int32)?
        var third: (slot: Int32, basic: Int32)?
        for slot in columns[Int(marker)] {
            let c = rows[Int(slot)].coefficient(of: marker)
            guard c != 0 else { continue } // a stale slot
            let basic = slotBasic[Int(slot)]
            if kinds[Int(basic)] == .external {
                if third == nil || basic < third!.basic { third = (slot, basic) }
            } else if c < 0 {
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
        return first?.slot ?? second?.slot ?? third?.slot
    }
}
