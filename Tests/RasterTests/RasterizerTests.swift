import Foundation
import Raster
import TestSupport
import Testing

/// Collects spans into a coverage grid and checks the span contract as it goes.
struct CoverageGrid: SpanSink {
    var width: Int, height: Int
    var cov: [UInt8]
    var violations = 0           // spans outside the grid, out of order or overlapping
    var lastY = Int.min, lastXEnd = Int.min
    init(width: Int, height: Int) { self.width = width; self.height = height; cov = Array(repeating: 0, count: width * height) }
    subscript(x: Int, y: Int) -> UInt8 { cov[y * width + x] }

    private mutating func check(_ y: Int, _ x: Int, _ n: Int) -> Bool {
        if y < lastY || (y == lastY && x < lastXEnd) || n <= 0 || x < 0 || y < 0 || y >= height || x + n > width {
            violations += 1; return false
        }
        if y != lastY { lastY = y }
        lastXEnd = x + n
        return true
    }
    mutating func solidSpan(y: Int, x: Int, count: Int, coverage: UInt8) {
        guard check(y, x, count) else { return }
        for i in 0..<count { cov[y * width + x + i] = coverage }
    }
    mutating func maskSpan(y: Int, x: Int, coverage: UnsafePointer<UInt8>, count: Int) {
        guard check(y, x, count) else { return }
        for i in 0..<count { cov[y * width + x + i] = coverage[i] }
    }
}

/// Exact area of a simple polygon inside the unit pixel (px, py): Sutherland–Hodgman, then shoelace.
func exactPixelArea(_ poly: [Point], _ px: Int, _ py: Int) -> Double {
    var pts = poly
    let x0 = Double(px), y0 = Double(py), x1 = x0 + 1, y1 = y0 + 1
    func clip(_ inside: (Point) -> Bool, _ cut: (Point, Point) -> Point) {
        guard !pts.isEmpty else { return }
        var out: [Point] = []
        var prev = pts[pts.count - 1]
        for p in pts {
            if inside(p) {
                if !inside(prev) { out.append(cut(prev, p)) }
                out.append(p)
            } else if inside(prev) { out.append(cut(prev, p)) }
            prev = p
        }
        pts = out
    }
    func atX(_ x: Double) -> (Point, Point) -> Point { { a, b in Point(x, a.y + (b.y - a.y) * (x - a.x) / (b.x - a.x)) } }
    func atY(_ y: Double) -> (Point, Point) -> Point { { a, b in Point(a.x + (b.x - a.x) * (y - a.y) / (b.y - a.y), y) } }
    clip({ $0.x >= x0 }, atX(x0)); clip({ $0.x <= x1 }, atX(x1))
    clip({ $0.y >= y0 }, atY(y0)); clip({ $0.y <= y1 }, atY(y1))
    return abs(shoelace(pts))
}
func shoelace(_ p: [Point]) -> Double {
    guard p.count >= 3 else { return 0 }
    var s = 0.0
    for i in 0..<p.count { let a = p[i], b = p[(i + 1) % p.count]; s += a.x * b.y - b.x * a.y }
    return s / 2
}

func rasterize(_ contours: [[Point]], rule: FillRule = .nonZero, width: Int, height: Int,
               clip: PixelRect? = nil) -> CoverageGrid {
    var grid = CoverageGrid(width: width, height: height)
    Rasterizer().fill(Polygons(contours: contours), rule: rule,
                      clip: clip ?? PixelRect(x: 0, y: 0, width: width, height: height), into: &grid)
    return grid
}

func regularPolygon(center: Point, radius: Double, sides: Int, phase: Double = 0) -> [Point] {
    (0..<sides).map { i in
        let a = phase + Double(i) * 2 * Double.pi / Double(sides)
        return Point(center.x + radius * cos(a), center.y + radius * sin(a))
    }
}

@Suite struct RasterizerTests {
    /// Compares the coverage of a simple polygon with the exact area per pixel.
    func expectExactArea(_ poly: [Point], width: Int = 48, height: Int = 48, _ name: String) {
        let grid = rasterize([poly], width: width, height: height)
        #expect(grid.violations == 0, "\(name): span contract broken")
        var maxErr = 0.0, edgeErrSum = 0.0, edgeCount = 0, total = 0.0
        for y in 0..<height {
            for x in 0..<width {
                let exact = exactPixelArea(poly, x, y)
                let got = Double(grid[x, y]) / 255
                let err = abs(got - exact)
                maxErr = max(maxErr, err)
                if exact > 0 && exact < 1 { edgeErrSum += err; edgeCount += 1 }
                total += got
            }
        }
        let trueArea = abs(shoelace(poly))
        // Exact area in Float, then one rounding to 8 bits: measured ≤ 0.5/255 on all these shapes;
        // allow up to 1/255 (the rounding allowance stays unused).
        #expect(maxErr <= 1.0 / 255, "\(name): max error \(maxErr * 255)/255")
        if edgeCount > 0 { #expect(edgeErrSum / Double(edgeCount) <= 0.5 / 255, "\(name): mean edge error \(edgeErrSum / Double(edgeCount) * 255)/255") }
        #expect(abs(total - trueArea) <= 0.005 * trueArea, "\(name): total \(total) vs \(trueArea)")
    }

    @Test func axisAlignedSquareWithFractionalEdges() {
        expectExactArea([Point(5.25, 6.5), Point(30.75, 6.5), Point(30.75, 40.1), Point(5.25, 40.1)], "axis square")
    }
    @Test func rotatedSquare() {
        let c = Point(24, 24)
        let sq = (0..<4).map { i -> Point in
            let a = 0.3 + Double(i) * Double.pi / 2
            return Point(c.x + 15 * cos(a), c.y + 15 * sin(a))
        }
        expectExactArea(sq, "rotated square")
        expectExactArea(sq.reversed(), "rotated square, other winding")
    }
    @Test func thinSliverNarrowerThanAPixel() {
        expectExactArea([Point(3.3, 2), Point(3.75, 2), Point(40.75, 45), Point(40.3, 45)], "0.45 px sliver")
        expectExactArea([Point(2, 10.2), Point(45, 10.65), Point(45, 11.1), Point(2, 10.65)], "near-horizontal sliver")
    }
    @Test func ninetySixGonCircle() {
        expectExactArea(regularPolygon(center: Point(24.3, 23.8), radius: 19.6, sides: 96), "96-gon")
    }
    @Test func concaveStar() {
        let star = (0..<10).map { i -> Point in
            let r = i % 2 == 0 ? 21.0 : 8.5, a = -Double.pi / 2 + Double(i) * Double.pi / 5
            return Point(24.2 + r * cos(a), 24.6 + r * sin(a))
        }
        expectExactArea(star, "concave star")
    }

    @Test func evenOddLeavesThePentagramCentreEmptyNonZeroFillsIt() {
        let pentagram = (0..<5).map { i -> Point in
            let a = -Double.pi / 2 + Double(i) * 4 * Double.pi / 5
            return Point(24 + 22 * cos(a), 24 + 22 * sin(a))
        }
        let nz = rasterize([pentagram], rule: .nonZero, width: 48, height: 48)
        let eo = rasterize([pentagram], rule: .evenOdd, width: 48, height: 48)
        #expect(nz[24, 25] == 255)
        #expect(eo[24, 25] == 0)
        // A point in the top arm (winding 1) is inside under both rules.
        #expect(nz[24, 6] == 255 && eo[24, 6] == 255)
        // Two overlapping squares with opposite windings cancel under non-zero.
        let a = [Point(4, 4), Point(20, 4), Point(20, 20), Point(4, 20)]
        let b = [Point(12, 12), Point(12, 28), Point(28, 28), Point(28, 12)]
        let opposite = rasterize([a, b], rule: .nonZero, width: 32, height: 32)
        #expect(opposite[16, 16] == 0 && opposite[8, 8] == 255 && opposite[24, 24] == 255)
        let sameNZ = rasterize([a, b.reversed()], rule: .nonZero, width: 32, height: 32)
        let sameEO = rasterize([a, b.reversed()], rule: .evenOdd, width: 32, height: 32)
        #expect(sameNZ[16, 16] == 255 && sameEO[16, 16] == 0 && sameEO[8, 8] == 255)
    }

    @Test func shapeLargerThanTheClipIsFilledUpToTheClipOnly() {
        let grid = rasterize([[Point(-100, -50), Point(1e9, -50), Point(1e9, 1e9), Point(-100, 1e9)]], width: 40, height: 30,
                             clip: PixelRect(x0: 5, y0: 3, x1: 35, y1: 20))
        #expect(grid.violations == 0)
        #expect(grid[5, 3] == 255 && grid[34, 19] == 255)
        #expect(grid[4, 3] == 0 && grid[35, 19] == 0 && grid[5, 2] == 0 && grid[5, 20] == 0)
    }

    @Test func degenerateInputYieldsNothingAndNeverTraps() {
        let bad: [[Point]] = [[], [Point(1, 1)], [Point(1, 1), Point(5, 5)],
                              [Point(.nan, 1), Point(5, 5), Point(9, 1)],
                              [Point(.infinity, 1), Point(5, 5), Point(9, 1)],
                              [Point(3, 3), Point(3, 3), Point(3, 3)]]
        for c in bad {
            let g = rasterize([c], width: 10, height: 10)
            #expect(g.cov.allSatisfy { $0 == 0 } && g.violations == 0)
        }
        // Subnormal vertical extents make slopes overflow to infinity; they must not trap. (The
        // smallest subnormals are written as multiples of `leastNonzeroMagnitude`, 5e-324: the
        // decimal literals underflow with a compiler warning.)
        let d1 = Double.leastNonzeroMagnitude, d2 = 2 * d1, d4 = 4 * d1
        let tiny = [[Point(2, d1), Point(8, d2), Point(9, 9), Point(1, 9)], [Point(0, d1), Point(1e15, d2), Point(9, 9), Point(-1e15, d4)],
                    [Point(3, 1), Point(7, 1 + d1), Point(7, 8), Point(3, 8)]]
        let t = rasterize(tiny, width: 10, height: 10)
        #expect(t.violations == 0 && t[5, 5] == 255)
        // Contour ends past the point array are tolerated.
        var grid = CoverageGrid(width: 10, height: 10)
        Rasterizer().fill(Polygons(points: [Point(1, 1), Point(8, 1), Point(8, 8)], contourEnds: [2, 7, 1]),
                          clip: PixelRect(x: 0, y: 0, width: 10, height: 10), into: &grid)
        #expect(grid.violations == 0)
    }

    @Test func aMillionSegmentsRasterizeCorrectly() {
        let n = 1_000_000
        let poly = regularPolygon(center: Point(50, 50), radius: 40, sides: n)
        let g = rasterize([poly], width: 100, height: 100)
        var total = 0.0
        for v in g.cov { total += Double(v) / 255 }
        #expect(abs(total - Double.pi * 1600) < 0.005 * Double.pi * 1600)
        #expect(g.violations == 0)
    }

    @Test func smallShapeOnAHugeClipOnlyVisitsItsOwnPixels() {
        // The sink records the widest row it saw; a 4-px shape on a 16K-wide clip must stay near 4.
        struct Extent: SpanSink {
            var minX = Int.max, maxX = Int.min, rows = Set<Int>()
            mutating func solidSpan(y: Int, x: Int, count: Int, coverage: UInt8) { minX = min(minX, x); maxX = max(maxX, x + count); rows.insert(y) }
            mutating func maskSpan(y: Int, x: Int, coverage: UnsafePointer<UInt8>, count: Int) { minX = min(minX, x); maxX = max(maxX, x + count); rows.insert(y) }
        }
        var e = Extent()
        Rasterizer().fill(Polygons(contours: [[Point(8000.5, 9000), Point(8004, 9000), Point(8004, 9003.5)]]),
                          clip: PixelRect(x: 0, y: 0, width: 16384, height: 16384), into: &e)
        #expect(e.minX == 8000 && e.maxX <= 8005 && e.rows.count == 4)
    }
}

extension RasterizerTests {
    /// Random hostile polygons straight into the rasterizer with a clip inside the grid: every
    /// span honours the contract and stays inside the clip.
    @Test func randomHostilePolygonsKeepToTheClipAndTheSpanContract() {
        var rng = SeededRandom(seed: 99)
        let clip = PixelRect(x: 7, y: 5, width: 30, height: 20)
        let values: [Double] = [.nan, .infinity, -.infinity, 1e9, -1e9, 1e15, 7, 37, 5, 25, 6.999999, 37.000001]
        let rasterizer = Rasterizer()
        for i in 0..<3000 {
            var poly = Polygons()
            for _ in 0..<(1 + Int(rng.next() % 3)) {
                for _ in 0..<Int(rng.next() % 8) {
                    let x = rng.next() % 6 == 0 ? values[Int(rng.next() % UInt64(values.count))] : rng.unit() * 60 - 10
                    let y = rng.next() % 6 == 0 ? values[Int(rng.next() % UInt64(values.count))] : rng.unit() * 40 - 8
                    poly.line(to: Point(x, y))
                }
                poly.closeContour()
            }
            var grid = CoverageGrid(width: 44, height: 32)
            rasterizer.fill(poly, rule: i % 2 == 0 ? .nonZero : .evenOdd, clip: clip, into: &grid)
            #expect(grid.violations == 0)
            for y in 0..<32 { for x in 0..<44 where grid[x, y] != 0 {
                #expect(x >= clip.x0 && x < clip.x1 && y >= clip.y0 && y < clip.y1)
            } }
        }
    }
}
