import Raster
import Testing

/// The non-separable blend modes and plusDarker (Composite/BlendMode+NonSeparable.swift) against
/// pixels worked out by hand from W3C's Lum/SetLum/ClipColor/Sat/SetSat and Apple's plusDarker.
@Suite struct BlendModeNonSeparableTests {
    typealias T = BlendModeTests

    /// Opaque s = (200, 100, 50), d = (100, 150, 200), in units of 1/255: Lum(s) = 60 + 59 + 5.5 =
    /// 124.5, Lum(d) = 30 + 88.5 + 22 = 140.5; Sat(s) = 150, Sat(d) = 100.
    @Test(arguments: [
        // color: s moved to d's luminosity, + 16 each.
        (BlendMode.color, (216, 116, 66, 255)),
        // luminosity: d moved to s's luminosity, − 16 each.
        (.luminosity, (84, 134, 184, 255)),
        // hue: SetSat(s, 100) = (s − 50)·100/150 = (100, 33.3, 0), Lum 49.67; + 90.83 → (190.8, 124.2, 90.8).
        (.hue, (191, 124, 91, 255)),
        // saturation: SetSat(d, 150) = (d − 100)·1.5 = (0, 75, 150), Lum 60.75; + 79.75 → (79.75, 154.75, 229.75).
        (.saturation, (80, 155, 230, 255)),
        // plusDarker: s + d − 255 per channel, clamped at 0.
        (.plusDarker, (45, 0, 0, 255)),
    ])
    func onOpaquePixels(mode: BlendMode, expected: (Int, Int, Int, Int)) {
        let got = T.blended(mode, src: T.s, dst: T.d)
        #expect(T.near(got, expected), "\(mode): \(got) ≠ \(expected)")
    }

    /// ClipColor at work: pure red in `.color` over mid grey (128): SetLum((255, 0, 0), 128) is
    /// (306.5, 51.5, 51.5), past 255, so it is pulled towards 128 by (255 − 128)/(306.5 − 128):
    /// (255, 73.57, 73.57).
    @Test func clipColorPullsAnOutOfRangeColourBack() {
        let grey = Color(r: 128.0 / 255, g: 128.0 / 255, b: 128.0 / 255)
        let got = T.blended(.color, src: Color(r: 1, g: 0, b: 0), dst: grey)
        #expect(T.near(got, (255, 74, 74, 255)), "\(got)")
        // The same B the other way round: grey's luminosity (128) given to red is SetLum(red, 128) again.
        let lum = T.blended(.luminosity, src: grey, dst: Color(r: 1, g: 0, b: 0))
        #expect(T.near(lum, (255, 74, 74, 255)), "\(lum)")
    }

    /// Translucent s = (128, 0, 0, 128), d = (0, 0, 191, 191): co = s(1 − αd) + d(1 − αs) +
    /// αs·αd·B, αo = 223.13. Cs = red, Cd = blue; Lum(red) = 0.3, Lum(blue) = 0.11.
    @Test(arguments: [
        // B = SetLum(red, 0.11) = (0.81, −0.19, −0.19) clipped about 0.11: (0.367, 0, 0);
        // r = 128·64/255 + 128·191/255·0.367 = 32.1 + 35.2.
        (BlendMode.color, (67, 0, 95, 223)),
        // hue: SetSat(red, Sat(blue) = 1) = red, then the same SetLum: as color here.
        (.hue, (67, 0, 95, 223)),
        // saturation: SetSat(blue, 1) = blue, SetLum(blue, 0.11) = blue: B = Cd, so co = s(1 − αd) + d.
        (.saturation, (32, 0, 191, 223)),
        // luminosity: SetLum(blue, 0.3) = (0.19, 0.19, 1.19) clipped about 0.3 by 0.7/0.89:
        // (0.2135, 0.2135, 1); r = 32.13 + 95.87·0.2135 = 52.6 (αs·αd = 95.87/255), g = 20.5,
        // b = 95.13 + 95.87 = 191.
        (.luminosity, (53, 20, 191, 223)),
        // plusDarker: αo = min(1, αs + αd) = 1; r = 1 − (0 + 191/255) = 64/255,
        // g = max(0, 1 − (128 + 191)/255) = 0, b = 1 − (128/255 + 0) = 127/255.
        (.plusDarker, (64, 0, 127, 255)),
    ])
    func onTranslucentPixels(mode: BlendMode, expected: (Int, Int, Int, Int)) {
        let got = T.blended(mode, src: T.ts, dst: T.td)
        #expect(T.near(got, expected), "\(mode): \(got) ≠ \(expected)")
    }

    /// Over a transparent destination every one of them leaves the source as it is (the B term
    /// needs both alphas), and a transparent source leaves the destination.
    @Test(arguments: [BlendMode.hue, .saturation, .color, .luminosity, .plusDarker])
    func transparencyOnEitherSide(mode: BlendMode) {
        let s = T.ts.premultipliedPixel, d = T.td.premultipliedPixel
        #expect(mode.combine(s, 0) == s, "\(mode)")
        #expect(mode.combine(0, d) == d, "\(mode)")
        // Coverage mixes the result with the destination: none leaves it, half goes half way.
        #expect(mode.combine(s, d, coverage: 0) == d)
        let half = mode.combine(s, d, coverage: 128), full = mode.combine(s, d)
        for shift: UInt32 in [0, 8, 16, 24] {
            let h = Int((half >> shift) & 0xFF), f = Int((full >> shift) & 0xFF), o = Int((d >> shift) & 0xFF)
            #expect(abs(h - (o + (f - o) * 128 / 255)) <= 1, "\(mode) channel \(shift)")
        }
    }
}
