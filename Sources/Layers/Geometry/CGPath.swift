import Foundation
import Raster

/// An immutable vector path, as Core Graphics' `CGPath`; `CGMutablePath` builds one.
///
/// Angles follow Core Graphics: in `addArc(center:radius:startAngle:endAngle:clockwise:)` the
/// `clockwise` flag refers to Core Graphics' y-up space, so in Flipbook's y-down layer space (as in
/// a UIKit view on iOS) `clockwise: true` sweeps visually counter-clockwise. `UIBezierPath`'s flag is
/// visual, as on iOS.
public class CGPath: Equatable, CustomStringConvertible {
    /// The geometry for the rasterizer.
    public internal(set) var path: Raster.Path

    /// A path holding `path`'s elements (empty by default).
    public init(path: Raster.Path = Raster.Path()) { self.path = path }

    /// A rectangle path.
    public convenience init(rect: CGRect, transform: UnsafePointer<CGAffineTransform>? = nil) {
        var p = Raster.Path()
        p.addRect(Rect(rect))
        self.init(path: transform.map { p.applying(Transform($0.pointee)) } ?? p)
    }
    /// An ellipse inscribed in `rect`.
    public convenience init(ellipseIn rect: CGRect, transform: UnsafePointer<CGAffineTransform>? = nil) {
        var p = Raster.Path()
        p.addEllipse(in: Rect(rect))
        self.init(path: transform.map { p.applying(Transform($0.pointee)) } ?? p)
    }
    /// A rounded rectangle (corner radii clamped to half the sides).
    public convenience init(roundedRect rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
                            transform: UnsafePointer<CGAffineTransform>? = nil) {
        var p = Raster.Path()
        p.addRoundedRect(Rect(rect), cornerRadius: Double(min(cornerWidth, cornerHeight)))
        self.init(path: transform.map { p.applying(Transform($0.pointee)) } ?? p)
    }

    /// True when the path has no elements.
    public var isEmpty: Bool { path.isEmpty }
    /// The smallest rectangle holding every point, control points included.
    public var boundingBox: CGRect { boundingBoxOfPath }
    /// The tight bounds of the curves.
    public var boundingBoxOfPath: CGRect { path.isEmpty ? .null : CGRect(path.bounds) }
    /// Where the next segment starts; (0, 0) for an empty path.
    public var currentPoint: CGPoint { path.currentPoint.map(CGPoint.init) ?? .zero }

    /// An immutable copy.
    public func copy() -> CGPath? { CGPath(path: path) }
    /// A mutable copy.
    public func mutableCopy() -> CGMutablePath? { CGMutablePath(path: path) }
    /// A copy with every point transformed.
    public func copy(using transform: UnsafePointer<CGAffineTransform>?) -> CGPath? {
        CGPath(path: transform.map { path.applying(Transform($0.pointee)) } ?? path)
    }

    /// Equal when the geometry (elements and points) is equal.
    public static func == (a: CGPath, b: CGPath) -> Bool { a.path == b.path }
    /// `CGPath(n elements)`, for logs.
    public var description: String { "CGPath(\(path.elements.count) elements)" }
}

/// A path built step by step, as Core Graphics' `CGMutablePath`.
public final class CGMutablePath: CGPath {
    public override init(path: Raster.Path = Raster.Path()) { super.init(path: path) }

    /// Starts a new subpath at `p` (through `transform`).
    public func move(to p: CGPoint, transform: CGAffineTransform = .identity) { path.move(to: Point(p.applying(transform))) }
    /// A straight segment to `p`.
    public func addLine(to p: CGPoint, transform: CGAffineTransform = .identity) { path.line(to: Point(p.applying(transform))) }
    /// Straight segments through `points`, starting a subpath at the first.
    public func addLines(between points: [CGPoint], transform: CGAffineTransform = .identity) {
        for (i, p) in points.enumerated() { i == 0 ? move(to: p, transform: transform) : addLine(to: p, transform: transform) }
    }
    /// A quadratic Bézier segment to `end`.
    public func addQuadCurve(to end: CGPoint, control: CGPoint, transform: CGAffineTransform = .identity) {
        path.quad(to: Point(end.applying(transform)), control: Point(control.applying(transform)))
    }
    /// A cubic Bézier segment to `end`.
    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint, transform: CGAffineTransform = .identity) {
        path.cubic(to: Point(end.applying(transform)), control1: Point(control1.applying(transform)),
                   control2: Point(control2.applying(transform)))
    }
    /// A closed rectangle subpath.
    public func addRect(_ r: CGRect, transform: CGAffineTransform = .identity) { append(Raster.Path.rect(Rect(r)), transform) }
    /// A closed subpath for each rectangle.
    public func addRects(_ rs: [CGRect], transform: CGAffineTransform = .identity) { rs.forEach { addRect($0, transform: transform) } }
    /// An ellipse inscribed in `r`.
    public func addEllipse(in r: CGRect, transform: CGAffineTransform = .identity) {
        var p = Raster.Path(); p.addEllipse(in: Rect(r)); append(p, transform)
    }
    /// A rectangle with elliptical corners of the given width and height.
    public func addRoundedRect(in r: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat, transform: CGAffineTransform = .identity) {
        var p = Raster.Path(); p.addRoundedRect(Rect(r), cornerRadius: Double(min(cornerWidth, cornerHeight))); append(p, transform)
    }
    /// An arc in Core Graphics' convention (see `CGPath`): `clockwise` refers to y-up space.
    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool,
                       transform: CGAffineTransform = .identity) {
        if transform == .identity {
            path.addArc(center: Point(center), radius: Double(radius), startAngle: Double(startAngle),
                        endAngle: Double(endAngle), clockwise: !clockwise)
            return
        }
        var p = Raster.Path()
        p.addArc(center: Point(center), radius: Double(radius), startAngle: Double(startAngle), endAngle: Double(endAngle),
                 clockwise: !clockwise)
        append(p, transform, connecting: true)
    }
    /// Core Graphics' tangent arc: a line from the current point towards `tangent1End`, then an
    /// arc of `radius` tangent to the lines current point → `tangent1End` and `tangent1End` →
    /// `tangent2End`, ending on the second. Collinear points, a zero radius or no current point
    /// give a straight line to `tangent1End` (a move when there is no current point).
    public func addArc(tangent1End t1: CGPoint, tangent2End t2: CGPoint, radius: CGFloat, transform: CGAffineTransform = .identity) {
        let inverse = transform.inverted()
        guard let current = path.currentPoint, transform.a * transform.d - transform.b * transform.c != 0 else {
            move(to: t1, transform: transform); return
        }
        let p0 = CGPoint(current).applying(inverse)
        let v1 = CGPoint(x: p0.x - t1.x, y: p0.y - t1.y), v2 = CGPoint(x: t2.x - t1.x, y: t2.y - t1.y)
        let l1 = (v1.x * v1.x + v1.y * v1.y).squareRoot(), l2 = (v2.x * v2.x + v2.y * v2.y).squareRoot()
        let cross = v1.x * v2.y - v1.y * v2.x
        guard radius > 0, radius.isFinite, l1 > 0, l2 > 0, abs(cross) > 1e-12 * l1 * l2 else { addLine(to: t1, transform: transform); return }
        let u1 = CGPoint(x: v1.x / l1, y: v1.y / l1), u2 = CGPoint(x: v2.x / l2, y: v2.y / l2)
        let cosTheta = max(-1, min(1, u1.x * u2.x + u1.y * u2.y))
        let half = acos(cosTheta) / 2
        let along = radius / tan(half), out = radius / sin(half)
        let bisector = CGPoint(x: u1.x + u2.x, y: u1.y + u2.y)
        let bl = (bisector.x * bisector.x + bisector.y * bisector.y).squareRoot()
        let center = CGPoint(x: t1.x + bisector.x / bl * out, y: t1.y + bisector.y / bl * out)
        let a = CGPoint(x: t1.x + u1.x * along, y: t1.y + u1.y * along), b = CGPoint(x: t1.x + u2.x * along, y: t1.y + u2.y * along)
        let start = atan2(a.y - center.y, a.x - center.x), end = atan2(b.y - center.y, b.x - center.x)
        var sweep = end - start
        while sweep > .pi { sweep -= 2 * .pi }
        while sweep <= -.pi { sweep += 2 * .pi }
        addLine(to: a, transform: transform)
        // Core Graphics' `clockwise` is in y-up terms: false turns towards growing angles.
        addArc(center: center, radius: radius, startAngle: start, endAngle: start + sweep, clockwise: sweep < 0, transform: transform)
    }
    /// Adds the subpaths of `other`, through `transform`.
    public func addPath(_ other: CGPath, transform: CGAffineTransform = .identity) { append(other.path, transform) }
    /// Closes the subpath with a straight segment to its start.
    public func closeSubpath() { path.close() }

    /// Appends `p` under `t`; `connecting` joins its first point to the current point with a line.
    private func append(_ p: Raster.Path, _ t: CGAffineTransform, connecting: Bool = false) {
        let q = t == .identity ? p : p.applying(Transform(t))
        for (i, e) in q.elements.enumerated() {
            if connecting, i == 0, case .move(let pt) = e, path.currentPoint != nil { path.line(to: pt); continue }
            path.append(e)
        }
    }
}

extension Raster.Path {
    static func rect(_ r: Rect) -> Raster.Path { var p = Raster.Path(); p.addRect(r); return p }
}
