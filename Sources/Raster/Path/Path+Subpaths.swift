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

    var end: Point { segments.last?.end ?? start }

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
        var current: Subpath?
        // `current` is mutated in place (never copied while extended) so building stays linear.
        func extend(_ make: (Point) -> BezierSegment) {
            if current == nil { current = Subpath(start: .zero) }  // not reachable through Path's builders
            if current!.isClosed {
                let start = current!.start
                result.append(current!)
                current = Subpath(start: start)
            }
            current!.append(make(current!.end))
        }
        for e in elements {
            switch e {
            case .move(let p):
                if let c = current { result.append(c) }
                current = Subpath(start: p)
            case .line(let p): extend { .line($0, p) }
            case .quad(let p1, let p2): extend { .quad($0, p1, p2) }
            case .cubic(let p1, let p2, let p3): extend { .cubic($0, p1, p2, p3) }
            case .close:
                guard current != nil, !current!.isClosed else { continue }
                if current!.end != current!.start { current!.append(.line(current!.end, current!.start)) }
                current!.hasDrawingElements = true
                current!.isClosed = true
            }
        }
        if let c = current { result.append(c) }
        return result
    }
}
