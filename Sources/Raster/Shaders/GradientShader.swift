internal import CRasterKernels
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Paints a `Gradient` through a colour lookup table with dithering.
///
/// The ramp is sampled once into `lutSize` premultiplied entries holding 8.8 fixed-point
/// channels, so a pixel costs a table read, a dither add and a shift. Linear gradients walk each
/// span in 16.16 fixed point (one add per pixel); radial and conic ones evaluate four pixels at a
/// time in `Float` lanes (a square root, or a polynomial arctangent good to 8.2e-5 rad) from
/// coordinates found per pixel in double precision. The dither adds
/// `Dither` thresholds below the 8-bit step, which removes banding from slow ramps without
/// changing flat regions (an entry that is an exact 8-bit value stays exact).
struct GradientShader: Shader {
    private let table: GradientLUT
    private let lut: UnsafeMutablePointer<SIMD4<UInt16>>
    var isOpaque: Bool { table.isOpaque && kind != .twoPointRadial }
    private let kind: Gradient.Kind
    /// Device → gradient space: linear t = u; radial t = |(u, v)|; conic t = angle(u, v) / 2π.
    private let toGradient: Transform
    /// Degenerate geometry (zero-length axis, zero radii) or no colours: one entry everywhere.
    private let constant: SIMD4<UInt16>?
    /// Added to a pixel's coordinates where its dither threshold is looked up (`Canvas.ditherShift`).
    var ditherShift: (x: Int, y: Int) = (0, 0)
    /// `.twoPointRadial`'s circles in user space (`toGradient` is then device → user).
    private let twoPoint: TwoPoint?
    struct TwoPoint {
        let c0: Point, cd: Point, r0: Double, dr: Double
        /// The quadratic's t² coefficient, |cd|² − dr².
        let a: Double
        let before: Bool, after: Bool
    }

    /// - Parameters:
    ///   - lut: the ramp of `g`'s colours and locations (see `LUTCache`).
    ///   - transform: user (gradient geometry) space → device space.
    init(_ g: Gradient, lut table: GradientLUT, transform: Transform) {
        self.table = table
        lut = table.entries
        kind = g.kind
        let n = GradientLUT.size
        let s = g.startPoint, e = g.endPoint
        var user: Transform?     // user → gradient space
        var twoPoint: TwoPoint?
        switch g.kind {
        case .twoPointRadial:
            let cd = e - s, r0 = Swift.max(0, g.startRadius), dr = Swift.max(0, g.endRadius) - r0
            if [s.x, s.y, e.x, e.y, r0, dr].allSatisfy(\.isFinite) && (cd.dot(cd) > 0 || dr != 0) {
                user = .identity
                twoPoint = TwoPoint(c0: s, cd: cd, r0: r0, dr: dr, a: cd.dot(cd) - dr * dr, before: g.extendsStart, after: g.extendsEnd)
            }
        case .linear:
            let d = e - s, l2 = d.dot(d)
            if l2 > 0 && l2.isFinite {
                user = Transform(a: d.x / l2, b: -d.y / l2, c: d.y / l2, d: d.x / l2,
                                 tx: -(d.x * s.x + d.y * s.y) / l2, ty: (d.y * s.x - d.x * s.y) / l2)
            }
        case .radial:
            var rx = abs(e.x - s.x), ry = abs(e.y - s.y)
            if rx == 0 { rx = ry }
            if ry == 0 { ry = rx }
            if rx > 0 && ry > 0 && rx.isFinite && ry.isFinite {
                user = Transform(a: 1 / rx, b: 0, c: 0, d: 1 / ry, tx: -s.x / rx, ty: -s.y / ry)
            }
        case .conic:
            let d = e - s, l = d.length
            if l > 0 && l.isFinite {
                let (cs, sn) = (d.x / l, d.y / l)   // rotate by −angle(d): u = p·d̂, v = d̂ × p
                user = Transform(a: cs, b: -sn, c: sn, d: cs, tx: -(cs * s.x + sn * s.y), ty: sn * s.x - cs * s.y)
            }
        }
        if let u = user, let inv = transform.inverted {
            toGradient = inv.concatenating(u)
            constant = nil
            self.twoPoint = twoPoint
        } else {
            toGradient = .identity
            constant = table.isEmpty ? .zero : lut[n - 1]
            self.twoPoint = nil
        }
    }
    /// Adds the dither and packs an 8.8 entry into a premultiplied pixel.
    @inline(__always) static func pack(_ e: SIMD4<UInt16>, _ d: UInt8) -> UInt32 {
        let v = SIMD4<UInt8>(truncatingIfNeeded: (e &+ SIMD4(repeating: UInt16(d))) &>> 8)
        return unsafeBitCast(v, to: UInt32.self)
    }

    func shade(x: Int, y: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        // The dither threshold's pixel: this bitmap's, moved by `ditherShift`.
        let dx = x &+ ditherShift.x, dy = y &+ ditherShift.y
        if kind == .linear && toGradient.a == 0 && count > 64 && constant == nil {
            return oneColourSpan(x: x, y: y, dx: dx, dy: dy, count: count, into: out)
        }
        Dither.table.withUnsafeBufferPointer { table in
            let dRow = table.baseAddress! + (dy & 63) * 64
            if let c = constant {
                for i in 0..<count { out[i] = GradientShader.pack(c, dRow[(dx &+ i) & 63]) }
                return
            }
            if let twoPoint {
                return twoPointSpan(twoPoint, x: x, y: y, dx: dx, count: count, dRow: dRow, into: out)
            }
            switch kind {
            case .twoPointRadial:
                break   // handled above; degenerate circles are `constant`
            case .linear:
                let df = Swift.max(-1e9, Swift.min(1e9, toGradient.a * Double(GradientLUT.size - 1) * 65536))
                linearSpan(f: linearStart(x: x, y: y), step: Int64(df.isNaN ? 0 : df), dx: dx, dy: dy, count: count,
                           dRow: dRow, into: out)
            case .radial, .conic:
                // The AVX-512 or the AVX2 kernel where the CPU has them (the same bytes), else
                // (or where the kernels decline the span) the portable loop.
                let done = polarKernelSpan(x: x, y: y, dx: dx, dy: dy, count: count, into: out)
                if done < count {
                    polarSpan(x: x &+ done, y: y, dx: dx &+ done, dy: dy, count: count &- done, dRow: dRow, into: out + done)
                }
            }
        }
    }

    /// A `.twoPointRadial` span, pixel by pixel in `Double`: the larger root t of
    /// `|p − c0 − t·cd|² = (r0 + t·dr)²` with a radius ≥ 0 (the smaller when the larger's radius is
    /// negative), then the LUT entry of t clamped to 0…1; transparent where no root qualifies or
    /// t is outside 0…1 on a side that does not extend.
    @inline(never)
    private func twoPointSpan(_ g: TwoPoint, x: Int, y: Int, dx: Int, count: Int, dRow: UnsafePointer<UInt8>,
                              into out: UnsafeMutablePointer<UInt32>) {
        let m = toGradient, py = Double(y) + 0.5
        let flat = abs(g.a) <= 1e-12 * Swift.max(1, g.cd.dot(g.cd) + g.dr * g.dr)
        for i in 0..<count {
            let px = Double(x &+ i) + 0.5
            let ux = m.a * px + m.c * py + m.tx - g.c0.x, uy = m.b * px + m.d * py + m.ty - g.c0.y
            let b = ux * g.cd.x + uy * g.cd.y + g.r0 * g.dr, c = ux * ux + uy * uy - g.r0 * g.r0
            var t = Double.nan
            if flat {
                if b != 0 { let s = c / (2 * b); if g.r0 + s * g.dr >= 0 { t = s } }
            } else {
                let disc = b * b - g.a * c
                if disc >= 0 {
                    let q = disc.squareRoot()
                    let t1 = (b + q) / g.a, t2 = (b - q) / g.a
                    let hi = Swift.max(t1, t2), lo = Swift.min(t1, t2)
                    if g.r0 + hi * g.dr >= 0 { t = hi } else if g.r0 + lo * g.dr >= 0 { t = lo }
                }
            }
            guard t.isFinite, t >= 0 || g.before, t <= 1 || g.after else { out[i] = 0; continue }
            let k = Int((Swift.min(1, Swift.max(0, t)) * Double(GradientLUT.size - 1)).rounded())
            out[i] = GradientShader.pack(lut[k], dRow[(dx &+ i) & 63])
        }
    }

    /// The 16.16 fixed-point LUT index of pixel (x, y)'s centre on a linear ramp, clamped so huge
    /// spans cannot overflow; NaN gives 0.
    @inline(__always)
    private func linearStart(x: Int, y: Int) -> Int64 {
        let m = toGradient
        let u0 = m.a * (Double(x) + 0.5) + m.c * (Double(y) + 0.5) + m.tx
        let f0 = Swift.max(-1e15, Swift.min(1e15, (u0 * Double(GradientLUT.size - 1) + 0.5) * 65536))
        return Int64(f0.isNaN ? 0 : f0)
    }

    /// A linear span of one colour (a vertical axis: CAGradientLayer's default): only the dither
    /// changes along it, and it repeats every 64 pixels, so the first 64 are copied along (the
    /// bytes `linearSpan` gives).
    /// Kept out of `shade`: inlined there, it made the diagonal linear case 8 % slower.
    @inline(never)
    private func oneColourSpan(x: Int, y: Int, dx: Int, dy: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        let e = lut[Int(Swift.min(Int64(GradientLUT.size - 1), Swift.max(0, linearStart(x: x, y: y) >> 16)))]
        Dither.table.withUnsafeBufferPointer { table in
            let dRow = table.baseAddress! + (dy & 63) * 64
            for i in 0..<Swift.min(64, count) { out[i] = GradientShader.pack(e, dRow[(dx &+ i) & 63]) }
        }
        var i = 64
        while i < count {
            let n = Swift.min(64, count &- i)
            (out + i).update(from: out + (i &- 64), count: n)
            i &+= n
        }
    }

    /// The linear-gradient inner loop: the clamped (padded) ends pixel by pixel, the part inside
    /// the ramp four pixels per iteration (two per 16-bit vector op, one 16-byte store) with no
    /// clamping.
    @inline(__always)
    private func linearSpan(f: Int64, step: Int64, dx x: Int, dy y: Int, count: Int, dRow: UnsafePointer<UInt8>,
                            into out: UnsafeMutablePointer<UInt32>) {
        #if DEBUG
        // Unoptimised, the loop below pays a generic call per SIMD lane; CRasterKernels' plain C
        // loop gives the same bytes about 20× faster there (BENCHMARKS.md, #36). Release builds
        // keep the SIMD loop, which is faster than C's scalar one when optimised.
        if RasterKernels.debugTwins {
            let entries = UnsafeRawPointer(lut).assumingMemoryBound(to: UInt16.self) // SIMD4<UInt16>: 4 channels
            fb_linear_gradient_span(out, count, f, step, entries, Int64(GradientLUT.size - 1), dRow, Int64(x))
            return
        }
        #endif
        let last = Int64(GradientLUT.size - 1), limit = last << 16 | 0xFFFF
        let lut = self.lut
        var f = f, i = 0
        while i < count && (f < 0 || f > limit) {           // padded start
            out[i] = GradientShader.pack(lut[Int(Swift.min(last, Swift.max(0, f >> 16)))], dRow[(x &+ i) & 63])
            f &+= step; i += 1
        }
        let inside: Int64
        if step > 0 { inside = (limit - f) / step + 1 } else if step < 0 { inside = f / -step + 1 } else { inside = Int64(count) }
        let n = i + Int(Swift.min(Int64(count - i), Swift.max(0, inside)))
        Dither.pairs.withUnsafeBufferPointer { pairs in
            let pRow = pairs.baseAddress! + (y & 63) * 64
            let raw = UnsafeMutableRawPointer(out)
            let step2 = step &* 2, step3 = step &* 3, step4 = step &* 4
            while i + 4 <= n {
                let e0 = SIMD8(lowHalf: lut[Int(f >> 16)], highHalf: lut[Int((f &+ step) >> 16)])
                let e1 = SIMD8(lowHalf: lut[Int((f &+ step2) >> 16)], highHalf: lut[Int((f &+ step3) >> 16)])
                let a = (e0 &+ pRow[(x &+ i) & 63]) &>> 8, b = (e1 &+ pRow[(x &+ i &+ 2) & 63]) &>> 8
                let v = SIMD16<UInt8>(truncatingIfNeeded: SIMD16(lowHalf: a, highHalf: b))
                raw.storeBytes(of: v, toByteOffset: i &* 4, as: SIMD16<UInt8>.self)
                f &+= step4; i &+= 4
            }
            while i + 2 <= n {
                let e = SIMD8(lowHalf: lut[Int(f >> 16)], highHalf: lut[Int((f &+ step) >> 16)])
                let v = SIMD8<UInt8>(truncatingIfNeeded: (e &+ pRow[(x &+ i) & 63]) &>> 8)
                raw.storeBytes(of: v, toByteOffset: i &* 4, as: SIMD8<UInt8>.self)
                f &+= step2; i &+= 2
            }
        }
        while i < count {                                    // odd pixel and padded end
            out[i] = GradientShader.pack(lut[Int(Swift.min(last, Swift.max(0, f >> 16)))], dRow[(x &+ i) & 63])
            f &+= step; i += 1
        }
    }

    /// The radial and conic inner loop, four pixels per iteration: each pixel's gradient
    /// coordinates from its own centre (so a pixel's colour never depends on where its span
    /// began), t and the LUT index, all in four `Float` lanes (a pixel's position error is about
    /// x × 6e-8 px, 1e-4 px on a 2000-px row), then the LUT walk of the
    /// linear loop (dither, 16-byte store). A tail of one to three pixels computes a full group
    /// and stores its first lanes, so it gets the same bytes.
    @inline(__always)
    private func polarSpan(x: Int, y: Int, dx: Int, dy: Int, count: Int, dRow: UnsafePointer<UInt8>, into out: UnsafeMutablePointer<UInt32>) {
        let m = toGradient, lut = self.lut, conic = kind == .conic
        let py = Double(y) + 0.5
        let au = Float(m.a), av = Float(m.b)
        let ku = Float(m.c * py + m.tx), kv = Float(m.d * py + m.ty)
        let centres = SIMD4<Float>(0.5, 1.5, 2.5, 3.5)
        Dither.pairs.withUnsafeBufferPointer { pairs in
            let pRow = pairs.baseAddress! + (dy & 63) * 64
            let raw = UnsafeMutableRawPointer(out)
            // Pixel centres x + i + 0.5, stepped by 4: exact (every value is a half-integer below
            // 2²³), so the same floats as converting each x + i, without a conversion per group.
            var px = SIMD4<Float>(repeating: Float(x)) + centres
            // Indices for up to 64 pixels first, then their colours: with the lane extraction of the
            // table reads in the same loop, LLVM split the index arithmetic into half-vectors.
            withUnsafeTemporaryAllocation(of: SIMD4<UInt32>.self, capacity: 16) { indices in
                let idx = indices.baseAddress!
                var i = 0
                while i < count {
                    let groups = (Swift.min(64, count - i) + 3) / 4
                    if conic {
                        let au = SIMD4(repeating: au), av = SIMD4(repeating: av), ku = SIMD4(repeating: ku), kv = SIMD4(repeating: kv)
                        for g in 0..<groups {
                            idx[g] = GradientShader.conicIndices(ku.addingProduct(px, au), kv.addingProduct(px, av))
                            px += 4
                        }
                    } else {
                        for g in 0..<groups {
                            idx[g] = GradientShader.radialIndices(px * au + ku, px * av + kv)
                            px += 4
                        }
                    }
                    for g in 0..<groups {
                        let ix = idx[g]
                        if i + 4 <= count {
                            let e0 = SIMD8(lowHalf: lut[Int(ix[0])], highHalf: lut[Int(ix[1])])
                            let e1 = SIMD8(lowHalf: lut[Int(ix[2])], highHalf: lut[Int(ix[3])])
                            let a = (e0 &+ pRow[(dx &+ i) & 63]) &>> 8, b = (e1 &+ pRow[(dx &+ i &+ 2) & 63]) &>> 8
                            raw.storeBytes(of: SIMD16<UInt8>(truncatingIfNeeded: SIMD16(lowHalf: a, highHalf: b)),
                                           toByteOffset: i &* 4, as: SIMD16<UInt8>.self)
                        } else {
                            for k in 0..<(count - i) {
                                out[i + k] = GradientShader.pack(lut[Int(ix[k])], dRow[(dx &+ i &+ k) & 63])
                            }
                        }
                        i &+= 4
                    }
                }
            }
        }
    }

    /// `polarSpan` through `RasterKernels.polarSpan` (AVX-512 or AVX2, the whole span), with the
    /// same `Float` coordinates: pixel centres converted from x, the row's terms from y in `Double`.
    /// - Returns: the pixels drawn; 0 when the portable loop draws the span.
    @inline(__always)
    private func polarKernelSpan(x: Int, y: Int, dx: Int, dy: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) -> Int {
        guard count >= 1, RasterKernels.current != .portable else { return 0 }
        let m = toGradient, py = Double(y) + 0.5
        return Dither.table.withUnsafeBufferPointer { dither in
            RasterKernels.polarSpan(out, count: count, x: x, au: Float(m.a), av: Float(m.b), ku: Float(m.c * py + m.tx),
                                    kv: Float(m.d * py + m.ty), conic: kind == .conic, coefficients: GradientShader.conicCoefficients,
                                    split: table.split, dither: dither.baseAddress! + (dy & 63) * 64, dx: dx)
        }
    }

    /// The conic's arctangent, atan(a) ≈ a·(q0 + q1·a² + q2·a⁴ + q3·a⁶) on 0…1 (minimax, within
    /// 8.2e-5 rad, 1/75 of a LUT step), each coefficient times 1023/2π so it gives LUT entries;
    /// q0 first (for the kernels, which must multiply the same numbers).
    static var conicCoefficients: SIMD4<Float> {
        let k = Double(GradientLUT.size - 1) / (2 * Double.pi)
        return SIMD4(Float(0.9992138484162548 * k), Float(-0.32117528592412975 * k),
                     Float(0.14626498257225715 * k), Float(-0.038986746610717805 * k))
    }

    /// LUT indices (0…1023) of ramp positions `t` in four lanes: round(t × 1023), clamped; NaN → 0.
    /// Rounds with the 2²³ trick (adding 2²³ leaves round-to-nearest in the low mantissa bits).
    @inline(__always) static func lutIndices(_ t: SIMD4<Float>) -> SIMD4<UInt32> {
        var f = t * Float(GradientLUT.size - 1)
        f = f.replacing(with: 0, where: .!(f .>= 0))                     // negative and NaN
        f = f.replacing(with: Float(GradientLUT.size - 1), where: f .> Float(GradientLUT.size - 1))
        return unsafeBitCast(f + 8_388_608, to: SIMD4<UInt32>.self) & 0x7F_FFFF
    }

    /// Radial: t = |(u, v)| (gradient space is scaled so the ellipse is the unit circle).
    @inline(__always) static func radialIndices(_ u: SIMD4<Float>, _ v: SIMD4<Float>) -> SIMD4<UInt32> {
        lutIndices((u * u + v * v).squareRoot())
    }

    /// LUT indices of positions `f` already in entries: round(f) to nearest even, clamped to
    /// 0…1023; NaN → 0 (the kernels' `entry_indices8`).
    @inline(__always) static func entryIndices(_ f: SIMD4<Float>) -> SIMD4<UInt32> {
        var f = f.replacing(with: 0, where: .!(f .> 0))                     // negative, −0 and NaN
        f = f.replacing(with: Float(GradientLUT.size - 1), where: .!(f .< Float(GradientLUT.size - 1)))
        return unsafeBitCast(f + 8_388_608, to: SIMD4<UInt32>.self) & 0x7F_FFFF
    }

    /// Conic: the LUT indices of t = atan2(v, u) / 2π in 0..<1, four lanes; (0, 0), NaN and two
    /// infinite coordinates give 0. `conicEntries` then `entryIndices`.
    @inline(__always) static func conicIndices(_ u: SIMD4<Float>, _ v: SIMD4<Float>) -> SIMD4<UInt32> {
        entryIndices(conicEntries(u, v))
    }

    /// Conic: t × 1023 in four lanes, the angle of (u, v) from one division and a polynomial of
    /// three fused steps. With a in −1…1 the ratio of the smaller coordinate to the larger (signed
    /// so that one formula covers each half-quadrant: −u/v where |v| > |u|, else v/u), the
    /// angle in entries is off + a·P(a²) in one fused step, off the half-quadrant's base (0, ¼,
    /// ½, ¾ or 1 turn) — no sign corrections after the polynomial, which kept the old chain of
    /// selects long. The kernels compute the same operations (fb_polar_span_avx2 spells them out).
    @inline(__always) static func conicEntries(_ u: SIMD4<Float>, _ v: SIMD4<Float>) -> SIMD4<Float> {
        let q = conicCoefficients
        // |u| and |v| by a select, not by clearing the sign bit (with the bit mask, LLVM once
        // turned the selects into per-lane branches); they differ only at −0 and NaN, which
        // compare the same.
        let au = u.replacing(with: -u, where: u .< 0), av = v.replacing(with: -v, where: v .< 0)
        let swap = av .> au, vneg = v .< 0
        let a = v.replacing(with: -u, where: swap) / u.replacing(with: v, where: swap)
        let s = a * a
        let p = SIMD4(repeating: q[0]).addingProduct(
            SIMD4(repeating: q[1]).addingProduct(SIMD4(repeating: q[2]).addingProduct(SIMD4(repeating: q[3]), s), s), s)
        var off = SIMD4<Float>(repeating: 0).replacing(with: 1023, where: vneg)
        off = off.replacing(with: 511.5, where: u .< 0)
        off = off.replacing(with: SIMD4<Float>(repeating: 255.75).replacing(with: 767.25, where: vneg), where: swap)
        return off.addingProduct(a, p)
    }

}
