import Foundation
@testable import Raster
import SplitMix
import Testing

/// The shortcuts the curve cases take (#37) give what the general code gives: edges of contours
/// inside the clip built without the clipping path, a canvas's stroke outline returned without
/// the identity's copy, dash ends sought from the previous end.
struct CurveShortcutsTests {
    /// Random contours: convex (a flattened circle), star-shaped (turning both ways), with
    /// horizontal sides and repeated points, one or several a fill, all inside a 200×150 clip.
    func contours(_ rng: inout SplitMix64) -> [[Point]] {
        func unit() -> Double { Double(rng.next() % 1_000_000) / 1_000_000 }
        var all: [[Point]] = []
        for _ in 0 ..< 1 + Int(rng.next() % 3) {
            let cx = 30 + unit() * 140, cy = 25 + unit() * 100, r = 2 + unit() * 20
            let n = 3 + Int(rng.next() % 48)
            let star = rng.next() % 2 == 0
            var c: [Point] = []
            for i in 0 ..< n {
                let a = Double(i) * 2 * Double.pi / Double(n)
                let radius = star && i % 2 == 1 ? r * 0.4 : r
                c.append(Point(cx + radius * cos(a), cy + radius * sin(a)))
                if i % 7 == 3 { c.append(Point(c[c.count - 1].x + 1.5, c[c.count - 1].y)) }   // a horizontal side
                if i % 11 == 5 { c.append(c[c.count - 1]) }                                    // a repeated point
            }
            all.append(c)
        }
        return all
    }

    /// Every field of every edge, as bits, the bounding box and whether the sweep checks overlaps.
    func edgeBits(_ r: Rasterizer) -> [UInt64] {
        var bits: [UInt64] = []
        for i in 0 ..< r.edgeCount {
            let e = r.edges.base[i]
            bits += [e.x0, e.y0, e.x1, e.y1, e.dxdy, e.winding].map(\.bitPattern)
            bits += [UInt64(UInt32(bitPattern: e.up)), UInt64(UInt32(bitPattern: e.down))]
        }
        return bits + [r.bx0, r.by0, r.bx1, r.by1].map(\.bitPattern) + [r.mayOverlap ? 1 : 0]
    }

    @Test func edgesInsideTheClipAreTheClippingPathsEdges() {
        var rng = SplitMix64(seed: 37)
        let clip = PixelRect(x: 0, y: 0, width: 200, height: 150)
        var shortcuts = 0
        for _ in 0 ..< 200 {
            let polygons = Polygons(contours: contours(&rng))
            let fast = Rasterizer(), general = Rasterizer()
            general.clipsEveryEdge = true
            fast.buildEdges(polygons, clip: clip)
            general.buildEdges(polygons, clip: clip)
            #expect(fast.edgeCount > 0)
            #expect(edgeBits(fast) == edgeBits(general))
            var a = CoverageGrid(width: 200, height: 150), b = CoverageGrid(width: 200, height: 150)
            fast.fill(polygons, rule: .nonZero, clip: clip, into: &a)
            general.fill(polygons, rule: .nonZero, clip: clip, into: &b)
            #expect(a.cov == b.cov)
            #expect(a.violations == 0)
            if polygons.contourEnds.count > 1 { shortcuts += 1 }
        }
        #expect(shortcuts > 20)   // linked edges (several contours) were compared too
    }

    @Test func aContourTouchingTheClipTakesTheClippingPath() {
        // On the clip's left side: not strictly inside, so both build through `addLine`; the
        // part left of the clip folds onto its side.
        let polygons = Polygons(contours: [[Point(0, 10), Point(30, 12), Point(25, 40)], [Point(-5, 50), Point(20, 60), Point(10, 80)]])
        let clip = PixelRect(x: 0, y: 0, width: 100, height: 100)
        let fast = Rasterizer(), general = Rasterizer()
        general.clipsEveryEdge = true
        fast.buildEdges(polygons, clip: clip)
        general.buildEdges(polygons, clip: clip)
        #expect(edgeBits(fast) == edgeBits(general))
        #expect((0 ..< fast.edgeCount).contains { fast.edges.base[$0].x0 == 0 && fast.edges.base[$0].x1 == 0 })   // folded
    }

    @Test func anUntransformedStrokeIsTheOutlineTransformedLater() {
        var path = Path()
        path.move(to: Point(10, 20)); path.line(to: Point(40, 31)); path.cubic(to: Point(80, 10), control1: Point(60, 40), control2: Point(70, -5))
        for style in [StrokeStyle(width: 4, cap: .round), StrokeStyle(width: 6, dashes: [7, 3]), StrokeStyle(width: 3, join: .round)] {
            let plain = path.stroked(style)
            let moved = path.stroked(style, transform: .translation(8, 4))
            #expect(!plain.points.isEmpty)
            #expect(plain.contourEnds == moved.contourEnds)
            #expect(plain.points.map { Point($0.x + 8, $0.y + 4) } == moved.points)
        }
    }

    @Test func dashEndsSoughtFromThePreviousEndMatchTheSearchFromTheStart() throws {
        var arc = Path()
        arc.addEllipse(in: Rect(x: 160, y: 140, width: 1600, height: 800))
        let segment = try #require(arc.subpaths.first?.segments.first)
        let total = segment.length()
        #expect(total > 200)   // one of the twelve cubics: several dash ends on it
        // From the start it is the plain search, to the bit.
        let first = segment.parameter(atLength: 24, total: total, from: 0, lengthThere: 0)
        #expect(first.t == segment.parameter(atLength: 24, total: total))
        var anchor = first
        var s = 24.0
        while s + 36 < total {
            s += 36
            let next = segment.parameter(atLength: s, total: total, from: anchor.t, lengthThere: anchor.length)
            let plain = segment.parameter(atLength: s, total: total)
            #expect(abs(next.t - plain) < 1e-10)
            #expect(abs(segment.length(to: next.t) - s) < total * 1e-10)
            #expect(abs(next.length - s) < total * 1e-10)
            anchor = next
        }
        // Past the end and before the anchor: the segment's end, and the plain search.
        #expect(segment.parameter(atLength: total + 1, total: total, from: anchor.t, lengthThere: anchor.length).t == 1)
        #expect(segment.parameter(atLength: 10, total: total, from: anchor.t, lengthThere: anchor.length).t == segment.parameter(atLength: 10, total: total))
    }

    /// The shortcut's bounding box is the points' only when every point ends an edge: a spike
    /// of two horizontal sides (its tip on no edge) and a repeated first point (a flattened
    /// closed curve) give the clipping path's box to the bit, and so does a fill of each.
    @Test func theEdgesBoxLeavesOutAPointOnNoEdge() {
        let clip = PixelRect(x: 0, y: 0, width: 200, height: 150)
        let spike = [Point(50.5, 60.25), Point(60.5, 40.5), Point(90.75, 40.5), Point(70.25, 40.5), Point(55.5, 70.75)]
        let repeated = [Point(120.5, 80.5), Point(140.25, 100.5), Point(110.75, 120.25), Point(120.5, 80.5)]
        for contours in [[spike], [repeated], [spike, repeated], [[Point(3.5, 3.5), Point(3.5, 3.5), Point(3.5, 3.5)], repeated]] {
            let polygons = Polygons(contours: contours)
            let fast = Rasterizer(), general = Rasterizer()
            general.clipsEveryEdge = true
            fast.buildEdges(polygons, clip: clip)
            general.buildEdges(polygons, clip: clip)
            #expect(edgeBits(fast) == edgeBits(general))
            var a = CoverageGrid(width: 200, height: 150), b = CoverageGrid(width: 200, height: 150)
            fast.fill(polygons, rule: .nonZero, clip: clip, into: &a)
            general.fill(polygons, rule: .nonZero, clip: clip, into: &b)
            #expect(a.cov == b.cov)
        }
        // The spike's tip is on no edge: the box ends short of it.
        let r = Rasterizer()
        r.buildEdges(Polygons(contours: [spike]), clip: clip)
        #expect(r.bx1 == 70.25)
    }

    /// The convexity test without the clamp (a contour known to lie within ±1e15) answers as the
    /// clamped one on the random contours, convex and star-shaped.
    @Test func convexityWithoutTheClampIsTheClampedAnswer() {
        var rng = SplitMix64(seed: 38)
        var convex = 0, other = 0
        for k in 0 ..< 300 {
            // The random contours, and a plain regular polygon (convex) of 3 to 60 sides.
            let n = 3 + k % 58, r = 1 + Double(k % 40)
            let regular = (0 ..< n).map { i in
                Point(100 + r * cos(Double(i) * 2 * Double.pi / Double(n)), 70 + r * sin(Double(i) * 2 * Double.pi / Double(n)))
            }
            for c in contours(&rng) + [regular] {
                c.withUnsafeBufferPointer { pts in
                    let clamped = Rasterizer.isConvex(pts, 0, pts.count)
                    #expect(Rasterizer.isConvex(pts, 0, pts.count, clamp: false) == clamped)
                    if clamped { convex += 1 } else { other += 1 }
                }
            }
        }
        #expect(convex > 50 && other > 50)
    }
}
