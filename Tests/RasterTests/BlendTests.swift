import Raster
import TestSupport
import Testing

@Suite struct BlendTests {
    /// Every source alpha, every valid premultiplied source channel, every destination channel.
    @Test func srcOverIsWithinOneOfTheRealValuedResultExhaustively() {
        var worst = 0.0
        for sa in 0...255 {
            for sc in 0...sa {
                let s = Pixel.pack(r: UInt32(sc), g: UInt32(sa - sc), b: UInt32(sc / 2), a: UInt32(sa))
                for dc in 0...255 {
                    let d = Pixel.pack(r: UInt32(dc), g: UInt32(255 - dc), b: UInt32(dc / 3), a: UInt32(dc))
                    let o = Blend.srcOver(s, d)
                    let k = 1 - Double(sa) / 255
                    let exp = [Double(sc) + Double(dc) * k, Double(sa - sc) + Double(255 - dc) * k,
                               Double(sc / 2) + Double(dc / 3) * k, Double(sa) + Double(dc) * k]
                    let got = [Pixel.r(o), Pixel.g(o), Pixel.b(o), Pixel.a(o)]
                    for c in 0..<4 { worst = max(worst, abs(Double(got[c]) - exp[c])) }
                }
            }
        }
        #expect(worst <= 1.0, "worst deviation \(worst)")
    }

    @Test func scaleRoundsExactlyForAllChannelsAndFactors() {
        for v in 0...255 {
            for k in 0...255 {
                let p = Blend.scale(Pixel.pack(r: UInt32(v), g: UInt32(255 - v), b: UInt32(v), a: 255), UInt32(k))
                #expect(Int(Pixel.r(p)) == Int((Double(v * k) / 255).rounded()))
                #expect(Int(Pixel.g(p)) == Int((Double((255 - v) * k) / 255).rounded()))
                #expect(Int(Pixel.a(p)) == k)
            }
        }
    }

    /// The coverage × opacity path over a large random sample: source scaled by two 8-bit factors.
    @Test func coverageAndOpacityBlendStaysWithinOneOfTheReference() {
        var rng = SeededRandom(seed: 7)
        let n = 200_000
        var src = [UInt32](repeating: 0, count: n), dst = [UInt32](repeating: 0, count: n), cov = [UInt8](repeating: 0, count: n)
        for i in 0..<n {
            let a = UInt32(rng.next() % 256)
            src[i] = Pixel.pack(r: UInt32(rng.next() % UInt64(a + 1)), g: UInt32(rng.next() % UInt64(a + 1)),
                                b: UInt32(rng.next() % UInt64(a + 1)), a: a)
            let da = UInt32(rng.next() % 256)
            dst[i] = Pixel.pack(r: UInt32(rng.next() % UInt64(da + 1)), g: 0, b: da, a: da)
            cov[i] = UInt8(rng.next() % 256)
        }
        let before = dst
        let k: UInt32 = 200
        dst.withUnsafeMutableBufferPointer { d in
            Blend.blendRow(d.baseAddress!, src, coverage: cov, count: n, scale: k)
        }
        var worst = 0.0
        for i in 0..<n {
            let f = Double(cov[i]) / 255 * Double(k) / 255
            let sa = Double(Pixel.a(src[i])) * f
            for ch in [Pixel.r, Pixel.g, Pixel.b, Pixel.a] {
                let exp = Double(ch(src[i])) * f + Double(ch(before[i])) * (1 - sa / 255)
                worst = max(worst, abs(Double(ch(dst[i])) - exp))
            }
        }
        #expect(worst <= 1.0, "worst deviation \(worst)")
    }
}


extension BlendTests {
    @Test func scaledSrcOverRoundsOnceForEveryFactorOnASample() {
        var rng = SeededRandom(seed: 11)
        var worst = 0.0
        for _ in 0..<300_000 {
            let a = UInt32(rng.next() % 256), c = UInt32(rng.next() % UInt64(a + 1))
            let s = Pixel.pack(r: c, g: a - c, b: c / 3, a: a)
            let d = UInt32(truncatingIfNeeded: rng.next())
            let f = UInt32(rng.next() % 65026)
            let o = Blend.srcOver(s, d, factor: f)
            let ff = Double(f) / 65025, k = 1 - Double(a) * ff / 255
            for ch in [Pixel.r, Pixel.g, Pixel.b, Pixel.a] {
                worst = max(worst, abs(Double(ch(o)) - (Double(ch(s)) * ff + Double(ch(d)) * k)))
            }
        }
        #expect(worst <= 0.5 + 1e-3, "worst deviation \(worst)")   // Float lanes: 1e-5 off near ties
    }
}

extension BlendTests {
    /// The four-pixel form is the one-pixel form in sixteen lanes: the same bytes for every input,
    /// so the vectorized rows (an image at 90 % opacity) keep every golden byte-identical.
    @Test func fourPixelSrcOverGivesTheOnePixelBytes() {
        var rng = SeededRandom(seed: 17)
        func premultiplied() -> UInt32 {
            let a = UInt32(rng.next() % 256)
            let r = UInt32(rng.next() % UInt64(a + 1)), g = UInt32(rng.next() % UInt64(a + 1)), b = UInt32(rng.next() % UInt64(a + 1))
            return Pixel.pack(r: r, g: g, b: b, a: a)
        }
        var mismatches = 0
        for n in 0..<200_000 {
            let s = SIMD4(premultiplied(), n % 7 == 0 ? 0 : premultiplied(), premultiplied(), n % 5 == 0 ? 0xFF00_0000 : premultiplied())
            let d = SIMD4(premultiplied(), premultiplied(), UInt32(truncatingIfNeeded: rng.next()), premultiplied())
            let f = n % 3 == 0 ? UInt32(rng.next() % 256) * 255 : UInt32(rng.next() % 65026)
            let four = Blend.srcOver4(s, d, factor: f)
            for i in 0..<4 where four[i] != Blend.srcOver(s[i], d[i], factor: f) { mismatches += 1 }
        }
        #expect(mismatches == 0)
    }

    @Test func scaledRowsOfAnyLengthMatchThePixelByPixelBlend() {
        var rng = SeededRandom(seed: 23)
        for count in [0, 1, 3, 4, 5, 8, 13, 64] {
            let src = (0..<count).map { i -> UInt32 in
                let a = UInt32(rng.next() % 256), c = UInt32(rng.next() % UInt64(a + 1))
                return i % 4 == 1 ? 0 : Pixel.pack(r: c, g: a - c, b: c / 2, a: a)
            }
            let before = (0..<count).map { _ in UInt32(truncatingIfNeeded: rng.next()) | 0xFF00_0000 }
            var dst = before
            let k: UInt32 = 230
            src.withUnsafeBufferPointer { s in dst.withUnsafeMutableBufferPointer { d in
                if let sb = s.baseAddress, let db = d.baseAddress { Blend.blendRow(db, sb, count: count, scale: k) }
            } }
            for i in 0..<count {
                let expected = src[i] == 0 ? before[i] : Blend.srcOver(src[i], before[i], factor: k * 255)
                #expect(dst[i] == expected, "pixel \(i) of \(count)")
            }
        }
    }

    /// The integer form for opaque sources gives the `Float` form's bytes: every source and
    /// destination byte in every channel, at opacities from 1 to 254 (the ends and a spread; all
    /// 254 were checked once in a release build, 2026-11-26), with the destination's alpha free.
    @Test func opaqueFourPixelFormGivesTheFloatFormsBytes() {
        var mismatches = 0
        for k: UInt32 in [1, 2, 3, 17, 64, 100, 127, 128, 129, 170, 200, 229, 230, 250, 253, 254] {
            for s: UInt32 in 0..<256 {
                let src = SIMD4(repeating: Pixel.pack(r: s, g: 255 - s, b: (s &* 7) & 0xFF, a: 255))
                for d in stride(from: UInt32(0), to: 256, by: 4) {
                    let dst = SIMD4((0..<4).map { j in Pixel.pack(r: d + j, g: (d + j) ^ 0x5A, b: 255 - d - j, a: (d + j) &* 3 & 0xFF) })
                    let four = Blend.opaqueOver4(src, dst, scale: k)
                    for i in 0..<4 where four[i] != Blend.srcOver(src[i], dst[i], factor: k * 255) { mismatches += 1 }
                }
            }
        }
        #expect(mismatches == 0)
    }

    /// The one-pixel integer form gives the four-pixel form's bytes (and so the `Float` form's):
    /// the same sources and destinations, at every scale 0…255.
    @Test func opaqueOnePixelFormGivesTheFourPixelFormsBytes() {
        var mismatches = 0
        for k: UInt32 in 0...255 {
            for s in stride(from: UInt32(0), to: 256, by: 3) {
                let src = Pixel.pack(r: s, g: 255 - s, b: (s &* 7) & 0xFF, a: 255)
                for d in stride(from: UInt32(0), to: 256, by: 4) {
                    let dst = SIMD4((0..<4).map { j in Pixel.pack(r: d + j, g: (d + j) ^ 0x5A, b: 255 - d - j, a: (d + j) &* 3 & 0xFF) })
                    let four = Blend.opaqueOver4(SIMD4(repeating: src), dst, scale: k)
                    for i in 0..<4 where Blend.opaqueOver(src, dst[i], scale: k) != four[i] { mismatches += 1 }
                    if k > 0 && k < 255 && Blend.opaqueOver(src, dst[0], scale: k) != Blend.srcOver(src, dst[0], factor: k * 255) { mismatches += 1 }
                }
            }
        }
        #expect(mismatches == 0)
    }

    /// One colour through a coverage row (a filled shape's edge pixels) gives the pixel-by-pixel
    /// bytes: opaque at full opacity (the integer forms), opaque at an opacity and translucent
    /// (the `Float` form), rows of every length, coverage in runs of 0 and 255 and ramps.
    @Test func solidCoverageRowsMatchThePixelByPixelBlend() {
        var rng = SeededRandom(seed: 43)
        for count in [0, 1, 2, 3, 4, 5, 7, 8, 13, 64, 257] {
            let coverage = (0..<count).map { i -> UInt8 in
                switch (i / 3) % 5 { case 0: return 0; case 1: return 255; default: return UInt8(rng.next() % 256) }
            }
            let before = (0..<count).map { _ in UInt32(truncatingIfNeeded: rng.next()) }
            for color in [Pixel.pack(r: 240, g: 128, b: 48, a: 255), Pixel.pack(r: 60, g: 30, b: 90, a: 128)] {
                if let bad = Self.solidThroughCoverageMismatch(color, coverage, over: before, scales: [255, 300, 230, 1]) {
                    Issue.record(Comment(rawValue: bad)); return
                }
            }
        }
    }

    /// A row of `count` opaque sources with a translucent one every `translucentEvery` pixels, and
    /// a row of random destination pixels.
    static func mostlyOpaqueRow(_ count: Int, translucentEvery n: Int, _ rng: inout SeededRandom) -> (src: [UInt32], dst: [UInt32]) {
        let src = (0..<count).map { i -> UInt32 in
            let c = UInt32(rng.next() % 256)
            return i % n == n / 3 ? Pixel.pack(r: c / 2, g: c / 3, b: c / 4, a: c) : Pixel.pack(r: c, g: 255 - c, b: c / 2, a: 255)
        }
        return (src, (0..<count).map { _ in UInt32(truncatingIfNeeded: rng.next()) })
    }

    /// Rows of opaque pixels (the integer form) and of mixed ones (the `Float` form) at an
    /// opacity give the pixel-by-pixel bytes.
    @Test func opaqueRowsAtAnOpacityMatchThePixelByPixelBlend() {
        var rng = SeededRandom(seed: 29)
        for count in [4, 7, 64, 301] {
            let (src, before) = Self.mostlyOpaqueRow(count, translucentEvery: 37, &rng)
            for k: UInt32 in [1, 77, 230, 254] {
                var dst = before
                src.withUnsafeBufferPointer { s in dst.withUnsafeMutableBufferPointer { d in
                    if let sb = s.baseAddress, let db = d.baseAddress { Blend.blendRow(db, sb, count: count, scale: k) }
                } }
                for i in 0..<count where dst[i] != Blend.srcOver(src[i], before[i], factor: k * 255) {
                    Issue.record("pixel \(i) of \(count) at scale \(k)")
                    return
                }
            }
        }
    }

    /// A row through a coverage mask (an image or gradient seen through a mask) gives the
    /// pixel-by-pixel bytes: runs of 0 and 255 coverage and ramps, opaque and translucent
    /// sources mixed, at full opacity (the four-pixel integer form) and below it, rows of every
    /// length.
    @Test func coverageRowsMatchThePixelByPixelBlend() {
        var rng = SeededRandom(seed: 37)
        for count in [0, 1, 3, 4, 5, 8, 13, 64, 257] {
            let coverage = (0..<count).map { i -> UInt8 in
                switch (i / 4) % 5 { case 0: return 0; case 1: return 255; default: return UInt8(rng.next() % 256) }
            }
            let (src, before) = Self.mostlyOpaqueRow(count, translucentEvery: 23, &rng)
            for k: UInt32 in [255, 300, 230, 1] {
                var dst = before
                src.withUnsafeBufferPointer { s in coverage.withUnsafeBufferPointer { c in dst.withUnsafeMutableBufferPointer { d in
                    if let sb = s.baseAddress, let cb = c.baseAddress, let db = d.baseAddress {
                        Blend.blendRow(db, sb, coverage: cb, count: count, scale: k)
                    }
                } } }
                let kk = min(255, k)
                for i in 0..<count {
                    let c = UInt32(coverage[i])
                    let expected = c == 0 ? before[i]
                        : c == 255 && kk == 255 ? Blend.srcOver(src[i], before[i]) : Blend.srcOver(src[i], before[i], factor: c * kk)
                    if dst[i] != expected { Issue.record("pixel \(i) of \(count), coverage \(c), scale \(k)"); return }
                }
            }
        }
    }

    /// Rows at full opacity (cached layer contents drawn every frame): opaque, clear and
    /// translucent sources in runs and mixed within groups of four, and some that are not valid
    /// premultiplied pixels, give `srcOver`'s bytes, a clear source leaving its pixel, for every
    /// row length.
    @Test func fullOpacityRowsMatchThePixelByPixelBlend() {
        var rng = SeededRandom(seed: 41)
        for count in [0, 1, 3, 4, 5, 8, 13, 64, 257] {
            let src = (0..<count).map { i -> UInt32 in
                let a: UInt32
                switch (i / 4) % 4 {
                case 0: a = 255
                case 1: a = 0
                case 2: a = UInt32(rng.next() % 256)
                default: a = [0, 255, UInt32(rng.next() % 256)][Int(rng.next() % 3)]
                }
                // Every 29th source is not a valid premultiplied pixel (a channel above its alpha):
                // its channels still add to the destination's as one 32-bit value, as srcOver does.
                if i % 29 == 11 { return UInt32(truncatingIfNeeded: rng.next()) & 0x00FF_FFFF | a << 24 }
                let c = a == 0 ? 0 : UInt32(rng.next() % UInt64(a + 1))
                return Pixel.pack(r: c, g: a - c, b: c / 2, a: a)
            }
            let before = (0..<count).map { _ in UInt32(truncatingIfNeeded: rng.next()) }
            var dst = before
            src.withUnsafeBufferPointer { s in dst.withUnsafeMutableBufferPointer { d in
                if let sb = s.baseAddress, let db = d.baseAddress { Blend.blendRow(db, sb, count: count, scale: 255) }
            } }
            for i in 0..<count {
                let a = src[i] >> 24
                let expected = a == 255 ? src[i] : a == 0 ? before[i] : Blend.srcOver(src[i], before[i])
                if dst[i] != expected { Issue.record("pixel \(i) of \(count), alpha \(a)"); return }
            }
        }
    }

    /// A colour over a run of pixels (a shape's inside): translucent at full opacity, opaque at
    /// an opacity and translucent at an opacity give the one-pixel bytes, for every run length.
    @Test func solidRunsMatchThePixelByPixelBlend() {
        var rng = SeededRandom(seed: 53)
        for count in [0, 1, 3, 4, 5, 8, 13, 64, 257] {
            let before = (0..<count).map { _ in UInt32(truncatingIfNeeded: rng.next()) }
            for color in [Pixel.pack(r: 40, g: 100, b: 128, a: 128), Pixel.pack(r: 240, g: 128, b: 48, a: 255), Pixel.pack(r: 1, g: 0, b: 2, a: 3)] {
                for k: UInt32 in [255, 400, 230, 77, 1] {
                    var dst = before
                    dst.withUnsafeMutableBufferPointer { d in if let db = d.baseAddress { Blend.blendSolid(db, color, count: count, scale: k) } }
                    for i in 0..<count {
                        let expected = k >= 255
                            ? (color >> 24 == 255 ? color : color &+ Blend.scale(before[i], 255 - (color >> 24)))
                            : Blend.srcOver(color, before[i], factor: k * 255)
                        if dst[i] != expected { Issue.record("pixel \(i) of \(count), colour \(color), scale \(k)"); return }
                    }
                }
            }
        }
    }

    /// A colour through per-pixel coverage (a shape's edge spans): the four-pixel groups give the
    /// one-pixel bytes for opaque and translucent colours, every coverage (0 and 255 among them),
    /// every scale, every span length.
    @Test func solidThroughCoverageMatchesThePixelByPixelBlend() {
        var rng = SeededRandom(seed: 61)
        for round in 0 ..< 400 {
            let count = round % 19
            let before = (0..<count).map { _ in UInt32(truncatingIfNeeded: rng.next()) }
            let coverage = (0..<count).map { _ -> UInt8 in
                switch rng.next() % 4 { case 0: return 0; case 1: return 255; default: return UInt8(truncatingIfNeeded: rng.next()) }
            }
            let alpha = [255, 128, 3, 0, UInt32(truncatingIfNeeded: rng.next()) & 0xFF][round % 5]
            let color = (UInt32(truncatingIfNeeded: rng.next()) & 0x00FF_FFFF) | alpha << 24
            if let bad = Self.solidThroughCoverageMismatch(color, coverage, over: before, scales: [255, 300, 128, 1]) {
                Issue.record(Comment(rawValue: bad)); return
            }
        }
    }

    /// `Blend.blendSolid(_:_:coverage:count:scale:)` of `color` through `coverage` over `before`
    /// at each scale against the one-pixel rule; the first pixel that differs, or nil.
    static func solidThroughCoverageMismatch(_ color: UInt32, _ coverage: [UInt8], over before: [UInt32], scales: [UInt32]) -> String? {
        let count = coverage.count
        for k in scales {
            var dst = before
            coverage.withUnsafeBufferPointer { c in dst.withUnsafeMutableBufferPointer { d in
                if let cb = c.baseAddress, let db = d.baseAddress { Blend.blendSolid(db, color, coverage: cb, count: count, scale: k) }
            } }
            let kk = min(255, k)
            for i in 0..<count {
                let c = UInt32(coverage[i])
                let expected = c == 0 ? before[i]
                    : c == 255 && kk == 255 ? (color >> 24 == 255 ? color : Blend.srcOver(color, before[i]))
                    : Blend.srcOver(color, before[i], factor: c * kk)
                if dst[i] != expected { return "pixel \(i) of \(count), colour \(color), coverage \(c), scale \(k)" }
            }
        }
        return nil
    }
}
