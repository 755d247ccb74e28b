/// Produces premultiplied source pixels for a run of one row: the "paint" half of a fill.
///
/// The compositor asks once per span, then blends the run with coverage; shaders never see
/// coverage or the destination. Internal: callers choose paint through `Paint`.
protocol Shader {
    /// True when every pixel it produces has alpha 255 (lets full-coverage spans store directly).
    var isOpaque: Bool { get }
    /// Writes the colours of device pixels `x ..< x + count` of row `y` (sampled at pixel centres).
    func shade(x: Int, y: Int, count: Int, into out: UnsafeMutablePointer<UInt32>)
}

/// One colour everywhere.
struct SolidShader: Shader {
    let pixel: UInt32
    var isOpaque: Bool { pixel >> 24 == 255 }
    func shade(x: Int, y: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        out.update(repeating: pixel, count: count)
    }
}
