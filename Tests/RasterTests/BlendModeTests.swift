import Raster
import Testing

/// Every blend mode against pixels worked out by hand from the W3C and Porter-Duff formulas
/// (Composite/BlendMode.swift, through the canvas's `blendMode`).
@Suite struct BlendModeTests {
    /// One pixel over `dst`, fully covered by a fill of `src` in `mode`.
    static func blended(_ mode: BlendMode, src: Color, dst: Color) -> (Int, Int, Int, Int) {
        let b = Bitmap(width: 3, height: 3)!
        b.clear(dst.premultipliedPixel)
        var c = Canvas(b)
        c.blendMode = mode
        var p = Path()
        p.addRect(Rect(x: 1, y: 1, width: 1, height: 1))
        c.fill(p, paint: .solid(src))
        #expect(b[0, 0] == dst.premultipliedPixel, "outside the shape nothing changes (\(mode))")
        let v = b[1, 1]
        return (Int(Pixel.r(v)), Int(Pixel.g(v)), Int(Pixel.b(v)), Int(Pixel.a(v)))
    }

    static func near(_ a: (Int, Int, Int, Int), _ b: (Int, Int, Int, Int), _ tolerance: Int = 1) -> Bool {
        abs(a.0 - b.0) <= tolerance && abs(a.1 - b.1) <= tolerance && abs(a.2 - b.2) <= tolerance && abs(a.3 - b.3) <= tolerance
    }

    // Opaque colours: s = (200, 100, 50), d = (100, 150, 200), all 255 alpha.
    static let s = Color(r: 200.0 / 255, g: 100.0 / 255, b: 50.0 / 255)
    static let d = Color(r: 100.0 / 255, g: 150.0 / 255, b: 200.0 / 255)

    /// Separable modes on opaque pixels: `B(Cs, Cd)` per channel, worked out by hand.
    @Test(arguments: [
        (BlendMode.multiply, (78, 59, 39, 255)),      // s·d/255: 78.43, 58.82, 39.22
        (.screen, (222, 191, 211, 255)),              // s + d − s·d/255
        (.overlay, (157, 127, 167, 255)),             // d ≤ ½: 2sd; else 255 − 2(255−s)(255−d)/255
        (.darken, (100, 100, 50, 255)),
        (.lighten, (200, 150, 200, 255)),
        (.difference, (100, 50, 150, 255)),
        (.exclusion, (143, 132, 172, 255)),           // s + d − 2sd/255
        (.hardLight, (188, 118, 78, 255)),            // as overlay, decided by s
        (.colorDodge, (255, 247, 249, 255)),          // d/(255 − s)·255: 100/55 → 1, 150/155, 200/205
        (.colorBurn, (57, 0, 0, 255)),                // 1 − (255 − d)/s: 1 − 155/200 = 0.225; 105/100, 55/50 → 0
        (.softLight, (134, 137, 174, 255)),           // r: s > ½, √Cd; g, b: Cd − (1 − 2Cs)·Cd·(1 − Cd)
    ])
    func separableModesOnOpaquePixels(mode: BlendMode, expected: (Int, Int, Int, Int)) {
        let got = Self.blended(mode, src: Self.s, dst: Self.d)
        #expect(Self.near(got, expected), "\(mode): \(got) ≠ \(expected)")
    }

    // Translucent: s = red at α 128 → (128, 0, 0, 128); d = blue at α 191 → (0, 0, 191, 191).
    static let ts = Color(r: 1, g: 0, b: 0, a: 0.5)
    static let td = Color(r: 0, g: 0, b: 1, a: 0.75)

    /// Porter-Duff operators and plusLighter on premultiplied translucent pixels, by hand:
    /// sa = 128/255, da = 191/255.
    @Test(arguments: [
        (BlendMode.normal, (128, 0, 95, 223)),        // s + d(1 − sa)
        (.clear, (0, 0, 0, 0)),
        (.copy, (128, 0, 0, 128)),
        (.sourceIn, (96, 0, 0, 96)),                  // s·da = 95.87
        (.sourceOut, (32, 0, 0, 32)),                 // s(1 − da) = 32.13
        (.sourceAtop, (96, 0, 95, 191)),              // s·da + d(1 − sa)
        (.destinationOver, (32, 0, 191, 223)),        // s(1 − da) + d
        (.destinationIn, (0, 0, 96, 96)),             // d·sa
        (.destinationOut, (0, 0, 95, 95)),            // d(1 − sa) = 95.13
        (.destinationAtop, (32, 0, 96, 128)),         // s(1 − da) + d·sa
        (.xor, (32, 0, 95, 127)),                     // s(1 − da) + d(1 − sa)
        (.plusLighter, (128, 0, 191, 255)),           // min(1, s + d)
    ])
    func porterDuffOnTranslucentPixels(mode: BlendMode, expected: (Int, Int, Int, Int)) {
        let got = Self.blended(mode, src: Self.ts, dst: Self.td)
        #expect(Self.near(got, expected), "\(mode): \(got) ≠ \(expected)")
    }

    /// Separable modes over a translucent destination keep the W3C alpha `αs + αd − αs·αd` and
    /// the terms for the uncovered parts: multiply of (128,0,0,128) over (0,0,191,191) is
    /// r = 128(1 − da) + 0 + 0 = 32.13, b = 191(1 − sa) = 95.13, α = 223.13.
    @Test func multiplyOverATranslucentDestination() {
        let got = Self.blended(.multiply, src: Self.ts, dst: Self.td)
        #expect(Self.near(got, (32, 0, 95, 223)), "\(got)")
    }

    /// Coverage mixes the result with the destination: copy over half a pixel gives
    /// d + (s − d)·½ (the rasterizer's coverage of half a pixel is 128/255).
    @Test func partialCoverageMixesWithTheDestination() {
        let b = Bitmap(width: 2, height: 1)!
        b.clear(Self.td.premultipliedPixel)
        var c = Canvas(b)
        c.blendMode = .copy
        var p = Path()
        p.addRect(Rect(x: 0, y: 0, width: 1.5, height: 1))
        c.fill(p, paint: .solid(Self.ts))
        let v = b[1, 0]
        // r = 128·0.502 = 64.25, b = 191 − 191·0.502 = 95.1, α = 191 − 63·0.502 = 159.4
        #expect(Self.near((Int(Pixel.r(v)), Int(Pixel.g(v)), Int(Pixel.b(v)), Int(Pixel.a(v))), (64, 0, 95, 159)), "\(v)")
        #expect(b[0, 0] == Self.ts.premultipliedPixel)
    }

    /// An opacity scales the source before a replacing mode: copy at ½ writes s·½, not a mix.
    @Test func opacityScalesTheSourceFirst() {
        let b = Bitmap(width: 1, height: 1)!
        b.clear(Self.td.premultipliedPixel)
        var c = Canvas(b)
        c.blendMode = .copy
        var p = Path()
        p.addRect(Rect(x: 0, y: 0, width: 1, height: 1))
        c.fill(p, paint: .solid(Color(r: 1, g: 0, b: 0)), opacity: 0.5)
        #expect(b[0, 0] == Pixel.pack(r: 128, g: 0, b: 0, a: 128))
    }

    /// Images blend too, through the whole-pixel fast path and the resampling path alike.
    @Test func imagesBlendInTheMode() {
        let img = Bitmap(width: 2, height: 2)!
        img.clear(Self.s.premultipliedPixel)
        for transform in [Transform.translation(1, 1), Transform.scale(1.5, 1.5).concatenating(.translation(1, 1))] {
            let b = Bitmap(width: 4, height: 4)!
            b.clear(Self.d.premultipliedPixel)
            var c = Canvas(b)
            c.blendMode = .darken
            c.draw(img, transform: transform)
            let v = b[2, 2]
            #expect(Self.near((Int(Pixel.r(v)), Int(Pixel.g(v)), Int(Pixel.b(v)), Int(Pixel.a(v))), (100, 100, 50, 255)), "\(transform): \(v)")
            #expect(b[0, 0] == Self.d.premultipliedPixel)
        }
    }

    /// `.normal` keeps the canvas's own source-over bytes (the fast paths, not `BlendMode.combine`).
    @Test func normalIsTheCanvassSourceOver() {
        let a = Bitmap(width: 8, height: 8)!, b = Bitmap(width: 8, height: 8)!
        a.clear(Self.td.premultipliedPixel); b.clear(Self.td.premultipliedPixel)
        var p = Path()
        p.addEllipse(in: Rect(x: 0.3, y: 0.7, width: 6.4, height: 5.9))
        Canvas(a).fill(p, paint: .solid(Self.ts))
        var c = Canvas(b)
        c.blendMode = .normal
        c.fill(p, paint: .solid(Self.ts))
        #expect((0..<8).allSatisfy { y in (0..<8).allSatisfy { a[$0, y] == b[$0, y] } })
    }
}
