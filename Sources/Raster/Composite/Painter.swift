/// Where painted spans land: a bitmap's pixels, an opacity and an optional clip mask.
struct Target {
    let pixels: UnsafeMutablePointer<UInt32>
    let stride: Int
    /// Opacity × 255 applied to everything drawn.
    let opacity: UInt32
    /// Clip mask bytes; byte (0, 0) covers bitmap pixel (maskX, maskY). The caller cuts the clip
    /// to the mask so every span pixel has a value.
    let maskBase: UnsafePointer<UInt8>?
    let maskStride: Int
    let maskX: Int, maskY: Int
    /// Scratch rows at least as wide as the clip.
    let srcRow: UnsafeMutablePointer<UInt32>
    let covRow: UnsafeMutablePointer<UInt8>

    /// Coverage × mask into `covRow` (or `coverage` itself when there is no mask).
    @inline(__always) func masked(y: Int, x: Int, coverage: UnsafePointer<UInt8>, count: Int) -> UnsafePointer<UInt8> {
        guard let m = maskBase else { return coverage }
        let row = m + (y - maskY) * maskStride + (x - maskX)
        for i in 0..<count { covRow[i] = UInt8(truncatingIfNeeded: Blend.mul255(UInt32(coverage[i]), UInt32(row[i]))) }
        return UnsafePointer(covRow)
    }
    @inline(__always) func masked(y: Int, x: Int, coverage: UInt8, count: Int) -> UnsafePointer<UInt8> {
        let row = maskBase! + (y - maskY) * maskStride + (x - maskX)
        for i in 0..<count { covRow[i] = UInt8(truncatingIfNeeded: Blend.mul255(UInt32(coverage), UInt32(row[i]))) }
        return UnsafePointer(covRow)
    }
}

/// Span sink that shades each span and composites it source-over into the target.
struct Painter<Sh: Shader>: SpanSink {
    let target: Target
    let shader: Sh

    // Not `mutating` (nothing here changes): with an inout self, each span copied the shader
    // before shading (a retain and a release of a gradient's table per span, 7 % of a
    // full-frame radial fill in perf).
    func solidSpan(y: Int, x: Int, count: Int, coverage: UInt8) {
        let t = target
        let dst = t.pixels + y * t.stride + x
        if t.maskBase != nil {
            let cov = t.masked(y: y, x: x, coverage: coverage, count: count)
            shader.shade(x: x, y: y, count: count, into: t.srcRow)
            Blend.blendRow(dst, t.srcRow, coverage: cov, count: count, scale: t.opacity)
            return
        }
        let k = Blend.mul255(UInt32(coverage), t.opacity)
        if k >= 255 && shader.isOpaque {
            shader.shade(x: x, y: y, count: count, into: dst)   // opaque and fully covered: store
            return
        }
        shader.shade(x: x, y: y, count: count, into: t.srcRow)
        Blend.blendRow(dst, t.srcRow, count: count, scale: k)
    }

    func maskSpan(y: Int, x: Int, coverage: UnsafePointer<UInt8>, count: Int) {
        let t = target
        let cov = t.masked(y: y, x: x, coverage: coverage, count: count)
        shader.shade(x: x, y: y, count: count, into: t.srcRow)
        Blend.blendRow(t.pixels + y * t.stride + x, t.srcRow, coverage: cov, count: count, scale: t.opacity)
    }
}

/// Span sink for one colour: no shading pass, fills opaque interiors with a plain store.
struct SolidPainter: SpanSink {
    let target: Target
    let color: UInt32

    mutating func solidSpan(y: Int, x: Int, count: Int, coverage: UInt8) {
        let t = target
        let dst = t.pixels + (y &* t.stride &+ x)   // a span lies in the bitmap: no overflow
        if t.maskBase != nil {
            Blend.blendSolid(dst, color, coverage: t.masked(y: y, x: x, coverage: coverage, count: count), count: count, scale: t.opacity)
        } else {
            Blend.blendSolid(dst, color, count: count, scale: Blend.mul255(UInt32(coverage), t.opacity))
        }
    }
    mutating func maskSpan(y: Int, x: Int, coverage: UnsafePointer<UInt8>, count: Int) {
        let t = target
        Blend.blendSolid(t.pixels + (y &* t.stride &+ x), color, coverage: t.masked(y: y, x: x, coverage: coverage, count: count),
                         count: count, scale: t.opacity)
    }
    /// An opaque colour at full opacity without a clip mask: a solid span's scale is its coverage
    /// (`mul255(q, 255)` is q), and `blendSolid` gives a pixel the same bytes either way (its
    /// coverage form takes the one-pixel rule per lane: the colour itself at 255, else the opaque
    /// mix by q, as the solid form's). A translucent colour would give the same bytes too, but
    /// its rows then cost more time (thread CPU +10 % on 1000 circles, for 3 % fewer
    /// instructions): its mixed groups of four take the `Float` form in every lane.
    var solidSpansAreMasks: Bool { target.opacity >= 255 && target.maskBase == nil && color >> 24 == 255 }
}

/// Span sink writing coverage into a mask (multiplying with what is there when `intersect`).
struct MaskWriter: SpanSink {
    let bytes: UnsafeMutablePointer<UInt8>
    let stride: Int
    /// Bitmap pixel (x, y) is mask byte (x − originX, y − originY).
    let originX: Int, originY: Int

    mutating func solidSpan(y: Int, x: Int, count: Int, coverage: UInt8) {
        (bytes + (y - originY) * stride + (x - originX)).update(repeating: coverage, count: count)
    }
    mutating func maskSpan(y: Int, x: Int, coverage: UnsafePointer<UInt8>, count: Int) {
        (bytes + (y - originY) * stride + (x - originX)).update(from: coverage, count: count)
    }
}
