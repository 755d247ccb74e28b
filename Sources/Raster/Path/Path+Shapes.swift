#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Shape builders with UIKit's conventions: y points down, angle 0 is 3 o'clock, and "clockwise"
/// means visually clockwise on screen, i.e. increasing angle.
///
/// Arcs are cubic Béziers of at most 30° each. A 90° cubic is 2.7e-4 of the radius off the circle
/// (always outward, so it also makes circles 1e-4 too long); at 30° the radial error is below 4e-7
/// and a circle's length is within 2e-7 of 2πr, which keeps `strokeEnd` animations on circles honest.
extension Path {
    /// The largest sweep of one cubic piece of an arc: 30°.
    static let maxArcPieceSweep = Double.pi / 6

    /// Adds a circular arc, first drawing a line from the current point to the arc's start if there
    /// is a current point (as `CGPath.addArc` and `UIBezierPath.addArc` do).
    ///
    /// The sweep follows the HTML canvas rule, which is what Core Graphics does: going clockwise, an
    /// `endAngle` at or beyond `startAngle + 2π` gives a full circle; otherwise the arc runs from the
    /// start angle to the end angle in the given direction, so it is shorter than a full turn (start
    /// and end angles that differ by a multiple of 2π in the other direction also give a full circle).
    /// A zero radius adds the center as a single point (a line to it, or a move when the path is
    /// empty), and equal angles add the start point the same way; a negative or non-finite radius
    /// or angle adds nothing.
    /// - Parameters:
    ///   - center: the circle's center.
    ///   - radius: the circle's radius, ≥ 0.
    ///   - startAngle: radians from 3 o'clock, increasing visually clockwise.
    ///   - endAngle: radians, same convention.
    ///   - clockwise: true to sweep with increasing angle (visually clockwise in y-down space).
    /// - Complexity: O(1): at most 12 cubics.
    public mutating func addArc(center: Point, radius: Double, startAngle: Double, endAngle: Double,
                                clockwise: Bool) {
        guard radius >= 0, radius.isFinite, center.isFinite, startAngle.isFinite, endAngle.isFinite else { return }
        if radius == 0 {
            line(to: center)
            return
        }
        let sweep = Path.arcSweep(from: startAngle, to: endAngle, clockwise: clockwise)
        appendArc(center: center, radii: Point(radius, radius), startAngle: startAngle, sweep: sweep)
    }

    /// The signed sweep (positive = increasing angle) that `addArc` draws, by the HTML canvas rule.
    static func arcSweep(from start: Double, to end: Double, clockwise: Bool) -> Double {
        let tau = 2 * Double.pi
        if clockwise {
            if end - start >= tau { return tau }
            if start > end { return tau - fmod(start - end, tau) }
            return end - start
        } else {
            if start - end >= tau { return -tau }
            if start < end { return -(tau - fmod(end - start, tau)) }
            return end - start
        }
    }

    /// Appends an elliptical arc with axis-aligned radii as cubics of at most 30° each, starting with
    /// a line (or move) to its first point.
    mutating func appendArc(center c: Point, radii r: Point, startAngle: Double, sweep: Double) {
        let pieces = Swift.max(1, Int((abs(sweep) / Path.maxArcPieceSweep - 1e-9).rounded(.up)))
        let step = sweep / Double(pieces)
        // k·radius is the tangent-handle length that puts each piece's midpoint exactly on the circle.
        let k = 4.0 / 3.0 * tan(step / 4)
        func on(_ a: Double) -> Point { let (cs, sn) = exactCosSin(a); return Point(c.x + r.x * cs, c.y + r.y * sn) }
        func tangent(_ a: Double) -> Point { let (cs, sn) = exactCosSin(a); return Point(-r.x * sn, r.y * cs) }
        var a0 = startAngle
        var p0 = on(a0)
        let first = p0
        if currentPoint != p0 { line(to: p0) }
        if sweep == 0 { return }  // start and end angles equal: just the start point, no empty cubic
        let isFullTurn = abs(sweep) == 2 * Double.pi
        for i in 1 ... pieces {
            let a1 = startAngle + step * Double(i)
            // A full turn ends exactly where it began, so `close` adds no sliver of a segment.
            let p1 = i == pieces && isFullTurn ? first : on(a1)
            append(.cubic(p0 + tangent(a0) * k, p1 - tangent(a1) * k, p1))
            a0 = a1
            p0 = p1
        }
    }

    /// Cosine and sine, exact at multiples of π/2 so that axis points of circles and rounded
    /// corners land exactly on the axes (cos(π) is −1 but sin(π) is 1.2e-16 in floating point).
    private func exactCosSin(_ a: Double) -> (Double, Double) {
        let q = a / (Double.pi / 2)
        if q == q.rounded(), abs(q) < 1e15 {
            switch Int(q) & 3 {
            case 0: return (1, 0)
            case 1: return (0, 1)
            case 2: return (-1, 0)
            default: return (0, -1)
            }
        }
        return (cos(a), sin(a))
    }

    /// Adds a closed ellipse inscribed in `rect`, starting at its 3 o'clock point (maxX, midY) and
    /// running clockwise, as `UIBezierPath(ovalIn:)` does (so `strokeEnd` grows from 3 o'clock).
    /// - Complexity: O(1): 12 cubics.
    public mutating func addEllipse(in rect: Rect) {
        let center = Point(rect.midX, rect.midY)
        let radii = Point(abs(rect.width) / 2, abs(rect.height) / 2)
        move(to: Point(center.x + radii.x, center.y))
        appendArc(center: center, radii: radii, startAngle: 0, sweep: 2 * Double.pi)
        close()
    }

    /// Adds a closed rectangle starting at its top-left corner and running clockwise
    /// (as `UIBezierPath(rect:)` does). Negative sizes are normalized.
    public mutating func addRect(_ rect: Rect) {
        move(to: Point(rect.minX, rect.minY))
        line(to: Point(rect.maxX, rect.minY))
        line(to: Point(rect.maxX, rect.maxY))
        line(to: Point(rect.minX, rect.maxY))
        close()
    }

    /// Adds a closed rectangle with circular corners of one radius.
    ///
    /// Same shape and start point as `UIBezierPath(roundedRect:cornerRadius:)`: starts on the top edge
    /// just after the top-left corner and runs clockwise. The radius is clamped to half the shorter
    /// side, as Core Animation clamps `cornerRadius`; negative or non-finite radii count as 0.
    public mutating func addRoundedRect(_ rect: Rect, cornerRadius: Double) {
        addRoundedRect(rect, topLeft: cornerRadius, topRight: cornerRadius,
                       bottomRight: cornerRadius, bottomLeft: cornerRadius)
    }

    /// Adds a closed rectangle with a circular corner of its own radius at each corner.
    ///
    /// Each radius is clamped to half the shorter side (Core Animation's rule for one radius, applied
    /// per corner). Starts at (minX + topLeft, minY) and runs clockwise. Sharp corners (radius 0) are
    /// plain vertices.
    public mutating func addRoundedRect(_ rect: Rect, topLeft: Double, topRight: Double,
                                        bottomRight: Double, bottomLeft: Double) {
        let limit = Swift.min(abs(rect.width), abs(rect.height)) / 2
        func clamp(_ r: Double) -> Double { r > 0 ? Swift.min(r, limit) : 0 }  // NaN → 0
        let (tl, tr, br, bl) = (clamp(topLeft), clamp(topRight), clamp(bottomRight), clamp(bottomLeft))
        let (x0, y0, x1, y1) = (rect.minX, rect.minY, rect.maxX, rect.maxY)
        let h = Double.pi / 2
        move(to: Point(x0 + tl, y0))
        line(to: Point(x1 - tr, y0))
        if tr > 0 { appendArc(center: Point(x1 - tr, y0 + tr), radii: Point(tr, tr), startAngle: -h, sweep: h) }
        line(to: Point(x1, y1 - br))
        if br > 0 { appendArc(center: Point(x1 - br, y1 - br), radii: Point(br, br), startAngle: 0, sweep: h) }
        line(to: Point(x0 + bl, y1))
        if bl > 0 { appendArc(center: Point(x0 + bl, y1 - bl), radii: Point(bl, bl), startAngle: h, sweep: h) }
        line(to: Point(x0, y0 + tl))
        if tl > 0 { appendArc(center: Point(x0 + tl, y0 + tl), radii: Point(tl, tl), startAngle: 2 * h, sweep: h) }
        close()
    }

    /// The path with every point mapped through `t`.
    /// - Complexity: O(elements).
    public func applying(_ t: Transform) -> Path {
        var out = Path()
        out.reserveCapacity(elements.count)
        for e in elements {
            switch e {
            case .move(let p): out.append(.move(t.apply(p)))
            case .line(let p): out.append(.line(t.apply(p)))
            case .quad(let a, let b): out.append(.quad(t.apply(a), t.apply(b)))
            case .cubic(let a, let b, let c): out.append(.cubic(t.apply(a), t.apply(b), t.apply(c)))
            case .close: out.append(.close)
            }
        }
        return out
    }
}
