import Raster
import SplitMix
import Testing

/// Outlines clipped to the fill's window before the scan (Polygons+Clip.swift): the same pixels, at
/// a cost that follows what is inside the window.
struct PolygonsClipTests {
    static func filled(_ p: Polygons, rule: FillRule, width: Int = 40, height: Int = 30) -> Bitmap {
        let bmp = Bitmap(width: width, height: height)!
        Canvas(bmp).fill(p, rule: rule, paint: .solid(Color(r: 1, g: 1, b: 1, a: 1)))
        return bmp
    }

    static func maxDifference(_ a: Bitmap, _ b: Bitmap) -> Int {
        var worst = 0
        for y in 0..<a.height { for x in 0..<a.width {
            let p = a[x, y], q = b[x, y]
            worst = max(worst, abs(Int(p >> 24) - Int(q >> 24)))
        } }
        return worst
    }

    /// Random self-crossing contours, several at once, reaching far outside the window: clipped
    /// first, they fill the same pixels under both rules (the winding inside the window is kept).
    @Test(arguments: [FillRule.nonZero, .evenOdd])
    func clippingKeepsEveryPixelsWinding(rule: FillRule) throws {
        var r = SplitMix64(seed: 38)
        func coordinate(_ span: Double) -> Double { (Double(r.next() % 10_000) / 10_000 - 0.3) * span }
        for _ in 0..<200 {
            var p = Polygons()
            for _ in 0..<(1 + Int(r.next() % 3)) {
                p.move(to: Point(coordinate(80), coordinate(60)))
                for _ in 0..<(2 + Int(r.next() % 8)) { p.line(to: Point(coordinate(80), coordinate(60))) }
                p.closeContour()
            }
            let clipped = try #require(p.clipped(to: Rect(x: -1, y: -1, width: 42, height: 32)))
            #expect(Self.maxDifference(Self.filled(p, rule: rule), Self.filled(clipped, rule: rule)) <= 1)
        }
    }

    /// A zigzag of 20,000 points between ±1e300, around a window of 40×30: the whole window is
    /// inside it once. Before, every edge crossed the window's rows and was swept on each (0.7 s
    /// for such an outline in the fuzzer); clipped, a few points are left and the window is full.
    @Test func aHugeOutlineFarOutsideIsClippedToAFewPoints() throws {
        var p = Polygons()
        p.move(to: Point(-1e300, -1e300))
        for i in 0..<20_000 {
            let y = -1e300 + 2e300 * Double(i) / 20_000
            p.line(to: Point(i % 2 == 0 ? -1e300 : -5e299, y))
        }
        p.line(to: Point(1e300, 1e300)); p.line(to: Point(1e300, -1e300))
        p.closeContour()
        #expect(p.points.count > Polygons.clipBeforeScanThreshold)
        let clipped = try #require(p.clipped(to: Rect(x: -1, y: -1, width: 42, height: 32)))
        #expect(clipped.points.count < 16, "\(clipped.points.count) points left")
        let bmp = Self.filled(p, rule: .nonZero)
        #expect((0..<30).allSatisfy { y in (0..<40).allSatisfy { x in bmp[x, y] >> 24 == 255 } })
    }

    /// A non-finite point leaves the outline as it was (the scan drops what is not finite).
    @Test func aNonFinitePointGivesNil() {
        let p = Polygons(contours: [[Point(.nan, 5), Point(20, 5), Point(20, -20)]])
        #expect(p.clipped(to: Rect(x: 0, y: 0, width: 10, height: 10)) == nil)
    }
}
