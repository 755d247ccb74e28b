/// Whole-bitmap compositing steps the layer compositor runs between draws: a mask layer's alpha,
/// the second half of a crossfade, a shadow's tinted shape.
extension Bitmap {
    /// Multiplies every pixel by the alpha of the same pixel of `mask` (a mask layer's image).
    /// Pixels outside `mask` are left as they are.
    /// - Complexity: O(pixels of the overlap).
    public func multiplyAlpha(by mask: Bitmap) {
        let w = min(width, mask.width), h = min(height, mask.height)
        for y in 0..<h {
            let row = self.row(y), m = mask.row(y)
            for x in 0..<w {
                let a = Pixel.a(m[x])
                if a == 255 { continue }
                row[x] = a == 0 ? 0 : Blend.scale(row[x], a)
            }
        }
    }

    /// Multiplies every pixel's red, green and blue by `factors`' first three (0…256, 256 leaves a
    /// channel as it is), alpha by the fourth: a replicator instance's colour over its group.
    /// - Complexity: O(pixels).
    public func multiplyChannels(by factors: SIMD4<UInt16>) {
        let k = SIMD4<UInt32>(truncatingIfNeeded: factors)
        guard k != SIMD4(repeating: 256) else { return }
        for y in 0..<height {
            let row = self.row(y)
            for x in 0..<width where row[x] != 0 {
                let p = row[x]
                let c = (SIMD4<UInt32>(p & 0xFF, (p >> 8) & 0xFF, (p >> 16) & 0xFF, p >> 24) &* k &+ 128) &>> 8
                row[x] = c[0] | (c[1] << 8) | (c[2] << 16) | (c[3] << 24)
            }
        }
    }

    /// Scales every premultiplied channel by each of `factors` in turn, first to last, with
    /// `Blend.scale`'s rounding at every step, in one pass through a table.
    ///
    /// Why: compositing a bitmap at opacity k into a cleared bitmap scales each channel by k
    /// (`Blend.blendRow` over zero gives `Blend.scale`), and the channels stay apart, so a chain
    /// of opacity groups nested n deep over the same pixels is one table lookup per channel, not
    /// n passes over the pixels (10,000 nested groups took seconds per frame).
    /// - Parameter factors: each 0…255 (255 leaves a channel as it is).
    /// - Complexity: O(pixels + 256 × factors).
    public func scaleChannels(successively factors: [UInt32]) {
        var table = [UInt8](repeating: 0, count: 256)
        for c in 0..<256 { table[c] = UInt8(c) }
        for k in factors where k < 255 {
            for c in 0..<256 {
                let v = UInt32(table[c])
                table[c] = UInt8(truncatingIfNeeded: Blend.scale(v | v << 8 | v << 16 | v << 24, min(k, 255)))
            }
        }
        table.withUnsafeBufferPointer { t in
            for y in 0..<height {
                let row = self.row(y)
                for x in 0..<width {
                    let p = row[x]
                    if p == 0 { continue }
                    row[x] = UInt32(t[Int(p & 0xFF)]) | UInt32(t[Int(p >> 8 & 0xFF)]) << 8
                        | UInt32(t[Int(p >> 16 & 0xFF)]) << 16 | UInt32(t[Int(p >> 24)]) << 24
                }
            }
        }
    }

    /// `self += src × k` per premultiplied channel, saturating: the second half of a crossfade
    /// (`old·(1 − k)` already here). `k` is clamped to 0…1 and quantised to 1/255.
    /// - Complexity: O(pixels of the overlap).
    /// - Parameter area: only these pixels (a compositor band's rows); default all of them.
    public func addScaled(_ src: Bitmap, by k: Double, in area: PixelRect? = nil) {
        let f = UInt32((max(0, min(1, k)) * 255).rounded())
        let r = (area ?? bounds).intersection(PixelRect(x0: 0, y0: 0, x1: min(src.width, width), y1: min(src.height, height)))
        guard !r.isEmpty else { return }
        for y in r.y0..<r.y1 {
            let s = src.row(y), d = row(y)
            for x in r.x0..<r.x1 {
                let a = Blend.scale(s[x], f), b = d[x]
                func ch(_ shift: UInt32) -> UInt32 { min(255, ((a >> shift) & 0xFF) + ((b >> shift) & 0xFF)) << shift }
                d[x] = ch(0) | ch(8) | ch(16) | ch(24)
            }
        }
    }

    /// Writes `color` (straight alpha) times `src`'s alpha into this bitmap, `src`'s pixel (0, 0)
    /// at `origin` (replacing, not blending): a shadow's shape before the blur.
    /// - Complexity: O(pixels of `src`).
    public func tint(alphaOf src: Bitmap, color: Color, at origin: (x: Int, y: Int)) {
        let c = color.premultipliedPixel
        for y in 0..<src.height {
            let oy = y + origin.y
            guard oy >= 0, oy < height else { continue }
            let s = src.row(y), o = row(oy)
            for x in 0..<src.width {
                let ox = x + origin.x
                guard ox >= 0, ox < width else { continue }
                o[ox] = Blend.scale(c, Pixel.a(s[x]))
            }
        }
    }

    /// A shadow blur: Core Animation's `shadowRadius` r is a Gaussian of σ = r / 2. Radii that
    /// are not positive and finite leave the bitmap as it is.
    public func blur(shadowRadius radius: Double) {
        guard radius > 0, radius.isFinite else { return }
        blur(sigma: radius / 2)
    }
}

extension Mask {
    /// Multiplies every value by `factor` (clamped to 0…1, quantised to 1/255): a mask layer's
    /// opacity or colour alpha.
    public func scale(by factor: Double) {
        let k = UInt32((max(0, min(1, factor)) * 255).rounded())
        let n = stride * height
        // Sixteen bytes at a time as four "pixels" of `Blend.scale4`, one byte at a time after:
        // both round b·k / 255 as `Blend.mul255` does, which is (b·k + 127) / 255 for every b
        // and k (checked for all of them).
        let ks = SIMD4<UInt32>(repeating: k), raw = UnsafeMutableRawPointer(bytes)
        var i = 0
        while i &+ 16 <= n {
            let w = raw.loadUnaligned(fromByteOffset: i, as: SIMD4<UInt32>.self)
            raw.storeBytes(of: Blend.scale4(w, ks), toByteOffset: i, as: SIMD4<UInt32>.self)
            i &+= 16
        }
        while i < n { bytes[i] = UInt8(truncatingIfNeeded: Blend.mul255(UInt32(bytes[i]), k)); i &+= 1 }
    }

    /// Multiplies every value by `other`'s value at the same place, `other`'s byte (0, 0) lying
    /// under this mask's byte `offset` (nested clip paths); outside `other` counts as 0.
    /// - Complexity: O(bytes of this mask).
    public func intersect(_ other: Mask, at offset: (x: Int, y: Int)) {
        for y in 0..<height {
            let oy = y - offset.y
            let row = bytes + y * stride
            for x in 0..<width {
                let ox = x - offset.x
                let o: UInt32 = oy >= 0 && oy < other.height && ox >= 0 && ox < other.width ? UInt32(other.bytes[oy * other.stride + ox]) : 0
                row[x] = UInt8(truncatingIfNeeded: Blend.mul255(UInt32(row[x]), o))
            }
        }
    }
}
