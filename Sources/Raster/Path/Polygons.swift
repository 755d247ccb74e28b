/// Closed polygons in device space: what the scan converter fills.
///
/// Flattening a `Path` yields this; tests and callers with their own outlines may build one
/// directly. Contour `i` is `points[contourEnds[i-1] ..< contourEnds[i]]` (the first starts at 0)
/// and is implicitly closed: the scan converter adds the edge from its last point to its first.
/// A flat array with end indices (rather than `[[Point]]`) keeps a million-segment outline in two
/// allocations.
public struct Polygons: Hashable, Sendable {
    public var points: [Point]
    /// One past the last point of each contour, ascending.
    public var contourEnds: [Int]

    @inlinable public init() { points = []; contourEnds = [] }
    @inlinable public init(points: [Point], contourEnds: [Int]) { self.points = points; self.contourEnds = contourEnds }
    /// One contour per array.
    public init(contours: [[Point]]) {
        self.init()
        for c in contours { for p in c { line(to: p) }; closeContour() }
    }

    /// Number of contours.
    @inlinable public var contourCount: Int { contourEnds.count }
    @inlinable public var isEmpty: Bool { points.isEmpty }

    /// Ends the open contour (if any) and starts a new one at `p`.
    public mutating func move(to p: Point) { closeContour(); points.append(p) }
    /// Appends a vertex to the open contour (starting one if none is open).
    @inlinable public mutating func line(to p: Point) { points.append(p) }
    /// Ends the open contour; contours of fewer than 3 points enclose no area but are kept harmlessly
    /// (an empty contour is not recorded).
    public mutating func closeContour() {
        let start = contourEnds.last ?? 0
        if points.count > start { contourEnds.append(points.count) }
    }
    /// Drops the open contour's points (used when a contour turns out to hold non-finite points).
    public mutating func discardOpenContour() {
        points.removeSubrange((contourEnds.last ?? 0)...)
    }
    public mutating func removeAll() { points.removeAll(keepingCapacity: true); contourEnds.removeAll(keepingCapacity: true) }

    /// The points of contour `i`.
    @inlinable public func contour(_ i: Int) -> ArraySlice<Point> {
        points[(i == 0 ? 0 : contourEnds[i - 1]) ..< contourEnds[i]]
    }
    /// The bounding box of all finite points, or `.zero` when there are none.
    public var bounds: Rect {
        var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
        for p in points where p.isFinite {
            x0 = Swift.min(x0, p.x); y0 = Swift.min(y0, p.y); x1 = Swift.max(x1, p.x); y1 = Swift.max(y1, p.y)
        }
        return x0 <= x1 ? Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0) : .zero
    }
}
