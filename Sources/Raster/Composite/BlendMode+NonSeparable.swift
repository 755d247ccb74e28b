/// The blend modes that need a whole pixel, not one channel at a time: the W3C non-separable
/// modes (hue, saturation, color, luminosity), which work on a colour's luminosity and
/// saturation, and `plusDarker`, whose colour depends on both alphas.
///
/// The non-separable modes follow W3C Compositing and Blending Level 1 to the letter:
/// `co = cs·(1 − αd) + cd·(1 − αs) + αs·αd·B(Cs, Cd)` with `B` on the straight colours,
/// `Lum(C) = 0.3·R + 0.59·G + 0.11·B`, `SetLum` with `ClipColor`, `SetSat` as the spec writes
/// them; `αo = αs + αd − αs·αd`. Where either alpha is 0 the `B` term is 0 (no straight colour).
extension BlendMode {
    /// True for the modes `combineWhole` computes.
    @inlinable
    public var isNonSeparable: Bool {
        switch self {
        case .hue, .saturation, .color, .luminosity, .plusDarker: return true
        default: return false
        }
    }

    /// `src` over `dst` in a non-separable mode (or `plusDarker`), mixed with `dst` by `coverage`
    /// (0…255) as the separable modes are; each channel rounded once.
    @inlinable
    func combineWhole(_ src: UInt32, _ dst: UInt32, coverage: UInt32) -> UInt32 {
        let k = 1.0 / 255
        @inline(__always) func unpack(_ p: UInt32) -> SIMD4<Double> {
            SIMD4(Double(p & 0xFF), Double((p >> 8) & 0xFF), Double((p >> 16) & 0xFF), Double(p >> 24)) * k
        }
        let s = unpack(src), d = unpack(dst)
        let sa = s[3], da = d[3]
        var out: SIMD4<Double>
        if self == .plusDarker {
            let a = Swift.min(1, sa + da)
            out = SIMD4(repeating: 0)
            for c in 0..<3 { out[c] = Swift.max(0, a - ((sa - s[c]) + (da - d[c]))) }
            out[3] = a
        } else {
            let cs = SIMD3(s[0], s[1], s[2]), cd = SIMD3(d[0], d[1], d[2])
            var mixed = cs * (1 - da) + cd * (1 - sa)
            if sa > 0, da > 0 {
                let b = Self.nonSeparable(self, source: cs / sa, destination: cd / da)
                mixed += b * (sa * da)
            }
            out = SIMD4(mixed[0], mixed[1], mixed[2], sa + da - sa * da)
        }
        let f = Double(Swift.min(coverage, 255)) * k
        let a = UInt32(((d[3] + (Swift.min(1, Swift.max(0, out[3])) - d[3]) * f) * 255).rounded())
        var result = a << 24
        for c in 0..<3 {
            let v = d[c] + (Swift.min(1, Swift.max(0, out[c])) - d[c]) * f
            // A colour channel never exceeds its alpha in a premultiplied pixel.
            result |= Swift.min(UInt32((v * 255).rounded()), a) << UInt32(8 * c)
        }
        return result
    }

    /// W3C's `B(Cs, Cb)` of a non-separable mode on straight colours (components clamped to 0…1 first).
    @inlinable
    static func nonSeparable(_ mode: BlendMode, source: SIMD3<Double>, destination: SIMD3<Double>) -> SIMD3<Double> {
        let cs = source.clamped(lowerBound: .zero, upperBound: SIMD3(repeating: 1))
        let cb = destination.clamped(lowerBound: .zero, upperBound: SIMD3(repeating: 1))
        switch mode {
        case .hue: return setLum(setSat(cs, sat(cb)), lum(cb))
        case .saturation: return setLum(setSat(cb, sat(cs)), lum(cb))
        case .color: return setLum(cs, lum(cb))
        case .luminosity: return setLum(cb, lum(cs))
        default: return cs
        }
    }

    /// `Lum(C)`: W3C's luminosity weights.
    @inlinable static func lum(_ c: SIMD3<Double>) -> Double { 0.3 * c[0] + 0.59 * c[1] + 0.11 * c[2] }

    /// `ClipColor(C)`: pulls the components back into 0…1 towards the luminosity.
    @inlinable
    static func clipColor(_ c: SIMD3<Double>) -> SIMD3<Double> {
        let l = lum(c), n = c.min(), x = c.max()
        var out = c
        if n < 0 { out = SIMD3(repeating: l) + (out - SIMD3(repeating: l)) * (l / (l - n)) }
        if x > 1 { out = SIMD3(repeating: l) + (out - SIMD3(repeating: l)) * ((1 - l) / (x - l)) }
        return out
    }

    /// `SetLum(C, l)`.
    @inlinable
    static func setLum(_ c: SIMD3<Double>, _ l: Double) -> SIMD3<Double> { clipColor(c + SIMD3(repeating: l - lum(c))) }

    /// `Sat(C)`: the largest component minus the smallest.
    @inlinable static func sat(_ c: SIMD3<Double>) -> Double { c.max() - c.min() }

    /// `SetSat(C, s)`: the largest component becomes s, the smallest 0, the middle one in proportion.
    @inlinable
    static func setSat(_ c: SIMD3<Double>, _ s: Double) -> SIMD3<Double> {
        let hi = c.max(), lo = c.min()
        guard hi > lo else { return .zero }
        // Each component scaled about the minimum: the minimum → 0, the maximum → s, the middle in proportion.
        return (c - SIMD3(repeating: lo)) * (s / (hi - lo))
    }
}
