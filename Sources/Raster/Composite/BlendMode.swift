/// How a drawn pixel combines with the pixel under it (Core Graphics' `CGBlendMode`), on
/// premultiplied colour.
///
/// The separable modes follow the W3C Compositing and Blending Level 1 formula
/// `co = cs·(1 − αd) + cd·(1 − αs) + αs·αd·B(Cs, Cd)` (lower case premultiplied, `C` straight),
/// written here in premultiplied terms so no division is needed; the Porter-Duff operators are
/// `co = cs·Fa + cd·Fb` with the paper's factors. Coverage (antialiasing, a clip, a mask) then
/// mixes the result with the destination, `d + (B − d)·coverage`, so every mode is bounded by the
/// shape drawn, as in Core Graphics; an opacity scales the source before it blends.
///
/// `.normal` is source-over, and the canvas keeps its own fast paths for it: drawing with
/// `.normal` gives exactly the bytes it gave before blend modes existed. The other modes are
/// computed per channel in `Double` and rounded once.
public enum BlendMode: Int, Hashable, Sendable, CaseIterable {
    /// Source over: `s + d·(1 − αs)`.
    case normal
    /// `B = Cs·Cd`: darkens; white leaves the destination as it is.
    case multiply
    /// `B = Cs + Cd − Cs·Cd`: lightens; black leaves the destination as it is.
    case screen
    /// Multiply or screen by the destination: `B = HardLight(Cd, Cs)`.
    case overlay
    /// `B = min(Cs, Cd)`.
    case darken
    /// `B = max(Cs, Cd)`.
    case lighten
    /// `B = |Cs − Cd|`.
    case difference
    /// `B = Cs + Cd − 2·Cs·Cd`.
    case exclusion
    /// Multiply or screen by the source: `B = Cs ≤ ½ ? 2·Cs·Cd : Screen(Cd, 2·Cs − 1)`.
    case hardLight
    /// Brightens the destination by the source: `B = Cd = 0 ? 0 : min(1, Cd / (1 − Cs))` (1 when Cs = 1).
    case colorDodge
    /// Darkens the destination by the source: `B = Cd = 1 ? 1 : 1 − min(1, (1 − Cd) / Cs)` (0 when Cs = 0).
    case colorBurn
    /// A softer hard light: W3C's soft light (the square root above a quarter).
    case softLight
    /// Porter-Duff clear: transparent where the shape is.
    case clear
    /// Porter-Duff source: the source replaces the destination.
    case copy
    /// The source where the destination is: `s·αd`.
    case sourceIn
    /// The source where the destination is not: `s·(1 − αd)`.
    case sourceOut
    /// The source on the destination, which keeps its alpha: `s·αd + d·(1 − αs)`.
    case sourceAtop
    /// The destination over the source: `s·(1 − αd) + d`.
    case destinationOver
    /// The destination where the source is: `d·αs`.
    case destinationIn
    /// The destination where the source is not: `d·(1 − αs)`.
    case destinationOut
    /// The destination on the source: `s·(1 − αd) + d·αs`.
    case destinationAtop
    /// Each where the other is not: `s·(1 − αd) + d·(1 − αs)`.
    case xor
    /// The sum, clamped to 1 (Core Graphics' `plusLighter`).
    case plusLighter
    /// The source's hue with the destination's saturation and luminosity (W3C, non-separable).
    case hue
    /// The source's saturation with the destination's hue and luminosity (W3C, non-separable).
    case saturation
    /// The source's hue and saturation with the destination's luminosity (W3C, non-separable).
    case color
    /// The source's luminosity with the destination's hue and saturation (W3C, non-separable).
    case luminosity
    /// Core Graphics' `plusDarker`, `R = max(0, 1 − ((1 − D) + (1 − S)))`. Apple gives it for
    /// opaque colours only; Flipbook's reading on premultiplied colour, where it agrees with
    /// Apple's for opaque pixels and leaves a pixel alone over transparency (as `plusLighter`
    /// does): `αo = min(1, αs + αd)`, `co = max(0, αo − ((αs − cs) + (αd − cd)))`.
    case plusDarker

    /// The result of `src` drawn over `dst` in this mode, both premultiplied pixels, before
    /// coverage: what a fully covered pixel becomes.
    @inlinable
    public func combine(_ src: UInt32, _ dst: UInt32) -> UInt32 {
        combine(src, dst, coverage: 255)
    }

    /// `src` drawn over `dst` in this mode, then mixed with `dst` by `coverage` (0…255):
    /// `d + (B(s, d) − d)·coverage/255`, each channel rounded once.
    @inlinable
    public func combine(_ src: UInt32, _ dst: UInt32, coverage: UInt32) -> UInt32 {
        if coverage == 0 { return dst }
        if isNonSeparable { return combineWhole(src, dst, coverage: coverage) }
        let k = 1.0 / 255
        let sa = Double(src >> 24) * k, da = Double(dst >> 24) * k
        let f = Double(Swift.min(coverage, 255)) * k
        @inline(__always) func channel(_ shift: UInt32) -> UInt32 {
            let s = Double((src >> shift) & 0xFF) * k, d = Double((dst >> shift) & 0xFF) * k
            let isAlpha = shift == 24
            let b = blended(s, d, sa, da, isAlpha: isAlpha)
            let v = d + (Swift.min(1, Swift.max(0, b)) - d) * f
            return UInt32((v * 255).rounded()) << shift
        }
        let a = channel(24)
        // A colour channel never exceeds its alpha in a premultiplied pixel.
        let alpha = a >> 24
        @inline(__always) func capped(_ shift: UInt32) -> UInt32 { Swift.min(channel(shift) >> shift, alpha) << shift }
        return capped(0) | capped(8) | capped(16) | a
    }

    /// One premultiplied channel `s` (alpha `sa`) over `d` (alpha `da`); `isAlpha` for the alpha
    /// channel itself, where the separable modes give `αs + αd − αs·αd`.
    @inlinable
    func blended(_ s: Double, _ d: Double, _ sa: Double, _ da: Double, isAlpha: Bool) -> Double {
        switch self {
        case .normal: return s + d * (1 - sa)
        case .clear: return 0
        case .copy: return s
        case .sourceIn: return s * da
        case .sourceOut: return s * (1 - da)
        case .sourceAtop: return s * da + d * (1 - sa)
        case .destinationOver: return s * (1 - da) + d
        case .destinationIn: return d * sa
        case .destinationOut: return d * (1 - sa)
        case .destinationAtop: return s * (1 - da) + d * sa
        case .xor: return s * (1 - da) + d * (1 - sa)
        case .plusLighter: return Swift.min(1, s + d)
        case .hue, .saturation, .color, .luminosity, .plusDarker: return s + d * (1 - sa)   // combined whole (combineWhole)
        case .multiply, .screen, .overlay, .darken, .lighten, .difference, .exclusion, .hardLight, .colorDodge, .colorBurn, .softLight:
            if isAlpha { return sa + da - sa * da }
            return s * (1 - da) + d * (1 - sa) + separable(s, d, sa, da)
        }
    }

    /// `αs·αd·B(Cs, Cd)` in premultiplied terms.
    @inlinable
    func separable(_ s: Double, _ d: Double, _ sa: Double, _ da: Double) -> Double {
        switch self {
        case .multiply: return s * d
        case .screen: return s * da + d * sa - s * d
        case .darken: return Swift.min(s * da, d * sa)
        case .lighten: return Swift.max(s * da, d * sa)
        case .difference: return abs(s * da - d * sa)
        case .exclusion: return s * da + d * sa - 2 * s * d
        case .overlay: return Self.hardLight(top: s, topAlpha: sa, bottom: d, bottomAlpha: da, swapped: true)
        case .hardLight: return Self.hardLight(top: s, topAlpha: sa, bottom: d, bottomAlpha: da, swapped: false)
        case .colorDodge, .colorBurn, .softLight:
            // These need the straight colours; with either alpha 0 the term is 0 anyway.
            guard sa > 0, da > 0 else { return 0 }
            return sa * da * straight(Swift.min(1, s / sa), Swift.min(1, d / da))
        default: return 0
        }
    }

    /// `B(Cs, Cd)` of the modes written on straight colours.
    @inlinable
    func straight(_ cs: Double, _ cd: Double) -> Double {
        switch self {
        case .colorDodge:
            if cd <= 0 { return 0 }
            return cs >= 1 ? 1 : Swift.min(1, cd / (1 - cs))
        case .colorBurn:
            if cd >= 1 { return 1 }
            return cs <= 0 ? 0 : 1 - Swift.min(1, (1 - cd) / cs)
        case .softLight:
            if cs <= 0.5 { return cd - (1 - 2 * cs) * cd * (1 - cd) }
            let dd = cd <= 0.25 ? ((16 * cd - 12) * cd + 4) * cd : cd.squareRoot()
            return cd + (2 * cs - 1) * (dd - cd)
        default: return 0
        }
    }

    /// `αs·αd·HardLight` premultiplied: with `swapped` (overlay) the destination decides between
    /// multiply and screen, otherwise the source does.
    @inlinable
    static func hardLight(top s: Double, topAlpha sa: Double, bottom d: Double, bottomAlpha da: Double, swapped: Bool) -> Double {
        // HardLight(Cb, Cs) with Cs the deciding colour: Cs ≤ ½ → 2·Cs·Cb, else Screen(Cb, 2·Cs − 1).
        let (x, xa, y, ya) = swapped ? (d, da, s, sa) : (s, sa, d, da)
        if 2 * x <= xa { return 2 * x * y }
        return xa * ya - 2 * (xa - x) * (ya - y)
    }

    /// Blends `count` source pixels into `dst`: each scaled by `opacity` (0…255) first, then
    /// combined and mixed by its `coverage` byte (nil: `uniform` for all).
    /// - Complexity: O(count).
    public func blendRow(_ dst: UnsafeMutablePointer<UInt32>, _ src: UnsafePointer<UInt32>, coverage: UnsafePointer<UInt8>?,
                         uniform: UInt32 = 255, count: Int, opacity: UInt32) {
        for i in 0..<count {
            let c = coverage.map { UInt32($0[i]) } ?? uniform
            guard c > 0 else { continue }
            let s = opacity >= 255 ? src[i] : Blend.scale(src[i], opacity)
            dst[i] = combine(s, dst[i], coverage: c)
        }
    }
}
