internal import CRasterKernels

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
/// single convex contour has only 0 and ±1 and is summed as it is, with coordinates rounded to
/// 2⁻²⁴ px and integer cells (Rasterizer+Fixed.swift: a byte apart from the `Float` sums only
/// next to a rounding boundary, and then by 1). For any other fill each row
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
    /// −1 where it shares no end with one (the contour goes on through a horizontal edge, a cut
    /// at the clip or a part dropped right of it) or where no check needs the links (`mayOverlap`).
    struct Edge {
        var x0: Double, y0: Double, x1: Double, y1: Double
        var dxdy: Double
        var winding: Double
        var up: Int32 = -1, down: Int32 = -1

        /// Its x at height `y`.
        @inline(__always) func x(at y: Double) -> Double { x0 + (y - y0) * dxdy }
    }

    // The scratch is read once per row and per edge: a dynamic exclusivity check on each read was
    // 2.3% of the raster reference frame's instructions. Unchecked is safe here: only this type
    // and its extensions touch them, and one rasterizer is used by one thread at a time (see above).
    @exclusivity(unchecked) var edges = ScratchBuffer<Edge>(capacity: 256)
    @exclusivity(unchecked) var edgeCount = 0
    @exclusivity(unchecked) var order = ScratchBuffer<Int32>(capacity: 256)      // edges bucketed by first row
    @exclusivity(unchecked) var bucketStart = ScratchBuffer<Int32>(capacity: 256) // per row, start index into `order`
    @exclusivity(unchecked) var active = ScratchBuffer<Int32>(capacity: 64)
    @exclusivity(unchecked) var cover = ScratchBuffer<Float>(capacity: 256)
    @exclusivity(unchecked) var area = ScratchBuffer<Float>(capacity: 256)
    /// Per cell of the row: 0 if untouched, else a `CellChain` (the last edge in it and its chain's
    /// shape) or one of its markers.
    @exclusivity(unchecked) var cellState = ScratchBuffer<UInt64>(capacity: 256)
    /// Per cell crossed by two edges or more: the edge at the other end of its chain
    /// (`CellChain.last` is one end).
    @exclusivity(unchecked) private var cellFirst = ScratchBuffer<Int32>(capacity: 256)
    @exclusivity(unchecked) var touched = ScratchBuffer<Int32>(capacity: 256)
    /// One bit per cell of the row, for `sortTouched`; all zero between its calls.
    @exclusivity(unchecked) var cellBits = ScratchBuffer<UInt64>(capacity: 64)
    @exclusivity(unchecked) var coverageRow = ScratchBuffer<UInt8>(capacity: 256)
    @exclusivity(unchecked) var bx0 = 0.0, by0 = 0.0, bx1 = 0.0, by1 = 0.0   // bounding box of the clipped edges
    // The contour being turned into edges: its first and last kept edge, and whether it went on
    // through something not kept before the first one.
    @exclusivity(unchecked) var chainHead: Int32 = -1, chainTail: Int32 = -1
    @exclusivity(unchecked) var chainBrokenBeforeHead = false
    /// Windings may overlap (more than one contour, or one that is not convex): edges are linked
    /// and the sweep checks its cells. A single convex contour has winding 0 or ±1 everywhere,
    /// where the sum is exact: circles, rectangles, rounded rectangles, a straight stroke.
    @exclusivity(unchecked) var mayOverlap = false
    /// Tests: build every edge through the clipping path (`addLine`), as before the shortcut for
    /// contours inside the clip, to compare the two.
    var clipsEveryEdge = false
    // Scratch of the exact rule (Rasterizer+Overlap.swift).
    @exclusivity(unchecked) var rowPieces = ScratchBuffer<RowPiece>(capacity: 64)
    @exclusivity(unchecked) var runPieces = ScratchBuffer<RowPiece>(capacity: 64)
    @exclusivity(unchecked) var folded = ScratchBuffer<RowPiece>(capacity: 16)
    @exclusivity(unchecked) var foldEvents = ScratchBuffer<FoldEvent>(capacity: 32)
    @exclusivity(unchecked) var cuts = ScratchBuffer<Double>(capacity: 64)
    @exclusivity(unchecked) var stripEntries = ScratchBuffer<StripEntry>(capacity: 256)
    @exclusivity(unchecked) var stripOrder = ScratchBuffer<Int32>(capacity: 64)
    /// What the exact rule may still spend in this fill, in edges visited (see `sweep`).
    @exclusivity(unchecked) var exactBudget = 0
    @exclusivity(unchecked) var runs = ScratchBuffer<CellRun>(capacity: 16)
    // Scratch of the fixed-point sweep (Rasterizer+Fixed.swift).
    @exclusivity(unchecked) var fixedEdges = ScratchBuffer<FixedEdge>(capacity: 256)
    @exclusivity(unchecked) var fixedCover = ScratchBuffer<Int64>(capacity: 256)
    @exclusivity(unchecked) var fixedArea = ScratchBuffer<Int64>(capacity: 256)
    /// Tests: sweep a fill whose windings cannot overlap in floating point, as before the
    /// fixed-point sweep, to compare the two.
    var floatSweep = false
    // The grid of the small convex fill (Rasterizer+Small.swift) and its rows' touched cells, made
    // (all zero) at its first use and kept all zero between fills: a rasterizer that never takes
    // that path (a canvas made for one image, a mask's fill) does not pay for 75 KiB of zeros.
    @exclusivity(unchecked) var smallCells = ScratchBuffer<SmallCell>(capacity: 1)
    @exclusivity(unchecked) var smallRowMasks = ScratchBuffer<UInt64>(capacity: 1)
    /// Tests: fill a small convex contour through `buildEdges` and `sweepFixed`, to compare the two.
    var skipsSmallConvex = false

    public init() {}
    deinit {
        smallCells.deallocate(); smallRowMasks.deallocate()
        edges.deallocate(); order.deallocate(); bucketStart.deallocate(); active.deallocate()
        cover.deallocate(); area.deallocate(); cellState.deallocate(); cellFirst.deallocate(); touched.deallocate()
        coverageRow.deallocate(); cellBits.deallocate(); rowPieces.deallocate(); runPieces.deallocate(); folded.deallocate(); foldEvents.deallocate(); cuts.deallocate(); stripEntries.deallocate()
        stripOrder.deallocate(); runs.deallocate()
        fixedEdges.deallocate(); fixedCover.deallocate(); fixedArea.deallocate()
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
        if !skipsSmallConvex && !clipsEveryEdge && !floatSweep && fillSmallConvex(polygons, rule: rule, clip: clip, into: &sink) { return }
        buildEdges(polygons, clip: clip)
        guard edgeCount > 0 else { return }
        if mayOverlap {
            sweep(rule: rule, clip: clip, checks: WithChecks.self, into: &sink)
        } else if floatSweep {
            sweep(rule: rule, clip: clip, checks: NoChecks.self, into: &sink)
        } else {
            sweepFixed(rule: rule, clip: clip, into: &sink)
        }
    }

    // MARK: - Sweep

    /// Whether the sweep checks its cells for overlapping windings, as a type so that each way
    /// gets its own specialized loop.
    private protocol OverlapChecks { static var on: Bool { get } }
    private enum WithChecks: OverlapChecks { static var on: Bool { true } }
    private enum NoChecks: OverlapChecks { static var on: Bool { false } }

    private func sweep<S: SpanSink, C: OverlapChecks>(rule: FillRule, clip: PixelRect, checks _: C.Type, into sink: inout S) {
        let rowTop = Swift.max(clip.y0, Rasterizer.floorInt(by0))
        let rowEnd = Swift.min(clip.y1, Rasterizer.ceilInt(by1))
        let colLeft = Swift.max(clip.x0, Rasterizer.floorInt(bx0))
        let colEnd = Swift.min(clip.x1, Rasterizer.ceilInt(bx1) + 1)
        guard rowEnd > rowTop, colEnd > colLeft else { return }
        let rows = rowEnd - rowTop, cols = colEnd - colLeft

        // Bucket edges by their first row (counting sort). Each edge's row is found once and kept
        // in the active list's room (not in use until the rows start) for the second pass.
        bucketStart.reserve(rows + 1)
        order.reserve(edgeCount)
        active.reserve(edgeCount)
        let bs = bucketStart.base, ord = order.base, eb = edges.base, act = active.base
        bs.initialize(repeating: 0, count: rows + 1)
        for i in 0..<edgeCount {
            // In 0..<rows, so the Int32 and the additions below cannot overflow.
            let r = Swift.min(rows - 1, Swift.max(0, Rasterizer.floorInt(eb[i].y0) &- rowTop))
            act[i] = Int32(truncatingIfNeeded: r)
            bs[r &+ 1] &+= 1
        }
        for r in 0..<rows { bs[r &+ 1] &+= bs[r] }
        for i in 0..<edgeCount {
            let r = Int(act[i])
            ord[Int(bs[r])] = Int32(truncatingIfNeeded: i)
            bs[r] &+= 1
        }
        // bs[r] now holds the end of bucket r; bucket r starts at bs[r-1] (0 for r = 0).

        cover.reserve(cols + 2); area.reserve(cols + 2); cellState.reserve(cols + 2); cellFirst.reserve(cols + 2)
        // 8 bytes past the row's cells: `emitRow` writes a merged gap as one 8-byte store.
        touched.reserve(cols + 2); coverageRow.reserve(cols + 10); prepareCellBits(cols)
        let cv = cover.base, ar = area.base, state = cellState.base, first = cellFirst.base, tl = touched.base
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
                let xa = e.x(at: ya) - originX, xb = e.x(at: yb) - originX
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
                        // c is a cell of the row (0…cols + 1 ≤ 65538): the Int32 and the count cannot overflow.
                        tl[touchedCount] = Int32(truncatingIfNeeded: c); touchedCount &+= 1
                        state[c] = mine
                    } else if !checks {
                    } else if s == CellChain.onLeftSide {
                        state[c] = mine
                    } else if case let chain = CellChain(raw: s), chain.isSingle, chain.last == e.up || chain.last == e.down {
                        // The common second edge: the first one's neighbour (two joined edges never cross).
                        state[c] = chain.joined(by: ei).raw; first[c] = chain.last
                    } else if !join(cell: c, state: s, edge: ei) {
                        anyFailed = true
                    }
                    cv[c] += Float(dc); ar[c] += Float(da)
                }
            }
            if checks { activeCount = kept }
            if touchedCount == 0 { continue }
            sortTouched(tl, touchedCount)
            if (endsApart || anyFailed) && exactBudget > 0 {
                exactRow(y: y, originX: originX, limit: limit, activeCount: activeCount,
                         touchedCount: &touchedCount, wholeRow: endsApart, rule: rule)
            }
            emitRow(y: rowTop + r, colLeft: colLeft, cols: cols, touchedCount: touchedCount, rule: rule, into: &sink)
        }
    }

    /// Another edge, `ei`, crosses a cell already crossed (`s` its state) other than as the
    /// neighbour of its one edge (the sweep's loop joins those): joins it to the cell's chain at
    /// whichever end it meets (the edges of a contour come in its order, except where it wraps
    /// round its start) and says whether the plain sum is still exact there (`CellChain`).
    /// Out of line: most cells see one edge or two, and the sweep's loop stays small.
    @inline(never)
    private func join(cell c: Int, state s: UInt64, edge ei: Int32) -> Bool {
        let state = cellState.base, first = cellFirst.base, eb = edges.base
        let e = eb[Int(ei)]
        let chain = CellChain(raw: s), last = chain.last
        // A single edge not joined to this one: two chains in the cell.
        guard !chain.isSingle else { state[c] = s | CellChain.failed; return false }
        let other = first[c]
        let atLast = last == e.up || last == e.down
        guard atLast || other == e.up || other == e.down else { state[c] = s | CellChain.failed; return false }
        @inline(__always) func ways(_ x: Edge) -> UInt64 { CellChain.ways(dx: (x.x1 - x.x0) * x.winding, dy: (x.y1 - x.y0) * x.winding) }
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
        let (xl, xr, il, ir) = cellSpan(xa, xb, limit)
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

    /// An edge's part from x `xa` to `xb` within a row, clamped into `0…limit` (`xl`, `xr`), and
    /// the cells it crosses, `first…last`.
    @inline(__always)
    static func cellSpan(_ xa: Double, _ xb: Double, _ limit: Double) -> (xl: Double, xr: Double, first: Int, last: Int) {
        let xl = Swift.min(limit, Swift.max(0, Swift.min(xa, xb))), xr = Swift.min(limit, Swift.max(0, Swift.max(xa, xb)))
        // Both in 0…limit (a NaN is clamped to 0 too: `max(0, .nan)` is 0), so truncation
        // needs no range check and the cells no overflow check.
        let first = Int(fb_trunc(xl)), r = Int(fb_trunc(xr))
        let last = Double(r) < xr ? r : r &- 1
        return (xl, xr, first, Swift.max(first, last))
    }

    /// `Int(v.rounded(.down))` without the call into libm that `rounded` makes on x86-64's base
    /// instruction set (no SSE4.1 `roundsd`) nor `Int(v)`'s range check (`fb_trunc`); the same
    /// value for every finite `v` within ±2⁶². The sweep's values are clamped (±1e15, or into the
    /// row) long before.
    @inline(__always) static func floorInt(_ v: Double) -> Int {
        let t = Int(fb_trunc(v))
        return Double(t) > v ? t - 1 : t
    }

    /// `Int(v.rounded(.up))` likewise.
    @inline(__always) static func ceilInt(_ v: Double) -> Int {
        let t = Int(fb_trunc(v))
        return Double(t) < v ? t + 1 : t
    }

    /// Walks the touched cells of one row in x order, resetting them, and emits spans. Where the
    /// sink says a full mask is a full solid span (`solidSpansAreMasks`), a full run of at most
    /// `maxMergedGap` pixels between two runs of touched cells goes into one mask span with them
    /// (a thin stroke's row: one span instead of three; the same bytes).
    func emitRow<S: SpanSink>(y: Int, colLeft: Int, cols: Int, touchedCount: Int, rule: FillRule, into sink: inout S) {
        // One loop per rule: with the rule unknown, LLVM computed even-odd's fold (a call to
        // floorf) for every non-zero span too.
        if rule == .evenOdd {
            emitRow(y: y, colLeft: colLeft, cols: cols, touchedCount: touchedCount, rule: EvenOddRule.self, into: &sink)
        } else {
            emitRow(y: y, colLeft: colLeft, cols: cols, touchedCount: touchedCount, rule: NonZeroRule.self, into: &sink)
        }
    }

    /// The fill rule as a type, so that each gets its own specialized `emitRow`.
    private protocol RuleKind { static var rule: FillRule { get } }
    private enum EvenOddRule: RuleKind { static var rule: FillRule { .evenOdd } }
    private enum NonZeroRule: RuleKind { static var rule: FillRule { .nonZero } }

    private func emitRow<S: SpanSink, R: RuleKind>(y: Int, colLeft: Int, cols: Int, touchedCount: Int, rule _: R.Type, into sink: inout S) {
        let rule = R.rule
        let cv = cover.base, ar = area.base, state = cellState.base, tl = touched.base, out = coverageRow.base
        let merges = sink.solidSpansAreMasks
        var run: Float = 0
        var next = 0               // first pixel (relative) not yet emitted
        var spanStart = 0, pending = 0   // the mask span being gathered: out[0..<pending] from spanStart
        var i = 0
        // Cells are in 0…cols + 1 and the row's spans within it, so no sum here can overflow.
        while i < touchedCount {
            let c = Int(tl[i])
            let stop = Swift.min(c, cols)
            if stop > next {
                let q = quantize(run, rule)
                if merges && pending > 0 && q == 255 && c == stop && stop &- next <= Rasterizer.maxMergedGap {
                    // One store for the whole gap (at most 8; the row has 8 bytes to spare past its
                    // cells); the bytes past it are overwritten by the cells that follow.
                    UnsafeMutableRawPointer(out + pending).storeBytes(of: UInt64.max, as: UInt64.self)
                    pending &+= stop &- next
                } else {
                    if pending > 0 { flushMask(y: y, colLeft: colLeft, cols: cols, start: spanStart, count: pending, into: &sink); pending = 0 }
                    if q > 0 { sink.solidSpan(y: y, x: colLeft &+ next, count: stop &- next, coverage: q) }
                }
            }
            if pending > 0 && spanStart &+ pending != c {
                flushMask(y: y, colLeft: colLeft, cols: cols, start: spanStart, count: pending, into: &sink); pending = 0
            }
            if pending == 0 { spanStart = c }
            var x = c
            while i < touchedCount && Int(tl[i]) == x {
                out[pending] = quantize(run + ar[x], rule)
                run += cv[x]
                cv[x] = 0; ar[x] = 0; state[x] = 0
                i &+= 1; x &+= 1; pending &+= 1
            }
            next = x
        }
        if pending > 0 { flushMask(y: y, colLeft: colLeft, cols: cols, start: spanStart, count: pending, into: &sink) }
        if next < cols {
            let q = quantize(run, rule)
            if q > 0 { sink.solidSpan(y: y, x: colLeft &+ next, count: cols &- next, coverage: q) }
        }
    }

    /// The longest full run `emitRow` sends inside a mask span: past it, the solid span's plain
    /// store costs less than blending each pixel at coverage 255. At most 8: a gap is written as
    /// one 8-byte store.
    static let maxMergedGap = 8

    /// The gathered coverages `coverageRow[0..<count]` of cells `start…` as one mask span, cut at
    /// the clip's right side (cells `cols` and `cols + 1` are not pixels of it).
    @inline(__always)
    private func flushMask<S: SpanSink>(y: Int, colLeft: Int, cols: Int, start: Int, count: Int, into sink: inout S) {
        let visible = Swift.min(count, cols &- start)
        if visible > 0 { sink.maskSpan(y: y, x: colLeft &+ start, coverage: coverageRow.base, count: visible) }
    }

    @inline(__always) func quantize(_ v: Float, _ rule: FillRule) -> UInt8 {
        var c = v.magnitude
        if rule == .evenOdd {
            c -= 2 * (c * 0.5).rounded(.down)
            if c > 1 { c = 2 - c }
        }
        c = Swift.min(1, c)
        guard c >= 0 else { return 0 }  // NaN
        // c is in 0…1, so c × 255 + 0.5 is in 0.5…255.5: truncation needs no range check.
        return UInt8(truncatingIfNeeded: fb_trunc_f(c * 255 + 0.5))
    }

    /// Puts a row's touched cells (distinct) in order: the handful of most rows by `sortSmall`;
    /// more cells within a few times as many 64-cell words (the rows of a dashed curve: a dozen
    /// cells, a few hundred apart) through a bit per cell (`cellBits`, left all zero), a few
    /// instructions a cell and a word; many cells far apart by the standard sort. The cells are
    /// distinct, so every way gives the same order.
    @inline(__always) func sortTouched(_ p: UnsafeMutablePointer<Int32>, _ n: Int) {
        if n <= 8 { sortSmall(p, n); return }
        var lo = p[0], hi = p[0]
        for i in 1..<n { lo = Swift.min(lo, p[i]); hi = Swift.max(hi, p[i]) }
        // Cells are in 0…cols + 1 (at most 65538), so the words and 4·n cannot overflow.
        let w0 = Int(lo) &>> 6, w1 = Int(hi) &>> 6
        guard w1 &- w0 < 4 &* n else { sortSmall(p, n); return }
        let bits = cellBits.base
        for i in 0..<n {
            let c = Int(p[i])
            bits[c &>> 6] |= 1 &<< UInt64(truncatingIfNeeded: c & 63)
        }
        var k = 0
        for w in w0...w1 {
            var word = bits[w]
            guard word != 0 else { continue }
            bits[w] = 0
            let first = w &<< 6
            repeat {
                p[k] = Int32(truncatingIfNeeded: first | word.trailingZeroBitCount); k &+= 1
                word &= word &- 1
            } while word != 0
        }
    }

    /// Room for a bit per cell of a row of `cols` (cells 0…cols + 1), all zero.
    @inline(__always) func prepareCellBits(_ cols: Int) {
        let words = (cols &+ 2 &+ 63) &>> 6
        cellBits.reserve(words)
        cellBits.base.initialize(repeating: 0, count: words)
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
