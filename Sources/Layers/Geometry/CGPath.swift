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
