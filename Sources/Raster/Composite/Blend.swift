/// Premultiplied 8-bit arithmetic: scaling by an alpha and source-over, two channels per multiply.
///
/// Division by 255 is exact-rounding (`(x + 128 + ((x + 128) >> 8)) >> 8`), applied to the R/B and
/// G/A channel pairs in parallel in one `UInt32` each, so `srcOver` is within ±1 of the real-valued
/// `s + d·(1 − αs)` for every input (tested exhaustively over the channel/alpha grid).
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
    /// Premultiplied source-over: `s + d × (255 − αs) / 255`.
    @inlinable @inline(__always)
    public static func srcOver(_ s: UInt32, _ d: UInt32) -> UInt32 {
        s &+ scale(d, 255 &- (s >> 24))
    }
    /// `a × b / 255` rounded, for coverage × opacity × mask products; a, b in 0…255.
    @inlinable @inline(__always)
    public static func mul255(_ a: UInt32, _ b: UInt32) -> UInt32 {
        let x = a &* b &+ 128
        return (x &+ (x >> 8)) >> 8
    }

    // MARK: Rows

    /// `dst[i] = src[i] over dst[i]` with every source scaled by `k` (coverage × opacity).
    @inlinable
    public static func blendRow(_ dst: UnsafeMutablePointer<UInt32>, _ src: UnsafePointer<UInt32>, count: Int, scale k: UInt32) {
        if k >= 255 {
            for i in 0..<count {
                let s = src[i], a = s >> 24
                if a == 255 { dst[i] = s } else if a != 0 { dst[i] = srcOver(s, dst[i]) }
            }
        } else if k > 0 {
            for i in 0..<count {
                let s = scale(src[i], k)
                if s != 0 { dst[i] = srcOver(s, dst[i]) }
            }
        }
    }
    /// `dst[i] = (src[i] × cov[i] × k / 255²) over dst[i]`.
    @inlinable
    public static func blendRow(_ dst: UnsafeMutablePointer<UInt32>, _ src: UnsafePointer<UInt32>, coverage: UnsafePointer<UInt8>,
                                count: Int, scale k: UInt32) {
        for i in 0..<count {
            let c = k >= 255 ? UInt32(coverage[i]) : mul255(UInt32(coverage[i]), k)
            if c == 0 { continue }
            let s = c == 255 ? src[i] : scale(src[i], c)
            dst[i] = srcOver(s, dst[i])
        }
    }
    /// One premultiplied colour over `count` pixels, scaled by `k`.
    @inlinable
    public static func blendSolid(_ dst: UnsafeMutablePointer<UInt32>, _ color: UInt32, count: Int, scale k: UInt32) {
        let s = k >= 255 ? color : scale(color, k)
        let a = s >> 24
        if a == 255 { dst.update(repeating: s, count: count); return }
        if s == 0 { return }
        let inv = 255 &- a
        for i in 0..<count { dst[i] = s &+ scale(dst[i], inv) }
    }
    /// One premultiplied colour over `count` pixels with per-pixel coverage, scaled by `k`.
    @inlinable
    public static func blendSolid(_ dst: UnsafeMutablePointer<UInt32>, _ color: UInt32, coverage: UnsafePointer<UInt8>,
                                  count: Int, scale k: UInt32) {
        let opaque = color >> 24 == 255 && k >= 255
        for i in 0..<count {
            let c = k >= 255 ? UInt32(coverage[i]) : mul255(UInt32(coverage[i]), k)
            if c == 0 { continue }
            if c == 255 && opaque { dst[i] = color; continue }
            dst[i] = srcOver(scale(color, c), dst[i])
        }
    }
}
