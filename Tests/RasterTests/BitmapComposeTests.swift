import Raster
import Testing

/// The compositor's whole-bitmap steps (Composite/Bitmap+Compose.swift).
@Suite struct BitmapComposeTests {
    static let red = Color(hex: 0xFF0000).premultipliedPixel

    @Test func multiplyAlphaKeepsOpaqueMaskPixelsAndScalesTheRest() throws {
        let b = try #require(Bitmap(width: 3, height: 1))
        b.clear(Self.red)
        let m = try #require(Bitmap(width: 2, height: 1)) // narrower: column 2 is left alone
        m[0, 0] = Color(r: 1, g: 1, b: 1, a: 1).premultipliedPixel
        m[1, 0] = Color(r: 1, g: 1, b: 1, a: 0.5).premultipliedPixel
        b.multiplyAlpha(by: m)
        #expect(b[0, 0] == Self.red)
        #expect(abs(Int(Pixel.a(b[1, 0])) - 128) <= 1 && abs(Int(Pixel.r(b[1, 0])) - 128) <= 1)
        #expect(b[2, 0] == Self.red)
        m[0, 0] = 0
        b.multiplyAlpha(by: m)
        #expect(b[0, 0] == 0)
    }

    @Test func addScaledIsTheSecondHalfOfACrossfade() throws {
        let old = try #require(Bitmap(width: 1, height: 1)), new = try #require(Bitmap(width: 1, height: 1))
        old[0, 0] = Blend.scale(Color(hex: 0x0000FF).premultipliedPixel, 191) // blue · 0.75
        new[0, 0] = Color(hex: 0xFF0000).premultipliedPixel
        old.addScaled(new, by: 0.25)
        let p = old[0, 0]
        #expect(abs(Int(Pixel.r(p)) - 64) <= 1 && abs(Int(Pixel.b(p)) - 191) <= 1 && abs(Int(Pixel.a(p)) - 255) <= 1)
        // Saturates instead of wrapping.
        old.addScaled(new, by: 1)
        #expect(Pixel.r(old[0, 0]) == 255 && Pixel.a(old[0, 0]) == 255)
    }

    /// Limited to an area (a compositor band's rows), the add gives those pixels what the whole add
    /// gives them and leaves the rest.
    @Test func addScaledInAnAreaChangesOnlyThatArea() throws {
        let new = try #require(Bitmap(width: 8, height: 6))
        for y in 0..<6 { for x in 0..<8 { new[x, y] = Color(r: Double(x) / 7, g: Double(y) / 5, b: 0.3, a: 0.9).premultipliedPixel } }
        func base() throws -> Bitmap {
            let b = try #require(Bitmap(width: 8, height: 6))
            b.clear(Color(r: 0.1, g: 0.2, b: 0.5, a: 0.6).premultipliedPixel)
            return b
        }
        let whole = try base(), part = try base(), untouched = try base()
        whole.addScaled(new, by: 0.4)
        let area = PixelRect(x0: 0, y0: 2, x1: 8, y1: 5)
        part.addScaled(new, by: 0.4, in: area)
        for y in 0..<6 { for x in 0..<8 {
            #expect(part[x, y] == ((2..<5).contains(y) ? whole[x, y] : untouched[x, y]))
        } }
        #expect(whole[3, 3] != untouched[3, 3])
    }

    @Test func tintWritesTheColourTimesTheSourceAlphaAtAnOffset() throws {
        let src = try #require(Bitmap(width: 2, height: 1))
        src[0, 0] = Color(r: 0, g: 1, b: 0, a: 1).premultipliedPixel
        src[1, 0] = Color(r: 0, g: 1, b: 0, a: 0.5).premultipliedPixel
        let out = try #require(Bitmap(width: 3, height: 2))
        out.tint(alphaOf: src, color: Color(r: 0, g: 0, b: 0, a: 0.5), at: (2, 1)) // column 3 falls outside
        #expect(out[2, 1] == Color(r: 0, g: 0, b: 0, a: 0.5).premultipliedPixel)
        #expect(out[0, 0] == 0 && out[1, 1] == 0)
    }

    @Test func shadowRadiusIsTwiceSigmaAndZeroDoesNothing() throws {
        let a = try #require(Bitmap(width: 21, height: 1)), b = try #require(Bitmap(width: 21, height: 1))
        a[10, 0] = Self.red; b[10, 0] = Self.red
        a.blur(shadowRadius: 0)
        #expect(a[10, 0] == Self.red)
        a.blur(shadowRadius: 4)
        b.blur(sigma: 2)
        #expect((0..<21).allSatisfy { a[$0, 0] == b[$0, 0] })
        #expect(a[10, 0] != Self.red)
    }

    @Test func maskScaleAndIntersect() throws {
        let m = try #require(Mask(width: 2, height: 2))
        m.clear(200)
        m.scale(by: 0.5)
        #expect(m[0, 0] == 100 && m[1, 1] == 100)
        let other = try #require(Mask(width: 1, height: 1))
        other.clear(255)
        m.intersect(other, at: (1, 1)) // other covers only m's (1, 1)
        #expect(m[1, 1] == 100 && m[0, 0] == 0 && m[1, 0] == 0)
    }

    /// Scaling a mask gives every byte `(b·k + 127) / 255` with k = round(factor·255): all 256
    /// values at every k, in masks whose byte counts are not multiples of sixteen.
    @Test func maskScaleRoundsEveryByteAtEveryFactor() throws {
        for (w, h) in [(256, 1), (17, 16), (3, 5)] {
            let m = try #require(Mask(width: w, height: h))
            for k in 0...255 {
                for i in 0..<(m.stride * h) { m.bytes[i] = UInt8(truncatingIfNeeded: i &* 7 &+ k) }
                m.scale(by: Double(k) / 255)
                for i in 0..<(m.stride * h) {
                    let b = UInt32(UInt8(truncatingIfNeeded: i &* 7 &+ k))
                    if m.bytes[i] != UInt8((b * UInt32(k) + 127) / 255) {
                        Issue.record("\(w)×\(h), k \(k), byte \(i): \(m.bytes[i]) from \(b)")
                        return
                    }
                }
            }
        }
    }

    @Test func aCurledPageIsFlatAtZeroAndGoneAtOne() throws {
        let page = try #require(Bitmap(width: 4, height: 16))
        page.clear(Self.red)
        let flat = try #require(page.curled(progress: 0))
        #expect((0..<16).allSatisfy { flat[1, $0] == Self.red })
        let gone = try #require(page.curled(progress: 1))
        #expect((0..<16).allSatisfy { gone[1, $0] == 0 })
        // Half way, the top stays flat and some rows show the lighter back of the paper (a quarter
        // of the way, the back's sliver on this 4-px-wide page is seen past its edge in perspective).
        let half = try #require(page.curled(progress: 0.5))
        #expect(half[1, 0] == Self.red)
        #expect((0..<16).contains { Pixel.g(half[1, $0]) > 0 })
    }

    /// A page curled from its right edge half-way: the left part lies flat, the roll shows the
    /// washed back of the paper (lighter than the print) shaded along the roll, and the uncovered right part carries only the roll's translucent shadow.
    @Test func aSidewaysCurlShowsTheBackOfThePaperAndAShadow() throws {
        let page = try #require(Bitmap(width: 70, height: 40))
        page.clear(Self.red)
        let half = try #require(page.curled(progress: 0.5, direction: (1, 0)))
        #expect(half[2, 20] == Self.red)                                          // flat, untouched
        let row = (0..<70).map { half[$0, 20] }
        #expect(row.contains { Pixel.a($0) == 255 && Pixel.g($0) > 100 })          // the back: washed towards white
        let back = Set(row.filter { Pixel.a($0) == 255 && Pixel.g($0) > 0 }.map { Pixel.g($0) })
        #expect(back.count > 3)                                                    // lit by its normal: shades vary
        // The shadow: translucent black (the roll's outline pixels, a mean of paper and shadow, aside).
        let shadow = row.filter { Pixel.a($0) > 0 && Pixel.a($0) < 255 && Pixel.r($0) == 0 }
        #expect(!shadow.isEmpty && shadow.allSatisfy { Pixel.a($0) <= 90 })
        #expect(row.filter { Pixel.a($0) < 255 && Pixel.r($0) > 0 }.count <= 2)
        #expect(Pixel.a(half[69, 20]) < 255)                                       // the right edge has left
    }

    /// One table pass gives what compositing into cleared bitmaps, one per factor, gives: every
    /// premultiplied pixel (each alpha, each channel up to it), opaque and not, over the SIMD and
    /// the one-pixel paths of `Blend.blendRow`.
    @Test(arguments: [[UInt32(230)], [255, 128], [77, 254, 3, 200], [1], [0, 99]])
    func scalingChannelsSuccessivelyIsCompositingIntoClearedBitmaps(_ factors: [UInt32]) throws {
        var pixels: [UInt32] = []
        for a in stride(from: 0, through: 255, by: 5) {
            for c in stride(from: 0, through: a, by: 3) { pixels.append(UInt32(a) << 24 | UInt32(c) << 16 | UInt32(c / 2) << 8 | UInt32(a - c)) }
        }
        for _ in 0..<3 { pixels.append(0xFF00_80FF) }       // four opaque in a row: the opaque path
        let table = try #require(Bitmap(width: pixels.count, height: 1))
        for (x, p) in pixels.enumerated() { table[x, 0] = p }
        table.scaleChannels(successively: factors)
        var nested = pixels
        for k in factors {
            var out = [UInt32](repeating: 0, count: nested.count)
            out.withUnsafeMutableBufferPointer { d in nested.withUnsafeBufferPointer { s in
                Blend.blendRow(d.baseAddress!, s.baseAddress!, count: s.count, scale: k)
            } }
            nested = out
        }
        let differing = pixels.indices.filter { table[$0, 0] != nested[$0] }
        #expect(differing.isEmpty, "\(differing.count) of \(pixels.count) differ, first at \(differing.first.map { String(pixels[$0], radix: 16) } ?? "-")")
    }
}
