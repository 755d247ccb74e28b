extension Mask {
    /// Adds a path's coverage to the mask (alpha source-over: `m + c·(255 − m)/255`).
    ///
    /// Why: a shape layer used as another layer's `mask`, or a shadow's shape before blurring,
    /// is coverage only; painting it into an A8 mask costs a quarter of an RGBA bitmap.
    /// - Parameters:
    ///   - transform: user → mask pixel space. Default identity.
    ///   - rule: default `.nonZero`.
    ///   - rasterizer: reuse one to avoid allocating scratch per call. Default: a new one.
    /// - Complexity: O(path elements + edge cells + covered pixels).
    public func fill(_ path: Path, transform: Transform = .identity, rule: FillRule = .nonZero, rasterizer: Rasterizer? = nil) {
        fill(path.flattened(transform: transform, tolerance: Flattener.defaultTolerance, clip: Rect(bounds)), rule: rule, rasterizer: rasterizer)
    }

    /// Adds the coverage of polygons in mask pixel coordinates (see `fill(_:transform:rule:rasterizer:)`).
    public func fill(_ polygons: Polygons, rule: FillRule = .nonZero, rasterizer: Rasterizer? = nil) {
        var sink = MaskOver(bytes: bytes, stride: stride)
        (rasterizer ?? Rasterizer()).fill(polygons, rule: rule, clip: bounds, into: &sink)
    }
}

/// Span sink compositing coverage over a mask's values.
struct MaskOver: SpanSink {
    let bytes: UnsafeMutablePointer<UInt8>
    let stride: Int

    mutating func solidSpan(y: Int, x: Int, count: Int, coverage: UInt8) {
        let row = bytes + y * stride + x
        if coverage == 255 { row.update(repeating: 255, count: count); return }
        let c = UInt32(coverage), inv = 255 - c
        for i in 0..<count { row[i] = UInt8(truncatingIfNeeded: c + Blend.mul255(UInt32(row[i]), inv)) }
    }
    mutating func maskSpan(y: Int, x: Int, coverage: UnsafePointer<UInt8>, count: Int) {
        let row = bytes + y * stride + x
        for i in 0..<count {
            let c = UInt32(coverage[i])
            row[i] = UInt8(truncatingIfNeeded: c + Blend.mul255(UInt32(row[i]), 255 - c))
        }
    }
}
