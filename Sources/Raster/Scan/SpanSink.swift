/// Receives the coverage the scan converter computes, row by row, left to right.
///
/// Coverage arrives as spans so paint and compositing run once per run of pixels rather than
/// once per pixel: the inside of a shape is one `solidSpan` per row, its antialiased edges short
/// `maskSpan`s. Rows arrive in increasing `y`; within a row, spans in increasing `x` and never
/// overlapping. Every span lies inside the clip the rasterizer was given.
public protocol SpanSink {
    /// Pixels `x ..< x + count` of row `y` all have coverage `coverage` (1…255, 255 = fully inside).
    mutating func solidSpan(y: Int, x: Int, count: Int, coverage: UInt8)
    /// Pixels `x ..< x + count` of row `y` have the per-pixel coverages `coverage[0 ..< count]` (0…255).
    /// The buffer is only valid during the call.
    mutating func maskSpan(y: Int, x: Int, coverage: UnsafePointer<UInt8>, count: Int)
    /// True when `solidSpan` with coverage q paints exactly what `maskSpan` with `count` bytes of q
    /// paints (and one call pays), so a rasterizer may pass a row's edge cells and the runs between
    /// them as one mask span: the small convex fill a whole row, the sweep's `emitRow` the short
    /// full run between two runs of edge cells (a thin stroke's row). Default false (a solid span
    /// may take its own rounding, e.g. coverage × opacity).
    var solidSpansAreMasks: Bool { get }
}

extension SpanSink {
    /// False: solid spans stay solid spans.
    public var solidSpansAreMasks: Bool { false }
}
