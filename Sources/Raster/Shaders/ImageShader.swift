internal import CRasterKernels
/// Samples a bitmap through an inverse transform with bilinear filtering.
///
/// Sampling clamps to the image's edge pixels; the soft edge of a drawn image comes from the
/// coverage of its outline, computed exactly by the rasterizer, so edges neither bleed nor jag.
/// Affine mappings step 16.16 fixed-point coordinates along the span; projective ones step the
/// homogeneous (X, Y, W) and divide per pixel.
struct ImageShader: Shader {
    let image: Bitmap
    /// Device → image pixel space.
    let inverse: ProjectiveTransform
    let isAffine: Bool
    /// Added to a pixel's coordinates before `inverse` (whole numbers, so exactly): the pixels of
    /// a bitmap that lies `offset` away from the space `inverse` maps from sample what that
    /// space's pixels sample. Default (0, 0).
    var offset: (x: Int, y: Int) = (0, 0)
    var isOpaque: Bool { false }

    func shade(x: Int, y: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        let m = inverse
        let px = Double(x &+ offset.x) + 0.5, py = Double(y &+ offset.y) + 0.5
        // Pixel centres sit at i + 0.5 in image space: shift by −0.5 to get bilinear cell coordinates.
        var X = px * m.m11 + py * m.m21 + m.m31, Y = px * m.m12 + py * m.m22 + m.m32, W = px * m.m13 + py * m.m23 + m.m33
        let w = image.width, h = image.height, pixels = image.pixels, stride = image.stride
        if isAffine {
            let lim = 1e9
            var fu = Int64(Swift.max(-lim, Swift.min(lim, X - 0.5)) * 65536)
            var fv = Int64(Swift.max(-lim, Swift.min(lim, Y - 0.5)) * 65536)
            let du = Int64(Swift.max(-lim, Swift.min(lim, m.m11)) * 65536)
            let dv = Int64(Swift.max(-lim, Swift.min(lim, m.m12)) * 65536)
            if w >= 2 && h >= 2 && dv == 0 {
                // A span that stays on one image row (no rotation or shear): its row pair and
                // vertical weight are found once, the rest per pixel as `bilinearSIMD` does.
                let (row, fy) = ImageShader.rowPair(pixels, stride, h, fv)
                for i in 0..<count {
                    out[i] = ImageShader.bilinearSIMD(row: row, stride, w, fu, fy)
                    fu &+= du
                }
            } else if w >= 2 && h >= 2 {
                for i in 0..<count {
                    out[i] = ImageShader.bilinearSIMD(pixels, stride, w, h, fu, fv)
                    fu &+= du; fv &+= dv
                }
            } else {
                for i in 0..<count {
                    out[i] = ImageShader.bilinear(pixels, stride, w, h, fu, fv)
                    fu &+= du; fv &+= dv
                }
            }
        } else {
            for i in 0..<count {
                if W > 1e-12 {
                    let u = Swift.max(-1e9, Swift.min(1e9, X / W - 0.5)), v = Swift.max(-1e9, Swift.min(1e9, Y / W - 0.5))
                    out[i] = w >= 2 && h >= 2
                        ? ImageShader.bilinearSIMD(pixels, stride, w, h, Int64(u * 65536), Int64(v * 65536))
                        : ImageShader.bilinear(pixels, stride, w, h, Int64(u * 65536), Int64(v * 65536))
                } else {
                    out[i] = 0
                }
                X += m.m11; Y += m.m12; W += m.m13
            }
        }
    }

    /// `bilinear` for images at least 2×2: both pixels of a row come in one 8-byte load and the
    /// four channels are weighted in 16-bit SIMD lanes. Clamping moves the cell inside the image
    /// and pins the weight to the edge pixel instead of duplicating it, so one load always works.
    @inline(__always)
    static func bilinearSIMD(_ p: UnsafeMutablePointer<UInt32>, _ stride: Int, _ w: Int, _ h: Int, _ fu: Int64, _ fv: Int64) -> UInt32 {
        // `rowPair` and `bilinearSIMD(row:…)` written out: composed, the rotated-image case
        // compiled 15 % slower.
        var xi = Int(fu >> 16), yi = Int(fv >> 16)
        var fx = UInt16(truncatingIfNeeded: (fu >> 8) & 0xFF), fy = UInt16(truncatingIfNeeded: (fv >> 8) & 0xFF)
        if xi < 0 { xi = 0; fx = 0 } else if xi >= w - 1 { xi = w - 2; fx = 256 }
        if yi < 0 { yi = 0; fy = 0 } else if yi >= h - 1 { yi = h - 2; fy = 256 }
        return pairSample(UnsafeRawPointer(p + yi * stride + xi), stride, fx, fy)
    }

    /// The bilinear mix of the 2×2 pixels whose top-left one is at `row0`, with weights `fx`, `fy`
    /// (0…256) for the right column and the lower row.
    @inline(__always)
    static func pairSample(_ row0: UnsafeRawPointer, _ stride: Int, _ fx: UInt16, _ fy: UInt16) -> UInt32 {
        #if DEBUG
        // Unoptimised, the SIMD form below pays generic calls per lane: CRasterKernels' C form
        // gives the same bytes (GradientShader.linearSpan says more).
        if RasterKernels.debugTwins { return fb_pair_sample(row0, stride, fx, fy) }
        #endif
        let a = SIMD8<UInt16>(truncatingIfNeeded: row0.loadUnaligned(as: SIMD8<UInt8>.self))
        let b = SIMD8<UInt16>(truncatingIfNeeded: (row0 + stride * 4).loadUnaligned(as: SIMD8<UInt8>.self))
        let v = (a &* (256 &- fy) &+ b &* fy) &>> 8
        let m = (v.lowHalf &* (256 &- fx) &+ v.highHalf &* fx) &>> 8
        return unsafeBitCast(SIMD4<UInt8>(truncatingIfNeeded: m), to: UInt32.self)
    }

    /// The upper row of the pair a 16.16 cell coordinate `fv` samples and the lower row's weight
    /// (0…256), clamped as `bilinearSIMD` clamps; the image is at least 2 rows high.
    @inline(__always)
    static func rowPair(_ p: UnsafeMutablePointer<UInt32>, _ stride: Int, _ h: Int, _ fv: Int64) -> (UnsafeMutablePointer<UInt32>, UInt16) {
        var yi = Int(fv >> 16), fy = UInt16(truncatingIfNeeded: (fv >> 8) & 0xFF)
        if yi < 0 { yi = 0; fy = 0 } else if yi >= h - 1 { yi = h - 2; fy = 256 }
        return (p + yi &* stride, fy)
    }

    /// `bilinearSIMD` on the row pair starting at `row` with the lower row's weight `fy`.
    @inline(__always)
    static func bilinearSIMD(row: UnsafeMutablePointer<UInt32>, _ stride: Int, _ w: Int, _ fu: Int64, _ fy: UInt16) -> UInt32 {
        var xi = Int(fu >> 16)
        var fx = UInt16(truncatingIfNeeded: (fu >> 8) & 0xFF)
        if xi < 0 { xi = 0; fx = 0 } else if xi >= w - 1 { xi = w - 2; fx = 256 }
        return pairSample(UnsafeRawPointer(row + xi), stride, fx, fy)
    }

    /// Bilinear sample at 16.16 cell coordinates (pixel centres at integers), clamped to the edge.
    @inline(__always)
    static func bilinear(_ p: UnsafeMutablePointer<UInt32>, _ stride: Int, _ w: Int, _ h: Int, _ fu: Int64, _ fv: Int64) -> UInt32 {
        let xi = Int(fu >> 16), yi = Int(fv >> 16)
        let fx = UInt32(truncatingIfNeeded: (fu >> 8) & 0xFF), fy = UInt32(truncatingIfNeeded: (fv >> 8) & 0xFF)
        let x0 = Swift.min(w - 1, Swift.max(0, xi)), x1 = Swift.min(w - 1, Swift.max(0, xi &+ 1))
        let y0 = Swift.min(h - 1, Swift.max(0, yi)), y1 = Swift.min(h - 1, Swift.max(0, yi &+ 1))
        let r0 = p + y0 * stride, r1 = p + y1 * stride
        return lerp(lerp(r0[x0], r0[x1], fx), lerp(r1[x0], r1[x1], fx), fy)
    }
    /// `a + (b − a) × f / 256` per channel, f in 0…255.
    @inline(__always) static func lerp(_ a: UInt32, _ b: UInt32, _ f: UInt32) -> UInt32 {
        let g = 256 &- f
        let rb = (((a & 0x00FF_00FF) &* g &+ (b & 0x00FF_00FF) &* f) >> 8) & 0x00FF_00FF
        let ag = (((a >> 8) & 0x00FF_00FF) &* g &+ ((b >> 8) & 0x00FF_00FF) &* f) & 0xFF00_FF00
        return rb | ag
    }
}
