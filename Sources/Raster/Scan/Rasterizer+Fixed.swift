/// The sweep of a single convex contour (no overlap checks) in fixed point: an edge's x where it
/// crosses a row boundary is found in `Double` as before (the expression an edge cut at the clip's
/// top uses, so a fill cut into bands or damage rectangles rounds to the same values) and rounded
/// once to 2⁻²⁴ px (in `Int64`); everything after that — its split among the cells it crosses,
/// each cell's cover and area, the row's running sum, the coverage byte — is integer arithmetic,
/// exact, so the sums do not depend on the order edges are added, and the per-piece clamps and
/// range-checked conversions of the `Float` sweep (about 40 of its ~90 instructions an edge-row
/// piece) are down to one clamped conversion a piece.
///
/// Units: y and x in 2⁻²⁴ px; a cell's `cover` is the signed height of edges in it (2⁻²⁴ px,
/// winding-weighted), its `area` the part of that height's area right of the edge, in 2⁻⁴⁹ px²
/// (height × (2·2²⁴ − the two x offsets in the cell)), so a pixel's coverage is
/// (covers to its left · 2²⁵ + its own area) / 2⁴⁹ — the same rule as the `Float` sweep.
///
/// Against the `Float` sweep a coordinate moves by at most 2⁻²⁵ px and a cell boundary's height by
/// 2⁻²⁴ px, a pixel's coverage by about 1e-7 per edge through it: a byte differs only where the
/// value lies that close to a rounding boundary, and then by 1 (`RasterizerFixedTests`). Like
/// Blend2D's and FreeType's analytic rasterizers, but with 24 fraction bits instead of 8: with 8, a
/// polygon's pixels would move by up to ½ level off their exact area, past the rounding limit
/// `RasterizerTests.expectExactArea` holds them to, and cut fills (bands, damage) would round
/// differently from whole ones often enough to show.
extension Rasterizer {
    /// An edge of the fixed-point sweep: where it enters the current row, where it ends, and the
    /// `Double` line its x at each row boundary is found on.
    struct FixedEdge {
        /// x and y where the edge enters the row being swept (its top end in its first row).
        var x: Int64, y: Int64
        /// The bottom end.
        var x1: Int64, y1: Int64
        /// The edge's top end and slope, as `Edge.x(at:)` takes them.
        var ex0: Double, ey0: Double, dxdy: Double
        /// +1 if the contour went down, −1 if up.
        var winding: Int64
    }

    /// Fraction bits of the fixed-point coordinates.
    static let fixedBits: Int64 = 24
    /// One pixel in fixed-point units.
    static let fixedOne: Int64 = 1 << fixedBits

    /// `v` px in 2⁻²⁴ px rounded to nearest (ties to even), clamped into `0…max` (`max` < 2⁵²).
    /// Translation by whole pixels commutes with it (`v·2²⁴` is exact, and a whole pixel is an
    /// even number of units). Rounded by adding 2⁵², where a `Double`'s unit is 1, and read off
    /// the bits: about six instructions, where `Int64(_:)` checks its range and NaN (about 17).
    @inline(__always) static func fixed(_ v: Double, _ max: Double) -> Int64 {
        var s = v * 16_777_216
        s = s > 0 ? s : 0          // also a NaN, which a finite edge cannot give
        s = s < max ? s : max
        return Int64(bitPattern: (s + 4_503_599_627_370_496).bitPattern) &- 0x4330_0000_0000_0000
    }

    /// The sweep for a fill whose windings cannot overlap (`mayOverlap` false): the rows and
    /// columns of the edges' bounding box, the edges bucketed by first row, then per row each
    /// active edge's part added to the cells it crosses and the row emitted.
    func sweepFixed<S: SpanSink>(rule: FillRule, clip: PixelRect, into sink: inout S) {
        let rowTop = Swift.max(clip.y0, Rasterizer.floorInt(by0))
        let rowEnd = Swift.min(clip.y1, Rasterizer.ceilInt(by1))
        let colLeft = Swift.max(clip.x0, Rasterizer.floorInt(bx0))
        let colEnd = Swift.min(clip.x1, Rasterizer.ceilInt(bx1) + 1)
        guard rowEnd > rowTop, colEnd > colLeft else { return }
        let rows = rowEnd - rowTop, cols = colEnd - colLeft
        // Edges may stray a hair past the clip by rounding: x into 0…cols + 1 (the scratch has
        // cols + 2 cells, as in the `Float` sweep), y into the rows.
        let xMax = Double(cols + 1) * 16_777_216, yMax = Double(rows) * 16_777_216
        let originX = Double(colLeft), originY = Double(rowTop)

        bucketStart.reserve(rows + 1)
        order.reserve(edgeCount)
        active.reserve(edgeCount)
        fixedEdges.reserve(edgeCount)
        let bs = bucketStart.base, ord = order.base, eb = edges.base, act = active.base, fx = fixedEdges.base
        bs.initialize(repeating: 0, count: rows + 1)
        let one = Rasterizer.fixedOne, bits = Rasterizer.fixedBits
        for i in 0..<edgeCount {
            let e = eb[i]
            let y0 = Rasterizer.fixed(e.y0 - originY, yMax)
            // y0 ≤ y1 (rounding keeps the order); the first row is in 0..<rows.
            let r = Swift.min(rows - 1, Int(truncatingIfNeeded: y0 >> bits))
            fx[i] = FixedEdge(x: Rasterizer.fixed(e.x0 - originX, xMax), y: y0,
                              x1: Rasterizer.fixed(e.x1 - originX, xMax), y1: Rasterizer.fixed(e.y1 - originY, yMax),
                              ex0: e.x0, ey0: e.y0, dxdy: e.dxdy, winding: e.winding > 0 ? 1 : -1)
            act[i] = Int32(truncatingIfNeeded: r)
            bs[r &+ 1] &+= 1
        }
        for r in 0..<rows { bs[r &+ 1] &+= bs[r] }
        for i in 0..<edgeCount {
            let r = Int(act[i])
            ord[Int(bs[r])] = Int32(truncatingIfNeeded: i)
            bs[r] &+= 1
        }

        fixedCover.reserve(cols + 2); fixedArea.reserve(cols + 2); cellState.reserve(cols + 2)
        touched.reserve(cols + 2); coverageRow.reserve(cols + 2); prepareCellBits(cols)
        let cv = fixedCover.base, ar = fixedArea.base, state = cellState.base, tl = touched.base
        cv.initialize(repeating: 0, count: cols + 2)
        ar.initialize(repeating: 0, count: cols + 2)
        state.initialize(repeating: 0, count: cols + 2)
        var activeCount = 0

        for r in 0..<rows {
            let rowBottom = Int64(r + 1) << bits
            let yNext = Double(rowTop + r + 1)
            let newStart = Int(r == 0 ? 0 : bs[r - 1]), newEnd = Int(bs[r])
            for k in newStart..<newEnd { act[activeCount] = ord[k]; activeCount += 1 }
            var touchedCount = 0
            @inline(__always) func add(_ c: Int, _ dc: Int64, _ da: Int64) {
                if state[c] == 0 { state[c] = 1; tl[touchedCount] = Int32(truncatingIfNeeded: c); touchedCount &+= 1 }
                cv[c] &+= dc; ar[c] &+= da
            }
            var i = 0
            while i < activeCount {
                let ei = Int(act[i])
                let f = fx[ei]
                let ya = f.y, xa = f.x
                let yb: Int64, xb: Int64
                if f.y1 <= rowBottom {
                    // Its last row: it leaves the list.
                    yb = f.y1; xb = f.x1
                    activeCount -= 1; act[i] = act[activeCount]
                } else {
                    // `Edge.x(at:)` less the origin, as the `Float` sweep computes it; an edge cut
                    // at the clip's top starts at the same value (`addLine`).
                    yb = rowBottom; xb = Rasterizer.fixed(f.ex0 + (yNext - f.ey0) * f.dxdy - originX, xMax)
                    fx[ei].x = xb; fx[ei].y = rowBottom
                    i += 1
                }
                let h = yb &- ya
                guard h > 0 else { continue }
                let w = f.winding
                let xl = Swift.min(xa, xb), xr = Swift.max(xa, xb)
                let il = Int(truncatingIfNeeded: xl >> bits)
                let ir = Swift.max(il, Int(truncatingIfNeeded: (xr &- 1) >> bits))
                let left = Int64(il) << bits
                if il == ir {
                    let hw = h &* w
                    add(il, hw, hw &* (2 &* one &- (xl &- left) &- (xr &- left)))
                } else {
                    // Split the height among the cells at the (floored) heights where the part
                    // crosses each cell side: the parts add up to `h`. Products stay below 2⁴⁹.
                    let d = xr &- xl
                    let w0 = left &+ one &- xl
                    var c = (h &* w0) / d, m = (h &* w0) &- c &* d
                    add(il, c &* w, c &* w &* w0)
                    var used = c
                    if ir > il &+ 1 {
                        let p = h << bits
                        let lift = p / d, rem = p &- lift &* d
                        for cell in (il &+ 1)..<ir {
                            c = lift; m &+= rem
                            if m >= d { m &-= d; c &+= 1 }
                            add(cell, c &* w, c &* w &* one)
                            used &+= c
                        }
                    }
                    let last = h &- used, fe = xr &- (Int64(ir) << bits)
                    add(ir, last &* w, last &* w &* (2 &* one &- fe))
                }
            }
            if touchedCount == 0 { continue }
            sortTouched(tl, touchedCount)
            emitRowFixed(y: rowTop + r, colLeft: colLeft, cols: cols, touchedCount: touchedCount, rule: rule, into: &sink)
        }
    }

    /// `emitRow` for the fixed-point cells: walks the touched cells of one row in x order,
    /// resetting them, and emits spans.
    @inline(__always)
    func emitRowFixed<S: SpanSink>(y: Int, colLeft: Int, cols: Int, touchedCount: Int, rule: FillRule, into sink: inout S) {
        let cv = fixedCover.base, ar = fixedArea.base, state = cellState.base, tl = touched.base, out = coverageRow.base
        let up = Rasterizer.fixedBits + 1
        var run: Int64 = 0          // covers left of the current cell, 2⁻²⁴ px
        var next = 0               // first pixel (relative) not yet emitted
        var i = 0
        while i < touchedCount {
            let c = Int(tl[i])
            let stop = Swift.min(c, cols)
            if stop > next {
                let q = Rasterizer.quantizeFixed(run << up, rule)
                if q > 0 { sink.solidSpan(y: y, x: colLeft + next, count: stop - next, coverage: q) }
            }
            var x = c, n = 0
            while i < touchedCount && Int(tl[i]) == x {
                out[n] = Rasterizer.quantizeFixed((run << up) &+ ar[x], rule)
                run &+= cv[x]
                cv[x] = 0; ar[x] = 0; state[x] = 0
                i += 1; x += 1; n += 1
            }
            let visible = Swift.min(n, cols - c)
            if visible > 0 { sink.maskSpan(y: y, x: colLeft + c, coverage: out, count: visible) }
            next = x
        }
        if next < cols {
            let q = Rasterizer.quantizeFixed(run << up, rule)
            if q > 0 { sink.solidSpan(y: y, x: colLeft + next, count: cols - next, coverage: q) }
        }
    }

    /// A coverage in 2⁻⁴⁹ px² to 0…255: `quantize`'s rule (|v| clamped to 1, even-odd folded into
    /// a triangle wave of period 2, then ⌊255·c + ½⌋) in integers, exact.
    @inline(__always) static func quantizeFixed(_ v: Int64, _ rule: FillRule) -> UInt8 {
        var c = v.magnitude
        let full: UInt64 = 1 << 49
        if rule == .evenOdd {
            c &= 2 &* full &- 1
            if c > full { c = 2 &* full &- c }
        }
        c = Swift.min(c, full)
        return UInt8(truncatingIfNeeded: (c &* 255 &+ (full >> 1)) >> 49)
    }
}
