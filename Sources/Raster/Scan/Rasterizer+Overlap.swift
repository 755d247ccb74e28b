/// The exact fill rule where summing signed area would be wrong.
///
/// Summing each edge's signed area per cell and clamping `|sum|` (Rasterizer.swift) gives a
/// pixel half at winding 2 and half at 0 the coverage 1 instead of ½: where two strokes cross,
/// where a stroke overlaps itself (an arc tighter than its half width), where contours are drawn
/// over one another. The sweep notices the cells that can hold such a pixel (`CellChain`) and the
/// rows where an edge ends apart from its neighbour, and hands the row here.
///
/// Only the runs of consecutive touched cells that hold a failed cell are worked out again (an
/// edge touches a run of cells, so every edge lies in one run), or the whole row if an edge ends
/// apart. A run is cut into strips at every edge end and every crossing of two of its edges;
/// within a strip no two cross, so sorted by x at the strip's middle they split it into
/// trapezoids of constant winding. Each edge then counts for how much it changes the *drawn*
/// value from its left to its right (1 or 0 under the rule, signed like the run's windings when
/// they all lie on one side of 0), not for its winding: edges between winding 1 and 2 count 0,
/// and the sum becomes exact. The winding a run starts from is that of the edges to its left
/// (constant down the row, since every edge there meets its neighbours), and a run turns it into
/// the drawn value at its left side and back at its right, so the plain sums either side stay
/// as they were. An edge that counts its own winding in every strip is added whole, in the
/// sweep's order, so a run that needed no change gets the same bytes.
/// - Complexity: O(n) to find a run's k edges among the row's n, then O(k² + strips × k) (the
///   pairwise crossing test; each strip's order starts from the last one's). Runs beyond
///   `maxExactPieces` edges, `maxExactCuts` cuts or `maxExactEntries` keep the plain sum, and a
///   fill spends at most about four times its edges on the exact rule (`exactBudget`), after
///   which its rows keep the plain sum: hostile input costs a bounded multiple of a plain fill.
extension Rasterizer {
    /// One edge's part within the row (x relative to the row's first cell).
    struct RowPiece {
        var ya: Double, yb: Double, xa: Double, xb: Double, dxdy: Double, winding: Double
        /// It changes the drawn value by its own winding in every strip it spans.
        var uniform: Bool
        /// The run it lies in.
        var run: Int32 = 0

        @inline(__always) func x(at y: Double) -> Double { xa + (y - ya) * dxdy }
    }

    /// A run of consecutive touched cells, first and last; its pieces (`runPieces[start..<end]`)
    /// and Σ winding × height of the pieces left of it.
    struct CellRun {
        var lo: Int32, hi: Int32
        var start = 0, end = 0
        var left = 0.0
    }

    /// A change of the winding folded onto the clip's left side, at height `y`.
    struct FoldEvent { var y: Double, change: Double }

    /// The value a run draws where the winding number is `w`: `sign` inside under `rule`, else 0.
    struct Drawn {
        let rule: FillRule, sign: Int32
        @inline(__always) func at(_ w: Int32) -> Int32 {
            (rule == .nonZero ? w != 0 : w & 1 != 0) ? sign : 0
        }
    }

    /// A piece within one strip, with the winding numbers left and right of it there.
    struct StripEntry {
        var piece: Int32, strip: Int32, before: Int32, after: Int32
    }

    /// Runs with more edges than this keep the plain sum (measured cost stays bounded).
    static let maxExactPieces = 256
    /// Runs cut into more strips than this keep the plain sum.
    static let maxExactCuts = 4096
    /// Rows with more pieces folded onto the clip's left side than this do not merge them.
    static let maxFoldedMerge = 2048
    /// Runs whose strips hold more pieces than this in all keep the plain sum: with the pairwise
    /// crossing test (at most `maxExactPieces`² / 2) this bounds a run's work.
    static let maxExactEntries = 16384

    /// Works the row at `y` out again by the exact rule in the runs of touched cells holding a
    /// failed cell (`CellChain.failed`; all of it if `wholeRow`), replacing what the sweep summed
    /// there. The touched cells come sorted and leave sorted.
    func exactRow(y: Double, originX: Double, limit: Double, activeCount: Int, touchedCount: inout Int,
                  wholeRow: Bool, rule: FillRule) {
        let tl = touched.base, cv = cover.base, ar = area.base, state = cellState.base
        // The runs to work out: consecutive touched cells round each failed one.
        var runCount = 0
        runs.reserve(touchedCount)
        let rn = runs.base
        if wholeRow {
            rn[0] = CellRun(lo: tl[0], hi: tl[touchedCount - 1]); runCount = 1
        } else {
            var i = 0
            while i < touchedCount {
                var j = i, failing = state[Int(tl[i])] & CellChain.failed != 0
                while j + 1 < touchedCount && tl[j + 1] == tl[j] + 1 {
                    j += 1
                    if state[Int(tl[j])] & CellChain.failed != 0 { failing = true }
                }
                if failing { rn[runCount] = CellRun(lo: tl[i], hi: tl[j]); runCount += 1 }
                i = j + 1
            }
        }
        // Clear them all first: one run's correction at its right side may land next to another.
        for k in 0..<runCount {
            for c in Int(rn[k].lo)...Int(rn[k].hi) { cv[c] = 0; ar[c] = 0 }
        }
        var touchedNow = touchedCount
        func add(_ c: Int, _ dc: Double, _ da: Double) {
            if state[c] == 0 { state[c] = CellChain.touched; tl[touchedNow] = Int32(c); touchedNow += 1 }
            cv[c] += Float(dc); ar[c] += Float(da)
        }
        func addWhole(_ p: RowPiece) { Rasterizer.walkCells(p.xa, p.xb, (p.yb - p.ya) * p.winding, limit, add) }
        gatherRuns(runCount, y: y, originX: originX, limit: limit, activeCount: activeCount)
        exactBudget -= activeCount
        for k in 0..<runCount {
            let pc = runPieces.base + rn[k].start, m = rn[k].end - rn[k].start, leftWeight = rn[k].left
            let from = Int32(leftWeight.rounded())
            let fits = m <= Rasterizer.maxExactPieces
            if fits { exactBudget -= m * m / 2 }   // the pairwise crossing test; a refused run costs nothing more
            guard fits, let cutCount = cutRun(pc, y: y, pieces: m),
                  let (entries, drawn) = windStrips(pc, cuts: cutCount, pieces: m, from: from, rule: rule) else {
                // Past the limits: put the plain sum back.
                for p in 0..<m { addWhole(pc[p]) }
                continue
            }
            // Whole edges first, in the sweep's order and with its arithmetic.
            var runWeight = 0.0
            for p in 0..<m {
                runWeight += pc[p].winding * (pc[p].yb - pc[p].ya)
                if pc[p].uniform { addWhole(pc[p]) }
            }
            // Then the others strip by strip, counting what they change.
            let ct = cuts.base, en = stripEntries.base
            for j in 0..<entries {
                let entry = en[j], p = pc[Int(entry.piece)]
                guard !p.uniform else { continue }
                let change = drawn.at(entry.after) - drawn.at(entry.before)
                guard change != 0 else { continue }
                let s0 = ct[Int(entry.strip)], s1 = ct[Int(entry.strip) + 1]
                Rasterizer.walkCells(p.x(at: s0), p.x(at: s1), (s1 - s0) * Double(change), limit, add)
            }
            guard !wholeRow else { continue }
            // The plain sum runs on either side: turn its winding into the drawn value at the
            // run's left side, and back at its right.
            let to = Int32((leftWeight + runWeight).rounded())
            let inFix = Double(drawn.at(from) - from), outFix = Double(to - drawn.at(to))
            if inFix != 0 { Rasterizer.walkCells(Double(rn[k].lo), Double(rn[k].lo), inFix, limit, add) }
            if outFix != 0 && Double(rn[k].hi + 1) <= limit {
                Rasterizer.walkCells(Double(rn[k].hi + 1), Double(rn[k].hi + 1), outFix, limit, add)
            }
        }
        if touchedNow > touchedCount { sortSmall(tl, touchedNow) }
        touchedCount = touchedNow
    }

    /// Puts the pieces of each run together in `runPieces` (in the sweep's order) and works out
    /// each run's `left`: the winding it starts from, constant down the row since every edge
    /// left of it meets its neighbours (0 for the whole row). The runs come in order of x.
    private func gatherRuns(_ runCount: Int, y: Double, originX: Double, limit: Double, activeCount: Int) {
        let eb = edges.base, act = active.base, yNext = y + 1, rn = runs.base
        rowPieces.reserve(activeCount)
        var pc = rowPieces.base
        var m = 0, foldedCount = 0
        for k in 0..<runCount { rn[k].start = 0; rn[k].left = 0 }
        for i in 0..<activeCount {
            let e = eb[Int(act[i])]
            let ya = Swift.max(e.y0, y), yb = Swift.min(e.y1, yNext)
            guard yb > ya else { continue }
            let xa = e.x(at: ya) - originX, xb = e.x(at: yb) - originX
            // The cells `walkCells` touches, and the first run not wholly left of them.
            let span = Rasterizer.cellSpan(xa, xb, limit)
            let il = Int32(span.first), ir = Int32(span.last)
            var lo = 0, hi = runCount
            while lo < hi { let mid = (lo + hi) / 2; if rn[mid].hi < il { lo = mid + 1 } else { hi = mid } }
            if lo < runCount && rn[lo].lo <= ir {
                if xa == 0 && xb == 0 && lo == 0 {
                    // Folded onto the clip's left side: kept apart and merged below.
                    folded.reserve(foldedCount + 1, keeping: foldedCount)
                    folded.base[foldedCount] = RowPiece(ya: ya, yb: yb, xa: 0, xb: 0, dxdy: 0, winding: e.winding, uniform: true)
                    foldedCount += 1
                    if runCount > 1 { rn[1].left += e.winding * (yb - ya) }
                    continue
                }
                pc[m] = RowPiece(ya: ya, yb: yb, xa: xa, xb: xb, dxdy: e.dxdy, winding: e.winding, uniform: true, run: Int32(lo))
                m += 1
                rn[lo].start += 1   // counted here, turned into offsets below
            }
            // Left of every run from the first one starting past it.
            let past = lo < runCount && rn[lo].lo <= ir ? lo + 1 : lo
            if past < runCount { rn[past].left += e.winding * (yb - ya) }
        }
        if foldedCount > 0 {
            rowPieces.reserve(m + foldedCount, keeping: m)
            pc = rowPieces.base
            // Merging costs O(n log n) a row; past `maxFoldedMerge` they go in as they are (and
            // the run, past the exact rule's limits, keeps its plain sum). Not charged to the
            // budget: what is folded lies outside the clip, and a stroke made for the clip (its
            // parts outside cut away) must draw what the whole stroke draws.
            var merged = foldedCount
            if foldedCount <= Rasterizer.maxFoldedMerge { merged = mergeFolded(foldedCount, into: pc + m) } else { (pc + m).update(from: folded.base, count: foldedCount) }
            m += merged; rn[0].start += merged
        }
        var offset = 0, left = 0.0
        for k in 0..<runCount {
            let n = rn[k].start
            left += rn[k].left
            rn[k].start = offset; rn[k].end = offset; rn[k].left = left
            offset += n
        }
        runPieces.reserve(m)
        let out = runPieces.base
        for p in 0..<m {
            let k = Int(pc[p].run)
            out[rn[k].end] = pc[p]; rn[k].end += 1
        }
    }

    /// The pieces folded onto the clip's left side (`folded[0..<n]`), where everything left of
    /// the clip adds its winding, written as the fewest pieces with the same winding at every
    /// height (a long stroke left of the clip folds hundreds of dash ends there); returns how
    /// many, at most n.
    private func mergeFolded(_ n: Int, into out: UnsafeMutablePointer<RowPiece>) -> Int {
        // Events (height, change of winding) sorted by height; the net winding is constant between
        // them. Open pieces all have the sign of the net and close last-opened first.
        let fp = folded.base
        foldEvents.reserve(2 * n)
        let ev = foldEvents.base
        for i in 0..<n {
            ev[2 * i] = FoldEvent(y: fp[i].ya, change: fp[i].winding)
            ev[2 * i + 1] = FoldEvent(y: fp[i].yb, change: -fp[i].winding)
        }
        var events = UnsafeMutableBufferPointer(start: ev, count: 2 * n)
        events.sort { $0.y < $1.y }
        cuts.reserve(n)
        let open = cuts.base   // heights the open pieces started at
        var count = 0, openCount = 0, openSign = 0.0, net = 0.0
        var j = 0
        while j < 2 * n {
            let y = ev[j].y
            while j < 2 * n && ev[j].y == y { net += ev[j].change; j += 1 }
            let sign = net > 0 ? 1.0 : net < 0 ? -1.0 : 0.0
            let size = Swift.min(n, Int(net.magnitude))
            let keep = sign == openSign ? Swift.min(openCount, size) : 0
            while openCount > keep {
                openCount -= 1
                if y > open[openCount] {
                    out[count] = RowPiece(ya: open[openCount], yb: y, xa: 0, xb: 0, dxdy: 0, winding: openSign, uniform: true)
                    count += 1
                }
            }
            openSign = sign
            while openCount < size { open[openCount] = y; openCount += 1 }
        }
        return count
    }

    /// The run's cut heights, sorted: the row's top and bottom, every piece's ends, every
    /// crossing of two pieces. Nil if there are more than `maxExactCuts`.
    private func cutRun(_ pc: UnsafeMutablePointer<RowPiece>, y: Double, pieces k: Int) -> Int? {
        var m = 0
        func cut(_ v: Double) -> Bool {
            guard m < Rasterizer.maxExactCuts else { return false }
            cuts.reserve(m + 1, keeping: m)
            cuts.base[m] = v; m += 1
            return true
        }
        _ = cut(y); _ = cut(y + 1)
        for j in 0..<k { guard cut(pc[j].ya), cut(pc[j].yb) else { return nil } }
        for i in 0..<k {
            for j in (i + 1)..<Swift.max(i + 1, k) {
                let lo = Swift.max(pc[i].ya, pc[j].ya), hi = Swift.min(pc[i].yb, pc[j].yb)
                guard hi > lo else { continue }
                let d0 = pc[i].x(at: lo) - pc[j].x(at: lo), d1 = pc[i].x(at: hi) - pc[j].x(at: hi)
                guard (d0 < 0 && d1 > 0) || (d0 > 0 && d1 < 0) else { continue }
                let yc = lo + (hi - lo) * (d0 / (d0 - d1))
                if yc > lo && yc < hi { guard cut(yc) else { return nil } }
            }
        }
        var b = UnsafeMutableBufferPointer(start: cuts.base, count: m)
        b.sort()
        return m
    }

    /// Sorts the pieces spanning each strip by x at its middle and records the winding either
    /// side of each, starting from `from` (`stripEntries`); decides the sign drawn values take
    /// and which pieces are uniform. Returns the number of entries and the values drawn, or nil
    /// if there would be too many entries.
    private func windStrips(_ pc: UnsafeMutablePointer<RowPiece>, cuts m: Int, pieces k: Int, from: Int32,
                            rule: FillRule) -> (entries: Int, drawn: Drawn)? {
        let ct = cuts.base
        // The pieces by their top (they enter the strips in that order), then the strips' order
        // kept from one strip to the next: only crossings and entering pieces move it, so the
        // insertion sort does little work.
        stripOrder.reserve(2 * k)
        let order = stripOrder.base, byTop = stripOrder.base + k
        for p in 0..<k { byTop[p] = Int32(p) }
        var tops = UnsafeMutableBufferPointer(start: byTop, count: k)
        tops.sort { pc[Int($0)].ya < pc[Int($1)].ya }
        var next = 0, c = 0
        var count = 0
        var anyPositive = from > 0, anyNegative = from < 0
        for s in 0..<(m - 1) {
            let s0 = ct[s], s1 = ct[s + 1]
            guard s1 > s0 else { continue }
            let mid = (s0 + s1) * 0.5
            // Keep the pieces still spanning, add those starting here, sort by x at the middle
            // (ties by the sweep's order).
            var kept = 0
            for i in 0..<c where pc[Int(order[i])].yb >= s1 { order[kept] = order[i]; kept += 1 }
            c = kept
            while next < k && pc[Int(byTop[next])].ya <= s0 {
                if pc[Int(byTop[next])].yb >= s1 { order[c] = byTop[next]; c += 1 }
                next += 1
            }
            for i in 1..<Swift.max(1, c) {
                let p = order[i], x = pc[Int(p)].x(at: mid)
                var j = i - 1
                while j >= 0 && (pc[Int(order[j])].x(at: mid) > x || (pc[Int(order[j])].x(at: mid) == x && order[j] > p)) {
                    order[j + 1] = order[j]; j -= 1
                }
                order[j + 1] = p
            }
            guard count + c <= Rasterizer.maxExactEntries else { return nil }
            stripEntries.reserve(count + c, keeping: count)
            let en = stripEntries.base
            var w = from
            for i in 0..<c {
                let p = order[i]
                let before = w
                w += pc[Int(p)].winding > 0 ? 1 : -1
                if w > 0 { anyPositive = true } else if w < 0 { anyNegative = true }
                en[count] = StripEntry(piece: p, strip: Int32(s), before: before, after: w)
                count += 1
            }
        }
        let drawn = Drawn(rule: rule, sign: anyNegative && !anyPositive ? -1 : 1)
        for p in 0..<k { pc[p].uniform = true }
        let en = stripEntries.base
        for i in 0..<count {
            let p = Int(en[i].piece)
            if Double(drawn.at(en[i].after) - drawn.at(en[i].before)) != pc[p].winding { pc[p].uniform = false }
        }
        return (count, drawn)
    }
}

/// What one cell of a row has seen, packed in 64 bits (0: nothing): the edge at one end of the
/// chain of edges through it (the high half; the sweep keeps the other end beside it) and what
/// that chain still is (the low bits).
///
/// The sum is exact in a cell whose edges are one chain of a contour (each joined end to end to
/// the one before) that cannot cross itself: two edges, or any number that all go forward along
/// one of four directions (x, y and the two diagonals; then the chain is the graph of a function
/// along it — every chain that turns by less than 135° is one). Such a chain splits the cell
/// into parts whose winding numbers differ by one; every other edge of the row lies wholly left
/// or right of the cell and (the sweep checks that every edge end inside the row meets its
/// neighbour) adds the same winding all the way down it. So the cell holds two adjacent winding
/// numbers, and their sum is right whichever they are (+1 beside −1 cannot happen). Anything
/// else — edges of two chains in one cell, a chain that turns further — sends the row to the
/// exact rule.
struct CellChain {
    var raw: UInt64

    /// Bits 0–7: for each direction (x, y, x + y, x − y) two bits, forward and backward, OR-ed
    /// over the chain's edges once it has three; bit 8: one edge; bit 9: two.
    private static let waysMask: UInt64 = 0xFF, pair: UInt64 = 0x200
    static let single: UInt64 = 0x100
    /// Bit 10, set by the sweep on a cell whose check failed (it stays set).
    static let failed: UInt64 = 0x400
    /// A first cell crossed only by edges lying on its left side (no chain yet).
    static let onLeftSide: UInt64 = 0x800
    /// A cell the exact rule added to (its chain no longer matters).
    static let touched: UInt64 = 0x1000

    @inline(__always) init(raw: UInt64) { self.raw = raw }
    /// A cell crossed by edge `edge` alone.
    @inline(__always) init(edge: Int32) { raw = CellChain.end(edge) | CellChain.single }

    @inline(__always) private static func end(_ edge: Int32) -> UInt64 { UInt64(UInt32(bitPattern: edge)) << 32 }

    /// The directions an edge goes along, whose extent in the contour's direction is (dx, dy).
    @inline(__always) static func ways(dx: Double, dy: Double) -> UInt64 {
        @inline(__always) func way(_ v: Double, _ shift: UInt64) -> UInt64 { (v > 0 ? 1 : v < 0 ? 2 : 0) << shift }
        return way(dx, 0) | way(dy, 2) | way(dx + dy, 4) | way(dx - dy, 6)
    }

    /// The last edge that joined the chain at its far end.
    @inline(__always) var last: Int32 { Int32(bitPattern: UInt32(truncatingIfNeeded: raw >> 32)) }
    /// One edge alone has crossed the cell.
    @inline(__always) var isSingle: Bool { raw & CellChain.single != 0 }
    /// Two edges have (their directions are not recorded: two joined edges never cross).
    @inline(__always) var isPair: Bool { raw & CellChain.pair != 0 }

    /// The cell after a second edge, `edge`, joined to the first, crosses it.
    @inline(__always) func joined(by edge: Int32) -> CellChain {
        CellChain(raw: CellChain.end(edge) | raw & CellChain.failed | CellChain.pair)
    }

    /// The cell after a third or later edge `edge` going along `ways`, joined to one end of the
    /// chain, crosses it (at the far end, `edge` becomes `last`), and whether the sum is still
    /// exact there. `endWays` are the directions of the two edges while the chain `isPair`.
    @inline(__always) func adding(_ edge: Int32, ways: UInt64, endWays: UInt64, atLast: Bool) -> (CellChain, Bool) {
        let all = (raw | ways | endWays) & CellChain.waysMask
        let next = CellChain(raw: (atLast ? CellChain.end(edge) : raw & 0xFFFF_FFFF_0000_0000) | raw & CellChain.failed | all)
        // A direction is still forward-only unless both of its bits are set.
        return (next, all & (all >> 1) & 0x55 != 0x55)
    }
}
