import Foundation
import Raster
import Testing
import TestSupport

/// Culling to the clip (`ClipCull`): geometry outside costs O(1) per segment, and no pixel inside
/// the clip changes.
@Suite struct ClipCullTests {
    // MARK: Cost follows what can be seen

    /// flipbook-fuzz paths case 33 (seed 1): an ellipse at x = 1e300 under a transform with a
    /// 4e5 shear. Evaluating its curves at 1e300 gives x noise of 1e284 against a tolerance of
    /// 6e-7, so every flattened vertex turned into a half-turn round join: 37 million points, 2.9 s.
    @Test func hugeEllipseFarOutsideTheClipStrokesToAFewPoints() {
        var p = Path()
        p.addEllipse(in: Rect(x: 1e300, y: 140, width: 0, height: 142.6))
        let t = Transform(a: -0.745, b: 0.4435, c: 399_045.6, d: 2.049, tx: -27.85, ty: 1e19)
        let style = StrokeStyle(width: 19.74, join: .miter, miterLimit: -17.2)
        let outline = p.stroked(style, transform: t, clip: Rect(x: 0, y: 0, width: 30, height: 21))
        #expect(outline.points.count < 100)
    }

    /// A circle of radius 1e5 round a 100-px view: only the curves near the view are flattened.
    @Test func hugeCircleRoundASmallViewCostsWhatTheViewShows() {
        var p = Path()
        p.addEllipse(in: Rect(x: -1e5 + 50, y: -1e5 + 50, width: 2e5, height: 2e5))
        p.addArc(center: Point(50, 50 - 1e5), radius: 1e5, startAngle: 0, endAngle: 7, clockwise: false)
        let view = Rect(x: 0, y: 0, width: 100, height: 100)
        let cheap = p.stroked(StrokeStyle(width: 4, cap: .round, join: .round), transform: .scale(3, 3), clip: view)
        let full = p.stroked(StrokeStyle(width: 4, cap: .round, join: .round), transform: .scale(3, 3))
        #expect(full.points.count > 20_000)
        #expect(cheap.points.count < full.points.count / 20)
        #expect(p.flattened(transform: .scale(3, 3), clip: view).points.count
                < p.flattened(transform: .scale(3, 3)).points.count / 20)
    }

    /// flipbook-fuzz paths case 126 (seed 2): a 267,000-unit rectangle under a 388,000× shear,
    /// dashed every 0.71 units: 377,000 dashes, all outside the 37×16 view, were each built and
    /// stroked (2.7 s).
    @Test func dashesOutsideTheClipAreLeftOut() {
        var p = Path()
        p.addRect(Rect(x: -304.9, y: -267_318.8, width: 155.4, height: 267_252.4))
        let t = Transform(a: -1.044, b: 0.754, c: -388_010.7, d: -2.242, tx: 47, ty: -8.5)
        let style = StrokeStyle(width: 4.47, dashes: [0.71])
        let outline = p.stroked(style, transform: t, clip: Rect(x: 0, y: 0, width: 37, height: 16))
        #expect(outline.points.count < 1000)
    }

    /// flipbook-fuzz paths case 2170 (seed 2): dashes round a circle 545,000 px left of the view
    /// under a 407,000× vertical scale. Grown by the pen's reach times the largest stretch, each
    /// dash seemed to reach the view; the pen's image is only 36 px wide across.
    @Test func aOneSidedScaleGrowsThePenAlongThatAxisOnly() {
        var p = Path()
        p.addEllipse(in: Rect(x: 314_321, y: -196.6, width: 89.8, height: 175.5))
        let t = Transform(a: -1.734, b: 0.539, c: 0.532, d: -407_572.5, tx: 40.4, ty: 20.1)
        let style = StrokeStyle(width: 19.8, cap: .round, join: .round, dashes: [4.42], dashPhase: -18.4)
        #expect(p.stroked(style, transform: t, clip: Rect(x: 0, y: 0, width: 80, height: 96)).points.count < 100)
    }

    /// flipbook-fuzz paths case 1089 (seed 1): 3,050 dashes of a pen 100,000 units wide under a
    /// 261,000× shear: every round cap crosses the 91×84 view and was flattened whole, 8192 points
    /// each. Only the runs of the arc near the view keep their points.
    @Test func capsWiderThanTheViewKeepOnlyTheArcNearIt() {
        var p = Path()
        p.move(to: Point(-50, 39_190)); p.line(to: Point(-40, 39_190))
        let t = Transform(a: 0.283, b: 261_505.7, c: -0.743, d: 1.304, tx: 12.4, ty: 38.9)
        let style = StrokeStyle(width: 102_512.8, cap: .round)
        let full = p.stroked(style, transform: t)
        #expect(full.points.count > 16_000)
        #expect(p.stroked(style, transform: t, clip: Rect(x: 0, y: 0, width: 91, height: 84)).points.count * 20 < full.points.count)
    }

    /// flipbook-fuzz paths case 17184 (seed 1): a cubic 450,000 units long, dashed 110,000 times,
    /// crosses a 75×88 view: every dash was measured on the curve and stroked (2.2 s). Only the
    /// dashes on the parts of the curve near the view are.
    @Test func dashesOnHiddenPartsOfAVisibleCurveAreLeftOut() {
        var p = Path()
        p.move(to: Point(183.7, 13.3))
        p.cubic(to: Point(13.3, -41.5), control1: Point(109.5, -226_844.2), control2: Point(-188.5, -88.3))
        let t = Transform(a: 1.72, b: 0.586, c: 0.965, d: -0.721, tx: 5.1, ty: -106_556.5)
        let style = StrokeStyle(width: 14.2, cap: .round, dashes: [1.17, 2.99])
        #expect(p.stroked(style, transform: t, clip: Rect(x: 0, y: 0, width: 75, height: 88)).contourCount < 2000)
    }

    /// Long curves dashed into hundreds of pieces each, partly visible: the dashes left out by
    /// their curves' tables change no pixel.
    @Test func dashesLeftOutByPartsOfCurvesChangeNoPixel() throws {
        var rng = SeededRandom(seed: 17184)
        var culled = 0
        for n in 0..<40 {
            var path = Path()
            func point() -> Point { Point(48 + (rng.unit() - 0.5) * 1200, 36 + (rng.unit() - 0.5) * 1200) }
            path.move(to: point())
            for _ in 0..<2 { path.cubic(to: point(), control1: point(), control2: point()) }
            let t = Self.randomTransform(&rng)
            let style = StrokeStyle(width: 1 + rng.unit() * 12, cap: [.butt, .round, .square][Int(rng.next() % 3)],
                                    join: .miter, dashes: [1 + rng.unit() * 4, 1 + rng.unit() * 4], dashPhase: rng.unit() * 5)
            let whole = try #require(Bitmap(width: 96, height: 72)), clipped = try #require(Bitmap(width: 96, height: 72))
            let view = PixelRect(x: 16, y: 12, width: 64, height: 48)
            let a = Canvas(BitmapView(whole, rect: view)), b = Canvas(BitmapView(clipped, rect: view))
            let full = path.stroked(style, transform: t)
            let cheap = path.stroked(style, transform: t, clip: b.visibleRect)
            if cheap.contourCount < full.contourCount { culled += 1 }
            a.fill(full, paint: .solid(.white))
            b.fill(cheap, paint: .solid(.white))
            #expect(Self.firstDifference(whole, clipped) == nil, "case \(n): \(style)")
        }
        #expect(culled > 30)
    }

    /// flipbook-fuzz layers case 753 (seed 1): a border 1e19 wide round a layer 1e19 across;
    /// every inner join fanned through the view (983,000 points, 4 s). A chord's rectangle holds
    /// the whole view, so the outline is the view's rectangle, and the pixels are those of the
    /// full outline.
    @Test func aStrokeThatHoldsTheWholeClipIsTheClipsRectangle() throws {
        var p = Path()
        p.addRoundedRect(Rect(x: -3e5, y: -2e5, width: 6e5, height: 4e5), cornerRadius: 1e5)
        let style = StrokeStyle(width: 5e5, join: .round)
        let t = Transform.rotation(0.3).concatenating(.translation(48, 36))
        let whole = try #require(Bitmap(width: 96, height: 72)), clipped = try #require(Bitmap(width: 96, height: 72))
        let view = PixelRect(x: 16, y: 12, width: 64, height: 48)
        let a = Canvas(BitmapView(whole, rect: view)), b = Canvas(BitmapView(clipped, rect: view))
        let cheap = p.stroked(style, transform: t, clip: b.visibleRect)
        #expect(cheap.points.count == 4)
        a.fill(p.stroked(style, transform: t), paint: .solid(.white))
        b.fill(cheap, paint: .solid(.white))
        #expect(Self.firstDifference(whole, clipped) == nil)
        #expect(clipped[40, 30] == Color.white.premultipliedPixel && clipped[5, 5] == 0)
    }

    /// Long straight strokes about as wide as the view, at every angle: only those whose band
    /// holds all four corners become the view's rectangle, and no pixel changes.
    @Test func bandsAboutAsWideAsTheViewCoverItOnlyWhenTheyHoldIt() throws {
        var rng = SeededRandom(seed: 753)
        var covered = 0
        for n in 0..<200 {
            let angle = rng.unit() * .pi, c = Point(48 + (rng.unit() - 0.5) * 40, 36 + (rng.unit() - 0.5) * 40)
            let d = Point(cos(angle), sin(angle)) * 1000
            var p = Path()
            p.move(to: c - d); p.line(to: c + d)
            let style = StrokeStyle(width: 50 + rng.unit() * 80)
            let whole = try #require(Bitmap(width: 96, height: 72)), clipped = try #require(Bitmap(width: 96, height: 72))
            let view = PixelRect(x: 16, y: 12, width: 64, height: 48)
            let a = Canvas(BitmapView(whole, rect: view)), b = Canvas(BitmapView(clipped, rect: view))
            let cheap = p.stroked(style, clip: b.visibleRect)
            if cheap.points.count == 4 { covered += 1 }
            a.fill(p.stroked(style), paint: .solid(.white))
            b.fill(cheap, paint: .solid(.white))
            #expect(Self.firstDifference(whole, clipped) == nil, "case \(n)")
        }
        #expect(covered > 10)
    }

    /// A zigzag of sharp round joins far off the view gets no arc points there.
    @Test func roundJoinsOutsideTheClipGetNoArcPoints() {
        var p = Path()
        p.move(to: Point(5000, 0))
        for i in 1...200 { p.line(to: Point(5000 + Double(i), i % 2 == 0 ? 0 : 50)) }
        let style = StrokeStyle(width: 40, cap: .round, join: .round)
        let cheap = p.stroked(style, tolerance: 0.008, clip: Rect(x: 0, y: 0, width: 100, height: 100))
        let full = p.stroked(style, tolerance: 0.008)
        #expect(cheap.points.count < 6 * 202)
        #expect(full.points.count > 10 * cheap.points.count)
    }

    // MARK: Exactness: no pixel inside the clip changes

    /// Random paths straddling the clip (curves just outside, across and far away), random
    /// transforms, widths, caps, joins, miter limits and dashes: the stroke made for the clip fills
    /// the same pixels, byte for byte, as the full stroke; nothing outside the view changes.
    @Test func strokesMadeForTheClipFillTheSamePixels() throws {
        var rng = SeededRandom(seed: 18)
        var culled = 0
        for n in 0..<150 {
            let path = Self.randomPath(&rng)
            let t = Self.randomTransform(&rng)
            var style = StrokeStyle(width: 0.5 + rng.unit() * 30, cap: [.butt, .round, .square][Int(rng.next() % 3)],
                                    join: [.miter, .round, .bevel][Int(rng.next() % 3)],
                                    miterLimit: [1, 4, 10, -17, .nan, 1e6][Int(rng.next() % 6)])
            if rng.unit() < 0.25 { style.dashes = [3 + rng.unit() * 20, 2 + rng.unit() * 10]; style.dashPhase = rng.unit() * 9 }
            let whole = try #require(Bitmap(width: 96, height: 72)), clipped = try #require(Bitmap(width: 96, height: 72))
            let view = PixelRect(x: 16, y: 12, width: 64, height: 48)
            let a = Canvas(BitmapView(whole, rect: view)), b = Canvas(BitmapView(clipped, rect: view))
            let full = path.stroked(style, transform: t)
            let cheap = path.stroked(style, transform: t, clip: b.visibleRect)
            if cheap.points.count < full.points.count { culled += 1 }
            a.fill(full, paint: .solid(.white))
            b.fill(cheap, paint: .solid(.white))
            #expect(Self.firstDifference(whole, clipped) == nil, "case \(n): \(style)")
        }
        #expect(culled > 50)
    }

    /// Pens from 50 to 3000 px wide, round caps and joins whose arcs cross the view, and dots
    /// (discs) whose rims pass within 40 px of its centre near their extremes in x or y: the arcs are culled run by run (those
    /// longer than 64 steps), and no pixel changes.
    @Test func wideRoundCapsAndJoinsFillTheSamePixels() throws {
        var rng = SeededRandom(seed: 1089)
        var culled = 0
        for n in 0..<100 {
            var path = Self.randomPath(&rng)
            var t = Self.randomTransform(&rng)
            let width = 50 + rng.unit() * 2950
            if n % 2 == 0 {
                // Near the disc's leftmost, topmost… points, where an arc bulges past its chord's box.
                let angle = Double(rng.next() % 4) * .pi / 2 + (rng.unit() - 0.5) * 0.2, d = width / 2 + (rng.unit() - 0.5) * 80
                let c = Point(48 + d * cos(angle), 36 + d * sin(angle))
                path = Path(); path.move(to: c); path.line(to: c)
                // Turned about its centre, so that the runs do not start at the extremes.
                t = Transform.translation(-c.x, -c.y).concatenating(.rotation(rng.unit() * 2 * .pi)).concatenating(.translation(c.x, c.y))
            }
            var style = StrokeStyle(width: width, cap: rng.unit() < 0.7 ? .round : .square, join: .round)
            if rng.unit() < 0.5 { style.dashes = [20 + rng.unit() * 200, 10 + rng.unit() * 100] }
            let whole = try #require(Bitmap(width: 96, height: 72)), clipped = try #require(Bitmap(width: 96, height: 72))
            let view = PixelRect(x: 16, y: 12, width: 64, height: 48)
            let a = Canvas(BitmapView(whole, rect: view)), b = Canvas(BitmapView(clipped, rect: view))
            let full = path.stroked(style, transform: t)
            let cheap = path.stroked(style, transform: t, clip: b.visibleRect)
            if cheap.points.count < full.points.count { culled += 1 }
            a.fill(full, paint: .solid(.white))
            b.fill(cheap, paint: .solid(.white))
            #expect(Self.firstDifference(whole, clipped) == nil, "case \(n): \(style)")
        }
        #expect(culled > 40)
    }

    /// The same for fills under both rules: `Canvas.fill(path)` culls to the clip; the polygons
    /// flattened without a clip are the reference.
    @Test func fillsFlattenedForTheClipFillTheSamePixels() throws {
        var rng = SeededRandom(seed: 33)
        var culled = 0
        for n in 0..<150 {
            let path = Self.randomPath(&rng)
            let t = Self.randomTransform(&rng)
            let rule: FillRule = rng.unit() < 0.5 ? .nonZero : .evenOdd
            let whole = try #require(Bitmap(width: 96, height: 72)), clipped = try #require(Bitmap(width: 96, height: 72))
            var a = Canvas(whole), b = Canvas(clipped)
            a.clip = PixelRect(x: 16, y: 12, width: 64, height: 48); b.clip = a.clip
            let full = path.flattened(transform: t)
            if path.flattened(transform: t, clip: Rect(b.clip)).points.count < full.points.count { culled += 1 }
            a.fill(full, rule: rule, paint: .solid(.white))
            b.fill(path, transform: t, rule: rule, paint: .solid(.white))
            #expect(Self.firstDifference(whole, clipped) == nil, "case \(n)")
        }
        #expect(culled > 50)
    }

    // MARK: Helpers

    /// Lines, quads and cubics whose points mostly lie within 150 px of the view (so that many
    /// curves pass just outside it), some far away; a few subpaths closed.
    static func randomPath(_ rng: inout SeededRandom) -> Path {
        func point() -> Point {
            let far = rng.unit() < 0.1 ? 3000.0 : 150
            return Point(48 + (rng.unit() - 0.5) * 2 * far, 36 + (rng.unit() - 0.5) * 2 * far)
        }
        var p = Path()
        for _ in 0..<(1 + Int(rng.next() % 3)) {
            p.move(to: point())
            for _ in 0..<(1 + Int(rng.next() % 6)) {
                switch rng.next() % 4 {
                case 0: p.line(to: point())
                case 1: p.quad(to: point(), control: point())
                default: p.cubic(to: point(), control1: point(), control2: point())
                }
            }
            if rng.unit() < 0.3 { p.close() }
        }
        if rng.unit() < 0.3 { p.addEllipse(in: Rect(x: 48 - 60, y: 36 - 70, width: 120 + rng.unit() * 20, height: 140)) }
        return p
    }

    /// Identity, or a rotation, scale (0.3…3) and shear about the view's centre.
    static func randomTransform(_ rng: inout SeededRandom) -> Transform {
        guard rng.unit() < 0.7 else { return .identity }
        let angle = rng.unit() * 2 * .pi, s = 0.3 + rng.unit() * 2.7, shear = (rng.unit() - 0.5)
        return Transform.translation(-48, -36)
            .concatenating(Transform(a: s, b: 0, c: shear * s, d: s * (0.5 + rng.unit()), tx: 0, ty: 0))
            .concatenating(.rotation(angle))
            .concatenating(.translation(48, 36))
    }

    /// The first pixel at which two same-sized bitmaps differ, or nil.
    static func firstDifference(_ a: Bitmap, _ b: Bitmap) -> (x: Int, y: Int, UInt32, UInt32)? {
        for y in 0..<a.height { for x in 0..<a.width where a[x, y] != b[x, y] { return (x, y, a[x, y], b[x, y]) } }
        return nil
    }
}
