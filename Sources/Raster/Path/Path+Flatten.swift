#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Flattening for fills: transform the control points first, then cut each curve into the number
// of equal-parameter pieces Wang's formula asks for (see `Flattener`, shared with the stroker).

extension Path {
    /// The path's subpaths as closed device-space polygons, ready for filling.
    ///
    /// The transform is applied to the control points first, so the tolerance is in device pixels.
    /// A curve is split into `n = ⌈√(M / (8·s))⌉` equal-parameter pieces (Wang's formula), where
    /// `M` bounds the length of its second derivative (a chord over a parameter step `h` strays at
    /// most `M·h²/8` from the curve), at most `Flattener.maxPieces`; the sagitta `s` is up to 1.5
    /// times the tolerance, since balancing the vertices brings the distance down to ⅔ of it
    /// (`Flattener.balancedPieceCount`). A subpath holding a
    /// non-finite point (NaN, ±inf, or one that overflows under the transform) is dropped whole,
    /// since no meaningful outline can be recovered from it.
    ///
    /// - Parameters:
    ///   - transform: user space → device space.
    ///   - tolerance: largest distance in device pixels between curve and polygon; values below
    ///     `Flattener.minimumTolerance` (0.001) are raised to it. Default `Flattener.defaultTolerance`
    ///     (1/80).
    ///   - onCurve: true to keep every vertex on the curve (a polyline to move along, as
    ///     `CAKeyframeAnimation.path` does). Default false: vertices are balanced for filling
    ///     (`Flattener.appendBalancedPolyline`), so the polygon has the curve's area, crossing it
    ///     by at most the tolerance, instead of lying inside it by up to the tolerance.
    ///   - clip: the device-space rectangle that will be filled, or nil (the default) for the
    ///     whole plane. A curve whose control points' bounding box lies outside it (by more than a
    ///     pixel) becomes its chord, which fills every pixel inside the clip exactly as the curve
    ///     would (see `ClipCull`).
    /// - Complexity: O(elements + output points); a curve yields at most `Flattener.maxPieces`
    ///   pieces, one when it lies outside the clip.
    public func flattened(transform: Transform, tolerance: Double = Flattener.defaultTolerance, clip: Rect? = nil,
                          onCurve: Bool = false) -> Polygons {
        var out = Polygons()
        flatten(into: &out, transform: transform, tolerance: tolerance, clip: clip, onCurve: onCurve)
        return out
    }

    /// `flattened(transform:tolerance:clip:)` appending to a reused buffer (no allocation once warm).
    public func flatten(into out: inout Polygons, transform t: Transform, tolerance: Double = Flattener.defaultTolerance,
                        clip: Rect? = nil, onCurve: Bool = false) {
        let tol = tolerance.isFinite ? Swift.max(Flattener.minimumTolerance, tolerance) : Flattener.defaultTolerance
        let cull = ClipCull(clip: clip)   // the curves are tested in device space
        var bad = false          // the open contour holds a non-finite point
        var open = false
        var current = Point.zero, start = Point.zero

        func finish() {
            // A lone point encloses nothing: it is dropped like a contour with a non-finite point.
            let size = out.points.count - (out.contourEnds.last ?? 0)
            if open { if bad || size < 2 { out.discardOpenContour() } else { out.closeContour() } }
            open = false; bad = false
        }
        func emit(_ p: Point) {
            if !p.isFinite { bad = true }
            out.line(to: p)
        }
        // A curve's polyline by Wang's formula (see `Flattener`), or its chord when it lies
        // outside the clip; a non-finite control point or a point that overflowed spoils the contour.
        func appendCurve(_ segment: BezierSegment) {
            guard segment.isFinite else { bad = true; out.line(to: segment.end); return }
            if let cull, cull.excludes(segment, reach: 0) { out.line(to: segment.end); return }
            let first = out.points.count
            if onCurve {
                Flattener.appendPolyline(segment, pieces: Flattener.pieceCount(segment, tolerance: tol), to: &out.points)
            } else {
                Flattener.appendBalancedPolyline(segment, pieces: Flattener.balancedPieceCount(segment, tolerance: tol),
                                                 to: &out.points)
            }
            if !bad, !out.points[first...].allSatisfy(\.isFinite) { bad = true }
        }

        for e in elements {
            switch e {
            case .move(let p):
                finish()
                current = t.apply(p)
                start = current
                open = true
                emit(current)
            case .line(let p):
                if !open { open = true; start = current; emit(current) }
                current = t.apply(p)
                emit(current)
            case .quad(let c, let p):
                if !open { open = true; start = current; emit(current) }
                let segment = BezierSegment.quad(current, t.apply(c), t.apply(p))
                appendCurve(segment)
                current = segment.end
            case .cubic(let c1, let c2, let p):
                if !open { open = true; start = current; emit(current) }
                let segment = BezierSegment.cubic(current, t.apply(c1), t.apply(c2), t.apply(p))
                appendCurve(segment)
                current = segment.end
            case .close:
                finish()
                current = start  // Core Graphics continues from the subpath's start after a close.
            }
        }
        finish()
    }
}

