/// Exact-area scan converter: turns closed polygons into per-pixel coverage spans.
///
/// Each pixel's coverage is the exact area of the shape inside it (up to `Float` rounding), found
/// the way FreeType, AGG and font-rs do: every edge leaves, in each cell it crosses, its signed
/// vertical extent (`cover`) and the part of that extent's area lying inside the cell (`area`);
/// a pixel's winding-weighted coverage is then the sum of the covers to its left plus its own
/// area. Non-zero clamps `|winding|` to 1, even-odd folds it into a triangle wave.
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
    struct Edge {
        var x0: Double, y0: Double, x1: Double, y1: Double
        var dxdy: Double
        var winding: Double
    }

    // The scratch is read once per row and per edge: a dynamic exclusivity check on each read was
    // 2.3% of the raster reference frame's instructions. Unchecked is safe here: the properties
    // are private, and one rasterizer is used by one thread at a time (see above).
    @exclusivity(unchecked) private var edges = ScratchBuffer<Edge>(capacity: 256)
    @exclusivity(unchecked) private var edgeCount = 0
    @exclusivity(unchecked) private var order = ScratchBuffer<Int32>(capacity: 256)      // edges bucketed by first row
    @exclusivity(unchecked) private var bucketStart = ScratchBuffer<Int32>(capacity: 256) // per row, start index into `order`
    @exclusivity(unchecked) private var active = ScratchBuffer<Int32>(capacity: 64)
    @exclusivity(unchecked) private var cover = ScratchBuffer<Float>(capacity: 256)
    @exclusivity(unchecked) private var area = ScratchBuffer<Float>(capacity: 256)
    @exclusivity(unchecked) private var touchedFlag = ScratchBuffer<UInt8>(capacity: 256)
    @exclusivity(unchecked) private var touched = ScratchBuffer<Int32>(capacity: 256)
    @exclusivity(unchecked) private var coverageRow = ScratchBuffer<UInt8>(capacity: 256)
    @exclusivity(unchecked) private var bx0 = 0.0, by0 = 0.0, bx1 = 0.0, by1 = 0.0   // bounding box of the clipped edges

    public init() {}
    deinit {
        edges.deallocate(); order.deallocate(); bucketStart.deallocate(); active.deallocate()
        cover.deallocate(); area.deallocate(); touchedFlag.deallocate(); touched.deallocate()
        coverageRow.deallocate()
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
        sweep(rule: rule, clip: clip, into: &sink)
    }

    // MARK: - Edges

    private func buildEdges(_ polygons: Polygons, clip: PixelRect) {
        edgeCount = 0
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
                var prev = clamped(pts[hi - 1])
                for i in lo..<hi {
                    let p = clamped(pts[i])
                    addLine(prev, p, cx0, cy0, cx1, cy1)
                    prev = p
                }
            }
        }
    }

    @inline(__always) private func clamped(_ p: Point) -> Point {
        Point(Swift.min(1e15, Swift.max(-1e15, p.x)), Swift.min(1e15, Swift.max(-1e15, p.y)))
    }

    /// Clips the line to the clip's rows, folds the part left of the clip onto its left side (it
    /// still adds winding to everything right of it) and drops the part right of it (coverage only
    /// flows rightward), then records what is left.
    private func addLine(_ p: Point, _ q: Point, _ cx0: Double, _ cy0: Double, _ cx1: Double, _ cy1: Double) {
        guard p.y != q.y else { return }
        var (x0, y0, x1, y1, w) = p.y < q.y ? (p.x, p.y, q.x, q.y, 1.0) : (q.x, q.y, p.x, p.y, -1.0)
        guard y1 > cy0, y0 < cy1 else { return }
        let dxdy = (x1 - x0) / (y1 - y0)
        guard dxdy.isFinite else { return }   // a vertical extent of ~1e-300 px: no area to lose
        if y0 < cy0 { x0 += (cy0 - y0) * dxdy; y0 = cy0 }
        if y1 > cy1 { x1 -= (y1 - cy1) * dxdy; y1 = cy1 }
        guard y1 > y0 else { return }
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
        for k in 0...n {
            let yb = k == n ? y1 : (k == 0 ? ys.0 : ys.1)
            let xb = k == n ? x1 : x0 + (yb - y0) * dxdy
            addPiece(xa, ya, xb, yb, w, cx0, cx1)
            ya = yb; xa = xb
        }
    }

    /// A piece lying wholly on one side of each clip side (up to rounding).
    private func addPiece(_ xa: Double, _ ya: Double, _ xb: Double, _ yb: Double, _ w: Double, _ cx0: Double, _ cx1: Double) {
        guard yb > ya else { return }
        let mid = (xa + xb) * 0.5
        if mid >= cx1 { bx1 = Swift.max(bx1, cx1); by0 = Swift.min(by0, ya); by1 = Swift.max(by1, yb); return }
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
    }

    // MARK: - Sweep

    private func sweep<S: SpanSink>(rule: FillRule, clip: PixelRect, into sink: inout S) {
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

        cover.reserve(cols + 2); area.reserve(cols + 2); touchedFlag.reserve(cols + 2)
        touched.reserve(cols + 2); coverageRow.reserve(cols + 2); active.reserve(edgeCount)
        let cv = cover.base, ar = area.base, flag = touchedFlag.base, tl = touched.base, act = active.base
        cv.initialize(repeating: 0, count: cols + 2)
        ar.initialize(repeating: 0, count: cols + 2)
        flag.initialize(repeating: 0, count: cols + 2)
        var activeCount = 0
        let originX = Double(colLeft)
        let maxCell = cols + 1

        for r in 0..<rows {
            let y = Double(rowTop + r), yNext = y + 1
            for k in Int(r == 0 ? 0 : bs[r - 1]) ..< Int(bs[r]) { act[activeCount] = ord[k]; activeCount += 1 }
            var touchedCount = 0

            @inline(__always) func add(_ c: Int, _ dc: Double, _ da: Double) {
                let c = Swift.min(maxCell, Swift.max(0, c))
                if flag[c] == 0 { flag[c] = 1; tl[touchedCount] = Int32(c); touchedCount += 1 }
                cv[c] += Float(dc); ar[c] += Float(da)
            }

            var i = 0
            while i < activeCount {
                let e = eb[Int(act[i])]
                if e.y1 <= y { activeCount -= 1; act[i] = act[activeCount]; continue }
                i += 1
                let ya = Swift.max(e.y0, y), yb = Swift.min(e.y1, yNext)
                guard yb > ya else { continue }
                let dy = (yb - ya) * e.winding
                let xa = e.x0 + (ya - e.y0) * e.dxdy - originX
                let xb = e.x0 + (yb - e.y0) * e.dxdy - originX
                let limit = Double(maxCell)   // rounding may stray a hair past the clip; never trap on Int()
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
            if touchedCount == 0 { continue }
            sortSmall(tl, touchedCount)
            emitRow(y: rowTop + r, colLeft: colLeft, cols: cols, touchedCount: touchedCount, rule: rule, into: &sink)
        }
    }

    /// Walks the touched cells of one row in x order, resetting them, and emits spans.
    @inline(__always)
    private func emitRow<S: SpanSink>(y: Int, colLeft: Int, cols: Int, touchedCount: Int, rule: FillRule, into sink: inout S) {
        let cv = cover.base, ar = area.base, flag = touchedFlag.base, tl = touched.base, out = coverageRow.base
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
                cv[x] = 0; ar[x] = 0; flag[x] = 0
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

    @inline(__always) private func quantize(_ v: Float, _ rule: FillRule) -> UInt8 {
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
    @inline(__always) private func sortSmall(_ p: UnsafeMutablePointer<Int32>, _ n: Int) {
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
