internal import CRasterKernels
/// Premultiplied 8-bit arithmetic: scaling by an alpha and source-over, two channels per multiply.
///
/// Division by 255 is exact-rounding (`(x + 128 + ((x + 128) >> 8)) >> 8`), applied to the R/B and
/// G/A channel pairs in parallel in one `UInt32` each, so `srcOver` is within ±1 of the real-valued
/// `s + d·(1 − αs)` for every input (tested exhaustively over the channel/alpha grid).
/// When the source is also scaled (partial coverage, opacity, a mask) `srcOver(_:_:factor:)`
/// computes `s·f + d·(1 − αs·f)` with a single rounding: rounding the scaled source first would
/// stack three half-unit errors (up to ±1.5).
public enum Blend {
    /// `p × k / 255` per channel, rounded; k in 0…255.
    @inlinable @inline(__always)
    public static func scale(_ p: UInt32, _ k: UInt32) -> UInt32 {
        var rb = (p & 0x00FF_00FF) &* k &+ 0x0080_0080
        var ag = ((p >> 8) & 0x00FF_00FF) &* k &+ 0x0080_0080
        rb = ((rb &+ ((rb >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
        ag = (ag &+ ((ag >> 8) & 0x00FF_00FF)) & 0xFF00_FF00
        return rb | ag
    }
    /// `scale(_:_:)` for four pixels, each with its own k (0…255): the same rounding per channel,
    /// in 16-bit lanes (even and odd bytes apart).
    @inlinable @inline(__always)
    public static func scale4(_ p: SIMD4<UInt32>, _ k: SIMD4<UInt32>) -> SIMD4<UInt32> {
        let w = unsafeBitCast(p, to: SIMD8<UInt16>.self), kk = lanePairs(k)
        return unsafeBitCast(divide255(w & 0xFF &* kk) | divide255(w &>> 8 &* kk) &<< 8, to: SIMD4<UInt32>.self)
    }
    /// `n / 255` rounded in every lane, n ≤ 65025: `scale`'s and `mul255`'s rounding,
    /// `(x + (x >> 8)) >> 8` with x = n + 128.
    @inlinable @inline(__always)
    public static func divide255(_ n: SIMD8<UInt16>) -> SIMD8<UInt16> {
        let x = n &+ 128
        return (x &+ (x &>> 8)) &>> 8
    }
    /// Four per-pixel values (each below 2¹⁶) as 16-bit lanes 2i and 2i + 1: one per channel pair
    /// of pixel i when its bytes are split into even and odd lanes.
    @inlinable @inline(__always)
    public static func lanePairs(_ k: SIMD4<UInt32>) -> SIMD8<UInt16> {
        unsafeBitCast(k | (k &<< 16), to: SIMD8<UInt16>.self)
    }
    /// Premultiplied source-over: `s + d × (255 − αs) / 255`.
    @inlinable @inline(__always)
    public static func srcOver(_ s: UInt32, _ d: UInt32) -> UInt32 {
        s &+ scale(d, 255 &- (s >> 24))
    }
    /// `s × f + d × (1 − αs × f)` per channel with one rounding, where the factor is `f / 65025`
    /// (`f` = coverage × opacity, each 0…255).
    ///
    /// Computed in four `Float` lanes (one SIMD multiply-add), rounded with the 2²³ trick: adding
    /// 2²³ leaves round-to-nearest(x) in the low mantissa bits, which avoids the slow generic
    /// float → integer SIMD conversion. `Float` error (≈1e-5) only matters within 1e-5 of a tie.
    @inlinable @inline(__always)
    public static func srcOver(_ s: UInt32, _ d: UInt32, factor f: UInt32) -> UInt32 {
        let k = Float(f) * (1 / 65025)
        let sv = SIMD4<Float>(SIMD4<Int32>(truncatingIfNeeded: unsafeBitCast(s, to: SIMD4<UInt8>.self)))
        let dv = SIMD4<Float>(SIMD4<Int32>(truncatingIfNeeded: unsafeBitCast(d, to: SIMD4<UInt8>.self)))
        let keep = 1 - Float(s >> 24) * k * (1 / 255)
        let v = sv * k + dv * keep + 8_388_608
        return unsafeBitCast(SIMD4<UInt8>(truncatingIfNeeded: unsafeBitCast(v, to: SIMD4<UInt32>.self)), to: UInt32.self)
    }
    /// `srcOver(_:_:factor:)` for four pixels at once, with the same `Float` operations in the
    /// same order per channel, so every pixel gets the bytes the one-pixel form gives it.
    /// Why: the one-pixel form spends most of its time moving four bytes in and out of a vector;
    /// four pixels fill sixteen lanes with the same moves.
    @inlinable @inline(__always)
    public static func srcOver4(_ s: SIMD4<UInt32>, _ d: SIMD4<UInt32>, factor f: UInt32) -> SIMD4<UInt32> {
        srcOver4(s, d, factors: SIMD4(repeating: f))
    }
    /// `srcOver4(_:_:factor:)` with a factor per pixel (each `coverage × opacity`, 0…65025): the
    /// one-pixel form's `Float` operations in the same order in every lane, so the same bytes.
    @inlinable @inline(__always)
    public static func srcOver4(_ s: SIMD4<UInt32>, _ d: SIMD4<UInt32>, factors f: SIMD4<UInt32>) -> SIMD4<UInt32> {
        let k = SIMD4<Float>(SIMD4<Int32>(truncatingIfNeeded: f)) * (1 / 65025)
        // One channel of the four pixels per vector (planar), so every step is a native 4-lane op.
        @inline(__always) func channel(_ p: SIMD4<UInt32>, _ shift: UInt32) -> SIMD4<Float> {
            SIMD4<Float>(SIMD4<Int32>(truncatingIfNeeded: (p &>> shift) & 0xFF))
        }
        let keep = 1 - channel(s, 24) * k * (1 / 255)
        @inline(__always) func blended(_ shift: UInt32) -> SIMD4<UInt32> {
            let v = channel(s, shift) * k + channel(d, shift) * keep + 8_388_608
            return (unsafeBitCast(v, to: SIMD4<UInt32>.self) & 0xFF) &<< shift
        }
        return blended(0) | blended(8) | blended(16) | blended(24)
    }
    /// `srcOver4(_:_:factor:)` with `factor` = k × 255, for four *opaque* source pixels: per channel
    /// `(s·k + d·(255 − k)) / 255` rounded, in 16-bit lanes (two channels of each pixel per lane
    /// pair: even and odd bytes), k in 0…255.
    ///
    /// Same bytes as the `Float` form. With αs = 255 that form computes N / 255 for the integer
    /// N = s·k + d·(255 − k) to within 2e-4 (its k and 1 − k are rounded to `Float`, each product
    /// and sum once more), and N / 255 is never nearer than 1/510 ≈ 2e-3 to a half (2N would be an
    /// odd multiple of 255), so both round to the same integer; `(x + (x >> 8)) >> 8` with
    /// x = N + 128 is that rounding for every N ≤ 65025 (BlendTests check both against the `Float`
    /// form). Why: the `Float` form spends most of its time widening bytes to `Float` lanes and
    /// back; this is about half the instructions for an image drawn at an opacity.
    @inlinable @inline(__always)
    public static func opaqueOver4(_ s: SIMD4<UInt32>, _ d: SIMD4<UInt32>, scale k: UInt32) -> SIMD4<UInt32> {
        opaqueOver4(s, d, scales: SIMD4(repeating: k))
    }
    /// `opaqueOver4(_:_:scale:)` with a scale per pixel (each 0…255; 0 keeps the destination,
    /// 255 gives the source).
    @inlinable @inline(__always)
    public static func opaqueOver4(_ s: SIMD4<UInt32>, _ d: SIMD4<UInt32>, scales k: SIMD4<UInt32>) -> SIMD4<UInt32> {
        let sw = unsafeBitCast(s, to: SIMD8<UInt16>.self), dw = unsafeBitCast(d, to: SIMD8<UInt16>.self)
        let kk = lanePairs(k), ik = SIMD8<UInt16>(repeating: 255) &- kk
        @inline(__always) func mix(_ a: SIMD8<UInt16>, _ b: SIMD8<UInt16>) -> SIMD8<UInt16> { divide255(a &* kk &+ b &* ik) }
        let even = mix(sw & 0xFF, dw & 0xFF), odd = mix(sw &>> 8, dw &>> 8)
        return unsafeBitCast(even | (odd &<< 8), to: SIMD4<UInt32>.self)
    }
    /// `opaqueOver4(_:_:scales:)` for one pixel: the two channel pairs in the halves of 32-bit
    /// words (each lane below 2¹⁶ at every step, so no carry crosses), the same rounding.
    @inlinable @inline(__always)
    public static func opaqueOver(_ s: UInt32, _ d: UInt32, scale k: UInt32) -> UInt32 {
        let ik = 255 &- k
        var rb = (s & 0x00FF_00FF) &* k &+ (d & 0x00FF_00FF) &* ik &+ 0x0080_0080
        var ag = ((s >> 8) & 0x00FF_00FF) &* k &+ ((d >> 8) & 0x00FF_00FF) &* ik &+ 0x0080_0080
        rb = ((rb &+ ((rb >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
        ag = (ag &+ ((ag >> 8) & 0x00FF_00FF)) & 0xFF00_FF00
        return rb | ag
    }
    /// `a × b / 255` rounded, for coverage × opacity × mask products; a, b in 0…255.
    @inlinable @inline(__always)
    public static func mul255(_ a: UInt32, _ b: UInt32) -> UInt32 {
        let x = a &* b &+ 128
        return (x &+ (x >> 8)) >> 8
    }

    // MARK: Rows

    /// Debug builds: `blendRow` at full scale through CRasterKernels' C loop (the same bytes; the
    /// SIMD loop pays generic calls per lane at -Onone); false when a test asked for the Swift loop.
    @usableFromInline
    static func blendRowInC(_ dst: UnsafeMutablePointer<UInt32>, _ src: UnsafePointer<UInt32>, count: Int) -> Bool {
        #if DEBUG
        guard RasterKernels.debugTwins else { return false }
        fb_blend_row_over(dst, src, count)
        return true
        #else
        return false
        #endif
    }

    /// `dst[i] = src[i] over dst[i]` with every source scaled by `k` (coverage × opacity).
    @inlinable
    public static func blendRow(_ dst: UnsafeMutablePointer<UInt32>, _ src: UnsafePointer<UInt32>, count: Int, scale k: UInt32) {
        #if DEBUG
        if k >= 255 && blendRowInC(dst, src, count: count) { return }
        #endif
        if k >= 255 {
            // Four pixels at a time: all opaque is a copy, all clear leaves them, else
            // `srcOver`'s integer steps in 16-bit lanes (the same formula per channel, the same
            // 32-bit add of the source), a clear pixel kept as it is.
            let rawDst = UnsafeMutableRawPointer(dst), rawSrc = UnsafeRawPointer(src)
            var i = 0
            while i &+ 4 <= count {
                let s = rawSrc.loadUnaligned(fromByteOffset: i &* 4, as: SIMD4<UInt32>.self)
                let a = s &>> 24
                if all(a .== 255) {
                    rawDst.storeBytes(of: s, toByteOffset: i &* 4, as: SIMD4<UInt32>.self)
                } else if any(a .!= 0) {
                    let d = rawDst.loadUnaligned(fromByteOffset: i &* 4, as: SIMD4<UInt32>.self)
                    let out = (s &+ scale4(d, 255 &- a)).replacing(with: d, where: a .== 0)
                    rawDst.storeBytes(of: out, toByteOffset: i &* 4, as: SIMD4<UInt32>.self)
                }
                i &+= 4
            }
            while i < count {
                let s = src[i], a = s >> 24
                if a == 255 { dst[i] = s } else if a != 0 { dst[i] = srcOver(s, dst[i]) }
                i &+= 1
            }
        } else if k > 0 {
            let f = k &* 255
            // Opaque sources eight at a time where the CPU has AVX2 (the same integer steps);
            // the kernel stops at a group with a translucent pixel, and after the next opaque
            // group of four the row goes back to it.
            var i = RasterKernels.opaqueOverRow(dst, src, count: count, scale: k)
            let rawDst = UnsafeMutableRawPointer(dst), rawSrc = UnsafeRawPointer(src)
            while i &+ 4 <= count {
                let s = rawSrc.loadUnaligned(fromByteOffset: i &* 4, as: SIMD4<UInt32>.self)
                let d = rawDst.loadUnaligned(fromByteOffset: i &* 4, as: SIMD4<UInt32>.self)
                if all(s .>= 0xFF00_0000) {
                    rawDst.storeBytes(of: opaqueOver4(s, d, scale: k), toByteOffset: i &* 4, as: SIMD4<UInt32>.self)
                    i &+= 4
                    i &+= RasterKernels.opaqueOverRow(dst + i, src + i, count: count &- i, scale: k)
                } else {
                    rawDst.storeBytes(of: srcOver4(s, d, factor: f), toByteOffset: i &* 4, as: SIMD4<UInt32>.self)
                    i &+= 4
                }
            }
            while i < count {
                let s = src[i]
                if s != 0 { dst[i] = srcOver(s, dst[i], factor: f) }
                i &+= 1
            }
        }
    }
    /// `dst[i] = (src[i] × cov[i] × k / 255²) over dst[i]`.
    @inlinable
    public static func blendRow(_ dst: UnsafeMutablePointer<UInt32>, _ src: UnsafePointer<UInt32>, coverage: UnsafePointer<UInt8>,
                                count: Int, scale k: UInt32) {
        let kk = Swift.min(255, k)
        @inline(__always) func pixel(_ i: Int) {
            let c = UInt32(coverage[i])
            if c == 0 { return }
            if c == 255 && kk == 255 { dst[i] = srcOver(src[i], dst[i]); return }
            dst[i] = srcOver(src[i], dst[i], factor: c &* kk)
        }
        var start = 0
        if kk == 255 {
            // At full opacity a pixel's factor is its coverage × 255, so four opaque sources are
            // the opaque mix with k = coverage (0 keeps the pixel, 255 gives the source): an
            // image or gradient seen through a mask, four pixels at a time, with the same bytes.
            let rawDst = UnsafeMutableRawPointer(dst), rawSrc = UnsafeRawPointer(src), rawCoverage = UnsafeRawPointer(coverage)
            while start &+ 4 <= count {
                let c = UInt32(littleEndian: rawCoverage.loadUnaligned(fromByteOffset: start, as: UInt32.self))
                if c != 0 {
                    let s = rawSrc.loadUnaligned(fromByteOffset: start &* 4, as: SIMD4<UInt32>.self)
                    if !all(s .>= 0xFF00_0000) {                  // a translucent source: one by one
                        for i in start..<(start &+ 4) { pixel(i) }
                    } else if c == 0xFFFF_FFFF {
                        rawDst.storeBytes(of: s, toByteOffset: start &* 4, as: SIMD4<UInt32>.self)
                    } else {
                        let d = rawDst.loadUnaligned(fromByteOffset: start &* 4, as: SIMD4<UInt32>.self)
                        let cw = SIMD4<UInt32>(c & 0xFF, (c >> 8) & 0xFF, (c >> 16) & 0xFF, c >> 24)
                        rawDst.storeBytes(of: opaqueOver4(s, d, scales: cw), toByteOffset: start &* 4, as: SIMD4<UInt32>.self)
                    }
                }
                start &+= 4
            }
        }
        for i in start..<count { pixel(i) }
    }
    /// One premultiplied colour over `count` pixels, scaled by `k`.
    @inlinable
    public static func blendSolid(_ dst: UnsafeMutablePointer<UInt32>, _ color: UInt32, count: Int, scale k: UInt32) {
        if color == 0 || k == 0 { return }
        // Four pixels at a time where an integer form gives the one-pixel bytes: a translucent
        // colour at full opacity (`scale4`, srcOver's own steps) and an opaque one at an opacity
        // (`opaqueOver4`); a translucent colour at an opacity keeps the `Float` form.
        let colors = SIMD4<UInt32>(repeating: color), raw = UnsafeMutableRawPointer(dst)
        var i = 0
        if k >= 255 {
            if color >> 24 == 255 { dst.update(repeating: color, count: count); return }
            let inv = 255 &- (color >> 24), invs = SIMD4<UInt32>(repeating: inv)
            while i &+ 4 <= count {
                let d = raw.loadUnaligned(fromByteOffset: i &* 4, as: SIMD4<UInt32>.self)
                raw.storeBytes(of: colors &+ scale4(d, invs), toByteOffset: i &* 4, as: SIMD4<UInt32>.self)
                i &+= 4
            }
            while i < count { dst[i] = color &+ scale(dst[i], inv); i &+= 1 }
            return
        }
        let f = k &* 255
        if color >> 24 == 255 {
            while i &+ 4 <= count {
                let d = raw.loadUnaligned(fromByteOffset: i &* 4, as: SIMD4<UInt32>.self)
                raw.storeBytes(of: opaqueOver4(colors, d, scale: k), toByteOffset: i &* 4, as: SIMD4<UInt32>.self)
                i &+= 4
            }
        }
        while i < count { dst[i] = srcOver(color, dst[i], factor: f); i &+= 1 }
    }
    /// One premultiplied colour over `count` pixels with per-pixel coverage, scaled by `k`.
    @inlinable
    public static func blendSolid(_ dst: UnsafeMutablePointer<UInt32>, _ color: UInt32, coverage: UnsafePointer<UInt8>,
                                  count: Int, scale k: UInt32) {
        let kk = Swift.min(255, k)
        let opaque = color >> 24 == 255 && kk == 255
        var i = 0
        if kk == 255 && count >= 4 {
            // Four pixels at a time, each lane by the one-pixel rule: an opaque colour by
            // `opaqueOver4` with the coverage as its scale (the same bytes, see there), a
            // translucent one by `srcOver4` with a factor per lane, its fully covered lanes by
            // `srcOver`'s integer steps; a coverage of 0 keeps the pixel either way.
            let colors = SIMD4<UInt32>(repeating: color), invs = SIMD4<UInt32>(repeating: 255 &- (color >> 24))
            let rawDst = UnsafeMutableRawPointer(dst), rawCoverage = UnsafeRawPointer(coverage)
            @inline(__always) func group(_ d: SIMD4<UInt32>, _ cw: SIMD4<UInt32>) -> SIMD4<UInt32> {
                if opaque { return opaqueOver4(colors, d, scales: cw) }
                return srcOver4(colors, d, factors: cw &* 255).replacing(with: colors &+ scale4(d, invs), where: cw .== 255)
            }
            while i &+ 4 <= count {
                let c = UInt32(littleEndian: rawCoverage.loadUnaligned(fromByteOffset: i, as: UInt32.self))
                if c == 0xFFFF_FFFF {   // inside a shape (a row passed whole): the lanes' own rule for 255
                    if opaque { rawDst.storeBytes(of: colors, toByteOffset: i &* 4, as: SIMD4<UInt32>.self) } else {
                        let d = rawDst.loadUnaligned(fromByteOffset: i &* 4, as: SIMD4<UInt32>.self)
                        rawDst.storeBytes(of: colors &+ scale4(d, invs), toByteOffset: i &* 4, as: SIMD4<UInt32>.self)
                    }
                } else if c != 0 {
                    let d = rawDst.loadUnaligned(fromByteOffset: i &* 4, as: SIMD4<UInt32>.self)
                    let cw = SIMD4<UInt32>(c & 0xFF, (c >> 8) & 0xFF, (c >> 16) & 0xFF, c >> 24)
                    rawDst.storeBytes(of: group(d, cw), toByteOffset: i &* 4, as: SIMD4<UInt32>.self)
                }
                i &+= 4
            }
        }
        while i < count {
            let c = UInt32(coverage[i])
            if c != 0 {
                if opaque { dst[i] = c == 255 ? color : opaqueOver(color, dst[i], scale: c) }   // srcOver's bytes in integers
                else if c == 255 && kk == 255 { dst[i] = srcOver(color, dst[i]) }
                else { dst[i] = srcOver(color, dst[i], factor: c &* kk) }
            }
            i &+= 1
        }
    }
}
