/// A path's elements regrouped as subpaths of explicit segments, the form that measuring, trimming
/// and stroking share.
struct Subpath: Sendable {
    /// Where the subpath starts (its `move`).
    var start: Point
    /// The drawing segments in order; for a closed subpath the last one is the closing line back to
    /// `start` when the path did not already end there.
    var segments: [BezierSegment] = []
    /// True when the subpath ended with `close`.
    var isClosed = false
    /// True when the subpath had at least one drawing element (line, curve or close) after its move,
    /// even if all of them have zero length: such a subpath is a dot for round and square caps.
    var hasDrawingElements = false
    /// False when any of its points is NaN or infinite; such subpaths are dropped by every consumer.
    var isFinite = true

    init(start: Point) { self.start = start; self.isFinite = start.isFinite }

    /// Makes this `Subpath(start:)` again, keeping the segment array's room.
    mutating func reset(start: Point) {
        self.start = start
        segments.removeAll(keepingCapacity: true)
        isClosed = false
        hasDrawingElements = false
        isFinite = start.isFinite
    }

    var end: Point { segments.last?.end ?? start }

    /// How close two of its points must be to count as one when stroking: 1e-11 of its largest
    /// coordinate. Trimming, dashing and closing leave pieces a few ulps long where they cut just
    /// past a corner or come back to the start, and such a piece's direction is rounding noise
    /// (the noise of its larger axis, whatever its own size on the other): stroked, it was a
    /// corner at a random angle, mitered up to the limit (a closed full-circle arc, 10 wide, grew
    /// a spike 43 past its bounds). A piece just longer points within about 1e-4 rad of its true
    /// direction.
    var nearness: Double {
        let m = axisNearness
        return Swift.max(m.x, m.y)
    }

    /// `nearness` on each axis by that axis's own coordinates.
    private var axisNearness: Point {
        var m = Point(abs(start.x), abs(start.y))
        for s in segments { s.forEachPoint { m = Point(Swift.max(m.x, abs($0.x)), Swift.max(m.y, abs($0.y))) } }
        return Point(m.x.isFinite ? m.x * 1e-11 : 0, m.y.isFinite ? m.y * 1e-11 : 0)
    }

    /// The segments without the runs of negligible ones (`nearness`) at either end, where cuts
    /// and closing lines leave them. None when every segment is negligible on each axis by that
    /// axis's own coordinates (a zero-sweep arc: a dot); all of them when what is left is one
    /// negligible segment (a short curve at x = 1e300 whose y is exact is still drawn). Segments
    /// between longer ones are the path's own and are kept.
    func trimmedSegments(nearness: Double) -> ArraySlice<BezierSegment> {
        var slice = segments[...]
        while let first = slice.first, first.isNegligible(within: nearness), slice.count > 1 { slice = slice.dropFirst() }
        while let last = slice.last, last.isNegligible(within: nearness), slice.count > 1 { slice = slice.dropLast() }
        guard slice.count == 1, let only = slice.first, only.isNegligible(within: nearness) else { return slice }
        let a = start, axes = axisNearness
        var dot = true
        for s in segments { s.forEachPoint { if abs($0.x - a.x) > axes.x || abs($0.y - a.y) > axes.y { dot = false } } }
        return dot ? [] : segments[...]
    }

    /// The subpath with `trimmedSegments` only (what dashing cuts, so that a dash across the start
    /// of a closed subpath does not carry its closing sliver into the middle of the dash).
    var withoutNegligibleEnds: Subpath {
        var copy = self
        copy.segments = Array(trimmedSegments(nearness: nearness))
        return copy
    }

    mutating func append(_ s: BezierSegment) {
        segments.append(s)
        hasDrawingElements = true
        if isFinite && !s.isFinite { isFinite = false }
    }

    /// The path elements that rebuild this subpath.
    func appendElements(to path: inout Path) {
        path.move(to: start)
        var segs = segments[...]
        if isClosed, let last = segs.last, case .line(_, let b) = last, b == start { segs = segs.dropLast() }
        for s in segs { path.append(s.element) }
        if isClosed { path.close() }
    }
}

extension Path {
    /// The path as subpaths of explicit segments.
    ///
    /// Follows Core Graphics: a drawing element after `close` starts a new subpath at the closed
    /// subpath's start; a `move` that follows another `move` leaves a subpath with no elements.
    /// - Complexity: O(elements).
    var subpaths: [Subpath] {
        var result: [Subpath] = []
        collectSubpaths(into: &result)
        return result
    }

    /// `subpaths` written over `result`: its subpaths are reused in order (their segment arrays
    /// keep their room), the ones left over are removed. Why: the stroker keeps one such array per
    /// thread (`StrokerScratch`), so a short stroke allocates nothing for its subpaths.
    func collectSubpaths(into result: inout [Subpath]) {
        var count = 0   // result[0..<count] are this path's; result[count - 1] is the current one
        // The current subpath is mutated in place (never copied while extended) so building stays linear.
        func begin(_ start: Point) {
            if count < result.count { result[count].reset(start: start) } else { result.append(Subpath(start: start)) }
            count += 1
        }
        func extend(_ make: (Point) -> BezierSegment) {
            if count == 0 { begin(.zero) }  // not reachable through Path's builders
            if result[count - 1].isClosed { begin(result[count - 1].start) }
            result[count - 1].append(make(result[count - 1].end))
        }
        for e in elements {
            switch e {
            case .move(let p): begin(p)
            case .line(let p): extend { .line($0, p) }
            case .quad(let p1, let p2): extend { .quad($0, p1, p2) }
            case .cubic(let p1, let p2, let p3): extend { .cubic($0, p1, p2, p3) }
            case .close:
                guard count > 0, !result[count - 1].isClosed else { continue }
                let (start, end) = (result[count - 1].start, result[count - 1].end)
                if end != start { result[count - 1].append(.line(end, start)) }
                result[count - 1].hasDrawingElements = true
                result[count - 1].isClosed = true
            }
        }
        result.removeLast(result.count - count)
    }
}
