import SplitMix
import Testing
@testable import Raster

/// Sprite batches (Pipeline/Canvas+Sprites.swift): placement, colour, additive blending, and the
/// same bytes however the pixels are cut into clips.
struct CanvasSpritesTests {
    static func image(_ w: Int, _ h: Int, _ pixel: UInt32) -> Bitmap {
        let b = Bitmap(width: w, height: h)!
        b.clear(pixel)
        return b
    }

    @Test func anOpaqueSpriteOnWholePixelsCoversThemWithItsColour() {
        let target = Bitmap(width: 20, height: 20)!
        let white = Self.image(4, 4, 0xFFFF_FFFF)
        let batch = SpriteBatch(images: [.init(bitmap: white, source: white.bounds)],
                                sprites: [.init(image: 0, transform: .translation(8, 8),
                                                color: SpriteBatch.Sprite.multiplier(red: 1, green: 0.5, blue: 0, alpha: 1))],
                                additive: false)
        Canvas(target).draw(batch, transform: .identity)
        // Inside: white × (1, 0.5, 0); the edges fade over one pixel; outside untouched.
        #expect(target[9, 9] == Pixel.pack(r: 255, g: 128, b: 0, a: 255))
        #expect(target[10, 10] == Pixel.pack(r: 255, g: 128, b: 0, a: 255))
        #expect(target[7, 9] == 0 && target[2, 2] == 0 && target[15, 15] == 0)  // on whole pixels the edge is sharp
        // Half a pixel over, the edge pixels are half covered.
        let moved = Bitmap(width: 20, height: 20)!
        Canvas(moved).draw(SpriteBatch(images: batch.images, sprites: [.init(image: 0, transform: .translation(8.5, 8), color: SIMD4(repeating: 256))],
                                       additive: false), transform: .identity)
        #expect(abs(Int(Pixel.a(moved[8, 9])) - 128) <= 1 && Pixel.a(moved[9, 9]) == 255 && abs(Int(Pixel.a(moved[12, 9])) - 128) <= 1)
    }

    @Test func aTranslucentColourBlendsSourceOverAndAdditiveAdds() {
        let grey = Self.image(8, 8, 0xFFFF_FFFF)
        let half = SpriteBatch.Sprite.multiplier(red: 1, green: 0, blue: 0, alpha: 0.5)
        for additive in [false, true] {
            let target = Bitmap(width: 16, height: 16)!
            target.clear(Pixel.pack(r: 0, g: 0, b: 200, a: 255))
            let s = SpriteBatch.Sprite(image: 0, transform: .translation(4, 4), color: half)
            Canvas(target).draw(SpriteBatch(images: [.init(bitmap: grey, source: grey.bounds)], sprites: [s, s], additive: additive),
                                transform: .identity)
            let p = target[8, 8]
            if additive {
                // 128 + 128 red, capped; blue stays; alpha capped.
                #expect(Pixel.r(p) == 255 && Pixel.b(p) == 200 && Pixel.a(p) == 255)
            } else {
                // Two half-covering reds over blue: blue × ¼, red ¾.
                #expect(abs(Int(Pixel.r(p)) - 192) <= 2 && abs(Int(Pixel.b(p)) - 50) <= 2 && Pixel.a(p) == 255)
            }
        }
    }

    @Test func contentsRectShowsOnlyItsPart() {
        let two = Bitmap(width: 8, height: 4)!
        for y in 0..<4 { for x in 0..<8 { two[x, y] = x < 4 ? 0xFF00_00FF : 0xFF00_FF00 } }  // red | green
        let target = Bitmap(width: 16, height: 16)!
        let batch = SpriteBatch(images: [.init(bitmap: two, source: PixelRect(x0: 4, y0: 0, x1: 8, y1: 4))],
                                sprites: [.init(image: 0, transform: .translation(6, 6), color: SIMD4(repeating: 256))], additive: false)
        Canvas(target).draw(batch, transform: .identity)
        #expect(target[7, 7] == 0xFF00_FF00)  // green only
        #expect(batch.bounds == Rect(x: 6, y: 6, width: 4, height: 4))
    }

    @Test func bandsAndShiftsGiveTheWholeDrawsBytes() {
        let dot = Bitmap(width: 9, height: 9)!
        for y in 0..<9 { for x in 0..<9 { let d = (x - 4) * (x - 4) + (y - 4) * (y - 4); let a = UInt32(max(0, 255 - d * 14)); dot[x, y] = a == 0 ? 0 : Pixel.pack(r: a, g: a / 2, b: a / 3, a: a) } }
        var sprites: [SpriteBatch.Sprite] = []
        for i in 0..<40 {
            let t = Transform.rotation(Double(i) * 0.37).concatenating(.scale(1 + Double(i % 5) * 0.3, 1 + Double(i % 5) * 0.3))
                .concatenating(.translation(Double(i * 7 % 60) + 0.3, Double(i * 13 % 50) + 0.6))
            sprites.append(.init(image: 0, transform: t, color: SpriteBatch.Sprite.multiplier(red: 1, green: 0.8, blue: 0.6, alpha: 0.9)))
        }
        let batch = SpriteBatch(images: [.init(bitmap: dot, source: dot.bounds)], sprites: sprites, additive: false)
        let whole = Bitmap(width: 64, height: 64)!
        Canvas(whole).draw(batch, transform: .scale(1.1, 1.1))
        let banded = Bitmap(width: 64, height: 64)!
        for (y0, y1) in [(0, 13), (13, 40), (40, 64)] {
            var c = Canvas(banded)
            c.clip = PixelRect(x0: 0, y0: y0, x1: 64, y1: y1)
            c.draw(batch, transform: .scale(1.1, 1.1))
        }
        #expect((0..<64).allSatisfy { Array(whole.row($0)) == Array(banded.row($0)) })
        // A scratch starting 10 pixels in, drawn with that shift, holds the same bytes.
        let scratch = Bitmap(width: 54, height: 54)!
        Canvas(scratch).draw(batch, transform: .scale(1.1, 1.1), shift: (-10, -10))
        #expect((0..<54).allSatisfy { y in (0..<54).allSatisfy { x in scratch[x, y] == whole[x + 10, y + 10] } })
        #expect(whole.row(20).contains { $0 != 0 })
    }

    @Test func degenerateSpritesDrawNothing() {
        let target = Bitmap(width: 8, height: 8)!
        let img = Self.image(2, 2, 0xFFFF_FFFF)
        let bad = [Transform.scale(0, 0), Transform(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0), .translation(1e300, 0)]
        let batch = SpriteBatch(images: [.init(bitmap: img, source: img.bounds)],
                                sprites: bad.map { .init(image: 0, transform: $0, color: SIMD4(repeating: 256)) }, additive: false)
        Canvas(target).draw(batch, transform: .identity)
        #expect((0..<8).allSatisfy { target.row($0).allSatisfy { $0 == 0 } })
    }

    /// Every instruction-set path draws the same bytes (Pipeline/Kernels.swift): a seeded batch of
    /// turned, scaled, translucent sprites over a busy background, source-over and added, the
    /// frame and a band-clipped, shifted copy, each path forced in turn.
    @Test(.serialized, arguments: [false, true]) func everyKernelPathDrawsTheSameBytes(additive: Bool) {
        let dot = Bitmap(width: 13, height: 11)!
        for y in 0..<11 { for x in 0..<13 {
            let d = (x - 6) * (x - 6) + (y - 5) * (y - 5)
            let a = UInt32(max(0, 255 - d * 7))
            dot[x, y] = a == 0 ? 0 : Pixel.pack(r: a, g: a * 3 / 4, b: (a * 7) % (a + 1), a: a)
        } }
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Double { state = state &* 6364136223846793005 &+ 1442695040888963407; return Double(state >> 11) / Double(1 << 53) }
        var sprites: [SpriteBatch.Sprite] = []
        for _ in 0..<300 {
            let s = 0.4 + next() * 3
            let t = Transform.rotation(next() * 6.3).concatenating(.scale(s, s * (0.7 + next() * 0.6)))
                .concatenating(.translation(next() * 180 - 10, next() * 120 - 10))
            sprites.append(.init(image: 0, transform: t, color: SpriteBatch.Sprite.multiplier(red: next(), green: next(), blue: next(), alpha: 0.2 + next() * 0.8)))
        }
        let batch = SpriteBatch(images: [.init(bitmap: dot, source: dot.bounds)], sprites: sprites, additive: additive)
        func draw(_ path: RasterKernels.Path) -> (Bitmap, Bitmap) {
            RasterKernels.forced = path
            defer { RasterKernels.forced = nil }
            let frame = Bitmap(width: 173, height: 111)!
            for y in 0..<111 { for x in 0..<173 { frame[x, y] = Pixel.pack(r: UInt32(x % 256), g: UInt32(y * 2 % 256), b: 90, a: 255) } }
            Canvas(frame).draw(batch, transform: .scale(1.05, 0.95))
            let part = Bitmap(width: 150, height: 90)!
            var c = Canvas(part)
            c.clip = PixelRect(x0: 3, y0: 7, x1: 147, y1: 88)
            c.draw(batch, transform: .scale(1.05, 0.95), shift: (-11, -5))
            return (frame, part)
        }
        let (portable, portablePart) = draw(.portable)
        #expect(portable.row(50).contains { Pixel.b($0) != 90 })          // sprites were drawn
        for path in RasterKernels.Path.allCases where path != .portable {
            let (frame, part) = draw(path)
            #expect((0..<111).allSatisfy { Array(frame.row($0)) == Array(portable.row($0)) }, "\(path) frame")
            #expect((0..<90).allSatisfy { Array(part.row($0)) == Array(portablePart.row($0)) }, "\(path) part")
        }
        // This machine's best path is the one tested above, or only portable exists.
        #expect(RasterKernels.available == .portable || RasterKernels.Path.allCases.contains(RasterKernels.available))
    }

    /// Sprites only moved (a unit step along the row: the AVX2 kernel reads their texels with
    /// masked loads instead of gathers) give the same bytes on every path: fractional and whole
    /// positions, sprites hanging over every edge of the frame and of a band-clipped, shifted copy,
    /// 16-px sprites (rows of 17–18 columns: a short last group) and an odd-sized one.
    @Test(.serialized, arguments: [false, true]) func movedSpritesGiveTheSameBytesOnEveryPath(additive: Bool) {
        var images: [SpriteBatch.Image] = []
        for (w, h) in [(16, 16), (9, 5)] {
            let b = Bitmap(width: w, height: h)!
            for y in 0..<h { for x in 0..<w {
                let a = UInt32((x * 37 + y * 91) % 256)
                b[x, y] = Pixel.pack(r: a * 9 / 10, g: a / 2, b: (a * 3) % (a + 1), a: a)
            } }
            images.append(.init(bitmap: b, source: b.bounds))
        }
        var rng = SplitMix64(seed: additive ? 77 : 78)
        func unit() -> Double { Double(rng.next() % 1_000_000) / 1_000_000 }
        var sprites: [SpriteBatch.Sprite] = []
        for i in 0..<400 {
            let whole = i % 5 == 0
            let x = whole ? Double(Int(unit() * 200) - 20) : unit() * 200 - 20, y = whole ? Double(Int(unit() * 130) - 15) : unit() * 130 - 15
            sprites.append(.init(image: i % 7 == 0 ? 1 : 0, transform: .translation(x, y),
                                 color: SpriteBatch.Sprite.multiplier(red: unit(), green: 1, blue: unit(), alpha: 0.2 + unit() * 0.8)))
        }
        let batch = SpriteBatch(images: images, sprites: sprites, additive: additive)
        func draw(_ path: RasterKernels.Path) -> [[UInt32]] {
            RasterKernels.forced = path
            defer { RasterKernels.forced = nil }
            let frame = Bitmap(width: 181, height: 113)!
            for y in 0..<113 { for x in 0..<181 { frame[x, y] = Pixel.pack(r: UInt32(x % 256), g: UInt32(y * 2 % 256), b: 90, a: 200) } }
            Canvas(frame).draw(batch, transform: .identity)
            let part = Bitmap(width: 150, height: 90)!
            var c = Canvas(part)
            c.clip = PixelRect(x0: 3, y0: 7, x1: 147, y1: 88)
            c.draw(batch, transform: .identity, shift: (-11, -5))
            return (0..<113).map { Array(frame.row($0)) } + (0..<90).map { Array(part.row($0)) }
        }
        let portable = draw(.portable)
        #expect(portable[50].contains { Pixel.b($0) != 90 })          // sprites were drawn
        for path in RasterKernels.Path.allCases where path != .portable {
            let rows = draw(path)
            let same = rows == portable
            #expect(same, "\(path): first row differing \(rows.indices.first { rows[$0] != portable[$0] } ?? -1)")
        }
    }
}
