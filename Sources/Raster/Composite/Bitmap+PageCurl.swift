#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Bitmap {
    /// The page rolled round a cylinder by `progress` (0: flat, 1: gone), in the page's pixels: a
    /// free curl (`PageCurl` without a spine) lifting the edge `direction` points to, the back of
    /// the paper showing the print washed towards white.
    /// - Complexity: O(pixels of the page).
    public func curled(progress: Double, direction: (x: Double, y: Double) = (0.3, 1)) -> Bitmap? {
        curled(PageCurl(width: width, height: height, progress: progress, direction: direction))
    }

    /// The page curled as `curl` says, in perspective, over a transparent rest that carries the
    /// roll's shadow on whatever is drawn beneath: the page-curl transition's moving page.
    ///
    /// Each output pixel takes the surfaces of the leaf its ray meets (`PageCurl.hits`), nearest
    /// first, each sampled bilinearly (an inverse map: no holes) and composited front to back, so
    /// a transparent corner of the page shows what lies under it; pixels on an outline (where
    /// neighbours see different surfaces) take the mean of four samples. Shading: the roll seen from
    /// outside (the back of the paper) is lit by its normal (0.6 + 0.4·(−cos θ)) with a glossy
    /// band near its top, the light coming from the leaf's outer side; seen from inside (the
    /// front, where a corner of the page is gone) it darkens towards the cylinder's side
    /// (0.55 + 0.45·cos θ); the turned-over flat part is unshaded, so a turned leaf ends exactly
    /// as its back's pixels. The page beneath gets a shadow next to the roll (35 % black, fading
    /// over 1.5 r, and away over the last quarter of the turn), only where this page has paint
    /// (the page beneath is taken to share its shape: a rounded card casts no shadow outside its
    /// corners).
    ///
    /// The back of the paper: with `back` nil, the print seen through (this page at the same
    /// point, washed towards white: a single-sided page); else `back`'s pixel at the point's
    /// mirror across the spine plus `backOffset` (a double-sided leaf: the page drawn on its back
    /// lies where the leaf lands). For a bound curl the page on the other side of the spine stays
    /// (this bitmap's pixels there) under the turned-over leaf, darkened by nothing.
    /// - Complexity: O(pixels of the page), four rays more per outline pixel.
    public func curled(_ curl: PageCurl, back: Bitmap? = nil, backOffset: (x: Double, y: Double) = (0, 0)) -> Bitmap? {
        PageCurlWork(page: self, curl: curl, back: back, backOffset: backOffset)?.makeAll()
    }

    /// The colour the ray through (px, py) sees — the leaf's surfaces front to back over what
    /// lies beneath (the page across the spine, the roll's shadow or nothing) — and which surface
    /// is on top (0 none, 1 the page at rest, 2 the roll's inside, 3 its outside, 4 the turned-over
    /// part). (x, y): the pixel, for the page across the spine and the shadow's shape.
    fileprivate func shade(_ px: Double, _ py: Double, _ x: Int, _ y: Int, _ curl: PageCurl, _ back: Bitmap?,
                       _ ox: Double, _ oy: Double, _ hits: inout [PageCurl.Hit]) -> (UInt32, UInt8) {
        curl.hits(x: px, y: py, into: &hits)
        let r = curl.radius
        // Front to back: `acc` is what is in front so far.
        var acc: UInt32 = 0
        var top: UInt8 = 0
        for hit in hits {
            // A point on a pixel's centre (the page at rest) is that pixel: no filtering.
            let ix = Int(hit.x), iy = Int(hit.y)
            let front = Double(ix) + 0.5 == hit.x && Double(iy) + 0.5 == hit.y && ix < width && iy < height
                ? self[ix, iy] : sample(hit.x - 0.5, hit.y - 0.5)
            let v: UInt32
            switch hit.kind {
            case .flat: v = front
            case .flatBack: v = backColour(hit, front: front, back: back, curl: curl, ox, oy)
            case .rollBack:
                let b = backColour(hit, front: front, back: back, curl: curl, ox, oy)
                v = Self.litRollBack(b, theta: hit.theta)
            case .rollFront:
                v = Blend.scale(front, UInt32((0.55 + 0.45 * cos(hit.theta)) * 255)) | (front & 0xFF00_0000)
            }
            if top == 0 {
                switch hit.kind { case .flat: top = 1; case .rollFront: top = 2; case .rollBack: top = 3; case .flatBack: top = 4 }
            }
            acc = Blend.srcOver(acc, v)
            if Pixel.a(acc) == 255 { return (acc, top) }
        }
        let beneath: UInt32
        if !curl.isLeaf(x: px, y: py) {
            // The page on the other side of the spine (nothing for a free curl).
            beneath = curl.isBound && x >= 0 && x < width && y >= 0 && y < height ? self[x, y] : 0
            if top == 0 && beneath != 0 { top = 1 }
        } else if curl.distancePastLine(x: px, y: py) > 0 && r > 0 {
            // The page beneath shows here: the roll's shadow falls on it, only where this page
            // has paint (the page beneath is taken to share its shape).
            let s = curl.distancePastLine(x: px, y: py)
            let k = 0.35 * min(1, max(0, 1 - (s - r) / (1.5 * r))) * curl.shadowFade * Double(Pixel.a(self[x, y])) / 255
            beneath = UInt32((k * 255).rounded()) << 24
        } else {
            beneath = 0
        }
        return (Blend.srcOver(acc, beneath), top)
    }

    /// The back of the paper at `hit`: `back` at the mirrored point, or the print seen through.
    private func backColour(_ hit: PageCurl.Hit, front: UInt32, back: Bitmap?, curl: PageCurl, _ ox: Double, _ oy: Double) -> UInt32 {
        guard let back else { return Self.paperBack(front) }
        let m = curl.mirrored(x: hit.x, y: hit.y)
        return back.sample(m.x + ox - 0.5, m.y + oy - 0.5)
    }

    /// The roll's outside lit by its normal, with a glossy band where it faces the light (from the
    /// leaf's outer side, a quarter radian off the viewer).
    static func litRollBack(_ p: UInt32, theta: Double) -> UInt32 {
        let diffuse = 0.6 + 0.4 * -cos(theta)
        let gloss = 0.3 * pow(max(0, cos(theta - (Double.pi - 0.25))), 24)
        let a = Pixel.a(p)
        func ch(_ v: UInt32) -> UInt32 { min(a, UInt32((Double(v) * diffuse + Double(a) * gloss).rounded())) }
        return Pixel.pack(r: ch(Pixel.r(p)), g: ch(Pixel.g(p)), b: ch(Pixel.b(p)), a: a)
    }

    /// The bilinear sample at (x, y) in pixel-centre coordinates (centres at integers), clamped.
    func sample(_ x: Double, _ y: Double) -> UInt32 {
        ImageShader.bilinear(pixels, stride, width, height, Int64((x * 65536).rounded(.down)), Int64((y * 65536).rounded(.down)))
    }

    /// The back of the paper: the print seen through, washed towards white.
    static func paperBack(_ p: UInt32) -> UInt32 {
        let a = Pixel.a(p)
        func ch(_ v: UInt32) -> UInt32 { (v * 2 + a * 3) / 5 }
        return Pixel.pack(r: ch(Pixel.r(p)), g: ch(Pixel.g(p)), b: ch(Pixel.b(p)), a: a)
    }
}

/// `Bitmap.curled(_:back:backOffset:)` made in parts, so that several threads share one page: every
/// row shaded (`shade(rows:)`, any rows in any order, at once on several threads), then, once all
/// are, every row's outline smoothed (`smoothEdges(rows:)`, which reads the rows either side), then
/// `result`. Each pixel is made by the same arithmetic whichever part and thread makes it, so the
/// bytes are `curled`'s.
///
/// Why: a page curl costs about 12 ns a pixel (a ray through the leaf, a cosine or two per
/// pixel); a frame with two curling cards made each on one thread left the other waiting
/// (BENCHMARKS.md, the threads entries). Calls on disjoint rows may run at once; nothing else is
/// synchronised here.
public final class PageCurlWork: @unchecked Sendable {
    /// The curled page, complete once every row was shaded and then smoothed.
    public let result: Bitmap
    private let page: Bitmap
    private let curl: PageCurl
    private let back: Bitmap?
    private let ox: Double, oy: Double
    /// Which surface each pixel's centre sees on top (`Bitmap.shade`), for the edge pass.
    private let surfaces: UnsafeMutableBufferPointer<UInt8>

    /// The work of curling `page` as `curl` says (see `Bitmap.curled(_:back:backOffset:)`); nil
    /// when the result's bitmap cannot be made.
    public init?(page: Bitmap, curl: PageCurl, back: Bitmap? = nil, backOffset: (x: Double, y: Double) = (0, 0)) {
        guard let out = Bitmap(width: page.width, height: page.height) else { return nil }
        (result, self.page, self.curl, self.back) = (out, page, curl, back)
        ox = backOffset.x.isFinite ? backOffset.x : 0
        oy = backOffset.y.isFinite ? backOffset.y : 0
        surfaces = .allocate(capacity: page.width * page.height)
        surfaces.initialize(repeating: 0)
    }

    deinit { surfaces.deallocate() }

    /// Rows of the page: what `shade(rows:)` and `smoothEdges(rows:)` take, clamped to them.
    public var height: Int { page.height }

    /// Every row shaded, then smoothed, on this thread; returns `result`.
    @discardableResult public func makeAll() -> Bitmap {
        shade(rows: 0..<height)
        smoothEdges(rows: 0..<height)
        return result
    }

    /// Shades `rows` (clamped to the page): each pixel's centre ray.
    public func shade(rows: Range<Int>) {
        let w = page.width
        var hits: [PageCurl.Hit] = []
        hits.reserveCapacity(4)
        for y in rows.clamped(to: 0..<page.height) {
            let dst = result.row(y)
            for x in 0..<w {
                let (v, top) = page.shade(Double(x) + 0.5, Double(y) + 0.5, x, y, curl, back, ox, oy, &hits)
                dst[x] = v
                surfaces[y * w + x] = top
            }
        }
    }

    /// Smooths the outline in `rows` (clamped to the page), every row shaded first: where a
    /// pixel's neighbour sees another surface (the leaf's outline over the page, the roll's
    /// silhouette), four samples at (±¼, ±¼) of the pixel, averaged when they do not all see the
    /// centre's surface. O(outline pixels).
    public func smoothEdges(rows: Range<Int>) {
        let w = page.width, h = page.height
        var hits: [PageCurl.Hit] = []
        hits.reserveCapacity(4)
        for y in rows.clamped(to: 0..<h) {
            for x in 0..<w {
                let i = y * w + x, top = surfaces[i]
                let edge = (x + 1 < w && surfaces[i + 1] != top) || (x > 0 && surfaces[i - 1] != top)
                    || (y + 1 < h && surfaces[i + w] != top) || (y > 0 && surfaces[i - w] != top)
                guard edge else { continue }
                var sum = SIMD4<UInt32>(repeating: 0)
                var same = true
                for (dx, dy) in [(0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)] {
                    let (v, t) = page.shade(Double(x) + dx, Double(y) + dy, x, y, curl, back, ox, oy, &hits)
                    same = same && t == top
                    sum &+= SIMD4(v & 0xFF, (v >> 8) & 0xFF, (v >> 16) & 0xFF, v >> 24)
                }
                guard !same else { continue }
                let m = (sum &+ 2) / 4
                result[x, y] = m[0] | (m[1] << 8) | (m[2] << 16) | (m[3] << 24)
            }
        }
    }
}
