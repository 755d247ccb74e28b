/// Turning polygons into the rasterizer's edges: clipped, folded onto the clip's left side,
/// linked to their contour neighbours where the sweep will check for overlapping windings, and
/// the test that lets a single convex contour skip that check (see Rasterizer.swift).
extension Rasterizer {
    /// Turns `polygons` into edges clipped to `clip` (`edges[0..<edgeCount]`, their bounding box
    /// `bx0…by1`), deciding first whether they may overlap (`mayOverlap`) and linking them if so.
    func buildEdges(_ polygons: Polygons, clip: PixelRect) {
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
                var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
                for i in lo..<hi {
                    let p = pts[i]
                    guard p.isFinite else { finite = false; break }
                    minX = Swift.min(minX, p.x); maxX = Swift.max(maxX, p.x)
                    minY = Swift.min(minY, p.y); maxY = Swift.max(maxY, p.y)
                }
                guard finite else { continue }
                chainHead = -1; chainTail = -1; chainBrokenBeforeHead = false
                // Within ±1e15 the clamp changes no coordinate: the test skips it (same answer).
                let unclamped = minX > -1e15 && maxX < 1e15 && minY > -1e15 && maxY < 1e15
                if !mayOverlap && !(unclamped ? Rasterizer.isConvex(pts, lo, hi, clamp: false) : Rasterizer.isConvex(pts, lo, hi)) {
                    mayOverlap = true
                }
                if !clipsEveryEdge && minX > cx0 && maxX < cx1 && minY >= cy0 && maxY <= cy1 && unclamped {
                    // Wholly inside the clip (the usual case) and the clamp's range: nothing to
                    // cut, fold, drop or clamp.
                    addInside(pts, lo, hi, minX, minY, maxX, maxY)
                } else {
                    var prev = Rasterizer.clamped(pts[hi - 1])
                    for i in lo..<hi {
                        let p = Rasterizer.clamped(pts[i])
                        addLine(prev, p, cx0, cy0, cx1, cy1)
                        prev = p
                    }
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
    ///
    /// `clamp: false` skips clamping each point into ±1e15 (as drawn: differences stay finite),
    /// for a contour known to lie within it, where the clamp changes nothing.
    static func isConvex(_ pts: UnsafeBufferPointer<Point>, _ lo: Int, _ hi: Int) -> Bool {
        isConvex(pts, lo, hi, clamp: true)
    }

    @inline(__always)
    static func isConvex(_ pts: UnsafeBufferPointer<Point>, _ lo: Int, _ hi: Int, clamp: Bool) -> Bool {
        var check = TurnCheck()
        var prev = clamp ? Rasterizer.clamped(pts[hi - 1]) : pts[hi - 1]
        for i in lo..<hi {
            let p = clamp ? Rasterizer.clamped(pts[i]) : pts[i]
            check.side(p.x - prev.x, p.y - prev.y)
            prev = p
        }
        return check.isConvex
    }

    /// `isConvex`'s test, fed one side of the closed polygon at a time (the small convex fill
    /// runs it in its own pass over the points).
    struct TurnCheck {
        // Each side's bookkeeping without branches on the data (a third of the small fill's
        // pass went to them): flags for turns either way, and the signs of dy as integers.
        private var turnsLeft = false, turnsRight = false
        private var back = false   // a side straight back on the one before
        private var reversals = 0
        private var lastX = 0.0, lastY = 0.0, firstX = 0.0, firstY = 0.0
        private var way = 0, firstWay = 0   // the last and first non-zero signs of dy (±1; 0 before)

        /// The next side, `dx` across and `dy` down (a side of no length is skipped).
        @inline(__always) mutating func side(_ dx: Double, _ dy: Double) {
            guard dx != 0 || dy != 0 else { return }
            let c = lastX * dy - lastY * dx
            turnsLeft = turnsLeft || c > 0
            turnsRight = turnsRight || c < 0
            // A turn back on itself counts as both ways: it can hide a crossing.
            if c == 0 && lastX * dx + lastY * dy < 0 { back = true }
            if firstX == 0 && firstY == 0 { firstX = dx; firstY = dy }
            lastX = dx; lastY = dy
            // dy's sign reverses when it and the last non-zero sign are opposite (their product
            // is −1; 0 when either is 0, so a level side neither counts nor is remembered).
            let s = (dy > 0 ? 1 : 0) &- (dy < 0 ? 1 : 0)
            reversals &+= way &* s < 0 ? 1 : 0
            way = s == 0 ? way : s
            firstWay = firstWay == 0 ? way : firstWay
        }

        /// After every side: the turn from the last side back to the first counted too.
        @inline(__always) var isConvex: Bool {
            var back = self.back, reversals = self.reversals
            let c = lastX * firstY - lastY * firstX
            let left = turnsLeft || c > 0, right = turnsRight || c < 0
            if c == 0 && lastX * firstX + lastY * firstY < 0 { back = true }
            if way != firstWay { reversals += 1 }
            return !back && !(left && right) && reversals <= 2
        }
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

    /// `p` with each coordinate clamped into ±1e15, so differences cannot overflow.
    @inline(__always) private static func clamped(_ p: Point) -> Point {
        Point(Swift.min(1e15, Swift.max(-1e15, p.x)), Swift.min(1e15, Swift.max(-1e15, p.y)))
    }

    /// The edges of the closed polygon `pts[lo..<hi]`, which lies strictly inside the clip's
    /// columns and within its rows: `addLine` for each side without its clipping, which would
    /// change nothing there (no cut, no fold, nothing dropped, the clamps keep every value), so
    /// the edges, their links and the bounding box are the same to the bit, at about a third of
    /// the cost (one division an edge instead of two, room made once).
    ///
    /// The bounding box: when every side of non-zero length became an edge (and one did), every
    /// point is an end of one or repeats such an end, so the edges' box is the points'
    /// (`minX…maxY`, found by the caller); only when a side was left out (horizontal, or too
    /// short to divide by) are the new edges' ends gathered as `addLine` does. (A flattened
    /// closed curve repeats its first point at its end: that zero-length side changes nothing.)
    private func addInside(_ pts: UnsafeBufferPointer<Point>, _ lo: Int, _ hi: Int,
                           _ minX: Double, _ minY: Double, _ maxX: Double, _ maxY: Double) {
        edges.reserve(edgeCount + (hi - lo), keeping: edgeCount)
        let eb = edges.base
        let firstEdge = edgeCount
        var everySide = true
        var count = edgeCount
        // `chain` and `link` with the chain's state in locals (the stored properties were loaded
        // and stored again for every side): the same links. The last kept edge's winding says
        // which of its ends the new edge joins, the new edge's which of its own.
        let links = mayOverlap
        var head = chainHead, tail = chainTail, broken = chainBrokenBeforeHead
        var tailWinding = tail >= 0 ? eb[Int(tail)].winding : 0
        var prev = pts[hi - 1]
        for i in lo..<hi {
            let q = pts[i], p = prev
            prev = q
            guard p.y != q.y else {
                if p.x != q.x {
                    everySide = false
                    if links { tail = -1; if head < 0 { broken = true } }
                }
                continue
            }
            let (x0, y0, x1, y1, w) = p.y < q.y ? (p.x, p.y, q.x, q.y, 1.0) : (q.x, q.y, p.x, p.y, -1.0)
            let dxdy = (x1 - x0) / (y1 - y0)
            guard dxdy.isFinite else {
                everySide = false
                if links { tail = -1; if head < 0 { broken = true } }
                continue
            }
            var edge = Edge(x0: x0, y0: y0, x1: x1, y1: y1, dxdy: dxdy, winding: w)
            let me = Int32(count)
            if links {
                if tail >= 0 {
                    if tailWinding > 0 { eb[Int(tail)].down = me } else { eb[Int(tail)].up = me }
                    if w > 0 { edge.up = tail } else { edge.down = tail }
                }
                if head < 0 { head = me }
                tail = me; tailWinding = w
            }
            eb[count] = edge
            count += 1
        }
        edgeCount = count
        chainHead = head; chainTail = tail; chainBrokenBeforeHead = broken
        if everySide && edgeCount > firstEdge {
            bx0 = Swift.min(bx0, minX); bx1 = Swift.max(bx1, maxX)
            by0 = Swift.min(by0, minY); by1 = Swift.max(by1, maxY)
            return
        }
        var x0b = bx0, y0b = by0, x1b = bx1, y1b = by1
        for k in firstEdge..<edgeCount {
            let e = eb[k]
            x0b = Swift.min(x0b, Swift.min(e.x0, e.x1)); x1b = Swift.max(x1b, Swift.max(e.x0, e.x1))
            y0b = Swift.min(y0b, e.y0); y1b = Swift.max(y1b, e.y1)
        }
        bx0 = x0b; by0 = y0b; bx1 = x1b; by1 = y1b
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
}
