/// A deterministic, blue-noise-like dither threshold per pixel: the R2 low-discrepancy pattern.
///
/// `d(x, y) = frac(0.5 + x·α₁ + y·α₂)` with the plastic-number steps α₁ ≈ 0.7549, α₂ ≈ 0.5698
/// (Roberts 2018). Unlike an 8×8 Bayer matrix, every row on its own spreads the thresholds evenly,
/// so a horizontal 8-bit ramp breaks into short runs instead of showing a band per step. The same
/// pixel always gets the same threshold: renders are byte-identical run to run.
enum Dither {
    /// Tile side; the pattern repeats every 64 px in x and y.
    static let size = 64
    /// Thresholds 0…255, row-major `[y * 64 + x]`.
    static let table: [UInt8] = {
        var t = [UInt8](repeating: 0, count: 64 * 64)
        for y in 0..<64 {
            for x in 0..<64 {
                var v = 0.5 + Double(x) * 0.7548776662466927 + Double(y) * 0.5698402909980532
                v -= v.rounded(.down)
                t[y * 64 + x] = UInt8(Swift.min(255, Int(v * 256)))
            }
        }
        return t
    }()

    /// The thresholds of pixels (x, y) and (x + 1, y), each repeated in four 16-bit lanes, at
    /// `[y * 64 + x]` (x, y in 0…63): added to two 8.8 RGBA entries with one vector add.
    static let pairs: [SIMD8<UInt16>] = {
        var t = [SIMD8<UInt16>](repeating: .zero, count: 64 * 64)
        for y in 0..<64 {
            for x in 0..<64 {
                let a = UInt16(table[y * 64 + x]), b = UInt16(table[y * 64 + (x + 1) % 64])
                t[y * 64 + x] = SIMD8(lowHalf: SIMD4(repeating: a), highHalf: SIMD4(repeating: b))
            }
        }
        return t
    }()
}
