/// The fill of one small convex contour lying inside the clip (a circle, a short stroke, an icon's
/// shape): the fixed-point sweep's arithmetic (Rasterizer+Fixed.swift) to the bit, without its
/// machinery. Its edges are walked once in the contour's order, each adding its part of every row
/// to a grid of cells the size of the shape's box (at most 63 cells wide), and each row remembers
/// the cells it touched as the bits of one `UInt64`; the rows are then emitted in order, the runs
/// of touched cells found by counting bits.
///
/// What it leaves out, for the same sums: the `Edge` and `FixedEdge` records, the bucketing by
/// first row, the active-edge list, the per-cell touched marks and list and their sort; each point
/// is rounded to 2⁻²⁴ px once (not once for each of its two edges). The sums are exact integers, so
/// adding them edge by edge instead of row by row gives the same cells, the same spans and the
/// same bytes (`RasterizerSmallTests` compares the two on shapes of every kind).
///
/// Taken when the contour is convex (`isConvex`), finite, strictly inside the clip's columns and
/// within its rows (nothing to cut, fold or clamp, as `addInside`), and its box fits the grid;
/// anything else, or an edge too steep to divide by, goes through `buildEdges` and the sweeps.
extension Rasterizer {
    /// One cell of the small grid: `cover` and `area` as in `sweepFixed`.
    struct SmallCell {
        var cover: Int64 = 0, area: Int64 = 0
    }

    /// The most cells a row of the grid holds (columns + 2): a row's touched cells are bits of a `UInt64`.
    static let smallMaxStride = 63
    /// The most cells of the grid (rows × stride): 64 KiB.
    static let smallMaxCells = 4096

    /// Fills `polygons` if it is one small convex contour inside `clip` (see above) and says
    /// whether it did; false leaves the sink untouched.
    func fillSmallConvex<S: SpanSink>(_ polygons: Polygons, rule: FillRule, clip: PixelRect, into sink: inout S) -> Bool {
        guard polygons.contourEnds.count == 1 else { return false }
        let end = polygons.contourEnds[0]
        return polygons.points.withUnsafeBufferPointer { pts -> Bool in
            let n = Swift.min(end, pts.count)
            guard n >= 3 else { return false }
            // One pass: finite, the box, and `isConvex` (unclamped: inside the clip, below).
            var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
            var check = TurnCheck()
            // 0 while every coordinate is finite (x − x is NaN for ±∞ and NaN): one test after
            // the loop instead of one a point. A NaN is ignored by the box below and counts as
            // no turn in `check`, and the shape is refused anyway.
            var nonFinite = 0.0
            var prev = pts[n - 1]
            for i in 0..<n {
                let p = pts[i]
                nonFinite += (p.x - p.x) + (p.y - p.y)
                minX = p.x < minX ? p.x : minX; maxX = p.x > maxX ? p.x : maxX
                minY = p.y < minY ? p.y : minY; maxY = p.y > maxY ? p.y : maxY
                check.side(p.x - prev.x, p.y - prev.y)
                prev = p
            }
            // Finite, inside the clip and the clamp's range, as `buildEdges` takes `addInside`.
            guard nonFinite == 0, minX > Double(clip.x0), maxX < Double(clip.x1), minY >= Double(clip.y0), maxY <= Double(clip.y1),
                  minX > -1e15, maxX < 1e15, minY > -1e15, maxY < 1e15 else { return false }
            // `sweepFixed`'s rows and columns. Every side of a convex contour that is not horizontal
            // becomes an edge, and the ends of its horizontal sides are ends of those (a turn back
            // is not convex), so the points' box is the edges' box, as `addInside` finds it.
            let rowTop = Swift.max(clip.y0, Rasterizer.floorInt(minY)), rowEnd = Swift.min(clip.y1, Rasterizer.ceilInt(maxY))
            let colLeft = Swift.max(clip.x0, Rasterizer.floorInt(minX)), colEnd = Swift.min(clip.x1, Rasterizer.ceilInt(maxX) + 1)
            guard rowEnd > rowTop, colEnd > colLeft else { return false }
            let rows = rowEnd - rowTop, cols = colEnd - colLeft, stride = cols + 2
            guard stride <= Rasterizer.smallMaxStride, rows * stride <= Rasterizer.smallMaxCells, check.isConvex else { return false }
            if smallCells.capacity < Rasterizer.smallMaxCells { makeSmallGrid() }
            guard accumulateSmall(pts, n, rowTop: rowTop, colLeft: colLeft, rows: rows, cols: cols) else { return false }
            if sink.solidSpansAreMasks {
                emitSmallWhole(rowTop: rowTop, colLeft: colLeft, rows: rows, cols: cols, rule: rule, into: &sink)
            } else {
                emitSmall(rowTop: rowTop, colLeft: colLeft, rows: rows, cols: cols, rule: rule, into: &sink)
            }
            return true
        }
    }

    /// The grid and the row masks at their full size, all zero (once per rasterizer).
    @inline(never)
    private func makeSmallGrid() {
        smallCells.reserve(Rasterizer.smallMaxCells)
        smallCells.base.initialize(repeating: SmallCell(), count: smallCells.capacity)
        smallRowMasks.reserve(Rasterizer.smallMaxCells / 3 + 1)
        smallRowMasks.base.initialize(repeating: 0, count: smallRowMasks.capacity)
    }

    /// Adds every edge of the closed polygon `pts[0..<n]` to the grid: `sweepFixed`'s rounding and
    /// split among cells, edge by edge. False (and the grid cleared) if an edge is too steep to
    /// divide by: the caller's other path drops it, which changes the box.
    private func accumulateSmall(_ pts: UnsafeBufferPointer<Point>, _ n: Int, rowTop: Int, colLeft: Int, rows: Int, cols: Int) -> Bool {
        let stride = cols + 2
        let grid = smallCells.base, masks = smallRowMasks.base
        let bits = Rasterizer.fixedBits
        let xMax = Double(cols + 1) * 16_777_216
        let originX = Double(colLeft), originY = Double(rowTop)
        // The points need no clamp: they lie in the box, which the rows and columns hold
        // (`fixed` would return each value unchanged). Crossings computed below may stray.
        @inline(__always) func inside(_ v: Double) -> Int64 {
            Int64(bitPattern: (v * 16_777_216 + 4_503_599_627_370_496).bitPattern) &- 0x4330_0000_0000_0000
        }
        var p = pts[n - 1]
        var px = inside(p.x - originX), py = inside(p.y - originY)
        for i in 0..<n {
            let q = pts[i]
            let qx = inside(q.x - originX), qy = inside(q.y - originY)
            if p.y != q.y {   // else horizontal (or no side at all): no edge
                let x0: Double, y0: Double, dxdy: Double
                var xa: Int64, ya: Int64
                let xEnd: Int64, yEnd: Int64, w: Int64
                if p.y < q.y {
                    x0 = p.x; y0 = p.y; dxdy = (q.x - p.x) / (q.y - p.y)
                    xa = px; ya = py; xEnd = qx; yEnd = qy; w = 1
                } else {
                    x0 = q.x; y0 = q.y; dxdy = (p.x - q.x) / (p.y - q.y)
                    xa = qx; ya = qy; xEnd = px; yEnd = py; w = -1
                }
                guard dxdy.isFinite else {
                    grid.update(repeating: SmallCell(), count: rows &* stride)
                    masks.update(repeating: 0, count: rows)
                    return false
                }
                var r = Swift.min(rows &- 1, Int(truncatingIfNeeded: ya >> bits))
                while true {
                    let rowBottom = Int64(r &+ 1) << bits
                    if yEnd <= rowBottom {
                        Rasterizer.addSmallPiece(grid + r &* stride, masks + r, xa, xEnd, yEnd &- ya, w)
                        break
                    }
                    // Past the row: `Edge.x(at:)` less the origin, as `sweepFixed` computes it.
                    let xb = Rasterizer.fixed(x0 + (Double(rowTop &+ r &+ 1) - y0) * dxdy - originX, xMax)
                    Rasterizer.addSmallPiece(grid + r &* stride, masks + r, xa, xb, rowBottom &- ya, w)
                    ya = rowBottom; xa = xb; r &+= 1
                }
            }
            p = q; px = qx; py = qy
        }
        return true
    }

    /// Adds an edge's part within one row, from x `xa` at its top to `xb` at its bottom (2⁻²⁴ px
    /// from the row's first cell), `h` high, to the cells of `row` it crosses, and marks them in
    /// `mask`: `sweepFixed`'s arithmetic.
    @inline(__always)
    private static func addSmallPiece(_ row: UnsafeMutablePointer<SmallCell>, _ mask: UnsafeMutablePointer<UInt64>,
                                      _ xa: Int64, _ xb: Int64, _ h: Int64, _ w: Int64) {
        guard h > 0 else { return }
        let one = Rasterizer.fixedOne, bits = Rasterizer.fixedBits
        let xl = Swift.min(xa, xb), xr = Swift.max(xa, xb)
        let il = Int(truncatingIfNeeded: xl >> bits)
        let ir = Swift.max(il, Int(truncatingIfNeeded: (xr &- 1) >> bits))
        mask.pointee |= (2 &<< UInt64(truncatingIfNeeded: ir)) &- (1 &<< UInt64(truncatingIfNeeded: il))
        if il == ir {
            let left = Int64(il) << bits
            let hw = h &* w
            row[il].cover &+= hw
            row[il].area &+= hw &* (2 &* one &- (xl &- left) &- (xr &- left))
        } else {
            addSmallSplit(row, xl, xr, il, ir, h, w)
        }
    }

    /// `addSmallPiece` across cells `il` to `ir` (`il` < `ir`): `sweepFixed`'s split of the height
    /// at the (floored) heights where the part crosses each cell side. Out of line: most parts
    /// stay in one cell.
    @inline(never)
    private static func addSmallSplit(_ row: UnsafeMutablePointer<SmallCell>, _ xl: Int64, _ xr: Int64,
                                      _ il: Int, _ ir: Int, _ h: Int64, _ w: Int64) {
        let one = Rasterizer.fixedOne, bits = Rasterizer.fixedBits
        let left = Int64(il) << bits
        let d = xr &- xl
        let w0 = left &+ one &- xl
        var c = (h &* w0) / d, m = (h &* w0) &- c &* d
        row[il].cover &+= c &* w; row[il].area &+= c &* w &* w0
        var used = c
        if ir > il &+ 1 {
            let lift = (h << bits) / d, rem = (h << bits) &- lift &* d
            for cell in (il &+ 1)..<ir {
                c = lift; m &+= rem
                if m >= d { m &-= d; c &+= 1 }
                row[cell].cover &+= c &* w; row[cell].area &+= c &* w &* one
                used &+= c
            }
        }
        let rest = h &- used, fe = xr &- (Int64(ir) << bits)
        row[ir].cover &+= rest &* w; row[ir].area &+= rest &* w &* (2 &* one &- fe)
    }

    /// Emits the grid's rows as `emitRowFixed` does, clearing what it reads.
    private func emitSmall<S: SpanSink>(rowTop: Int, colLeft: Int, rows: Int, cols: Int, rule: FillRule, into sink: inout S) {
        // One loop per rule, each quantizing for its own (a third of a cell's instructions).
        if rule == .nonZero {
            emitSmallRows(rowTop: rowTop, colLeft: colLeft, rows: rows, cols: cols, rule: .nonZero, into: &sink)
        } else {
            emitSmallRows(rowTop: rowTop, colLeft: colLeft, rows: rows, cols: cols, rule: .evenOdd, into: &sink)
        }
    }

    /// `emitSmall` for a sink whose solid spans paint as mask spans (see `emitSmallWholeRows`).
    /// Apart, so that each keeps its loops specialized for the rule (together, the compiler put
    /// `emitSmallRows` out of line, the rule a variable: +1.2 k instructions a circle).
    @inline(never)
    private func emitSmallWhole<S: SpanSink>(rowTop: Int, colLeft: Int, rows: Int, cols: Int, rule: FillRule, into sink: inout S) {
        if rule == .nonZero {
            emitSmallWholeRows(rowTop: rowTop, colLeft: colLeft, rows: rows, cols: cols, rule: .nonZero, into: &sink)
        } else {
            emitSmallWholeRows(rowTop: rowTop, colLeft: colLeft, rows: rows, cols: cols, rule: .evenOdd, into: &sink)
        }
    }

    /// `emitSmallRows` for a sink whose solid spans paint as mask spans (`solidSpansAreMasks`):
    /// each row's cells from its first touched one to its last in one mask span, the runs between
    /// touched cells filled with their coverage, the same bytes with one call a row instead of
    /// three or more.
    @inline(__always)
    private func emitSmallWholeRows<S: SpanSink>(rowTop: Int, colLeft: Int, rows: Int, cols: Int, rule: FillRule, into sink: inout S) {
        let stride = cols + 2
        let grid = smallCells.base, masks = smallRowMasks.base
        coverageRow.reserve(stride + 8)   // a run is filled eight bytes at a time
        let out = coverageRow.base, raw = UnsafeMutableRawPointer(coverageRow.base)
        let up = Rasterizer.fixedBits + 1
        for r in 0..<rows {
            var m = masks[r]
            guard m != 0 else { continue }
            masks[r] = 0
            let row = grid + r &* stride, y = rowTop &+ r
            let first = m.trailingZeroBitCount, last = 64 &- m.leadingZeroBitCount   // touched: first..<last
            var run: Int64 = 0          // covers left of the current cell, 2⁻²⁴ px
            var next = first            // first cell not yet in `out`
            while m != 0 {
                // The next run of touched cells, c..<x; the untouched cells next..<c before it
                // have the coverage of the covers so far, written 8 at a time (the bytes past c
                // are written again below).
                let c = m.trailingZeroBitCount
                let x = c &+ (~(m &>> UInt64(c))).trailingZeroBitCount
                m &= UInt64.max &<< UInt64(x)
                if c > next {
                    let fill = UInt64(Rasterizer.quantizeFixed(run << up, rule)) &* 0x0101_0101_0101_0101
                    var i = next
                    while i < c { raw.storeBytes(of: fill, toByteOffset: i &- first, as: UInt64.self); i &+= 8 }
                }
                for k in c..<x {
                    out[k &- first] = Rasterizer.quantizeFixed((run << up) &+ row[k].area, rule)
                    run &+= row[k].cover
                    row[k] = SmallCell()
                }
                next = x
            }
            let visible = Swift.min(last, cols) &- first
            if visible > 0 { sink.maskSpan(y: y, x: colLeft &+ first, coverage: out, count: visible) }
            if last < cols {
                let q = Rasterizer.quantizeFixed(run << up, rule)
                if q > 0 { sink.solidSpan(y: y, x: colLeft &+ last, count: cols &- last, coverage: q) }
            }
        }
    }

    @inline(__always)
    private func emitSmallRows<S: SpanSink>(rowTop: Int, colLeft: Int, rows: Int, cols: Int, rule: FillRule, into sink: inout S) {
        let stride = cols + 2
        let grid = smallCells.base, masks = smallRowMasks.base
        coverageRow.reserve(stride)
        let out = coverageRow.base
        let up = Rasterizer.fixedBits + 1
        for r in 0..<rows {
            var m = masks[r]
            guard m != 0 else { continue }
            masks[r] = 0
            let row = grid + r &* stride, y = rowTop &+ r
            var run: Int64 = 0          // covers left of the current cell, 2⁻²⁴ px
            var next = 0                // first pixel (relative) not yet emitted
            while m != 0 {
                // The next run of touched cells, c..<x (x ≤ stride < 64).
                let c = m.trailingZeroBitCount
                let x = c &+ (~(m &>> UInt64(c))).trailingZeroBitCount
                m &= UInt64.max &<< UInt64(x)
                let stop = Swift.min(c, cols)
                if stop > next {
                    let q = Rasterizer.quantizeFixed(run << up, rule)
                    if q > 0 { sink.solidSpan(y: y, x: colLeft &+ next, count: stop &- next, coverage: q) }
                }
                for k in c..<x {
                    out[k &- c] = Rasterizer.quantizeFixed((run << up) &+ row[k].area, rule)
                    run &+= row[k].cover
                    row[k] = SmallCell()
                }
                let visible = Swift.min(x &- c, cols &- c)
                if visible > 0 { sink.maskSpan(y: y, x: colLeft &+ c, coverage: out, count: visible) }
                next = x
            }
            if next < cols {
                let q = Rasterizer.quantizeFixed(run << up, rule)
                if q > 0 { sink.solidSpan(y: y, x: colLeft &+ next, count: cols &- next, coverage: q) }
            }
        }
    }
}
