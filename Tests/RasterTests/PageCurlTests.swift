import Raster
import Testing

/// The page curl's geometry (Geometry/PageCurl.swift) and its pixels (Composite/Bitmap+PageCurl.swift):
/// perspective, a leaf bound at a spine, and the back of a double-sided leaf.
@Suite struct PageCurlTests {
    static let red = Color(hex: 0xFF0000).premultipliedPixel
    static let green = Color(hex: 0x00FF00).premultipliedPixel
    static let blue = Color(hex: 0x0000FF).premultipliedPixel

    /// A spread 80×40: the left page red, the right page green, a spine at x = 40.
    static func spread() throws -> Bitmap {
        let b = try #require(Bitmap(width: 80, height: 40))
        for y in 0..<40 { for x in 0..<80 { b[x, y] = x < 40 ? red : green } }
        return b
    }

    /// Bound at a spine: flat at 0 (every pixel as it was), turned over at 1 (the leaf's side
    /// bare, the other side showing the leaf's back pixel for pixel: the back page itself, or
    /// the front's print washed through the paper).
    @Test func aBoundLeafIsFlatAtZeroAndLiesAcrossTheSpineAtOne() throws {
        let page = try Self.spread()
        let back = try #require(Bitmap(width: 80, height: 40))
        for y in 0..<40 { for x in 0..<80 { back[x, y] = Pixel.pack(r: 0, g: UInt32(x * 3), b: 255, a: 255) } }
        let spine = PageCurl.Spine(vertical: true, position: 40, leafAfter: true)
        let flat = try #require(page.curled(PageCurl(width: 80, height: 40, progress: 0, direction: (1, 0.3), spine: spine), back: back))
        #expect((0..<40).allSatisfy { y in (0..<80).allSatisfy { flat[$0, y] == page[$0, y] } })
        let over = try #require(page.curled(PageCurl(width: 80, height: 40, progress: 1, direction: (1, 0.3), spine: spine), back: back))
        #expect((0..<40).allSatisfy { y in (0..<40).allSatisfy { over[$0, y] == back[$0, y] } })   // the back page, unmirrored
        #expect((0..<40).allSatisfy { y in (40..<80).allSatisfy { over[$0, y] == 0 } })            // the leaf has left
        let single = try #require(page.curled(PageCurl(width: 80, height: 40, progress: 1, spine: spine)))
        #expect(Pixel.g(single[10, 20]) > 200 && Pixel.r(single[10, 20]) > 100 && Pixel.r(single[10, 20]) < 200)   // green washed white
    }

    /// Half-way through a double-sided turn: the left page is partly covered by the leaf's back
    /// (blue, from the back page) and nowhere by washed green; the right shows the uncovered
    /// part (transparent or the roll's shadow) beside the flat rest of the leaf; the roll's
    /// outside is shaded, so the blues differ.
    @Test func aDoubleSidedLeafShowsItsBackPageOnTheRoll() throws {
        let page = try Self.spread()
        let back = try #require(Bitmap(width: 80, height: 40))
        back.clear(Self.blue)
        let curl = PageCurl(width: 80, height: 40, progress: 0.6, spine: PageCurl.Spine(vertical: true, position: 40, leafAfter: true))
        let out = try #require(page.curled(curl, back: back))
        let pixels = (0..<40).flatMap { y in (0..<80).map { out[$0, y] } }
        #expect(pixels.contains { Pixel.b($0) == 255 && Pixel.r($0) == 0 && Pixel.g($0) == 0 })      // the back lying flat
        #expect(Set(pixels.filter { Pixel.b($0) > 0 && Pixel.r($0) == 0 && Pixel.g($0) == 0 }).count > 2)  // shaded on the roll
        #expect(!pixels.contains { Pixel.g($0) > 100 && Pixel.r($0) > 100 })                         // no washed print
        #expect(out[2, 2] == Self.red)                                                                // the left page's far corner
        #expect(out[78, 2] == 0 || Pixel.a(out[78, 2]) < 255)                                         // the lifted corner is gone
    }

    /// The spine's side: a leaf before the spine (`leafAfter` false) lifts its left edge and
    /// leaves the right page alone; a horizontal spine turns the lower page upwards.
    @Test func theLeafIsOnTheSpinesNamedSide() throws {
        let page = try Self.spread()
        let left = try #require(page.curled(PageCurl(width: 80, height: 40, progress: 0.5, spine: PageCurl.Spine(vertical: true, position: 40, leafAfter: false))))
        #expect((0..<40).allSatisfy { y in (40..<80).contains { left[$0, y] == Self.green } })
        #expect(Pixel.a(left[0, 39]) < 255)                                                           // its lower outer corner lifted
        let stacked = try #require(Bitmap(width: 40, height: 80))
        for y in 0..<80 { for x in 0..<40 { stacked[x, y] = y < 40 ? Self.red : Self.green } }
        let up = try #require(stacked.curled(PageCurl(width: 40, height: 80, progress: 1, spine: PageCurl.Spine(vertical: false, position: 40, leafAfter: true))))
        #expect((0..<40).allSatisfy { x in Pixel.g(up[x, 10]) > 200 && up[x, 70] == 0 })             // the lower page turned up
    }

    /// Perspective: the turned-over part is nearer the viewer, so a band of the page seen there
    /// is wider than on the flat page (by f / (f − 2r) ≈ 1.1 for this page), and a free curl's
    /// geometry puts the eye over the middle (a band at the middle does not move sideways).
    @Test func theTurnedOverPartIsSeenLargerInPerspective() throws {
        let page = try #require(Bitmap(width: 300, height: 200))
        page.clear(Self.red)
        for y in 0..<200 { for x in 240..<260 { page[x, y] = Self.blue } }        // a 20-px band near the right edge
        let curl = PageCurl(width: 300, height: 200, progress: 0.55, direction: (1, 0))
        let out = try #require(page.curled(curl))
        // Where the band lies turned over (washed blue, on top), count its width along the middle row.
        let row = (0..<300).map { out[$0, 100] }
        let band = row.filter { Pixel.b($0) > 200 && Pixel.r($0) > 100 && Pixel.r($0) < 200 }
        #expect(band.count >= 21 && band.count <= 24)
        // Without perspective the same band would be 20 wide: the eye is at twice the larger side.
        #expect(curl.radius > 25 && curl.radius < 30)
    }

    /// Bad numbers are taken as defaults: no crash, a flat page.
    @Test func nonFiniteInputsGiveADefinedCurl() throws {
        let page = try Self.spread()
        let a = try #require(page.curled(PageCurl(width: 80, height: 40, progress: .nan, direction: (.infinity, .nan),
                                                  spine: PageCurl.Spine(vertical: true, position: .nan, leafAfter: true))))
        #expect((0..<80).allSatisfy { a[$0, 20] == page[$0, 20] })
    }

    /// A curl made in strips of rows (`PageCurlWork`, as `FrameCompositor` shares a curl among
    /// its threads), the strips taken in any order, has the bytes of the curl made at once.
    @Test func aCurlMadeInStripsHasTheBytesOfTheWholeCurl() throws {
        let page = try #require(Bitmap(width: 61, height: 47))
        for y in 0..<47 { for x in 0..<61 { page[x, y] = Pixel.pack(r: UInt32(x * 4), g: UInt32(y * 5), b: 128, a: 255) } }
        let back = try #require(Bitmap(width: 61, height: 47))
        for y in 0..<47 { for x in 0..<61 { back[x, y] = Pixel.pack(r: 0, g: UInt32(x * 3), b: 255, a: 255) } }
        let spine = PageCurl.Spine(vertical: true, position: 30, leafAfter: true)
        let curls = [PageCurl(width: 61, height: 47, progress: 0.3, direction: (0.3, 1)),
                     PageCurl(width: 61, height: 47, progress: 0.62, direction: (1, 0.3)),
                     PageCurl(width: 61, height: 47, progress: 0.9, direction: (-1, 0.3)),
                     PageCurl(width: 61, height: 47, progress: 0.5, direction: (1, 0.3), spine: spine)]
        for (k, curl) in curls.enumerated() {
            let backPage = curl.isBound ? back : nil
            let whole = try #require(page.curled(curl, back: backPage, backOffset: (2, 1)))
            let work = try #require(PageCurlWork(page: page, curl: curl, back: backPage, backOffset: (2, 1)))
            let strips = stride(from: 0, to: 47, by: 5).map { $0..<min(47, $0 + 5) }
            for rows in strips.reversed() { work.shade(rows: rows) }
            // Odd strips first, then even: an outline pixel reads the rows either side.
            for rows in strips.enumerated().sorted(by: { ($0.offset % 2, $0.offset) > ($1.offset % 2, $1.offset) }).map(\.element) {
                work.smoothEdges(rows: rows)
            }
            var differing = 0
            for y in 0..<47 { for x in 0..<61 where work.result[x, y] != whole[x, y] { differing += 1 } }
            #expect(differing == 0, "curl \(k)")
        }
    }
}
