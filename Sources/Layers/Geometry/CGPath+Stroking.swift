import Foundation
import Raster

extension CGPath {
    /// The outline a solid stroke of this path covers, as Core Graphics'
    /// `copy(strokingWithWidth:lineCap:lineJoin:miterLimit:transform:)`: filling the result with
    /// the nonzero winding rule paints what stroking this path paints. The outline is made in this
    /// path's space, then `transform` is applied to its points, as Core Graphics does.
    ///
    /// Where Flipbook differs: Core Graphics' outline keeps curves; Flipbook's is polygons within
    /// 1/80 of a unit of them (`Flattener.defaultTolerance`; the stroke a shape layer draws uses
    /// the same outline, flattened for its pixels). Bounds, hit tests and fills agree to that
    /// tolerance. A width that is not positive and finite, like a transform or path with NaN or
    /// infinite values, gives an empty path (Core Graphics requires a width above 0).
    public func copy(strokingWithWidth lineWidth: CGFloat, lineCap: CGLineCap, lineJoin: CGLineJoin, miterLimit: CGFloat,
                     transform: CGAffineTransform = .identity) -> CGPath {
        guard lineWidth > 0, lineWidth.isFinite,
              [transform.a, transform.b, transform.c, transform.d, transform.tx, transform.ty].allSatisfy(\.isFinite)
        else { return CGPath() }
        var style = StrokeStyle(width: Double(lineWidth))
        style.cap = StrokeStyle.LineCap(lineCap)
        style.join = StrokeStyle.LineJoin(lineJoin)
        style.miterLimit = Double(miterLimit)
        let outline = path.stroked(style)
        return CGPath(path: Self.path(of: outline, transform: Transform(transform)))
    }

    /// The painted pieces of this path under a dash pattern, as Core Graphics'
    /// `copy(dashingWithPhase:lengths:transform:)`: each dash an open subpath along the original
    /// curves (cut by arc length, not flattened), the pattern restarting at every subpath, offset
    /// by `phase`; then `transform` is applied. A pattern that paints everything or nothing
    /// (empty, all zero, a negative or non-finite length) gives the path unchanged, as a solid
    /// stroke would draw it.
    public func copy(dashingWithPhase phase: CGFloat, lengths: [CGFloat], transform: CGAffineTransform = .identity) -> CGPath {
        let dashed = path.dashed(lengths.map(Double.init), phase: Double(phase))
        return CGPath(path: transform == .identity ? dashed : dashed.applying(Transform(transform)))
    }

    /// True when `point` is inside the path by `rule`, as Core Graphics'
    /// `contains(_:using:transform:)`: every subpath counts as closed (as a fill closes it), and
    /// `transform` is applied to the path first. Curves are tested as the polygons a fill of them
    /// is drawn from (within 1/80 of a unit); a point exactly on the outline may fall either way.
    /// A point or transform with NaN or infinite values is outside.
    /// - Complexity: O(elements + the curves' pieces).
    public func contains(_ point: CGPoint, using rule: CGPathFillRule = .winding, transform: CGAffineTransform = .identity) -> Bool {
        guard point.x.isFinite, point.y.isFinite,
              [transform.a, transform.b, transform.c, transform.d, transform.tx, transform.ty].allSatisfy(\.isFinite)
        else { return false }
        let polygons = path.flattened(transform: Transform(transform))
        let (x, y) = (Double(point.x), Double(point.y))
        var winding = 0
        var start = 0
        for end in polygons.contourEnds {
            defer { start = end }
            guard end - start > 1 else { continue }
            var a = polygons.points[end - 1]
            for i in start..<end {
                let b = polygons.points[i]
                // Half-open in y, so a vertex on the ray's line counts once.
                if (a.y <= y) != (b.y <= y) {
                    let cross = (b.x - a.x) * (y - a.y) - (x - a.x) * (b.y - a.y)
                    if b.y > a.y { if cross > 0 { winding += 1 } } else if cross < 0 { winding -= 1 }
                }
                a = b
            }
        }
        return rule == .evenOdd ? winding & 1 != 0 : winding != 0
    }

    /// A path of `polygons`' contours, each closed, with `transform` applied to the points.
    private static func path(of polygons: Polygons, transform t: Transform) -> Raster.Path {
        var out = Raster.Path()
        out.reserveCapacity(polygons.points.count + polygons.contourCount)
        var start = 0
        for end in polygons.contourEnds {
            guard end > start else { continue }
            out.move(to: t.apply(polygons.points[start]))
            for i in (start + 1)..<end { out.line(to: t.apply(polygons.points[i])) }
            out.close()
            start = end
        }
        return out
    }
}

extension StrokeStyle.LineCap {
    /// The raster's cap for a Core Graphics cap.
    public init(_ cap: CGLineCap) { self = cap == .round ? .round : cap == .square ? .square : .butt }
}

extension StrokeStyle.LineJoin {
    /// The raster's join for a Core Graphics join.
    public init(_ join: CGLineJoin) { self = join == .round ? .round : join == .bevel ? .bevel : .miter }
}
