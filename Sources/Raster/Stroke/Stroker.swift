#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Path {
    /// The outline of the path's stroke as polygons in device space, to be filled with the
    /// non-zero rule.
    ///
    /// The stroke is built in user space and then transformed, so the pen is scaled with the path
    /// (a non-uniform scale gives an elliptical pen, as in Core Graphics); curves, round joins and
    /// round caps are flattened to `tolerance` device pixels by dividing it by the transform's
    /// largest scale.
    ///
    /// Every subpath (or dash) becomes one contour (two for a closed subpath: its left side forward
    /// and its right side backward). Outer joins get the join shape; inner joins pass through the
    /// vertex itself, as in Skia. Each contour is, edge for edge, the sum of one rectangle per segment,
    /// one wedge per outer join and the caps, all turning the same way; so its non-zero winding is
    /// positive exactly on the union of those pieces, and self-overlapping strokes, sharp turns and
    /// widths larger than a curve's radius fill correctly. Overlapping parts have winding 2 or more;
    /// `Polygons.signedArea` therefore equals the stroked area only for strokes without turns
    /// (straight segments, dots).
    ///
    /// Thin strokes are not widened or dropped: a 0.1 px stroke's outline is 0.1 px wide, and the
    /// coverage rasterizer gives it about a tenth of full coverage, as anti-aliased hairlines should.
    ///
    /// Defined results for bad input: width ≤ 0 or non-finite → empty; a transform with a
    /// non-finite entry → empty; subpaths with NaN or infinite points → dropped; contours that
    /// overflow to infinity after transforming → dropped. A subpath with a drawing element but zero
    /// length is a dot under round caps (a disc of the width) and square caps (an axis-aligned
    /// square, as Core Graphics draws it) and nothing under butt caps; a lone `move` is nothing.
    /// - Parameters:
    ///   - style: width, caps, joins, miter limit and dashes.
    ///   - transform: user space to device pixels. Default: identity.
    ///   - tolerance: the largest distance in device pixels between the true outline and the
    ///     polygons. Default: `Flattener.defaultTolerance` (1/80); non-positive or non-finite values use the default.
    ///   - clip: the device-space rectangle the outline will be filled into (`Canvas.visibleRect`),
    ///     or nil (the default) for the whole plane. Curves that lie outside it, grown by the
    ///     stroke's reach, are stroked as their chords, round joins and caps outside it get no arc
    ///     points, and dashes outside it are left out; the outline then differs only outside the
    ///     clip and fills every pixel inside it exactly as the full outline would (see `ClipCull`).
    /// - Complexity: O(segments + output points); memory O(output points). Geometry outside the
    ///   clip costs O(1) per segment and join; curve pieces and arc steps together are held to
    ///   about `Path.maxStrokeDetail` (262,144) per stroke by drawing coarser past it.
    public func stroked(_ style: StrokeStyle, transform: Transform = .identity,
                        tolerance: Double = Flattener.defaultTolerance, clip: Rect? = nil) -> Polygons {
        let t = transform
        guard style.width > 0, style.width.isFinite,
              [t.a, t.b, t.c, t.d, t.tx, t.ty].allSatisfy(\.isFinite) else { return Polygons() }
        let scale = t.maxScale
        guard scale > 0, scale.isFinite else { return Polygons() }
        let cull = ClipCull(clip: clip, transform: t)
        let source = style.effectiveDashes == nil ? self
            : dashed(style.dashes, phase: style.dashPhase, hiding: cull, reach: style.reach)
        var stroker = Stroker(style: style, tolerance: Flattener.sanitized(tolerance) / scale, cull: cull)
        // The working arrays kept from this thread's last stroke (see `StrokerScratch`).
        let scratch = StrokerScratch.borrow()
        var subs: [Subpath] = []
        if let scratch { stroker.exchangeArrays(with: scratch); swap(&subs, &scratch.subpaths) }
        defer { if let scratch { stroker.returnArrays(to: scratch, subpaths: &subs) } }
        source.collectSubpaths(into: &subs)
        stroker.detail = stroker.detailFactor(for: subs)
        for sub in subs where sub.isFinite {
            stroker.stroke(sub)
            if stroker.coversClip, let cull { return Stroker.clipCover(cull) }
        }
        return stroker.finish(transform: t)
    }
}

/// Builds stroke outlines in user space; see `Path.stroked` for the construction.
struct Stroker {
    let style: StrokeStyle
    /// Half the pen width.
    let h: Double
    /// Flattening tolerance in user space: the largest distance between the outline and the true
    /// stroke's.
    let tolerance: Double
    /// The tolerance the centre line is flattened to, balanced (`Flattener.balancedPieceCount`):
    /// the offset sides stray a fifth further than their centre line (the inner side's meeting
    /// points and the outer side's joins sit off the chords' offsets: 0.0151 px against 0.0125 on
    /// a circle of radius 1000), hence `tolerance` / 1.25.
    let lineTolerance: Double
    /// The largest angle of one chord of a round join or cap of radius `h`.
    let arcStep: Double
    /// `Flattener.chordTurn(sagitta: lineTolerance · balancedSagitta, radius: h)`: what
    /// `Flattener.pieceCount` finds for each curve (found once, see `pieces(_:)`).
    let offsetTurn: Double
    /// The largest turn a round join may make as one straight chord: its sagitta, which lies inside
    /// the arc and so is not balanced, stays within half the tolerance. Larger turns get at least
    /// two balanced chords (see `arc`).
    let oneChordTurn: Double
    /// Slightly less than tan(oneChordTurn): a join whose turn has a smaller tangent needs no arc points.
    let smallTurnTan: Double
    /// What lies outside the clip, or nil to keep everything.
    let cull: ClipCull?
    /// Set once one chord's rectangle holds the whole clip (see `Stroker+Cover.swift`).
    private(set) var coversClip = false
    /// Below 1 when the stroke needs more than `Path.maxStrokeDetail` pieces and steps (see
    /// `detailFactor`).
    var detail = 1.0
    /// `style.reach` with a cull, else 0.
    let reach: Double
    var out = PolygonBuilder()

    // Scratch polyline of the current subpath, reused to avoid allocations per subpath (and,
    // through `StrokerScratch`, per call: swapped in by `Path.stroked`, hence not private).
    var pts: [Point] = []
    var isCorner: [Bool] = []
    /// At corners: the unit normals of the true tangents arriving and leaving (`.zero` until known).
    var normalIn: [Point] = []
    var normalOut: [Point] = []
    /// The unit left normal of each chord.
    var normals: [Point] = []
    /// The length of each chord.
    var chordLengths: [Double] = []
    /// One curve's polyline while `buildPolyline` copies it into `pts` (kept, not made per curve).
    var curvePoints: [Point] = []

    init(style: StrokeStyle, tolerance: Double, cull: ClipCull? = nil) {
        self.style = style
        self.h = style.width / 2
        self.tolerance = tolerance
        self.lineTolerance = tolerance / 1.25
        self.cull = cull
        self.reach = cull == nil ? 0 : style.reach
        // An arc's chords are balanced too (see `arc`), so their sagitta may be 1.5 × the line's
        // tolerance; at least 16 chords per full turn.
        let step = Flattener.chordTurn(sagitta: lineTolerance * Flattener.balancedSagitta, radius: h)
        self.offsetTurn = step
        self.arcStep = Swift.max(Swift.min(step, Double.pi / 8), 2 * Double.pi / Double(Flattener.maxPieces))
        self.oneChordTurn = Swift.min(Flattener.chordTurn(sagitta: tolerance / 2, radius: h), arcStep)
        // 0.999: far more than the rounding of atan2 and tan, so `arc` would have made one chord.
        self.smallTurnTan = 0.999 * tan(oneChordTurn)
    }

    mutating func stroke(_ original: Subpath) {
        // Curves whose stroke cannot reach the clip are stroked as their chords.
        let sub = cull.map { $0.chording(original, reach: reach) } ?? original
        let nearness = sub.nearness
        buildPolyline(sub, nearness: nearness)
        var n = pts.count
        // A closed polyline that comes back to within `nearness` of its start ends there: the
        // last point would make a chord of rounding noise (a closing piece too short to keep).
        if sub.isClosed && n > 1 && abs(pts[n - 1].x - pts[0].x) <= nearness && abs(pts[n - 1].y - pts[0].y) <= nearness {
            normalIn[0] = normalIn[n - 1]
            pts.removeLast(); isCorner.removeLast(); normalIn.removeLast(); normalOut.removeLast()
            n -= 1
        }
        guard n >= 2 else {
            if sub.hasDrawingElements { dot(at: sub.start) }
            return
        }
        // Chord i runs from pts[i] to pts[i + 1] (to pts[0] for the closing one).
        let m = sub.isClosed ? n : n - 1
        normals.removeAll(keepingCapacity: true)
        chordLengths.removeAll(keepingCapacity: true)
        if normals.capacity < m { normals.reserveCapacity(Swift.max(m, 16)); chordLengths.reserveCapacity(Swift.max(m, 16)) }
        for i in 0 ..< m {
            let (normal, length) = Stroker.unitNormalAndLength(pts[i + 1 < n ? i + 1 : 0] - pts[i])
            // Curves near the top of the double range overflow when evaluated: drop the subpath.
            guard normal.isFinite, pts[i].isFinite else { return }
            normals.append(normal)
            chordLengths.append(length)
        }
        if let cull, Stroker.mayCover(cull, halfWidth: h) {
            for i in 0 ..< m where chordHoldsClip(i, (i + 1) % n, normal: normals[i], cull) {
                coversClip = true
                return
            }
        }
        // Corners without a usable tangent (overflow) fall back to their chords.
        for v in 0 ..< n where isCorner[v] {
            if !(normalIn[v].isFinite && normalIn[v] != .zero) {
                normalIn[v] = v > 0 ? normals[v - 1] : (sub.isClosed ? normals[m - 1] : normals[0])
            }
            if !(normalOut[v].isFinite && normalOut[v] != .zero) {
                normalOut[v] = v < m ? normals[v] : normals[m - 1]
            }
        }
        // Room for the outline: both sides, and round caps' arcs (a dashed path reserves once a
        // dash; growing geometrically keeps that linear).
        let capPoints = style.cap == .round ? Swift.min(4096, 2 * Int(Double.pi / arcStep) + 4) : 4
        let need = out.polygons.points.count + 2 * n + capPoints + 4, capacity = out.polygons.points.capacity
        if need > capacity { out.polygons.points.reserveCapacity(Swift.max(need, 2 * capacity)) }
        if sub.isClosed { strokeClosed(n) } else { strokeOpen(n) }
    }

    /// The unit vector a quarter turn from `d` towards the left of travel (y down: (d.y, −d.x)).
    static func unitNormal(_ d: Point) -> Point { unitNormalAndLength(d).normal }

    /// `unitNormal(d)` and the length of `d`.
    static func unitNormalAndLength(_ d: Point) -> (normal: Point, length: Double) {
        let len = hypot(d.x, d.y)
        return (Point(d.y / len, -d.x / len), len)
    }

    /// The polygons mapped to device space, without contours that left the finite range.
    func finish(transform t: Transform) -> Polygons {
        // Untransformed and finite (a canvas's strokes): the outline as built, without a copy.
        // (Applying the identity would give every coordinate back, only a −0 turning into +0.)
        let built = out.polygons
        if t.isIdentity, built.points.count == (built.contourEnds.last ?? 0), built.points.allSatisfy(\.isFinite) {
            return built
        }
        var result = Polygons()
        result.points.reserveCapacity(out.polygons.points.count)
        var start = 0
        for end in out.polygons.contourEnds {
            var finite = true
            for k in start ..< end {
                let p = t.apply(out.polygons.points[k])
                if !p.isFinite { finite = false; break }
                result.points.append(p)
            }
            if finite { result.contourEnds.append(result.points.count) }
            else { result.points.removeLast(result.points.count - (result.contourEnds.last ?? 0)) }
            start = end
        }
        return result
    }

    // MARK: - Polyline

    /// Flattens the subpath into `pts`, dropping repeated points and negligible pieces at its ends
    /// (see `Subpath.trimmedSegments`); `isCorner` marks element ends, where the style's join applies between
    /// the elements' true tangents (vertices inside a flattened curve always join round). Using
    /// true tangents at corners and ends keeps caps square to the curve: a chord's direction is off
    /// by half its turn, which would open a wedge between two trimmed halves of a circle meeting
    /// with butt caps.
    private mutating func buildPolyline(_ sub: Subpath, nearness: Double) {
        pts.removeAll(keepingCapacity: true)
        isCorner.removeAll(keepingCapacity: true)
        normalIn.removeAll(keepingCapacity: true)
        normalOut.removeAll(keepingCapacity: true)
        func addVertex(_ p: Point) { pts.append(p); isCorner.append(false); normalIn.append(.zero); normalOut.append(.zero) }
        // The first subpath makes room once for a short polyline (a line, a dash), instead of
        // growing four arrays one element at a time.
        if pts.capacity < 16 {
            pts.reserveCapacity(16); isCorner.reserveCapacity(16); normalIn.reserveCapacity(16); normalOut.reserveCapacity(16)
        }
        addVertex(sub.start)
        var scratch = curvePoints
        curvePoints = []   // one owner while in use, so appending does not copy it
        defer { curvePoints = scratch }
        for seg in sub.trimmedSegments(nearness: nearness) {
            let from = pts.count - 1
            if case .line(_, let b) = seg {
                if b != pts[from] { addVertex(b) }
            } else {
                scratch.removeAll(keepingCapacity: true)
                let pieces = scaled(self.pieces(seg))
                Flattener.appendBalancedPolyline(seg, pieces: pieces, share: Stroker.centreLineShare, to: &scratch)
                for q in scratch where q != pts[pts.count - 1] { addVertex(q) }
            }
            let last = pts.count - 1
            guard last > from else { continue }  // nothing drawn: a zero-length element
            if normalOut[from] == .zero { normalOut[from] = Stroker.unitNormal(seg.startTangent) }
            normalIn[last] = Stroker.unitNormal(seg.endTangent)
            isCorner[from] = true
            isCorner[last] = true
        }
    }

    // MARK: - Contours

    /// Goes round vertex `v` on one side: chord normal `a` → true tangent normals (at corners) →
    /// chord normal `b`; `s` is +h on the left going forward and −h on the right going backward.
    private mutating func turn(at v: Int, from a: Point, _ tanA: Point, _ tanB: Point, to b: Point, _ s: Double) {
        let p = pts[v]
        let room = Stroker.joinRoom(chordLengths, at: v)
        guard isCorner[v] else {
            join(at: p, a * s, b * s, kind: .round, room: room)
            return
        }
        // On the inner side the true tangents add no area (a pen of zero length between the
        // chords' rectangles): the corner is one inner join, which can then be cut short. Where two
        // curves meet smoothly their tangents differ by rounding, either way: a turn outwards of
        // less than 1e-9 rad counts as none (leaving out so small an outer wedge changes no pixel).
        let straight = 1e-9 * h * h
        func inward(_ x: Point, _ y: Point) -> Bool { x.cross(y) < straight }
        if inward(a * s, tanA * s) && inward(tanA * s, tanB * s) && inward(tanB * s, b * s) && (a * s).cross(b * s) < -straight {
            join(at: p, a * s, b * s, kind: .round, room: room)
            return
        }
        join(at: p, a * s, tanA * s, kind: .round)
        join(at: p, tanA * s, tanB * s, kind: style.join)
        join(at: p, tanB * s, b * s, kind: .round)
    }

    /// How far an inner join at vertex `v` may cut back along each of its chords: half the shorter
    /// one, so that the cuts from both ends of a chord never cross.
    /// (Static, given the chord lengths: as a method, each call from the mutating `turn` copied
    /// the whole stroker, 304 bytes, once a vertex.)
    private static func joinRoom(_ chordLengths: [Double], at v: Int) -> Double {
        // Chord v − 1 arrives at vertex v and chord v leaves it (wrapping round a closed subpath).
        // v is in 0..<m (a vertex of the polyline with a chord on each side): no division needed.
        let m = chordLengths.count
        return Swift.min(chordLengths[v > 0 ? v - 1 : m - 1], chordLengths[v < m ? v : v - m]) / 2
    }

    private mutating func strokeOpen(_ n: Int) {
        let m = n - 1
        // Butt and square caps are square to the true end tangents. A round cap is square to the
        // end chord instead: its half disc beyond the chord's end together with the chord's
        // rectangle is the disc about the end point, whichever way it faces, and the two do not
        // overlap; turned to the true tangent, the cap and the rectangle overlapped in a sliver
        // through the end point (winding 2, drawn too dark where the cap's edge crosses it).
        let roundCaps = style.cap == .round
        let nStart = roundCaps ? normals[0] : normalOut[0], nEnd = roundCaps ? normals[m - 1] : normalIn[m]
        // A butt cap is a line through the end point. Where the side meeting it turns inward
        // there, the join would go back to the end point along that line: a spike of no area,
        // which makes the rasterizer work the row out by its exact rule. The contour goes
        // through the end point once instead, which is the same outline.
        let butt = style.cap == .butt
        let startInward = butt && Self.turnsInward(nStart, normals[0])
        let endLeftInward = butt && Self.turnsInward(normals[m - 1], nEnd)
        let endRightInward = butt && Self.turnsInward(-nEnd, -normals[m - 1])
        let startRightInward = butt && Self.turnsInward(-normals[0], -nStart)
        // Left side, forward, from the start cap's corner.
        if startInward {
            out.add(pts[0]); out.add(pts[0] + normals[0] * h)
        } else {
            out.add(pts[0] + nStart * h)
            join(at: pts[0], nStart * h, normals[0] * h, kind: .round)
        }
        for i in 0 ..< m {
            out.add(pts[i + 1] + normals[i] * h)
            if i + 1 < m { turn(at: i + 1, from: normals[i], normalIn[i + 1], normalOut[i + 1], to: normals[i + 1], h) }
        }
        // End cap.
        if endLeftInward {
            out.add(pts[m]); out.add(pts[m] - nEnd * h)
        } else {
            join(at: pts[m], normals[m - 1] * h, nEnd * h, kind: .round)
            if !endRightInward { cap(at: pts[m], nEnd * h, direction: Point(-nEnd.y, nEnd.x)) }
        }
        if endRightInward {
            out.add(pts[m]); out.add(pts[m] - normals[m - 1] * h)
        } else {
            join(at: pts[m], nEnd * -h, normals[m - 1] * -h, kind: .round)
        }
        // Right side, backward.
        for i in stride(from: m - 1, through: 0, by: -1) {
            out.add(pts[i] - normals[i] * h)
            if i > 0 { turn(at: i, from: normals[i], normalOut[i], normalIn[i], to: normals[i - 1], -h) }
        }
        if startRightInward {
            out.add(pts[0])   // the contour closes along the cap's line to its first point
        } else {
            join(at: pts[0], normals[0] * -h, nStart * -h, kind: .round)
            if !startInward { cap(at: pts[0], nStart * -h, direction: Point(nStart.y, -nStart.x)) }
        }
        out.endContour(minimumPoints: 3)
    }

    /// Whether the side going from normal `a` to normal `b` round a vertex turns inward there
    /// (the join's inner case: it would pass through the vertex itself).
    private static func turnsInward(_ a: Point, _ b: Point) -> Bool {
        a != b && a.cross(b) < 0
    }

    private mutating func strokeClosed(_ n: Int) {
        let m = n
        // Left side, forward, joining back at the start point.
        out.add(pts[0] + normals[0] * h)
        for i in 0 ..< m {
            let next = (i + 1) % m
            out.add(pts[next] + normals[i] * h)
            turn(at: next, from: normals[i], normalIn[next], normalOut[next], to: normals[next], h)
        }
        out.endContour(minimumPoints: 3)
        // Right side, backward.
        out.add(pts[0] - normals[m - 1] * h)
        for i in stride(from: m - 1, through: 0, by: -1) {
            let prev = (i + m - 1) % m
            out.add(pts[i] - normals[i] * h)
            turn(at: i, from: normals[i], normalOut[i], normalIn[i], to: normals[prev], -h)
        }
        out.endContour(minimumPoints: 3)
    }

    /// Continues a contour that has reached `p + v1` round the vertex `p` to `p + v2`.
    ///
    /// On the outer side (the contour turns the positive way, or reverses) this adds the join
    /// shape; on the inner side it goes through `p` itself, which keeps the winding positive on the
    /// union of the two segments' rectangles however short they are.
    ///
    /// That detour encloses the kite where the two rectangles overlap, winding 2. The rasterizer
    /// sums signed area per pixel and clamps it, so a pixel holding part of such a kite and part
    /// of the outside is drawn too dark (the inner edge of a stroked circle was 30/255 off at radius
    /// 20 and the hole of a small ring was filled). So when the two inner offset lines meet within
    /// `room` of the vertex along both (`h·tan(turn/2) ≤ room`), the contour goes to that meeting
    /// point instead: the same union, winding 1 throughout.
    private mutating func join(at p: Point, _ v1: Point, _ v2: Point, kind: StrokeStyle.LineJoin, room: Double = 0) {
        if v1 == v2 { return }
        let c = v1.cross(v2), d = v1.dot(v2)
        if c > 0 || (c == 0 && d < 0) {
            switch kind {
            case .bevel: break
            case .miter:
                let cosTurn = d / (h * h)
                // Miter length / width = 1 / cos(turn / 2); compare squares, NaN limits bevel.
                if (1 + cosTurn) / 2 * style.miterLimit * style.miterLimit >= 1 {
                    out.add(p + (v1 + v2) / (1 + cosTurn))
                }
            case .round:
                // Most round joins inside flattened curves turn by less than one arc step: the
                // turn's tangent c/d tells so without atan2.
                if !(d > 0 && c < d * smallTurnTan) { arc(around: p, from: v1, angle: atan2(c, d)) }
            }
        } else if !(c == 0) {
            let hh = h * h
            if room > 0, hh + d > 0, -c * h <= room * (hh + d) {
                // p + v1 (the last point) becomes the meeting point, p + (v1 + v2) / (1 + cos turn).
                out.replaceLast(p + (v1 + v2) * (hh / (hh + d)))
                return
            }
            out.add(p)
        }
        out.add(p + v2)
    }

    /// Ends a side at `p + v1` and goes round the end to `p − v1`.
    private mutating func cap(at p: Point, _ v1: Point, direction: Point) {
        switch style.cap {
        case .butt: break
        case .square:
            out.add(p + v1 + direction * h)
            out.add(p - v1 + direction * h)
        case .round:
            arc(around: p, from: v1, angle: Double.pi)
        }
        out.add(p - v1)
    }

    /// Adds the inner points of a circular arc about `center` starting at `center + v` and turning
    /// by `angle` (0 < angle ≤ 2π) the positive way (visually clockwise in y-down space).
    private mutating func arc(around center: Point, from v: Point, angle: Double) {
        guard angle > 0, angle.isFinite else { return }
        // No step shorter than the spacing of coordinates near the centre: finer points would
        // differ from their neighbours only by rounding (an arc of radius 4 at 1e300 asked for 8192
        // copies of its centre per half turn). The chords then stray from the arc by less than
        // that spacing, the error every point there already carries.
        let spacing = Swift.max(abs(center.x), abs(center.y)).ulp
        let steps = Swift.min(Int((angle / Swift.max(arcStep, spacing / h)).rounded(.up)), Flattener.maxPieces)
        let k = scaled(angle > oneChordTurn && spacing < h * tolerance ? Swift.max(2, steps) : steps)
        guard k > 1 else { return }
        // An arc wholly outside the clip is its chord there (the caller adds its end).
        if k > 4, let cull, cull.excludes(disc: center, radius: h) { return }
        let step = angle / Double(k)
        let (s, c) = (sin(step), cos(step))
        // Inner points sit out from the radius so that the chords balance the arc's area (as
        // `Flattener.appendBalancedPolyline` does for curves): ⅔ of the sagitta, k/(k − 1) times
        // that since the arc's ends stay on it.
        // Past the detail ceiling steps can be a quarter turn or more, and balanced points would
        // sit far outside the pen (1.39 h for a cap in two steps): there they stay on the circle,
        // so no outline point is further than h from the path at a round join or cap.
        let grow = detail < 1 ? 1 : 1 + 2.0 / 3.0 * (1 - cos(step / 2)) * Double(k) / Double(k - 1)
        if k > Stroker.arcRun, let cull {
            arc(around: center, from: v, steps: k, sin: s, cos: c, angle: step, grow: grow, cull: cull)
            return
        }
        var r = v
        for _ in 1 ..< k {
            r = Point(r.x * c - r.y * s, r.x * s + r.y * c)
            out.add(center + r * grow)
        }
    }

    /// How far the centre line's inner vertices move out, as a fraction of their chords' sagitta:
    /// ⅓ keeps its length, and with it the area of the stroke (see `Flattener.appendBalancedPolyline`).
    static let centreLineShare = 1.0 / 3.0

    /// The most arc steps tested against the clip together.
    static let arcRun = 64

    /// `arc(around:from:angle:)` for a long arc with a clip: the same points, but those inside a
    /// run of steps lying outside the clip are left out (the run's ends stay). The rotation still
    /// walks every step, so the points kept are exactly those of the full arc. A wide pen's cap
    /// across a small view costs O(steps) arithmetic, not O(steps) points.
    private mutating func arc(around center: Point, from v: Point, steps k: Int, sin s: Double, cos c: Double,
                              angle step: Double, grow: Double, cull: ClipCull) {
        // Runs of at most a quarter turn: the run, its chord, its ends and the meeting point of
        // its end tangents lie in one triangle.
        let run = Swift.max(1, Swift.min(Stroker.arcRun, Int(Double.pi / 2 / step)))
        var r = v
        var i = 0
        while i < k {
            let n = Swift.min(run, k - i)
            let turn = Double(n) * step, (ts, tc) = (sin(turn), cos(turn))
            let end = Point(r.x * tc - r.y * ts, r.x * ts + r.y * tc)
            let hidden = n > 1 && cull.excludes(.quad(center + r, center + (r + end) / (1 + tc), center + end), reach: 0)
            for j in 1 ... n {
                r = Point(r.x * c - r.y * s, r.x * s + r.y * c)
                if i + j < k && (!hidden || j == n) { out.add(center + r * grow) }
            }
            i += n
        }
    }

    /// A zero-length subpath: a disc under round caps, an axis-aligned square under square caps.
    private mutating func dot(at p: Point) {
        switch style.cap {
        case .butt: return
        case .round:
            out.add(p + Point(h, 0))
            arc(around: p, from: Point(h, 0), angle: 2 * Double.pi)
        case .square:
            out.add(p + Point(-h, -h)); out.add(p + Point(h, -h))
            out.add(p + Point(h, h)); out.add(p + Point(-h, h))
        }
        out.endContour(minimumPoints: 3)
    }
}
