/// An axis-aligned rectangle with a origin and size, in double precision.
public struct Rect: Hashable, Sendable {
    public var x: Double, y: Double, width: Double, height: Double

    @inlinable public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)
    /// The area of a pixel rectangle (an empty one keeps its corner and has no size).
    @inlinable public init(_ p: PixelRect) {
        self.init(x: Double(p.x0), y: Double(p.y0), width: Double(p.width), height: Double(p.height))
    }

    @inlinable public var minX: Double { Swift.min(x, x + width) }
    @inlinable public var minY: Double { Swift.min(y, y + height) }
    @inlinable public var maxX: Double { Swift.max(x, x + width) }
    @inlinable public var maxY: Double { Swift.max(y, y + height) }
    @inlinable public var midX: Double { x + width / 2 }
    @inlinable public var midY: Double { y + height / 2 }
    @inlinable public var isEmpty: Bool { !(width > 0 && height > 0) }

    /// The smallest rectangle holding both; an empty rectangle is ignored.
    public func union(_ o: Rect) -> Rect {
        if isEmpty { return o }
        if o.isEmpty { return self }
        let x0 = Swift.min(minX, o.minX), y0 = Swift.min(minY, o.minY)
        return Rect(x: x0, y: y0, width: Swift.max(maxX, o.maxX) - x0, height: Swift.max(maxY, o.maxY) - y0)
    }
    /// The overlap of both, or `.zero` when they do not overlap.
    public func intersection(_ o: Rect) -> Rect {
        let x0 = Swift.max(minX, o.minX), y0 = Swift.max(minY, o.minY)
        let x1 = Swift.min(maxX, o.maxX), y1 = Swift.min(maxY, o.maxY)
        guard x1 > x0, y1 > y0 else { return .zero }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
    @inlinable public func insetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: x + dx, y: y + dy, width: width - 2 * dx, height: height - 2 * dy)
    }
}

/// An integer pixel rectangle: `x0..<x1` × `y0..<y1`. Used for clips, damage and bitmap views.
public struct PixelRect: Hashable, Sendable {
    public var x0: Int, y0: Int, x1: Int, y1: Int
    @inlinable public init(x0: Int, y0: Int, x1: Int, y1: Int) { self.x0 = x0; self.y0 = y0; self.x1 = x1; self.y1 = y1 }
    @inlinable public init(x: Int, y: Int, width: Int, height: Int) { self.init(x0: x, y0: y, x1: x + width, y1: y + height) }
    @inlinable public var width: Int { Swift.max(0, x1 - x0) }
    @inlinable public var height: Int { Swift.max(0, y1 - y0) }
    @inlinable public var isEmpty: Bool { x1 <= x0 || y1 <= y0 }
    @inlinable public func intersection(_ o: PixelRect) -> PixelRect {
        PixelRect(x0: Swift.max(x0, o.x0), y0: Swift.max(y0, o.y0), x1: Swift.min(x1, o.x1), y1: Swift.min(y1, o.y1))
    }
    public func union(_ o: PixelRect) -> PixelRect {
        if isEmpty { return o }
        if o.isEmpty { return self }
        return PixelRect(x0: Swift.min(x0, o.x0), y0: Swift.min(y0, o.y0), x1: Swift.max(x1, o.x1), y1: Swift.max(y1, o.y1))
    }
    /// The pixels a real rectangle touches, clamped so huge or non-finite values cannot overflow `Int`.
    public init(covering r: Rect) {
        func clampFloor(_ v: Double) -> Int { v.isNaN ? 0 : Int(Swift.max(-1e9, Swift.min(1e9, v)).rounded(.down)) }
        func clampCeil(_ v: Double) -> Int { v.isNaN ? 0 : Int(Swift.max(-1e9, Swift.min(1e9, v)).rounded(.up)) }
        self.init(x0: clampFloor(r.minX), y0: clampFloor(r.minY), x1: clampCeil(r.maxX), y1: clampCeil(r.maxY))
    }
}
