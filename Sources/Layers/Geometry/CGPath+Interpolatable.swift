import Foundation
import Raster

/// Paths interpolate point by point when both have the same elements in the same order (Core
/// Animation's rule for `path` animations); otherwise the value switches at the halfway point.
/// The conformance is on the path's geometry (a value), which `CGPath` wraps.
extension Raster.Path: Interpolatable {
    /// Point by point for paths of the same elements; otherwise switches at fraction 0.5.
    public func interpolated(to o: Raster.Path, fraction f: Double) -> Raster.Path {
        zipElements(o, { a, b in a.lerp(b, f) }) ?? (f < 0.5 ? self : o)
    }
    /// The empty path.
    public static var additiveIdentity: Raster.Path { Raster.Path() }
    /// Point by point for paths of the same elements; adding the empty path, or a path of another shape,
    /// leaves `self` unchanged.
    public func adding(_ o: Raster.Path) -> Raster.Path { o.isEmpty ? self : (zipElements(o, +) ?? self) }
    /// An additive path animation over `self`: point by point when the paths have the same
    /// elements; otherwise the animation's own path. Why: Core Animation cannot add paths of other
    /// shapes either, and iOS shows the animated path then (the spinner libraries' audio
    /// equalizer — additive rectangle keyframes over a rounded-rectangle model path — moves its
    /// bars on iOS; keeping the model path, as plain `adding` does, left them still). Apple does
    /// not document the case; this is the reading that matches what iOS shows.
    public func addingAdditive(_ animated: Raster.Path) -> Raster.Path {
        animated.isEmpty ? self : (zipElements(animated, +) ?? animated)
    }
    /// Point by point for paths of the same elements; otherwise `self` unchanged.
    public func subtracting(_ o: Raster.Path) -> Raster.Path { o.isEmpty ? self : (zipElements(o, -) ?? self) }

    /// Combines corresponding points of two same-shaped paths; nil when the shapes differ.
    private func zipElements(_ o: Raster.Path, _ op: (Point, Point) -> Point) -> Raster.Path? {
        let a = elements, b = o.elements
        guard a.count == b.count else { return nil }
        var out = Raster.Path()
        for (x, y) in zip(a, b) {
            switch (x, y) {
            case let (.move(p), .move(q)): out.append(.move(op(p, q)))
            case let (.line(p), .line(q)): out.append(.line(op(p, q)))
            case let (.quad(p1, p2), .quad(q1, q2)): out.append(.quad(op(p1, q1), op(p2, q2)))
            case let (.cubic(p1, p2, p3), .cubic(q1, q2, q3)): out.append(.cubic(op(p1, q1), op(p2, q2), op(p3, q3)))
            case (.close, .close): out.append(.close)
            default: return nil
            }
        }
        return out
    }
}

extension AnimationValue {
    /// Boxes a value given to an animation: as `AnimationValue(_:)`, a `CGPath` as its geometry and
    /// a `CGImage` as `LayerContents`.
    static func boxing(_ v: Any) -> AnimationValue? {
        if let p = v as? CGPath { return AnimationValue(p.path) }
        if let i = v as? CGImage { return .other(AnyInterpolatable(LayerContents(i))) }
        return AnimationValue(v)
    }
}
