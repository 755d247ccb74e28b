/// A vector path: subpaths of lines, quadratic and cubic Béziers, each optionally closed.
///
/// Value type with copy-on-write array storage. Builders (`addArc`, `addRoundedRect`, …) live in
/// `Path+Shapes.swift`; measuring, trimming, flattening and stroking in their own files.
public struct Path: Hashable, Sendable {
    public enum Element: Hashable, Sendable {
        case move(Point)
        case line(Point)
        case quad(Point, Point)
        case cubic(Point, Point, Point)
        case close
    }

    public private(set) var elements: [Element] = []
    /// The start point of the current subpath (where `close` returns to).
    public private(set) var subpathStart: Point = .zero
    /// The end point of the last element, or nil when the path is empty.
    public private(set) var currentPoint: Point?

    public init() {}
    public init(elements: [Element]) { for e in elements { append(e) } }

    @inlinable public var isEmpty: Bool { elements.isEmpty }

    public mutating func move(to p: Point) { append(.move(p)) }
    /// Adds a line; with no current point it starts a subpath at `p` instead (as Core Graphics does).
    public mutating func line(to p: Point) { append(currentPoint == nil ? .move(p) : .line(p)) }
    public mutating func quad(to p: Point, control c: Point) {
        if currentPoint == nil { append(.move(c)) }
        append(.quad(c, p))
    }
    public mutating func cubic(to p: Point, control1 c1: Point, control2 c2: Point) {
        if currentPoint == nil { append(.move(c1)) }
        append(.cubic(c1, c2, p))
    }
    public mutating func close() { if currentPoint != nil { append(.close) } }

    public mutating func append(_ e: Element) {
        elements.append(e)
        switch e {
        case .move(let p): subpathStart = p; currentPoint = p
        case .line(let p), .quad(_, let p), .cubic(_, _, let p): currentPoint = p
        case .close: currentPoint = subpathStart
        }
    }
    /// Reserves room for `n` elements in total.
    public mutating func reserveCapacity(_ n: Int) { elements.reserveCapacity(n) }
    public mutating func append(contentsOf other: Path) { for e in other.elements { append(e) } }
    public mutating func removeAll() { elements.removeAll(keepingCapacity: true); currentPoint = nil; subpathStart = .zero }
}
