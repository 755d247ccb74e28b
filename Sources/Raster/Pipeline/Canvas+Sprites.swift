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
        let dst = bitmap.pixels, dstStride = bitmap.stride
        for sprite in batch.sprites {
            let image = batch.images[Int(sprite.image)]
            let src = image.source
            let w = src.width, h = src.height
            guard w > 0, h > 0 else { continue }
            let m = sprite.transform.concatenating(toCanvas)
            guard let inv = m.inverted, inv.a.isFinite, inv.b.isFinite, inv.c.isFinite, inv.d.isFinite,
                  inv.tx.isFinite, inv.ty.isFinite else { continue }
            let color = (SIMD4<UInt32>(truncatingIfNeeded: sprite.color) &* k &+ 128) &>> 8
            guard color[3] > 0 || (batch.additive && (color[0] | color[1] | color[2]) > 0) else { continue }
            // The quad's box on the canvas (plus the half pixel its fading edge reaches), cut to the clip.
            var lo = Point(.infinity, .infinity), hi = Point(-.infinity, -.infinity)
            for p in [Point(-0.5, -0.5), Point(Double(w) + 0.5, -0.5), Point(-0.5, Double(h) + 0.5), Point(Double(w) + 0.5, Double(h) + 0.5)] {
                let q = m.apply(p)
                lo.x = Swift.min(lo.x, q.x + sx); lo.y = Swift.min(lo.y, q.y + sy)
                hi.x = Swift.max(hi.x, q.x + sx); hi.y = Swift.max(hi.y, q.y + sy)
            }
            guard lo.x.isFinite, lo.y.isFinite, hi.x.isFinite, hi.y.isFinite, lo.x < Double(clip.x1), lo.y < Double(clip.y1),
                  hi.x > Double(clip.x0), hi.y > Double(clip.y0) else { continue }
            let x0 = Swift.max(clip.x0, Int(lo.x.rounded(.down))), x1 = Swift.min(clip.x1, Int(hi.x.rounded(.up)))
            let y0 = Swift.max(clip.y0, Int(lo.y.rounded(.down))), y1 = Swift.min(clip.y1, Int(hi.y.rounded(.up)))
            guard x0 < x1, y0 < y1 else { continue }
            let texels = image.bitmap.pixels + src.y0 * image.bitmap.stride + src.x0
            let texStride = image.bitmap.stride
            @inline(__always) func texel(_ i: Int, _ j: Int) -> UInt32 {
                i >= 0 && i < w && j >= 0 && j < h ? texels[j * texStride + i] : 0
            }
            // Sample coordinates in 16.16 fixed point, stepped along a row from a column fixed by
            // the quad (not by the clip): U(x) = U(ref) + du·(x − ref) is the same integer however
            // the row is entered.
            let ref = Int(lo.x.rounded(.down))
            let du = Int((inv.a * 65536).rounded()), dv = Int((inv.b * 65536).rounded())
            guard abs(du) < 1 << 40, abs(dv) < 1 << 40 else { continue }
            let refX = Double(ref) - sx + 0.5
            for y in y0..<y1 {
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
                for x in xs..<xe {
                    defer { uf &+= du; vf &+= dv }
                    let i = uf >> 16, j = vf >> 16
                    // i in −1…w − 1 and j in −1…h − 1: some texel of the four is inside.
                    guard UInt(bitPattern: i &+ 1) < UInt(w &+ 1), UInt(bitPattern: j &+ 1) < UInt(h &+ 1) else { continue }
                    let wx = UInt32(truncatingIfNeeded: (uf >> 8) & 255), wy = UInt32(truncatingIfNeeded: (vf >> 8) & 255)
                    let p00: UInt32, p10: UInt32, p01: UInt32, p11: UInt32
                    if i >= 0, j >= 0, i + 1 < w, j + 1 < h {
                        let t = texels + j * texStride + i
                        p00 = t[0]; p10 = t[1]; p01 = t[texStride]; p11 = t[texStride + 1]
                    } else {
                        p00 = texel(i, j); p10 = texel(i + 1, j); p01 = texel(i, j + 1); p11 = texel(i + 1, j + 1)
                    }
                    let s = Self.lerpPixel(Self.lerpPixel(p00, p10, wx), Self.lerpPixel(p01, p11, wx), wy)
                    if s == 0 { continue }
                    var c = (SIMD4<UInt32>(s & 0xFF, (s >> 8) & 0xFF, (s >> 16) & 0xFF, s >> 24) &* color &+ 128) &>> 8
                    if let maskRow {
                        let mk = UInt32(maskRow[x])
                        c = (c &* (mk + (mk >> 7))) &>> 8
                    }
                    let d = row[x]
                    var o = SIMD4<UInt32>(d & 0xFF, (d >> 8) & 0xFF, (d >> 16) & 0xFF, d >> 24)
                    if batch.additive {
                        o = o &+ c
                    } else {
                        let ia = 256 - (c[3] + (c[3] >> 7))
                        o = c &+ ((o &* ia &+ 128) &>> 8)
                    }
                    o = pointwiseMin(o, SIMD4(repeating: 255))
                    row[x] = o[0] | (o[1] << 8) | (o[2] << 16) | (o[3] << 24)
                }
            }
        }
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
        var k0 = floorDiv(below - start, step), k1 = floorDiv(above - start, step)
        if step < 0 { swap(&k0, &k1) }
        xs = Swift.max(xs, ref + k0 - 1)
        xe = Swift.min(xe, ref + k1 + 2)
    }

    /// `a` towards `b` by `w`/256, channel by channel (two channels per 32-bit lane).
    @inline(__always) static func lerpPixel(_ a: UInt32, _ b: UInt32, _ w: UInt32) -> UInt32 {
        if a == b { return a }
        let iw = 256 - w
        let rb = ((a & 0x00FF_00FF) &* iw &+ (b & 0x00FF_00FF) &* w) >> 8
        let ga = (((a >> 8) & 0x00FF_00FF) &* iw &+ ((b >> 8) & 0x00FF_00FF) &* w) >> 8
        return (rb & 0x00FF_00FF) | ((ga & 0x00FF_00FF) << 8)
    }
}
