/// A point or vector in a plane, in double precision.
///
/// Raster works in doubles up to the scan converter, so coordinates as large as 1e9 and as small as a
/// thousandth of a pixel keep their meaning; the hot loops convert to fixed point or `Float` themselves.
public struct Point: Hashable, Sendable {
    public var x: Double
    public var y: Double

    @inlinable public init(_ x: Double, _ y: Double) { self.x = x; self.y = y }
    @inlinable public init(x: Double, y: Double) { self.x = x; self.y = y }

    public static let zero = Point(0, 0)

    @inlinable public static func + (a: Point, b: Point) -> Point { Point(a.x + b.x, a.y + b.y) }
    @inlinable public static func - (a: Point, b: Point) -> Point { Point(a.x - b.x, a.y - b.y) }
    @inlinable public static func * (a: Point, s: Double) -> Point { Point(a.x * s, a.y * s) }
    @inlinable public static func * (s: Double, a: Point) -> Point { Point(a.x * s, a.y * s) }
    @inlinable public static func / (a: Point, s: Double) -> Point { Point(a.x / s, a.y / s) }
    @inlinable public static prefix func - (a: Point) -> Point { Point(-a.x, -a.y) }

    /// Dot product.
    @inlinable public func dot(_ o: Point) -> Double { x * o.x + y * o.y }
    /// The z component of the cross product; positive when `o` turns clockwise from `self` in y-down space.
    @inlinable public func cross(_ o: Point) -> Double { x * o.y - y * o.x }
    @inlinable public var length: Double { (x * x + y * y).squareRoot() }
    @inlinable public func distance(to o: Point) -> Double { (self - o).length }
    /// Linear interpolation: `self` at t = 0, `o` at t = 1.
    @inlinable public func lerp(_ o: Point, _ t: Double) -> Point { Point(x + (o.x - x) * t, y + (o.y - y) * t) }
    /// True when both coordinates are finite (not NaN, not infinite).
    @inlinable public var isFinite: Bool { x.isFinite && y.isFinite }
}
