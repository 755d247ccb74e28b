internal import CRasterKernels

extension Canvas {
    /// Draws a batch of sprites (particles), each its image rectangle under its transform then
    /// `transform`, multiplied by its colour and `opacity`, source-over or added.
    ///
    /// Every pixel samples from its own centre, computed from its coordinates in the bitmap
    /// `shift` pixels away that `transform` maps into (as `draw(_:transform:shift:opacity:)`), not
    /// stepped from where a row starts: a band or damage clip gives each pixel the bytes a whole
    /// frame gives it. Bilinear sampling in 8-bit fixed point; texels outside a sprite's image
    /// rectangle are transparent, so its edges fade over one image pixel.
    /// - Parameters:
    ///   - transform: the batch's space → the other bitmap's canvas space.
    ///   - shift: where that bitmap's pixel (0, 0) lies on this canvas, in whole pixels.
    ///   - opacity: 0…1, multiplies every sprite.
    /// - Complexity: O(sprites + pixels their quads cover).
    public func draw(_ batch: SpriteBatch, transform: Transform, shift: (x: Int, y: Int) = (0, 0), opacity: Double = 1) {
        let op = opacity.isNaN ? 0 : Swift.min(1, Swift.max(0, opacity))
        let k = UInt32((op * 256).rounded())
        let lim = 1 << 30
        guard k > 0, abs(shift.x) < lim, abs(shift.y) < lim, !batch.sprites.isEmpty else { return }
        let clip = effectiveClip
        guard !clip.isEmpty else { return }
        let toCanvas = transform.concatenating(.translation(Double(origin.x), Double(origin.y)))
        let sx = Double(shift.x), sy = Double(shift.y)
        var maskBase: UnsafePointer<UInt8>? = nil, maskStride = 0, mx = 0, my = 0
        if let m = mask {
            maskBase = UnsafePointer(m.bytes); maskStride = m.stride
            mx = origin.x + maskOrigin.x; my = origin.y + maskOrigin.y
        }
        let target = SpriteTarget(dst: bitmap.pixels, dstStride: bitmap.stride, maskBase: maskBase, maskStride: maskStride,
                                  mx: mx, my: my, sx: sx, sy: sy, additive: batch.additive,
                                  wide: RasterKernels.current == .avx512)
        // Each sprite's constants once, then the frame in bands of rows: every sprite crossing a
        // band is drawn there, in the batch's order, so each pixel still sees the sprites in order
        // (the same bytes as sprite after sprite), while the band's pixels stay in cache instead
        // of every sprite's rows being fetched from anywhere in the frame.
        var prepared: [PreparedSprite] = []
        prepared.reserveCapacity(batch.sprites.count)
        // Each image rectangle copied once into a bitmap one transparent texel wider on every side,
        // so the four texels of any sample that can touch the image are read without a test.
        var padded = [Bitmap?](repeating: nil, count: batch.images.count)
        var tried = [Bool](repeating: false, count: batch.images.count)
        for sprite in batch.sprites {
            let n = Int(sprite.image)
            if !tried[n] { tried[n] = true; padded[n] = Self.padded(batch.images[n]) }
            guard let pad = padded[n] else { continue }
            if let p = PreparedSprite(sprite, batch.images[n], padded: pad, toCanvas: toCanvas, opacity: k,
                                      additive: batch.additive, shift: (sx, sy), clip: clip) {
                prepared.append(p)
            }
        }
        guard !prepared.isEmpty else { return }
        let bandRows = 32, top = clip.y0, bands = (clip.y1 - clip.y0 + bandRows - 1) / bandRows
        // Counting sort of (band, sprite) pairs by band, sprites in order within each band.
        var starts = [Int](repeating: 0, count: bands + 1)
        for p in prepared { for b in ((p.y0 - top) / bandRows)...((p.y1 - 1 - top) / bandRows) { starts[b + 1] += 1 } }
        for b in 0..<bands { starts[b + 1] += starts[b] }
        var fill = starts
        var order = [Int32](repeating: 0, count: starts[bands])
        for (n, p) in prepared.enumerated() {
            for b in ((p.y0 - top) / bandRows)...((p.y1 - 1 - top) / bandRows) { order[fill[b]] = Int32(n); fill[b] += 1 }
        }
        for b in 0..<bands {
            let bandTop = top + b * bandRows, bandBottom = Swift.min(clip.y1, bandTop + bandRows)
            let end = starts[b + 1]
            for i in starts[b]..<end {
                let p = prepared[Int(order[i])]
                let from = Swift.max(p.y0, bandTop), to = Swift.min(p.y1, bandBottom)
                // The next sprite's rows here are asked for while this one's are drawn: a sprite's
                // rows lie a frame's stride apart, which no hardware prefetcher follows, so each
                // row's first touch was a miss the kernel waited on (half its time in the particles
                // case, whose 5,000 dots are scattered over a 1080p frame).
                var ahead: (pixels: UnsafeMutablePointer<UInt32>, rows: Int, stride: Int, count: Int)?
                if i &+ 1 < end {
                    let q = prepared[Int(order[i &+ 1])]
                    let qFrom = Swift.max(q.y0, bandTop), qTo = Swift.min(q.y1, bandBottom)
                    ahead = (target.dst + (qFrom &* target.dstStride &+ q.x0), qTo &- qFrom, target.dstStride, q.x1 &- q.x0)
                }
                var drawn: Int?
                if maskBase == nil {
                    var rows = p.rows(target)
                    drawn = RasterKernels.spriteRows(&rows, from: from, to: to, ahead: ahead)
                }
                let y = drawn ?? from
                if drawn == nil, let ahead {
                    for k in 0..<ahead.rows { fb_prefetch_write_row(ahead.pixels + k &* ahead.stride, ahead.count) }
                }
                if y < to { Self.drawRows(p, from: y, to: to, into: target) }
            }
        }
        withExtendedLifetime(padded) {}
    }

    /// `image`'s rectangle in a bitmap with a transparent border one texel wide; nil when too large.
    static func padded(_ image: SpriteBatch.Image) -> Bitmap? {
        let src = image.source
        guard !src.isEmpty, let b = Bitmap(width: src.width + 2, height: src.height + 2) else { return nil }
        for y in 0..<src.height {
            (b.pixels + (y + 1) * b.stride + 1).update(from: image.bitmap.pixels + (src.y0 + y) * image.bitmap.stride + src.x0, count: src.width)
        }
        return b
    }

    /// Where sprites are drawn: the pixels, the clip mask, the shift to the whole bitmap, the blend.
    struct SpriteTarget {
        let dst: UnsafeMutablePointer<UInt32>, dstStride: Int
        let maskBase: UnsafePointer<UInt8>?, maskStride: Int, mx: Int, my: Int
        let sx: Double, sy: Double
        let additive: Bool
        /// The sprite spans 16 pixels a step (the AVX-512 path is in use).
        var wide = false
    }

    /// A sprite's constants for drawing: its image, its colour at the batch's opacity, the inverse
    /// of its map to the canvas, its box cut to the clip, its fixed-point steps.
    struct PreparedSprite {
        let texels: UnsafePointer<UInt32>, texStride: Int, w: Int, h: Int
        let kr: UInt32, kg: UInt32, kb: UInt32, ka: UInt32
        let inv: Transform
        let x0: Int, x1: Int, y0: Int, y1: Int
        /// Sample coordinates step in 16.16 fixed point along a row from a column fixed by the quad
        /// (not by the clip): U(x) = U(ref) + du·(x − ref) is the same integer however a row is entered.
        let ref: Int, du: Int, dv: Int

        /// The constants of `fb_sprite_rows_avx2` for drawing into `t` (no clip mask).
        func rows(_ t: SpriteTarget) -> FBSpriteRows {
            FBSpriteRows(dst: t.dst, dstStride: t.dstStride, x0: x0, x1: x1, ref: ref, a: inv.a, b: inv.b, c: inv.c, d: inv.d,
                         tx: inv.tx, ty: inv.ty, sx: t.sx, sy: t.sy, du: du, dv: dv, texels: texels, texStride: texStride,
                         w: w, h: h, krb: kr | kb << 16, kga: kg | ka << 16, additive: t.additive ? 1 : 0,
                         wide: t.wide ? 1 : 0)
        }

        /// Nil when the sprite draws nothing inside `clip` (empty image, singular or huge map,
        /// transparent colour, off the clip).
        init?(_ sprite: SpriteBatch.Sprite, _ image: SpriteBatch.Image, padded: Bitmap, toCanvas: Transform, opacity k: UInt32, additive: Bool,
              shift: (x: Double, y: Double), clip: PixelRect) {
            let src = image.source
            w = src.width; h = src.height
            guard w > 0, h > 0 else { return nil }
            let m = sprite.transform.concatenating(toCanvas)
            guard let inv = m.inverted, inv.a.isFinite, inv.b.isFinite, inv.c.isFinite, inv.d.isFinite,
                  inv.tx.isFinite, inv.ty.isFinite else { return nil }
            self.inv = inv
            let color = (SIMD4<UInt32>(truncatingIfNeeded: sprite.color) &* k &+ 128) &>> 8
            kr = color[0]; kg = color[1]; kb = color[2]; ka = color[3]
            guard ka > 0 || (additive && (kr | kg | kb) > 0) else { return nil }
            // The quad's box on the canvas (plus the half pixel its fading edge reaches), cut to the clip.
            let fw = Double(w) + 0.5, fh = Double(h) + 0.5
            let c0 = m.apply(Point(-0.5, -0.5)), c1 = m.apply(Point(fw, -0.5)), c2 = m.apply(Point(-0.5, fh)), c3 = m.apply(Point(fw, fh))
            let lox = Swift.min(Swift.min(c0.x, c1.x), Swift.min(c2.x, c3.x)) + shift.x
            let hix = Swift.max(Swift.max(c0.x, c1.x), Swift.max(c2.x, c3.x)) + shift.x
            let loy = Swift.min(Swift.min(c0.y, c1.y), Swift.min(c2.y, c3.y)) + shift.y
            let hiy = Swift.max(Swift.max(c0.y, c1.y), Swift.max(c2.y, c3.y)) + shift.y
            guard lox.isFinite, loy.isFinite, hix.isFinite, hiy.isFinite, lox < Double(clip.x1), loy < Double(clip.y1),
                  hix > Double(clip.x0), hiy > Double(clip.y0) else { return nil }
            x0 = Swift.max(clip.x0, Int(lox.rounded(.down))); x1 = Swift.min(clip.x1, Int(hix.rounded(.up)))
            y0 = Swift.max(clip.y0, Int(loy.rounded(.down))); y1 = Swift.min(clip.y1, Int(hiy.rounded(.up)))
            guard x0 < x1, y0 < y1 else { return nil }
            // Texel (i, j) of the rectangle; (−1…w) × (−1…h) lie in the padded bitmap.
            texels = UnsafePointer(padded.pixels + padded.stride + 1)
            texStride = padded.stride
            ref = Int(lox.rounded(.down))
            du = Int((inv.a * 65536).rounded()); dv = Int((inv.b * 65536).rounded())
            guard abs(du) < 1 << 40, abs(dv) < 1 << 40 else { return nil }
        }
    }

    /// Rows `from..<to` of sprite `p`.
    private static func drawRows(_ p: PreparedSprite, from: Int, to: Int, into t: SpriteTarget) {
        let texels = p.texels, texStride = p.texStride, w = p.w, h = p.h, inv = p.inv
        let kr = p.kr, kg = p.kg, kb = p.kb, ka = p.ka, du = p.du, dv = p.dv, ref = p.ref, x0 = p.x0, x1 = p.x1
        let dst = t.dst, dstStride = t.dstStride, maskBase = t.maskBase, maskStride = t.maskStride, mx = t.mx, my = t.my
        let sx = t.sx, sy = t.sy, additive = t.additive
        let refX = Double(ref) - sx + 0.5
        let krb = unsafeBitCast(SIMD4<UInt32>(repeating: kr | kb << 16), to: SIMD8<UInt16>.self)
        let kga = unsafeBitCast(SIMD4<UInt32>(repeating: kg | ka << 16), to: SIMD8<UInt16>.self)
        for y in from..<to {
            let py = Double(y) - sy + 0.5
            let u0 = inv.a * refX + inv.c * py + inv.tx - 0.5, v0 = inv.b * refX + inv.d * py + inv.ty - 0.5
            guard abs(u0) < 1e9, abs(v0) < 1e9 else { continue }
            let u0f = Int((u0 * 65536).rounded(.down)), v0f = Int((v0 * 65536).rounded(.down))
            // The columns whose samples can touch the image (−1 < u < w, −1 < v < h), a pixel
            // wider each side; the loop checks each pixel exactly.
            var xs = x0, xe = x1
            Self.narrow(&xs, &xe, ref: ref, start: u0f, step: du, below: -65536, above: w << 16)
            Self.narrow(&xs, &xe, ref: ref, start: v0f, step: dv, below: -65536, above: h << 16)
            guard xs < xe else { continue }
            var uf = u0f + du * (xs - ref), vf = v0f + dv * (xs - ref)
            let row = dst + y * dstStride
            let maskRow = maskBase.map { $0 + (y - my) * maskStride - mx }
            var x = xs
            if maskRow == nil {
                // The row by the AVX2 kernel where the CPU has it (Kernels.swift): 8 pixels a step,
                // the last step masked, so a 16-px sprite's 17 or 18 columns take no Swift tail.
                let done = RasterKernels.spriteSpan(row: row + xs, count: xe - xs, uf: uf, du: du, vf: vf, dv: dv,
                                                    texels: texels, stride: texStride, w: w, h: h,
                                                    krb: kr | kb << 16, kga: kg | ka << 16, additive: additive)
                x += done
                uf = uf &+ du &* done
                vf = vf &+ dv &* done
            }
            while x < xe {
                // Four pixels at once where no mask applies: the same arithmetic as one pixel, lane
                // by lane (the row's last pixels, and masked rows, one at a time).
                if maskRow == nil, x &+ 4 <= xe {
                    let us = SIMD4<Int>(uf, uf &+ du, uf &+ 2 &* du, uf &+ 3 &* du)
                    let vs = SIMD4<Int>(vf, vf &+ dv, vf &+ 2 &* dv, vf &+ 3 &* dv)
                    let iv = us &>> 16, jv = vs &>> 16
                    // Lanes whose sample can touch the image; the others read a clamped texel and
                    // contribute nothing.
                    let valid = (iv .>= -1) .& (iv .< w) .& (jv .>= -1) .& (jv .< h)
                    if any(valid) {
                        let ic = iv.clamped(lowerBound: SIMD4(repeating: -1), upperBound: SIMD4(repeating: w &- 1))
                        let jc = jv.clamped(lowerBound: SIMD4(repeating: -1), upperBound: SIMD4(repeating: h &- 1))
                        var p00 = SIMD4<UInt32>(), p10 = SIMD4<UInt32>(), p01 = SIMD4<UInt32>(), p11 = SIMD4<UInt32>()
                        for l in 0..<4 {
                            let t = texels + (jc[l] &* texStride &+ ic[l])
                            p00[l] = t[0]; p10[l] = t[1]; p01[l] = t[texStride]; p11[l] = t[texStride &+ 1]
                        }
                        let keep = SIMD4<UInt32>(truncatingIfNeeded: SIMD4<Int>(repeating: 0).replacing(with: -1, where: valid))
                        // Two channels per 32-bit lane as a pair of 16-bit lanes (red and blue, green
                        // and alpha), as Blend's row blenders do: SSE2 multiplies 16-bit lanes
                        // natively. Every product below is at most 255 × 256 + 128.
                        let wx = Self.pairs((us &>> 8) & 255), wy = Self.pairs((vs &>> 8) & 255)
                        let rb = Self.lerp8(Self.lerp8(Self.low(p00), Self.low(p10), wx), Self.lerp8(Self.low(p01), Self.low(p11), wx), wy)
                        let ga = Self.lerp8(Self.lerp8(Self.high(p00), Self.high(p10), wx), Self.lerp8(Self.high(p01), Self.high(p11), wx), wy)
                        let keep8 = unsafeBitCast(keep, to: SIMD8<UInt16>.self)
                        let crb = ((rb & keep8) &* krb &+ 128) &>> 8, cga = ((ga & keep8) &* kga &+ 128) &>> 8
                        let out = UnsafeMutableRawPointer(row + x)
                        let d = out.loadUnaligned(as: SIMD4<UInt32>.self)
                        var orb: SIMD8<UInt16>, oga: SIMD8<UInt16>
                        if additive {
                            orb = Self.low(d) &+ crb
                            oga = Self.high(d) &+ cga
                            orb.replace(with: 255, where: orb .> 255)
                            oga.replace(with: 255, where: oga .> 255)
                        } else {
                            let a32 = unsafeBitCast(cga, to: SIMD4<UInt32>.self) &>> 16
                            let a = unsafeBitCast(a32 | a32 &<< 16, to: SIMD8<UInt16>.self)
                            let ia = 256 &- a &- (a &>> 7)
                            orb = crb &+ ((Self.low(d) &* ia &+ 128) &>> 8)
                            oga = cga &+ ((Self.high(d) &* ia &+ 128) &>> 8)
                        }
                        let o = unsafeBitCast(orb, to: SIMD4<UInt32>.self) | unsafeBitCast(oga, to: SIMD4<UInt32>.self) &<< 8
                        out.storeBytes(of: o, as: SIMD4<UInt32>.self)
                        uf = uf &+ 4 &* du
                        vf = vf &+ 4 &* dv
                        x &+= 4
                        continue
                    }
                }
                let i = uf >> 16, j = vf >> 16
                let wx = UInt32(truncatingIfNeeded: (uf >> 8) & 255), wy = UInt32(truncatingIfNeeded: (vf >> 8) & 255)
                uf &+= du
                vf &+= dv
                let px = x
                x &+= 1
                // i in −1…w − 1 and j in −1…h − 1: some texel of the four is inside.
                guard UInt(bitPattern: i &+ 1) < UInt(w &+ 1), UInt(bitPattern: j &+ 1) < UInt(h &+ 1) else { continue }
                let t = texels + (j &* texStride &+ i)
                let p00 = t[0], p10 = t[1], p01 = t[texStride], p11 = t[texStride &+ 1]
                if p00 | p10 | p01 | p11 == 0 { continue }  // a transparent corner of the image
                let s = Self.lerpPixel(Self.lerpPixel(p00, p10, wx), Self.lerpPixel(p01, p11, wx), wy)
                // The sample times the colour, channel by channel, rounded.
                var r = ((s & 0xFF) &* kr &+ 128) >> 8, g = (((s >> 8) & 0xFF) &* kg &+ 128) >> 8
                var b = (((s >> 16) & 0xFF) &* kb &+ 128) >> 8, a = ((s >> 24) &* ka &+ 128) >> 8
                if let maskRow {
                    let m = UInt32(maskRow[px]), k = m + (m >> 7)
                    r = (r &* k) >> 8; g = (g &* k) >> 8; b = (b &* k) >> 8; a = (a &* k) >> 8
                }
                let d = row[px]
                if additive {
                    row[px] = Swift.min(255, (d & 0xFF) + r) | Swift.min(255, ((d >> 8) & 0xFF) + g) << 8
                        | Swift.min(255, ((d >> 16) & 0xFF) + b) << 16 | Swift.min(255, (d >> 24) + a) << 24
                } else {
                    // Source-over on two channels per 32-bit lane pair; the sum stays within a byte.
                    let ia = 256 - a - (a >> 7)
                    let rb = (((d & 0x00FF_00FF) &* ia &+ 0x0080_0080) >> 8) & 0x00FF_00FF
                    let ga = ((((d >> 8) & 0x00FF_00FF) &* ia &+ 0x0080_0080) >> 8) & 0x00FF_00FF
                    row[px] = (rb &+ (r | b << 16)) | (ga &+ (g | a << 16)) << 8
                }
            }
        }
    }

    /// Red and blue of four pixels as eight 16-bit lanes.
    @inline(__always) static func low(_ p: SIMD4<UInt32>) -> SIMD8<UInt16> { unsafeBitCast(p & 0x00FF_00FF, to: SIMD8<UInt16>.self) }
    /// Green and alpha of four pixels as eight 16-bit lanes.
    @inline(__always) static func high(_ p: SIMD4<UInt32>) -> SIMD8<UInt16> { unsafeBitCast((p &>> 8) & 0x00FF_00FF, to: SIMD8<UInt16>.self) }
    /// Each of four values (0…255) in both 16-bit lanes of its pixel.
    @inline(__always) static func pairs(_ v: SIMD4<Int>) -> SIMD8<UInt16> {
        let w = SIMD4<UInt32>(truncatingIfNeeded: v)
        return unsafeBitCast(w | w &<< 16, to: SIMD8<UInt16>.self)
    }
    /// `a` towards `b` by `w`/256, lane by lane (w at most 255).
    @inline(__always) static func lerp8(_ a: SIMD8<UInt16>, _ b: SIMD8<UInt16>, _ w: SIMD8<UInt16>) -> SIMD8<UInt16> {
        (a &* (256 &- w) &+ b &* w) &>> 8
    }

    /// Cuts the columns `xs..<xe` to those where `start + step·(x − ref)` lies strictly between
    /// `below` and `above`, give or take a column (the caller checks each exactly).
    @inline(__always) static func narrow(_ xs: inout Int, _ xe: inout Int, ref: Int, start: Int, step: Int, below: Int, above: Int) {
        if step == 0 {
            if start <= below || start >= above { xe = xs }
            return
        }
        // Solve below < start + step·k < above for k, rounding outwards.
        func floorDiv(_ a: Int, _ b: Int) -> Int { let q = a / b; return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q }
        var k0: Int, k1: Int
        if step > 0 && step & (step &- 1) == 0 {
            // A power of two (1.0 in 16.16: a sprite only moved, the common case, on every row):
            // the arithmetic shift is the floor division, without two integer divisions a row.
            let s = step.trailingZeroBitCount
            k0 = (below - start) >> s
            k1 = (above - start) >> s
        } else {
            k0 = floorDiv(below - start, step)
            k1 = floorDiv(above - start, step)
        }
        if step < 0 { swap(&k0, &k1) }
        xs = Swift.max(xs, ref + k0 - 1)
        xe = Swift.min(xe, ref + k1 + 2)
    }

    /// `a` towards `b` by `w`/256, channel by channel (two channels per 32-bit lane).
    @inline(__always) static func lerpPixel(_ a: UInt32, _ b: UInt32, _ w: UInt32) -> UInt32 {
        let iw = 256 &- w
        let rb = ((a & 0x00FF_00FF) &* iw &+ (b & 0x00FF_00FF) &* w) >> 8
        let ga = (((a >> 8) & 0x00FF_00FF) &* iw &+ ((b >> 8) & 0x00FF_00FF) &* w) >> 8
        return (rb & 0x00FF_00FF) | ((ga & 0x00FF_00FF) << 8)
    }
}
