/// The solver's whole state as one value: symbols, rows, the column index, the objective, and
/// the records of constraints and edits. A struct, so the algorithms are `mutating` methods whose
/// accesses the compiler checks statically (a class's stored properties would be checked at run
/// time on every access, a fifth of the time of a solve); `Solver` holds one.
struct Tableau {
    // Symbols, indexed by id.
    var kinds: [SymbolKind] = []
    var basicSlot: [Int32] = []
    var columns: [[Int32]] = []
    var liveCells: [Int] = [] // cells each symbol has in the rows (columns may hold stale slots)
    var slotMark: [UInt32] = []
    var stamp: UInt32 = 0
    var externals: [Variable?] = []
    var externalUses: [Int] = []
    var freeSymbols: [Int32] = []
    var variableSymbols: [ObjectIdentifier: Int32] = [:] // looked up only, never iterated

    // Rows, indexed by slot.
    var rows: [Row] = []
    var slotBasic: [Int32] = []
    var freeSlots: [Int32] = []

    // The objective: per priority level (highest first) a dense array of reduced costs indexed by
    // symbol id, so a substitution costs the cells of the substituted row, not the objective's
    // length; `candidates` lists the symbols whose cost changed since they were last found
    // non-improving (the only ones that can enter).
    var levels: [Double] = []
    var levelUses: [Int] = []
    var objective: [[Double]] = []
    var candidates: [Int32] = []
    var isCandidate: [Bool] = []
    var artificial: Row?
    var infeasible: [Int32] = []

    // Constraints and edits, looked up by identity; records in arrays.
    var records: [Record?] = []
    var freeRecords: [Int] = []
    var recordIndex: [ObjectIdentifier: Int] = [:] // looked up only, never iterated
    var edits: [ObjectIdentifier: Edit] = [:] // looked up only, never iterated

    // Scratch buffers for row merges.
    var scratch: [Cell] = []
    var added: [Int32] = []
    var removed: [Int32] = []

    /// What the solver keeps for a constraint it holds.
    struct Record {
        let constraint: Constraint
        /// The slack, error or dummy symbol whose row is the constraint's, for removal.
        let marker: Int32
        /// The second error symbol of a preferred equality, else -1.
        let other: Int32
        /// The external symbols of the constraint's variables (each counted once per constraint).
        let variables: [Int32]
    }

    /// An edit variable: the preference `variable == constant` it stands for.
    struct Edit {
        let constraint: Constraint
        var constant: Double
    }

    /// The value of `variable` in the current solution, 0 if unknown.
    func value(of variable: Variable) -> Double {
        guard let s = variableSymbols[ObjectIdentifier(variable)] else { return 0 }
        let slot = basicSlot[Int(s)]
        return slot >= 0 ? rows[Int(slot)].constant : 0
    }

    /// Writes every variable's value.
    func updateVariables() {
        for s in externals.indices {
            guard let variable = externals[s] else { continue }
            let slot = basicSlot[s]
            variable.value = slot >= 0 ? rows[Int(slot)].constant : 0
        }
    }
}
