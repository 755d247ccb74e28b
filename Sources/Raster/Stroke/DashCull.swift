/// Which dashes of one subpath cannot reach the clip, so that the dasher can leave them out
/// before measuring where they start and end on their curves.
///
/// Why: finding a dash's ends on a curve inverts its arc length (quadrature and Newton steps),
/// the dasher's main cost. flipbook-fuzz paths case 17184 (seed 1) dashed a cubic 450,000 units
/// long 110,000 times for a 75×88 view, 2.2 s. A dash is left out when every segment it runs along
/// is hidden (the segment's hull grown by the stroke's reach misses the clip, see `ClipCull`), or,
/// on a long curve that is partly visible, when the part of the curve it lies on is hidden: after
/// `tableAfter` dashes on one curve, the curve is cut into `tableIntervals` equal parameter
/// intervals with their arc lengths and hidden flags, and a dash whose length range (widened by a
/// millionth of the curve's length, far more than the quadrature's error) falls in hidden
/// intervals only is left out. Dashes that are kept are measured exactly as before.
struct DashCull {
    let cull: ClipCull
    let reach: Double
    private let segments: [BezierSegment]
    private let lengths: [Double]
    /// Per segment: its hull grown by the reach misses the clip.
    private let hidden: [Bool]
    /// Per segment: dashes seen, then (past `tableAfter`) its table.
    private var seen: [Int]
    private var tables: [Int: Table] = [:]

    static let tableAfter = 32
    static let tableIntervals = 64

    /// Cumulative arc length at the end of each parameter interval, and whether it is hidden.
    private struct Table {
        var ends: [Double] = []
        var hidden: [Bool] = []
    }

    init(_ cull: ClipCull, reach: Double, segments: [BezierSegment], lengths: [Double]) {
        self.cull = cull; self.reach = reach; self.segments = segments; self.lengths = lengths
        hidden = segments.map { cull.excludes($0, reach: reach) }
        seen = Array(repeating: 0, count: segments.count)
    }

    /// True when the dash from arc length `u0` to `u1` cannot reach the clip; segment `k`
    /// starts at `segmentStart` and holds `u0`.
    mutating func isHidden(_ u0: Double, _ u1: Double, from k: Int, segmentStart: Double) -> Bool {
        var j = k, js = segmentStart
        repeat {
            if !hidden[j] && !portionIsHidden(j, Swift.max(u0, js) - js, Swift.min(u1, js + lengths[j]) - js) {
                return false
            }
            js += lengths[j]
            j += 1
        } while j < segments.count && js < u1
        return true
    }

    /// Whether arc lengths `a…b` of visible curve `j` lie in hidden intervals of its table only.
    private mutating func portionIsHidden(_ j: Int, _ a: Double, _ b: Double) -> Bool {
        if case .line = segments[j] { return false }
        let l = lengths[j]
        guard l > 0, l.isFinite else { return false }
        if tables[j] == nil {
            seen[j] += 1
            guard seen[j] > DashCull.tableAfter else { return false }
            tables[j] = makeTable(j)
        }
        guard let table = tables[j] else { return false }
        let margin = l * 1e-6
        // The first interval ending past a − margin through the first ending at or past b + margin.
        guard var i = table.ends.firstIndex(where: { $0 > a - margin }) else { return false }
        while true {
            if !table.hidden[i] { return false }
            if table.ends[i] >= b + margin || i == table.ends.count - 1 { return table.ends[i] >= b + margin }
            i += 1
        }
    }

    private func makeTable(_ j: Int) -> Table {
        let seg = segments[j], n = DashCull.tableIntervals
        var table = Table()
        var total = 0.0
        for i in 0..<n {
            let t0 = Double(i) / Double(n), t1 = Double(i + 1) / Double(n)
            total += seg.length(from: t0, to: t1)
            table.ends.append(total)
            table.hidden.append(cull.excludes(seg.subsegment(from: t0, to: t1), reach: reach))
        }
        return table
    }
}
