/// Span sink that shades each span and composites it in a `BlendMode` other than `.normal`
/// (the canvas keeps `Painter` and `SolidPainter`, and their bytes, for source-over).
///
/// Coverage and the clip mask mix the blended result with the destination; the target's opacity
/// scales the source first (see `BlendMode`).
struct BlendPainter<Sh: Shader>: SpanSink {
    let target: Target
    let shader: Sh
    let mode: BlendMode

    mutating func solidSpan(y: Int, x: Int, count: Int, coverage: UInt8) {
        let t = target
        shader.shade(x: x, y: y, count: count, into: t.srcRow)
        let dst = t.pixels + y * t.stride + x
        if t.maskBase != nil {
            mode.blendRow(dst, t.srcRow, coverage: t.masked(y: y, x: x, coverage: coverage, count: count), count: count, opacity: t.opacity)
        } else {
            mode.blendRow(dst, t.srcRow, coverage: nil, uniform: UInt32(coverage), count: count, opacity: t.opacity)
        }
    }

    mutating func maskSpan(y: Int, x: Int, coverage: UnsafePointer<UInt8>, count: Int) {
        let t = target
        shader.shade(x: x, y: y, count: count, into: t.srcRow)
        mode.blendRow(t.pixels + y * t.stride + x, t.srcRow, coverage: t.masked(y: y, x: x, coverage: coverage, count: count),
                      count: count, opacity: t.opacity)
    }
}
