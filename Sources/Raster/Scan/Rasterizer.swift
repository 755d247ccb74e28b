/// Exact-area scan converter: turns closed polygons into per-pixel coverage spans.
///
/// Each pixel's coverage is the exact area of the shape inside it (up to `Float` rounding), found
/// the way FreeType, AGG and font-rs do: every edge leaves, in each cell it crosses, its signed
/// vertical extent (`cover`) and the part of that extent's area lying inside the cell (`area`);
/// a pixel's winding-weighted coverage is then the sum of the covers to its left plus its own
/// area. Non-zero clamps `|winding|` to 1, even-odd folds it into a triangle wave.
///
/// That sum is exact only where a pixel holds two adjacent winding numbers of which one is 0 or
/// both are on the same side of it: half a pixel at winding 2 beside half at 0 (two strokes
/// crossing, a stroke overlapping itself, contours drawn over each other) sums to 1, not ½. A
/// single convex contour has only 0 and ±1 and is summed as it is. For any other fill each row
/// also checks, cell by cell, that the edges in a cell are one chain of a contour that cannot
/// cross itself (`CellChain`); where a cell fails, or an edge ends inside the row with no
/// neighbour, those cells are worked out again by the exact rule (Rasterizer+Overlap.swift).
/// Where the check passes nothing else runs, and where the exact rule agrees with the sum it adds
/// the same numbers in the same order, so the bytes are the same.
///
/// Work is proportional to the shape, not the canvas: edges are clipped to the clip rectangle
/// (parts left of it fold onto its left side, parts right of it are dropped), only the rows and
/// columns of the clipped edges' bounding box are considered, rows are processed with an
/// active-edge list, and only the cells an edge touched are visited and reset — the
/// constant-coverage runs between them are emitted as single `solidSpan`s. A 10-px shape on a
/// 4K canvas costs what a 10-px shape costs (measured: under 1 µs).
///
/// Robustness: a contour holding NaN or ±inf is ignored; finite coordinates are clamped into
/// ±1e15 before any arithmetic so differences cannot overflow; nothing outside the clip (itself
/// limited to 65536 px per side) is ever reported. Reuse one rasterizer: its scratch buffers are
/// kept between calls, so a warm rasterizer does not allocate. Not thread-safe; use one per thread.
public final class Rasterizer {
    /// An edge directed downward (`y0 < y1`); `winding` is +1 if the contour went down, −1 if up.
    /// `up` and `down` are the edges its contour continues with at its top and bottom ends, or
    /// −1 where the contour goes on through something not kept (a horizontal edge off the pixel
    /// rows, a part clipped away).
    struct Edge {
        var x0: Double, y0: Double, x1: Double, y1: Double
        var dxdy: Double
        var winding: Double
        var up: Int32 = -1, down: Int32 = -1
    }

    // The scratch is read once per row and per edge: a dynamic exclusivity check on each read was
    // 2.3% of the raster reference frame's instructions. Unchecked is safe here: the properties
    // are private, and one rasterizer is used by one thread at a time (see above).
    @exclusivity(unchecked) var edges = ScratchBuffer<Edge>(capacity: 256)
    @exclusivity(unchecked) private var edgeCount = 0
    @exclusivity(unchecked) private var order = ScratchBuffer<Int32>(capacity: 256)      // edges bucketed by first row
    @exclusivity(unchecked) private var bucketStart = ScratchBuffer<Int32>(capacity: 256) // per row, start index into `order`
    @exclusivity(unchecked) var active = ScratchBuffer<Int32>(capacity: 64)
    @exclusivity(unchecked) var cover = ScratchBuffer<Float>(capacity: 256)
    @exclusivity(unchecked) var area = ScratchBuffer<Float>(capacity: 256)
    /// Per cell of the row: 0 if untouched, else `CellChain` (the last edge in it and its chain's shape).
    @exclusivity(unchecked) var cellState = ScratchBuffer<UInt64>(capacity: 256)
    /// Per cell crossed by two edges or more: the edge at the other end of its chain
    /// (`CellChain.last` is one end).
    @exclusivity(unchecked) private var cellFirst = ScratchBuffer<Int32>(capacity: 256)
    @exclusivity(unchecked) var touched = ScratchBuffer<Int32>(capacity: 256)
    @exclusivity(unchecked) var coverageRow = ScratchBuffer<UInt8>(capacity: 256)
    @exclusivity(unchecked) private var bx0 = 0.0, by0 = 0.0, bx1 = 0.0, by1 = 0.0   // bounding box of the clipped edges
    // The contour being turned into edges: its first and last kept edge, and whether it went on
    // through something not kept before the first one.
    @exclusivity(unchecked) private var chainHead: Int32 = -1, chainTail: Int32 = -1
    @exclusivity(unchecked) private var chainBrokenBeforeHead = false
    /// Windings may overlap (more than one contour, or one that is not convex): edges are linked
    /// and the sweep checks its cells. A single convex contour has winding 0 or ±1 everywhere,
    /// where the sum is exact: circles, rectangles, rounded rectangles, a straight stroke.
    @exclusivity(unchecked) private var mayOverlap = false
    // Scratch of the exact rule (Rasterizer+Overlap.swift).
    @exclusivity(unchecked) var rowPieces = ScratchBuffer<RowPiece>(capacity: 64)
    @exclusivity(unchecked) var runPieces = ScratchBuffer<RowPiece>(capacity: 64)
    @exclusivity(unchecked) var folded = ScratchBuffer<RowPiece>(capacity: 16)
    @exclusivity(unchecked) var foldEvents = ScratchBuffer<FoldEvent>(capacity: 32)
    @exclusivity(unchecked) var cuts = ScratchBuffer<Double>(capacity: 64)
    @exclusivity(unchecked) var stripEntries = ScratchBuffer<StripEntry>(capacity: 256)
    @exclusivity(unchecked) var stripOrder = ScratchBuffer<Int32>(capacity: 64)
    @exclusivity(unchecked) var stripEntryCount = 0
    /// What the exact rule may still spend in this fill, in edges visited (see `sweep`).
    @exclusivity(unchecked) var exactBudget = 0
    @exclusivity(unchecked) var runs = ScratchBuffer<CellRun>(capacity: 16)
    @exclusivity(unchecked) var drawnSign: Int32 = 1

    public init() {}
    deinit {
        edges.deallocate(); order.deallocate(); bucketStart.deallocate(); active.deallocate()
        cover.deallocate(); area.deallocate(); cellState.deallocate(); cellFirst.deallocate(); touched.deallocate()
        coverageRow.deallocate(); rowPieces.deallocate(); runPieces.deallocate(); folded.deallocate(); foldEvents.deallocate(); cuts.deallocate(); stripEntries.deallocate()
        stripOrder.deallocate(); runs.deallocate()
    }

    /// Largest clip side honoured; a larger clip is cut to this many pixels from its origin.
    public static let maxClipSide = 65536

    /// Computes the coverage of `polygons` under `rule` inside `clip` and hands it to `sink`.
    ///
    /// - Parameters:
    ///   - polygons: device-space contours, implicitly closed.
    ///   - rule: default `.nonZero`.
    ///   - clip: pixels outside it are neither visited nor reported.
    ///   - sink: receives spans in row order (see `SpanSink`).
    /// - Complexity: O(E log E + Σ cells crossed + spans), E = edges after clipping; independent
    ///   of the clip's size except through the shape's extent inside it.
    public func fill<S: SpanSink>(_ polygons: Polygons, rule: FillRule = .nonZero, clip: PixelRect, into sink: inout S) {
        var clip = clip
        clip.x1 = Swift.min(clip.x1, clip.x0 &+ Rasterizer.maxClipSide)
        clip.y1 = Swift.min(clip.y1, clip.y0 &+ Rasterizer.maxClipSide)
        guard !clip.isEmpty else { return }
        buildEdges(polygons, clip: clip)
        guard edgeCount > 0 else { return }
        if mayOverlap { sweep(rule: rule, clip: clip, checks: WithChecks.self, into: &sink) } else { sweep(rule: rule, clip: clip, checks: NoChecks.self, into: &sink) }
    }

    // MARK: - Edges

    private func buildEdges(_ polygons: Polygons, clip: PixelRect) {
        edgeCount = 0
        // Decided before any edge is built: edges are linked to their neighbours only for the check.
        mayOverlap = polygons.contourEnds.count > 1
        bx0 = .infinity; by0 = .infinity; bx1 = -.infinity; by1 = -.infinity
        let cx0 = Double(clip.x0), cy0 = Double(clip.y0), cx1 = Double(clip.x1), cy1 = Double(clip.y1)
        polygons.points.withUnsafeBufferPointer { pts in
            var start = 0
            for end in polygons.contourEnds {
                let lo = Swift.max(0, Swift.min(start, pts.count)), hi = Swift.max(lo, Swift.min(end, pts.count))
                start = Swift.max(start, end)
                guard hi - lo >= 2 else { continue }
                var finite = true
                for i in lo..<hi where !pts[i].isFinite { finite = false; break }
                guard finite else { continue }
                chainHead = -1; chainTail = -1; chainBrokenBeforeHead = false
                if !mayOverlap && !Rasterizer.isConvex(pts, lo, hi) { mayOverlap = true }
                var prev = clamped(pts[hi - 1])
                for i in lo..<hi {
                    let p = clamped(pts[i])
                    addLine(prev, p, cx0, cy0, cx1, cy1)
                    prev = p
                }
                // Close the chain round the contour's start, unless it went through something not kept.
                if mayOverlap, chainTail >= 0, chainHead >= 0, chainTail != chainHead, !chainBrokenBeforeHead { link(chainTail, chainHead) }
            }
        }
    }

    /// Whether the closed polygon `pts[lo..<hi]` (finite) has winding 0 or ±1 everywhere, as a
    /// convex one does: every turn the same way (straight ones aside; one straight back counts
    /// as both ways), and its direction in y reversing at most twice round it, which leaves out
    /// stars that turn the same way more than once round. One tight pass (no calls), as it runs on
    /// every single-contour fill.
    static func isConvex(_ pts: UnsafeBufferPointer<Point>, _ lo: Int, _ hi: Int) -> Bool {
        var turns = 0, reversals = 0
        var lastX = 0.0, lastY = 0.0, firstX = 0.0, firstY = 0.0
        var way = 0.0, firstWay = 0.0   // the last and first non-zero signs of dy
        @inline(__always) func clamped(_ p: Point) -> Point {   // as drawn: differences stay finite
            Point(Swift.min(1e15, Swift.max(-1e15, p.x)), Swift.min(1e15, Swift.max(-1e15, p.y)))
        }
        var prev = clamped(pts[hi - 1])
        for i in lo..<hi {
            let p = clamped(pts[i])
            let dx = p.x - prev.x, dy = p.y - prev.y
            prev = p
            guard dx != 0 || dy != 0 else { continue }
            let c = lastX * dy - lastY * dx
            turns |= (c > 0 ? 1 : 0) | (c < 0 ? 2 : 0)
            // A turn back on itself counts as both ways: it can hide a crossing.
            if c == 0 && lastX * dx + lastY * dy < 0 { turns = 3 }
            if firstX == 0 && firstY == 0 { firstX = dx; firstY = dy }
            lastX = dx; lastY = dy
            if dy != 0 {
                let s = dy > 0 ? 1.0 : -1.0
                if way != 0 && s != way { reversals += 1 }
                if firstWay == 0 { firstWay = s }
                way = s
            }
        }
        let c = lastX * firstY - lastY * firstX
        turns |= (c > 0 ? 1 : 0) | (c < 0 ? 2 : 0) | (c == 0 && lastX * firstX + lastY * firstY < 0 ? 3 : 0)
        if way != firstWay { reversals += 1 }
        return turns != 3 && reversals <= 2
    }

    /// The contour goes on from kept edge `a` to kept edge `b`: each becomes the other's neighbour
    /// at the end where they meet (a's bottom if it goes down, its top if it goes up).
    private func link(_ a: Int32, _ b: Int32) {
        let e = edges.base
        if e[Int(a)].winding > 0 { e[Int(a)].down = b } else { e[Int(a)].up = b }
        if e[Int(b)].winding > 0 { e[Int(b)].up = a } else { e[Int(b)].down = a }
    }

    /// The next edge of the contour (in the contour's order) was kept as `i`, or not kept (−1).
    @inline(__always) private func chain(_ i: Int32) {
        guard mayOverlap else { return }
        guard i >= 0 else {
            chainTail = -1
            if chainHead < 0 { chainBrokenBeforeHead = true }
            return
        }
        if chainTail >= 0 { link(chainTail, i) }
        if chainHead < 0 { chainHead = i }
        chainTail = i
    }

    @inline(__always) private func clamped(_ p: Point) -> Point {
        Point(Swift.min(1e15, Swift.max(-1e15, p.x)), Swift.min(1e15, Swift.max(-1e15, p.y)))
    }

    /// Clips the line to the clip's rows, folds the part left of the clip onto its left side (it
    /// still adds winding to everything right of it) and drops the part right of it (coverage only
    /// flows rightward), then records what is left.
    ///
    /// Edges are linked only where they share an end (the check relies on two linked edges never
    /// crossing): a horizontal line adds no edge and parts its neighbours, and so does a cut at
    /// the clip's top or bottom.
    private func addLine(_ p: Point, _ q: Point, _ cx0: Double, _ cy0: Double, _ cx1: Double, _ cy1: Double) {
        guard p.y != q.y else {
            if p.x != q.x { chain(-1) }
            return
        }
        var (x0, y0, x1, y1, w) = p.y < q.y ? (p.x, p.y, q.x, q.y, 1.0) : (q.x, q.y, p.x, p.y, -1.0)
        guard y1 > cy0, y0 < cy1 else { chain(-1); return }
        let dxdy = (x1 - x0) / (y1 - y0)
        guard dxdy.isFinite else { chain(-1); return }   // a vertical extent of ~1e-300 px: no area to lose
        let cutTop = y0 < cy0, cutBottom = y1 > cy1
        if cutTop { x0 += (cy0 - y0) * dxdy; y0 = cy0 }
        if cutBottom { x1 -= (y1 - cy1) * dxdy; y1 = cy1 }
        guard y1 > y0 else { chain(-1); return }
        // The contour enters at the top if it goes down, at the bottom if it goes up.
        if mayOverlap && (w > 0 ? cutTop : cutBottom) { chain(-1) }
        // Split at the clip's left and right sides, in order of y.
        var ys = (y0, y0, y1)   // split points between y0 and y1 (sorted later)
        var n = 0
        if (x0 < cx0) != (x1 < cx0), dxdy != 0 {
            let y = y0 + (cx0 - x0) / dxdy
            if y > y0 && y < y1 { ys.0 = y; n = 1 }
        }
        if (x0 > cx1) != (x1 > cx1), dxdy != 0 {
            let y = y0 + (cx1 - x0) / dxdy
            if y > y0 && y < y1 { if n == 0 { ys.0 = y } else { ys.1 = y }; n += 1 }
        }
        if n == 2 && ys.1 < ys.0 { ys = (ys.1, ys.0, y1) }
        var ya = y0, xa = x0
        var kept: (Int32, Int32, Int32) = (-1, -1, -1)   // the pieces in order of y
        for k in 0...n {
            let yb = k == n ? y1 : (k == 0 ? ys.0 : ys.1)
            let xb = k == n ? x1 : x0 + (yb - y0) * dxdy
            let i = addPiece(xa, ya, xb, yb, w, cx0, cx1)
            if k == 0 { kept.0 = i } else if k == 1 { kept.1 = i } else { kept.2 = i }
            ya = yb; xa = xb
        }
        // Chain them in the contour's order: down the line if it goes down, else up it.
        guard mayOverlap else { return }
        if w > 0 {
            chain(kept.0); if n >= 1 { chain(kept.1) }; if n == 2 { chain(kept.2) }
        } else {
            if n == 2 { chain(kept.2) }; if n >= 1 { chain(kept.1) }; chain(kept.0)
        }
        if w > 0 ? cutBottom : cutTop { chain(-1) }   // it leaves through a cut
    }

    /// A piece lying wholly on one side of each clip side (up to rounding); its index, or −1 if
    /// it was not kept (right of the clip).
    private func addPiece(_ xa: Double, _ ya: Double, _ xb: Double, _ yb: Double, _ w: Double, _ cx0: Double, _ cx1: Double) -> Int32 {
        guard yb > ya else { return -1 }
        let mid = (xa + xb) * 0.5
        if mid >= cx1 { bx1 = Swift.max(bx1, cx1); by0 = Swift.min(by0, ya); by1 = Swift.max(by1, yb); return -1 }
        var xa = Swift.min(cx1, xa), xb = Swift.min(cx1, xb)
        if mid <= cx0 { xa = cx0; xb = cx0 }
        xa = Swift.max(cx0, xa); xb = Swift.max(cx0, xb)
        edges.reserve(edgeCount + 1, keeping: edgeCount)
        var dxdy = (xb - xa) / (yb - ya)
        if !dxdy.isFinite { dxdy = 0; xa = (xa + xb) * 0.5; xb = xa }
        edges.base[edgeCount] = Edge(x0: xa, y0: ya, x1: xb, y1: yb, dxdy: dxdy, winding: w)
        edgeCount += 1
        bx0 = Swift.min(bx0, Swift.min(xa, xb)); bx1 = Swift.max(bx1, Swift.max(xa, xb))
        by0 = Swift.min(by0, ya); by1 = Swift.max(by1, yb)
        return Int32(edgeCount - 1)
    }

    // MARK: - Sweep

    /// Whether the sweep checks its cells for overlapping windings, as a type so that each way
    /// gets its own specialized loop.
    private protocol OverlapChecks { static var on: Bool { get } }
    private enum WithChecks: OverlapChecks { static var on: Bool { true } }
    private enum NoChecks: OverlapChecks { static var on: Bool { false } }

    private func sweep<S: SpanSink, C: OverlapChecks>(rule: FillRule, clip: PixelRect, checks _: C.Type, into sink: inout S) {
        let rowTop = Swift.max(clip.y0, Int(by0.rounded(.down)))
        let rowEnd = Swift.min(clip.y1, Int(by1.rounded(.up)))
        let colLeft = Swift.max(clip.x0, Int(bx0.rounded(.down)))
        let colEnd = Swift.min(clip.x1, Int(bx1.rounded(.up)) + 1)
        guard rowEnd > rowTop, colEnd > colLeft else { return }
        let rows = rowEnd - rowTop, cols = colEnd - colLeft

        // Bucket edges by their first row (counting sort).
        bucketStart.reserve(rows + 1)
        order.reserve(edgeCount)
        let bs = bucketStart.base, ord = order.base, eb = edges.base
        bs.initialize(repeating: 0, count: rows + 1)
        for i in 0..<edgeCount {
            let r = Swift.min(rows - 1, Swift.max(0, Int(eb[i].y0.rounded(.down)) - rowTop))
            bs[r + 1] += 1
        }
        for r in 0..<rows { bs[r + 1] += bs[r] }
        for i in 0..<edgeCount {
            let r = Swift.min(rows - 1, Swift.max(0, Int(eb[i].y0.rounded(.down)) - rowTop))
            ord[Int(bs[r])] = Int32(i)
            bs[r] += 1
        }
        // bs[r] now holds the end of bucket r; bucket r starts at bs[r-1] (0 for r = 0).

        cover.reserve(cols + 2); area.reserve(cols + 2); cellState.reserve(cols + 2); cellFirst.reserve(cols + 2)
        touched.reserve(cols + 2); coverageRow.reserve(cols + 2); active.reserve(edgeCount)
        let cv = cover.base, ar = area.base, state = cellState.base, first = cellFirst.base, tl = touched.base, act = active.base
        cv.initialize(repeating: 0, count: cols + 2)
        ar.initialize(repeating: 0, count: cols + 2)
        state.initialize(repeating: 0, count: cols + 2)
        var activeCount = 0
        let checks = C.on
        // The exact rule's work in this fill is bounded by a few times the plain sweep's (each
        // row it works on costs about its edges again): past the budget, rows keep the plain sum.
        // Real scenes fail a few rows a fill; hostile ones (thousands of edges crossing in every
        // row) would otherwise cost many times the plain fill.
        exactBudget = 4 * edgeCount + 65536
        let originX = Double(colLeft)
        let maxCell = cols + 1
        let limit = Double(maxCell)   // rounding may stray a hair past the clip; never trap on Int()

        for r in 0..<rows {
            let y = Double(rowTop + r), yNext = y + 1
            // With the check, the active edges stay in index order, so a contour's edges in a cell
            // come one after another: merge the row's new ones (in index order from the bucket)
            // from the back. Without it, append them (and remove ended ones by swapping).
            let newStart = Int(r == 0 ? 0 : bs[r - 1]), newEnd = Int(bs[r])
            if !checks {
                for k in newStart..<newEnd { act[activeCount] = ord[k]; activeCount += 1 }
            } else if newEnd > newStart {
                var i = activeCount - 1, j = newEnd - 1, k = activeCount + newEnd - newStart - 1
                while j >= newStart {
                    if i >= 0 && act[i] > ord[j] { act[k] = act[i]; i -= 1 } else { act[k] = ord[j]; j -= 1 }
                    k -= 1
                }
                activeCount += newEnd - newStart
            }
            var touchedCount = 0
            var endsApart = false   // an edge ends inside the row where its contour goes on through something not kept
            var anyFailed = false   // some cell's chain failed the check (CellChain)
            var i = 0, kept = 0
            while i < activeCount {
                let ei = act[i]
                let e = eb[Int(ei)]
                if e.y1 <= y {
                    if checks { i += 1 } else { activeCount -= 1; act[i] = act[activeCount] }
                    continue
                }
                i += 1
                if checks { act[kept] = ei; kept += 1 }
                let ya = Swift.max(e.y0, y), yb = Swift.min(e.y1, yNext)
                guard yb > ya else { continue }
                if checks && ((e.y0 > y && e.up < 0) || (e.y1 < yNext && e.down < 0)) { endsApart = true }
                let mine = CellChain(edge: ei).raw
                let xa = e.x0 + (ya - e.y0) * e.dxdy - originX, xb = e.x0 + (yb - e.y0) * e.dxdy - originX
                if checks && xa == 0 && xb == 0 {
                    // On the first cell's left side (folded there from left of the clip): it adds
                    // winding to the whole cell, as everything left of it does, and joins no
                    // chain in it; its ends inside the row were checked above.
                    if state[0] == 0 { state[0] = CellChain.onLeftSide; tl[touchedCount] = 0; touchedCount += 1 }
                    cv[0] += Float((yb - ya) * e.winding); ar[0] += Float((yb - ya) * e.winding)
                    continue
                }
                Rasterizer.walkCells(xa, xb, (yb - ya) * e.winding, limit) { c, dc, da in
                    let s = state[c]
                    if s == 0 {
                        tl[touchedCount] = Int32(c); touchedCount += 1
                        state[c] = mine
                    } else if !checks {
                    } else if s == CellChain.onLeftSide {
                        state[c] = mine
                    } else if s & CellChain.single != 0 && (Int32(truncatingIfNeeded: s >> 32) == e.up || Int32(truncatingIfNeeded: s >> 32) == e.down) {
                        // The common second edge: the first one's neighbour (two joined edges never cross).
                        state[c] = CellChain(raw: s).joined(by: ei).raw; first[c] = Int32(truncatingIfNeeded: s >> 32)
                    } else if !join(cell: c, state: s, edge: ei) {
                        anyFailed = true
                    }
                    cv[c] += Float(dc); ar[c] += Float(da)
                }
            }
            if checks { activeCount = kept }
            if touchedCount == 0 { continue }
            sortSmall(tl, touchedCount)
            if (endsApart || anyFailed) && exactBudget > 0 {
                exactRow(y: y, originX: originX, limit: limit, activeCount: activeCount,
                         touchedCount: &touchedCount, wholeRow: endsApart, rule: rule)
            }
            emitRow(y: rowTop + r, colLeft: colLeft, cols: cols, touchedCount: touchedCount, rule: rule, into: &sink)
        }
    }

    /// Another edge, `ei`, crosses a cell already crossed (`s` its state): joins it to the cell's
    /// chain at whichever end it meets (the edges of a contour come in its order, except where it
    /// wraps round its start) and says whether the plain sum is still exact there (`CellChain`).
    /// Out of line: most cells see one edge or two, and the sweep's loop stays small.
    @inline(never)
    private func join(cell c: Int, state s: UInt64, edge ei: Int32) -> Bool {
        let state = cellState.base, first = cellFirst.base, eb = edges.base
        let e = eb[Int(ei)]
        let chain = CellChain(raw: s), last = chain.last
        if chain.isSingle {
            guard last == e.up || last == e.down else { state[c] = s | CellChain.failed; return false }
            state[c] = chain.joined(by: ei).raw; first[c] = last
            return true
        }
        let other = first[c]
        let atLast = last == e.up || last == e.down
        guard atLast || other == e.up || other == e.down else { state[c] = s | CellChain.failed; return false }
        func ways(_ x: Edge) -> UInt64 { CellChain.ways(dx: (x.x1 - x.x0) * x.winding, dy: (x.y1 - x.y0) * x.winding) }
        let endWays = chain.isPair ? ways(eb[Int(last)]) | ways(eb[Int(other)]) : 0
        let (next, ok) = chain.adding(ei, ways: ways(e), endWays: endWays, atLast: atLast)
        state[c] = ok ? next.raw : next.raw | CellChain.failed
        if !atLast { first[c] = ei }
        return ok
    }

    /// Adds one edge's part within a row, from x `xa` at its top to `xb` at its bottom (relative
    /// to the row's first cell, clamped into `0…limit`) and `dy` high (signed by winding), to the
    /// cells it crosses: `add(cell, cover, area)`.
    @inline(__always)
    static func walkCells(_ xa: Double, _ xb: Double, _ dy: Double, _ limit: Double, _ add: (Int, Double, Double) -> Void) {
        let xl = Swift.min(limit, Swift.max(0, Swift.min(xa, xb))), xr = Swift.min(limit, Swift.max(0, Swift.max(xa, xb)))
        let il = Int(xl)
        let ir = Swift.max(il, Int(xr.rounded(.up)) - 1)
        if il == ir {
            add(il, dy, dy * (1 - ((xl + xr) * 0.5 - Double(il))))
        } else {
            let k = dy / (xr - xl)
            let w0 = Double(il + 1) - xl
            add(il, k * w0, k * w0 * w0 * 0.5)
            var c = il + 1
            while c < ir { add(c, k, k * 0.5); c += 1 }
            let w1 = xr - Double(ir)
            add(ir, k * w1, k * w1 * (1 - w1 * 0.5))
        }
    }

    /// Walks the touched cells of one row in x order, resetting them, and emits spans.
    @inline(__always)
    func emitRow<S: SpanSink>(y: Int, colLeft: Int, cols: Int, touchedCount: Int, rule: FillRule, into sink: inout S) {
        let cv = cover.base, ar = area.base, state = cellState.base, tl = touched.base, out = coverageRow.base
        var run: Float = 0
        var next = 0               // first pixel (relative) not yet emitted
        var i = 0
        while i < touchedCount {
            let c = Int(tl[i])
            let stop = Swift.min(c, cols)
            if stop > next {
                let q = quantize(run, rule)
                if q > 0 { sink.solidSpan(y: y, x: colLeft + next, count: stop - next, coverage: q) }
            }
            var x = c, n = 0
            while i < touchedCount && Int(tl[i]) == x {
                out[n] = quantize(run + ar[x], rule)
                run += cv[x]
                cv[x] = 0; ar[x] = 0; state[x] = 0
                i += 1; x += 1; n += 1
            }
            let visible = Swift.min(n, cols - c)
            if visible > 0 { sink.maskSpan(y: y, x: colLeft + c, coverage: out, count: visible) }
            next = x
        }
        if next < cols {
            let q = quantize(run, rule)
            if q > 0 { sink.solidSpan(y: y, x: colLeft + next, count: cols - next, coverage: q) }
        }
    }

    @inline(__always) func quantize(_ v: Float, _ rule: FillRule) -> UInt8 {
        var c = v.magnitude
        if rule == .evenOdd {
            c -= 2 * (c * 0.5).rounded(.down)
            if c > 1 { c = 2 - c }
        }
        c = Swift.min(1, c)
        guard c >= 0 else { return 0 }  // NaN
        return UInt8(c * 255 + 0.5)
    }

    /// Insertion sort for the usual handful of touched cells; the standard sort beyond that.
    @inline(__always) func sortSmall(_ p: UnsafeMutablePointer<Int32>, _ n: Int) {
        if n <= 24 {
            var i = 1
            while i < n {
                let v = p[i]; var j = i - 1
                while j >= 0 && p[j] > v { p[j + 1] = p[j]; j -= 1 }
                p[j + 1] = v; i += 1
            }
        } else {
            var b = UnsafeMutableBufferPointer(start: p, count: n)
            b.sort()
        }
    }
}
