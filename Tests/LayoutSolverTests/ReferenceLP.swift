import LayoutSolver

/// A brute-force reference for tiny systems: the lexicographic optimum of a set of constraints
/// found by trying every vertex of the arrangement of their hyperplanes.
///
/// Why that suffices: the hyperplanes cut space into closed cells on which every level's error is
/// linear; with one anchor hyperplane per variable (`x = c` at the lowest priority) every cell is
/// pointed, and a lexicographic minimum of linear functions over a pointed polyhedron lies at one
/// of its vertices. So the best feasible vertex is the optimum, and a required set is feasible
/// iff some vertex satisfies it. Exponential, for 2–3 variables and under a dozen constraints.
struct ReferenceLP {
    /// A constraint as numbers: `coefficients · x  relation  bound` at `priority`.
    struct Row {
        var coefficients: [Double]
        var relation: Relation
        var bound: Double
        var priority: Double
    }

    let dimension: Int
    var rows: [Row]

    /// How far `x` is from satisfying `row` (0 when it holds).
    static func violation(_ row: Row, _ x: [Double]) -> Double {
        let lhs = zip(row.coefficients, x).reduce(0) { $0 + $1.0 * $1.1 }
        switch row.relation {
        case .equal: return abs(lhs - row.bound)
        case .lessOrEqual: return max(0, lhs - row.bound)
        case .greaterOrEqual: return max(0, row.bound - lhs)
        }
    }

    /// The priorities below 1000 in use, highest first.
    var levels: [Double] {
        Array(Set(rows.map(\.priority).filter { $0 < 1000 })).sorted(by: >)
    }

    /// The total violation per level (in `levels` order) at `x`.
    func objective(at x: [Double]) -> [Double] {
        levels.map { level in rows.filter { $0.priority == level }.reduce(0) { $0 + Self.violation($1, x) } }
    }

    /// Whether `x` satisfies every required row within `tolerance`.
    func isFeasible(_ x: [Double], tolerance: Double = 1e-7) -> Bool {
        rows.allSatisfy { $0.priority < 1000 || Self.violation($0, x) <= tolerance * (1 + abs($0.bound)) }
    }

    /// Every vertex of the arrangement: each choice of `dimension` hyperplanes with one solution.
    var vertices: [[Double]] {
        var out: [[Double]] = []
        var choice = Array(0..<dimension)
        let m = rows.count
        guard m >= dimension else { return [] }
        while true {
            if let x = Self.solve(choice.map { rows[$0] }) { out.append(x) }
            // Next combination in lexicographic order.
            var i = dimension - 1
            while i >= 0 && choice[i] == m - dimension + i { i -= 1 }
            if i < 0 { return out }
            choice[i] += 1
            for j in (i + 1)..<dimension { choice[j] = choice[j - 1] + 1 }
        }
    }

    /// The lexicographically smallest objective over feasible vertices, or nil if none is feasible.
    func optimum() -> [Double]? {
        var best: [Double]?
        for x in vertices where isFeasible(x) {
            let f = objective(at: x)
            if best == nil || Self.lexicographicallyLess(f, best!) { best = f }
        }
        return best
    }

    /// `a < b` level by level, treating differences within 1e-7 (relative) as ties.
    static func lexicographicallyLess(_ a: [Double], _ b: [Double]) -> Bool {
        for (x, y) in zip(a, b) {
            let tolerance = 1e-7 * (1 + abs(x) + abs(y))
            if x < y - tolerance { return true }
            if x > y + tolerance { return false }
        }
        return false
    }

    /// Gaussian elimination with partial pivoting on the rows' hyperplanes; nil when singular.
    static func solve(_ planes: [Row]) -> [Double]? {
        let n = planes.count
        var a = planes.map { $0.coefficients + [$0.bound] }
        for col in 0..<n {
            guard let p = (col..<n).max(by: { abs(a[$0][col]) < abs(a[$1][col]) }), abs(a[p][col]) > 1e-9 else {
                return nil
            }
            a.swapAt(col, p)
            for r in 0..<n where r != col {
                let f = a[r][col] / a[col][col]
                for c in col...n { a[r][c] -= f * a[col][c] }
            }
        }
        return (0..<n).map { a[$0][n] / a[$0][$0] }
    }
}
