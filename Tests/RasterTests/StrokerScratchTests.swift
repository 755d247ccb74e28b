import Foundation
@testable import Raster
import SplitMix
import Testing

/// The working memory kept between calls (#37: circles and strokes) changes no result: a stroke's
/// outline with the thread's kept arrays is the outline a fresh thread makes, subpaths collected
/// over an older path's are the path's own, and the branch-free convexity test answers as the
/// test it replaced.
struct StrokerScratchTests {
    /// Paths of every kind the stroker takes: lines, curves, closed and open, several subpaths,
    /// dots, long ones that grow the arrays past what the next one needs.
    func paths(_ rng: inout SplitMix64) -> [Path] {
        func unit() -> Double { Double(rng.next() % 1_000_000) / 1_000_000 }
        var all: [Path] = []
        for k in 0 ..< 60 {
            var p = Path()
            for s in 0 ..< 1 + k % 4 {
                let x = 20 + unit() * 300, y = 20 + unit() * 200
                p.move(to: Point(x, y))
                for i in 0 ..< (k % 5 == 0 ? 40 + s : 1 + Int(rng.next() % 6)) {
                    let q = Point(20 + unit() * 300, 20 + unit() * 200)
                    if i % 3 == 1 {
                        p.cubic(to: q, control1: Point(unit() * 340, unit() * 240), control2: Point(unit() * 340, unit() * 240))
                    } else {
                        p.line(to: q)
                    }
                }
                if (k + s) % 3 == 0 { p.close() }
            }
            if k % 9 == 4 { p.move(to: Point(50, 50)); p.line(to: Point(50, 50)) }   // a dot
            if k % 7 == 2 { p.addEllipse(in: Rect(x: unit() * 200, y: unit() * 100, width: 3 + unit() * 80, height: 3 + unit() * 60)) }
            all.append(p)
        }
        return all
    }

    func styles(_ k: Int) -> StrokeStyle {
        switch k % 4 {
        case 0: return StrokeStyle(width: 4, cap: .round)
        case 1: return StrokeStyle(width: 1.5, cap: .square, join: .miter)
        case 2: return StrokeStyle(width: 9, cap: .butt, join: .round, dashes: [7, 3])
        default: return StrokeStyle(width: 0.7, join: .bevel)
        }
    }

    /// An outline's bits, written by another thread and read after it signalled.
    final class Result: @unchecked Sendable { var bits: [UInt64] = [] }

    /// Points (as bits) and contour ends of an outline.
    func bits(_ p: Polygons) -> [UInt64] {
        p.points.flatMap { [$0.x.bitPattern, $0.y.bitPattern] } + p.contourEnds.map { UInt64($0) }
    }

    /// Every outline made on this thread, one after another (each call taking the arrays the
    /// last one left), is bit for bit the outline a new thread makes for the same call alone.
    @Test func keptArraysGiveTheFreshOutline() {
        var rng = SplitMix64(seed: 37)
        let all = paths(&rng)
        let clip = Rect(x: 40, y: 30, width: 200, height: 150)
        var here: [[UInt64]] = []
        for (k, p) in all.enumerated() {
            here.append(bits(p.stroked(styles(k), clip: k % 2 == 0 ? clip : nil)))
        }
        for (k, p) in all.enumerated() {
            let fresh = Result()
            let done = DispatchSemaphore(value: 0)
            let style = styles(k), cut: Rect? = k % 2 == 0 ? clip : nil
            let thread = Thread {
                fresh.bits = bits(p.stroked(style, clip: cut))
                done.signal()
            }
            thread.start()
            done.wait()
            #expect(here[k] == fresh.bits, "path \(k)")
        }
        #expect(here.contains { $0.count > 400 } && here.contains { $0.count < 200 })
    }

    /// Subpaths collected over an array holding another path's (more of them, longer ones, or
    /// fewer) are the path's `subpaths`, field for field.
    @Test func collectedSubpathsOverOldOnesAreThePathsOwn() {
        var rng = SplitMix64(seed: 38)
        let all = paths(&rng)
        func fields(_ s: [Subpath]) -> [String] {
            s.map { "\($0.start) \($0.segments) \($0.isClosed) \($0.hasDrawingElements) \($0.isFinite)" }
        }
        var kept: [Subpath] = []
        for p in all + all.reversed() {
            p.collectSubpaths(into: &kept)
            #expect(fields(kept) == fields(p.subpaths))
        }
        var bad = Path()
        bad.move(to: Point(1, 2)); bad.line(to: Point(.nan, 3)); bad.close(); bad.line(to: Point(4, 4))
        bad.collectSubpaths(into: &kept)
        #expect(fields(kept) == fields(bad.subpaths) && kept.count == 2 && !kept[0].isFinite && kept[1].isFinite)
    }

    /// The convexity test as it was (turn bits, sign of dy as a `Double`, branches), the reference
    /// for the branch-free `TurnCheck`.
    func referenceIsConvex(_ pts: [Point]) -> Bool {
        var turns = 0, reversals = 0
        var lastX = 0.0, lastY = 0.0, firstX = 0.0, firstY = 0.0, way = 0.0, firstWay = 0.0
        var prev = pts[pts.count - 1]
        for p in pts {
            let dx = p.x - prev.x, dy = p.y - prev.y
            prev = p
            guard dx != 0 || dy != 0 else { continue }
            let c = lastX * dy - lastY * dx
            turns |= (c > 0 ? 1 : 0) | (c < 0 ? 2 : 0)
            if c == 0 && lastX * dx + lastY * dy < 0 { turns = 3 }
            if firstX == 0 && firstY == 0 { firstX = dx; firstY = dy }
            lastX = dx; lastY = dy
            if dy != 0 {
                let s = dy > 0 ? 1.0 : -1.0
                if way != 0 && s != way { reversals += 1 }
                if firstWay == 0 { firstWay = s }
                way = s
            }
        }
        let c = lastX * firstY - lastY * firstX
        turns |= (c > 0 ? 1 : 0) | (c < 0 ? 2 : 0)
        if c == 0 && lastX * firstX + lastY * firstY < 0 { turns = 3 }
        if way != firstWay { reversals += 1 }
        return turns != 3 && reversals <= 2
    }

    /// Random polygons, convex and not: regular ones (some with repeated points, level sides,
    /// collinear points, a side straight back), stars, zigzags, points on a line, a lone point.
    @Test func branchFreeConvexityAnswersAsBefore() {
        var rng = SplitMix64(seed: 39)
        func unit() -> Double { Double(rng.next() % 1_000_000) / 1_000_000 }
        var convex = 0, other = 0
        for k in 0 ..< 3000 {
            var pts: [Point] = []
            let n = 1 + Int(rng.next() % 40), r = 0.5 + unit() * 30, turn = k % 2 == 0 ? 1.0 : -1.0
            for i in 0 ..< n {
                let a = turn * Double(i) * 2 * Double.pi / Double(n)
                var radius = r
                switch k % 6 {
                case 1: radius = i % 2 == 1 ? r * 0.5 : r                         // a star
                case 2: radius = r * (0.8 + 0.4 * unit())                           // bumpy
                default: break
                }
                var p = Point(100 + radius * cos(a), 80 + radius * sin(a))
                if k % 5 == 3 { p = Point(p.x.rounded(), p.y.rounded()) }         // on the grid: level and repeated
                pts.append(p)
                if k % 7 == 1 && i % 5 == 2 { pts.append(p) }                        // a repeated point
                if k % 11 == 4 && i == n / 2 { pts.append(Point(p.x + 3, p.y)); pts.append(p) }   // straight back
                if k % 13 == 6 && i % 4 == 1 { pts.append(Point(p.x + 1, p.y)) }    // a level side
            }
            if k % 17 == 8 { pts = (0 ..< n).map { Point(Double($0), 2 * Double($0)) } }   // on a line
            if k % 19 == 9 { pts = (0 ..< n).map { Point(Double($0 % 3) * 4, Double($0)) } }   // a zigzag
            let expected = referenceIsConvex(pts)
            pts.withUnsafeBufferPointer { b in
                #expect(Rasterizer.isConvex(b, 0, b.count, clamp: false) == expected, "polygon \(k)")
                #expect(Rasterizer.isConvex(b, 0, b.count) == expected, "polygon \(k)")
            }
            if expected { convex += 1 } else { other += 1 }
        }
        #expect(convex > 500 && other > 500)
    }
}
