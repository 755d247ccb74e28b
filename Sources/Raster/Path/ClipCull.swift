/// Tells flattening and stroking when a piece of geometry cannot change any pixel inside the clip,
/// so that its detail can be replaced by something cheap with the same coverage there.
///
/// Why: cost should follow what can be seen. Without it a path that runs far outside the target
/// (coordinates near 1e6 under a 3× transform, a circle of radius 1e5 around a 100-px view) is
/// flattened to a quarter pixel along its whole length: the fuzzer's paths case 33 (seed 1) made a
/// 37-million-point outline, 2.9 s, for a 30×21 bitmap. With a cull, geometry wholly outside costs
/// O(1) per segment and per join.
///
/// Exactness (why culling never changes a pixel). A pixel's coverage is the integral over its
/// square of a function of the winding number (non-zero or even-odd), and a winding number is
/// additive over closed loops. Replacing a chain A of a closed contour by a chain B with the same
/// two ends changes the contour by the closed loop A followed by B reversed. If A and B both lie in
/// one convex set K, so does that loop, and its winding number is 0 at every point outside K (a ray
/// from such a point can leave K's side without meeting it). So when K misses the clip, every
/// point of every pixel inside the clip keeps its winding number, and the pixels their coverage:
/// - **fill**: a Bézier curve and its chord both lie in the convex hull of its control points;
/// - **stroke**: replacing a curve by its chord before stroking changes the outline only around
///   that curve: the offset sides of its polyline (within the half width h of the hull) and the
///   joins and caps at its two ends (within the reach of the end points, which lie in the hull).
///   A join reaches h from its vertex, a miter h·|miterLimit| (it is drawn only while
///   1/cos(turn/2) ≤ |limit|), a square cap h·√2. K is the hull grown by that reach; curves are
///   replaced one at a time, each step changing the outline only inside its own K;
/// - **round joins, caps and dots**: an arc and its chord both lie in the disc of radius h; the
///   points of a long arc inside a run of up to 64 steps that lies outside lie, with the run's
///   chord, in the triangle of its ends and the meeting point of its end tangents;
/// - **dashes**: a dash's outline is, edge for edge, the sum of closed convex pieces (a rectangle
///   per chord, a wedge per join, the caps; see `Path.stroked`), each within the reach of one of
///   the segments the dash runs along. When all of those are hidden, every piece has winding 0
///   inside the clip, so the dash can be left out.
///
/// The proof compares a stroke made for a clip with the same stroke made without one while both
/// are within `Path.maxStrokeDetail`; past it, strokes are approximations either way.
///
/// The test. Hulls are taken as the bounding box of the transformed control points; a reach r in
/// user space grows it by r·|(a, c)| across and r·|(b, d)| down, the extent of a disc's image.
///
/// Rounding. The proof is about exact geometry; the points are computed in `Double`. The test uses
/// the clip grown by one pixel plus 1e-9 of the largest magnitude that enters the computation
/// (|a·x| + |c·y| + |tx| and so on, in device pixels), many times any rounding error of
/// evaluating, offsetting or transforming the points. Geometry whose magnitude is not finite is
/// never culled, so the defined results for overflowing contours do not change. The scan
/// converter folds edges left of the clip onto its left side, where the two chains' `Float` cover
/// sums may differ in the last bits; coverage is rounded to 8 bits, and the goldens are unchanged.
struct ClipCull {
    /// User space → device space.
    let transform: Transform
    /// The clip in device space.
    let x0: Double, y0: Double, x1: Double, y1: Double
    /// How far a user-space length stretches along device x and y: a disc of radius r maps into
    /// a box r·sx by r·sy about its centre's image (sx = |(a, c)|, sy = |(b, d)|), far tighter than
    /// r times the largest stretch under a one-sided scale or shear.
    private let sx: Double, sy: Double
    /// |a| + |b| + |c| + |d| and |tx| + |ty|: magnitude bounds for the rounding margin.
    private let linear: Double, offset: Double

    /// An upper bound on the transform's largest stretch.
    var stretchBound: Double { (sx * sx + sy * sy).squareRoot() }
    /// The clip's diagonal in device pixels.
    var diagonal: Double { ((x1 - x0) * (x1 - x0) + (y1 - y0) * (y1 - y0)).squareRoot() }

    /// A cull for `clip` (device space; nil: no culling), or nil when there is nothing to cull
    /// against or the transform is not finite.
    init?(clip: Rect?, transform t: Transform = .identity) {
        guard let clip, (clip.x + clip.y + clip.width + clip.height).isFinite else { return nil }
        // Sums of magnitudes: infinite or NaN when an entry is (or when they overflow, which only
        // gives up culling).
        linear = abs(t.a) + abs(t.b) + abs(t.c) + abs(t.d)
        offset = abs(t.tx) + abs(t.ty)
        sx = (t.a * t.a + t.c * t.c).squareRoot(); sy = (t.b * t.b + t.d * t.d).squareRoot()
        guard linear.isFinite, offset.isFinite, sx.isFinite, sy.isFinite else { return nil }
        transform = t
        x0 = clip.minX; y0 = clip.minY; x1 = clip.maxX; y1 = clip.maxY
    }

    /// True when every point within `reach` (user space) of the convex hull of the segment's
    /// control points maps outside the clip.
    func excludes(_ segment: BezierSegment, reach: Double) -> Bool {
        // A start point inside the clip puts the box over it: nothing more to test (most curves
        // of a drawing that fits its target; the same answer as the box test below, which never
        // reports a box holding a point of the clip as missing it).
        let q = transform.apply(segment.start)
        if q.x >= x0 && q.x <= x1 && q.y >= y0 && q.y <= y1 { return false }
        var box = Box()
        switch segment {
        case .line(let a, let b): box.add(a, transform); box.add(b, transform)
        case .quad(let a, let b, let c): box.add(a, transform); box.add(b, transform); box.add(c, transform)
        case .cubic(let a, let b, let c, let d):
            box.add(a, transform); box.add(b, transform); box.add(c, transform); box.add(d, transform)
        }
        return misses(box, reach: reach)
    }

    /// The subpath with every curve that lies outside the clip, grown by `reach`, replaced by its
    /// chord; the subpath itself (no copy) when there is none.
    func chording(_ sub: Subpath, reach: Double) -> Subpath {
        var out: Subpath?
        for (i, seg) in sub.segments.enumerated() {
            if case .line = seg { continue }
            guard excludes(seg, reach: reach) else { continue }
            if out == nil { out = sub }
            out!.segments[i] = .line(seg.start, seg.end)
        }
        return out ?? sub
    }

    /// True when the disc of radius `radius` about `center` (user space) maps outside the clip.
    func excludes(disc center: Point, radius: Double) -> Bool {
        var box = Box()
        box.add(center, transform)
        return misses(box, reach: radius)
    }

    /// The device-space bounding box of transformed points (it holds the image of their hull) and
    /// the largest |x| + |y| among them in user space; `finite` is false once any point was not.
    private struct Box {
        var lo = Point(Double.infinity, Double.infinity), hi = Point(-Double.infinity, -Double.infinity)
        var size = 0.0
        var finite = true
        @inline(__always) mutating func add(_ p: Point, _ t: Transform) {
            let q = t.apply(p)
            if !(p.isFinite && q.isFinite) { finite = false }
            lo = Point(Swift.min(lo.x, q.x), Swift.min(lo.y, q.y))
            hi = Point(Swift.max(hi.x, q.x), Swift.max(hi.y, q.y))
            size = Swift.max(size, abs(p.x) + abs(p.y))
        }
    }

    /// The box grown by the reach in device pixels and by the rounding margin misses the clip.
    /// A point or magnitude that is not finite is never excluded.
    private func misses(_ box: Box, reach: Double) -> Bool {
        let gx = reach * sx, gy = reach * sy
        let magnitude = linear * (box.size + reach) + offset + gx + gy
        guard box.finite, magnitude.isFinite else { return false }
        let m = 1 + 1e-9 * magnitude
        return box.hi.x + gx + m < x0 || box.lo.x - gx - m > x1 || box.hi.y + gy + m < y0 || box.lo.y - gy - m > y1
    }
}
