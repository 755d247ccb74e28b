/// What a tableau symbol stands for, which decides how the simplex may move it.
///
/// `external` is a user's variable (unrestricted in sign); `slack` and `error` are restricted to
/// values ≥ 0 (an inequality's slack, a preference's violation); `dummy` marks a required equality
/// and is always 0 (it never enters the basis).
enum SymbolKind: UInt8 {
    case external, slack, error, dummy

    /// Whether the simplex keeps the symbol ≥ 0.
    var isRestricted: Bool { self == .slack || self == .error }
}

/// One non-zero coefficient of a row: the symbol's id and its coefficient.
struct Cell {
    var symbol: Int32
    var coefficient: Double
}

/// A tableau row, `basic = constant + Σ coefficient·symbol`, its cells sorted by symbol id.
///
/// Sorted cells make lookups a binary search and combining two rows one merge, and keep the work
/// independent of hashing: the same operations in the same order give the same bits.
/// Coefficients within `Row.epsilon` of 0 are dropped as they appear.
struct Row {
    /// Coefficients smaller than this are taken for 0 (Kiwi uses the same 1e-8).
    static let epsilon = 1e-8

    var constant: Double
    var cells: [Cell]

    init(constant: Double = 0, cells: [Cell] = []) {
        self.constant = constant
        self.cells = cells
    }

    /// The index of `symbol`'s cell, or where it would go (negative: `-(insertion) - 1`).
    /// - Complexity: O(log n).
    func search(_ symbol: Int32) -> Int {
        var lo = 0, hi = cells.count
        while lo < hi {
            let mid = (lo + hi) >> 1
            let s = cells[mid].symbol
            if s == symbol { return mid }
            if s < symbol { lo = mid + 1 } else { hi = mid }
        }
        return -lo - 1
    }

    /// The coefficient of `symbol`, 0 when absent. - Complexity: O(log n).
    func coefficient(of symbol: Int32) -> Double {
        let i = search(symbol)
        return i >= 0 ? cells[i].coefficient : 0
    }

    /// Adds `coefficient·symbol`, dropping the cell if the sum is near 0.
    /// Returns +1 if a cell was created, -1 if one was removed, 0 otherwise.
    /// - Complexity: O(n) (an insertion in a sorted array).
    @discardableResult
    mutating func add(_ symbol: Int32, _ coefficient: Double) -> Int {
        let i = search(symbol)
        if i >= 0 {
            let sum = cells[i].coefficient + coefficient
            if abs(sum) < Row.epsilon {
                cells.remove(at: i)
                return -1
            }
            cells[i].coefficient = sum
            return 0
        }
        if abs(coefficient) < Row.epsilon { return 0 }
        cells.insert(Cell(symbol: symbol, coefficient: coefficient), at: -i - 1)
        return 1
    }

    /// Removes `symbol`'s cell if any; returns whether there was one.
    @discardableResult
    mutating func remove(_ symbol: Int32) -> Bool {
        let i = search(symbol)
        guard i >= 0 else { return false }
        cells.remove(at: i)
        return true
    }

    /// Multiplies the constant and every coefficient by `factor`.
    mutating func scale(by factor: Double) {
        constant *= factor
        for i in cells.indices { cells[i].coefficient *= factor }
    }

    /// `out = target + factor·source` over sorted cells, leaving out `skip` of target; the symbols
    /// that gain a cell go to `added`, those whose cell cancels to near 0 to `removed` (`skip` is
    /// reported in neither; with `track` false neither list is written). `out` is replaced by a
    /// new array; `added` and `removed` are cleared first (scratch buffers).
    ///
    /// The cells are written through pointers into an array made at the worst-case size: an
    /// `append` checks uniqueness and capacity at every cell, which cost more than the merge itself.
    /// - Complexity: O(|target| + |source|).
    static func merge(_ target: [Cell], _ source: [Cell], factor: Double, skipping skip: Int32,
                      into out: inout [Cell], added: inout [Int32], removed: inout [Int32],
                      track: Bool = true) {
        let n = target.count, m = source.count
        added.removeAll(keepingCapacity: true)
        removed.removeAll(keepingCapacity: true)
        out = [Cell](unsafeUninitializedCapacity: n + m) { o, count in
            var k = 0
            target.withUnsafeBufferPointer { t in
                source.withUnsafeBufferPointer { src in
                    var i = 0, j = 0
                    while i < n || j < m {
                        if j == m || (i < n && t[i].symbol < src[j].symbol) {
                            if t[i].symbol != skip { o[k] = t[i]; k += 1 }
                            i += 1
                        } else if i == n || src[j].symbol < t[i].symbol {
                            let c = src[j].coefficient * factor
                            if abs(c) >= Row.epsilon {
                                o[k] = Cell(symbol: src[j].symbol, coefficient: c); k += 1
                                if track { added.append(src[j].symbol) }
                            }
                            j += 1
                        } else {
                            let s = t[i].symbol
                            if s != skip {
                                let c = t[i].coefficient + src[j].coefficient * factor
                                if abs(c) >= Row.epsilon {
                                    o[k] = Cell(symbol: s, coefficient: c); k += 1
                                } else if track {
                                    removed.append(s)
                                }
                            } else {
                                // target's own `skip` is dropped; source's term for it would be a new cell.
                                let c = src[j].coefficient * factor
                                if abs(c) >= Row.epsilon {
                                    o[k] = Cell(symbol: s, coefficient: c); k += 1
                                    if track { added.append(s) }
                                }
                            }
                            i += 1
                            j += 1
                        }
                    }
                }
            }
            count = k
        }
    }
}
