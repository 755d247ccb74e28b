import Foundation
@testable import Raster
import SplitMix
import Testing

/// The small convex fill (Rasterizer+Small.swift): the same spans, in the same order with the
/// same bytes, as `buildEdges` and `sweepFixed` give the same contour, for every shape it takes,
/// and bad input leaves it for the general path without leaving anything behind.
struct RasterizerSmallTests {
    /// Every span a fill reports, as it reports it (kind, row, column, coverage bytes).
    struct SpanLog: SpanSink, Equatable {
        var spans: [[Int]] = []
        mutating func solidSpan(y: Int, x: Int, count: Int, coverage: UInt8) {
            spans.append([0, y, x, count, Int(coverage)])
        }
        mutating func maskSpan(y: Int, x: Int, coverage: UnsafePointer<UInt8>, count: Int) {
            spans.append([1, y, x, count] + (0 ..< count).map { Int(coverage[$0]) })
        }
    }

    /// A random convex polygon of at most `size` px: points on an ellipse at increasing angles,
    /// some pixel-aligned (sides on cell sides, horizontal and vertical sides), some repeated,
    /// some on a straight side.
    func convexPolygon(_ rng: inout SplitMix64, size: Double, in box: Double) -> [Point] {
        func unit() -> Double { Double(rng.next() % 1_000_000) / 1_000_000 }
        let cx = unit() * box, cy = unit() * box
        let rx = 0.05 + unit() * size / 2, ry = 0.05 + unit() * size / 2, tilt = unit() * Double.pi
        let n = 3 + Int(rng.next() % 60)
        var angles = (0 ..< n).map { _ in unit() * 2 * Double.pi }
        angles.sort()
        var pts: [Point] = []
        for a in angles {
            let x = rx * cos(a), y = ry * sin(a)
            pts.append(Point(cx + x * cos(tilt) - y * sin(tilt), cy + x * sin(tilt) + y * cos(tilt)))
        }
        switch rng.next() % 6 {
        case 0: pts = pts.map { Point($0.x.rounded(), $0.y.rounded()) }
        case 1: pts.insert(pts[0], at: 0)                                     // a side of no length
        case 2: pts.insert(Point((pts[0].x + pts[1].x) / 2, (pts[0].y + pts[1].y) / 2), at: 1)   // straight on
        default: break
        }
        return rng.next() % 2 == 0 ? pts : pts.reversed()
    }

    func spans(_ polygons: Polygons, rule: FillRule, clip: PixelRect, small: Bool, rasterizer: Rasterizer? = nil) -> SpanLog {
        let r = rasterizer ?? Rasterizer()
        r.skipsSmallConvex = !small
        var log = SpanLog()
        r.fill(polygons, rule: rule, clip: clip, into: &log)
        return log
    }

    @Test func theSmallFillGivesTheSweepsSpans() {
        var rng = SplitMix64(seed: 4242)
        let shared = Rasterizer()   // reused: the grid must be clean after every fill
        var taken = 0
        for k in 0 ..< 3000 {
            let size: Double = [1, 4, 16, 40, 62, 90][k % 6]
            let poly = Polygons(contours: [convexPolygon(&rng, size: size, in: 120)])
            let clip = k % 5 == 0 ? PixelRect(x: 20, y: 15, width: 70, height: 80) : PixelRect(x: 0, y: 0, width: 140, height: 130)
            let rule: FillRule = k % 3 == 0 ? .evenOdd : .nonZero
            let reference = spans(poly, rule: rule, clip: clip, small: false)
            let small = spans(poly, rule: rule, clip: clip, small: true, rasterizer: shared)
            #expect(small == reference, "polygon \(k)")
            var probe = SpanLog()
            if Rasterizer().fillSmallConvex(poly, rule: rule, clip: clip, into: &probe) { taken += 1 }
        }
        #expect(taken > 1500, "only \(taken) of 3000 polygons took the small path")
    }

    @Test func circlesAndStrokesGiveTheSweepsSpans() {
        // The benchmark's shapes and their neighbours: circles of radius 0.3 to 40 px at
        // fractional centres, round- and square-capped straight strokes at every angle.
        let shared = Rasterizer()
        let clip = PixelRect(x: 0, y: 0, width: 200, height: 200)
        var taken = 0, count = 0
        for i in 0 ..< 400 {
            let t = Double(i)
            let r = [0.3, 1, 2.5, 8, 15.7, 29, 40][i % 7]
            var circle = Path()
            circle.addEllipse(in: Rect(x: 100 + 0.37 * t.truncatingRemainder(dividingBy: 7) - r,
                                       y: 90 + 0.61 * t.truncatingRemainder(dividingBy: 5) - r, width: 2 * r, height: 2 * r))
            let a = t * 0.37, len = [0.0, 3, 12, 24][i % 4]
            var line = Path()
            line.move(to: Point(100 - len * cos(a), 100 - len * sin(a))); line.line(to: Point(100 + len * cos(a), 100 + len * sin(a)))
            let style = StrokeStyle(width: [1, 4, 9][i % 3], cap: i % 2 == 0 ? .round : .square)
            for poly in [circle.flattened(transform: .identity), line.stroked(style)] {
                #expect(spans(poly, rule: .nonZero, clip: clip, small: true, rasterizer: shared)
                        == spans(poly, rule: .nonZero, clip: clip, small: false), "shape \(i)")
                var probe = SpanLog()
                if Rasterizer().fillSmallConvex(poly, rule: .nonZero, clip: clip, into: &probe) { taken += 1 }
                count += 1
            }
        }
        #expect(taken * 2 > count, "only \(taken) of \(count) shapes took the small path")
    }

    @Test func wholeRowsPaintTheSpansBytes() {
        // `SolidPainter` with an opaque colour at full opacity takes each row as one mask span
        // (`solidSpansAreMasks`): the bytes the sweep's solid and mask spans give over a
        // background of every premultiplied kind; translucent colours and opacities keep spans.
        var rng = SplitMix64(seed: 4343)
        let w = 140, h = 130, clip = PixelRect(x: 0, y: 0, width: w, height: h)
        let colors = [Color(r: 0.2, g: 0.6, b: 1, a: 0.5), Color(hex: 0xF08030), Color(r: 1, g: 1, b: 1, a: 0.02)]
        var background = [UInt32](repeating: 0, count: w * h)
        for i in background.indices {
            let a = UInt32(truncatingIfNeeded: rng.next() % 256)
            func channel() -> UInt32 { UInt32(truncatingIfNeeded: rng.next() % UInt64(a + 1)) }
            background[i] = i % 7 == 0 ? 0 : channel() | channel() << 8 | channel() << 16 | a << 24
        }
        let srcRow = UnsafeMutablePointer<UInt32>.allocate(capacity: w), covRow = UnsafeMutablePointer<UInt8>.allocate(capacity: w)
        defer { srcRow.deallocate(); covRow.deallocate() }
        let shared = Rasterizer()
        var taken = 0
        for k in 0 ..< 900 {
            let size: Double = [1, 4, 16, 40, 62][k % 5]
            let poly = Polygons(contours: [convexPolygon(&rng, size: size, in: 120)])
            let rule: FillRule = k % 3 == 0 ? .evenOdd : .nonZero
            let color = colors[k % colors.count].premultipliedPixel
            let opacity: UInt32 = k % 4 == 3 ? 140 : 255
            func paint(small: Bool) -> [UInt32] {
                let bitmap = Bitmap(width: w, height: h)!
                for i in background.indices { bitmap.pixels[i] = background[i] }
                var sink = SolidPainter(target: Target(pixels: bitmap.pixels, stride: bitmap.stride, opacity: opacity, maskBase: nil,
                                                       maskStride: 0, maskX: 0, maskY: 0, srcRow: srcRow, covRow: covRow),
                                        color: color)
                #expect(sink.solidSpansAreMasks == (opacity == 255 && color >> 24 == 255))
                let r = small ? shared : Rasterizer()
                r.skipsSmallConvex = !small
                r.fill(poly, rule: rule, clip: clip, into: &sink)
                return Array(UnsafeBufferPointer(start: bitmap.pixels, count: w * h))
            }
            #expect(paint(small: true) == paint(small: false), "polygon \(k)")
            var probe = SpanLog()
            if Rasterizer().fillSmallConvex(poly, rule: rule, clip: clip, into: &probe) { taken += 1 }
        }
        #expect(taken > 450, "only \(taken) of 900 polygons took the small path")
    }

    @Test func theGridsLimitsAndBadInputLeaveItClean() {
        let shared = Rasterizer()
        let clip = PixelRect(x: 0, y: 0, width: 300, height: 300)
        func square(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Polygons {
            Polygons(contours: [[Point(x, y), Point(x + w, y), Point(x + w, y + h), Point(x, y + h)]])
        }
        // Around the widest row (63 cells: 61 columns) and the most cells (4096).
        for w in [58.5, 59.5, 60.0, 60.5, 61.0, 61.5, 62.5] {
            for h in [1.0, 60.5, 66.2, 70.0] {
                let poly = square(10.25, 20.5, w, h)
                #expect(spans(poly, rule: .nonZero, clip: clip, small: true, rasterizer: shared)
                        == spans(poly, rule: .nonZero, clip: clip, small: false), "\(w) × \(h)")
            }
        }
        // An edge too steep to divide by (dy subnormal): the general path, and the grid clean.
        let steep = Polygons(contours: [[Point(5, 0), Point(9, Double.leastNonzeroMagnitude), Point(9, 6), Point(5, 6)]])
        var probe = SpanLog()
        #expect(!shared.fillSmallConvex(steep, rule: .nonZero, clip: clip, into: &probe))
        #expect(probe.spans.isEmpty)
        #expect(spans(steep, rule: .nonZero, clip: clip, small: true, rasterizer: shared)
                == spans(steep, rule: .nonZero, clip: clip, small: false))
        // Not finite, outside the clip, straight back on itself, two contours: not taken.
        for bad in [Polygons(contours: [[Point(1, 1), Point(.nan, 4), Point(4, 4)]]),
                    Polygons(contours: [[Point(1, 1), Point(.infinity, 4), Point(4, 4)]]),
                    Polygons(contours: [[Point(-1, 1), Point(4, 1), Point(4, 4)]]),
                    Polygons(contours: [[Point(1, 1), Point(4, 1), Point(2, 1), Point(4, 4)]]),
                    Polygons(contours: [[Point(1, 1), Point(4, 1), Point(4, 4)], [Point(5, 5), Point(6, 5), Point(6, 6)]])] {
            var log = SpanLog()
            #expect(!shared.fillSmallConvex(bad, rule: .nonZero, clip: clip, into: &log))
            #expect(log.spans.isEmpty)
        }
        // After all that, a fill on the shared rasterizer is a fresh one's.
        let poly = square(3.3, 4.7, 20.2, 11.9)
        #expect(spans(poly, rule: .evenOdd, clip: clip, small: true, rasterizer: shared)
                == spans(poly, rule: .evenOdd, clip: clip, small: false))
    }
}
