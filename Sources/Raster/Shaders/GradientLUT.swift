internal import CRasterKernels

/// A gradient's colour ramp sampled into `size` premultiplied 8.8 fixed-point entries.
///
/// Building one costs 1024 stop look-ups; a canvas keeps the last few (`LUTCache`) so a gradient
/// repainted every frame (an animated stroke, a full-screen background) reuses its table.
final class GradientLUT {
    static let size = 1024
    /// Premultiplied channels R, G, B, A as 8.8 fixed point (value × 256), at most 255.0 each, so
    /// adding a dither threshold (0…255) never carries out of a lane.
    let entries: UnsafeMutablePointer<SIMD4<UInt16>>
    /// The entries as the AVX2 and AVX-512 radial and conic kernels read them (`fb_polar_span_avx2`): `size`
    /// words of each channel's high byte plus one (wrapping), then from word `FB_SPLIT_LOW` on
    /// `size` of its low bytes, a channel a byte; the dither's carry picks between the high byte
    /// and the one after it. 16 spare words before, between and after them (zero), which the
    /// AVX-512 kernel's window may read.
    let split: UnsafeMutablePointer<UInt32>
    private let splitStorage: UnsafeMutablePointer<UInt32>
    /// True when every stop is opaque.
    let isOpaque: Bool
    /// True when there are no colours (the gradient paints nothing).
    let isEmpty: Bool
    let colors: [Color]
    let locations: [Double]?

    init(_ g: Gradient) {
        colors = g.colors; locations = g.locations
        entries = .allocate(capacity: GradientLUT.size)
        let stops = g.resolvedStops
        isEmpty = stops.isEmpty
        isOpaque = !stops.isEmpty && stops.allSatisfy { $0.1.a >= 1 }
        let n = GradientLUT.size
        for i in 0..<n { entries[i] = GradientLUT.entry(Gradient.color(at: Double(i) / Double(n - 1), stops: stops)) }
        let low = Int(FB_SPLIT_LOW), guardWords = 16
        splitStorage = .allocate(capacity: guardWords + low + n + guardWords)
        splitStorage.initialize(repeating: 0, count: guardWords + low + n + guardWords)
        split = splitStorage + guardWords
        for i in 0..<n {
            split[i] = unsafeBitCast(SIMD4<UInt8>(truncatingIfNeeded: (entries[i] &>> 8) &+ 1), to: UInt32.self)
            split[low + i] = unsafeBitCast(SIMD4<UInt8>(truncatingIfNeeded: entries[i]), to: UInt32.self)
        }
    }
    deinit { entries.deallocate(); splitStorage.deallocate() }

    /// A straight colour as a premultiplied 8.8 entry.
    static func entry(_ c: Color) -> SIMD4<UInt16> {
        let k = c.clamped
        func q(_ v: Double) -> UInt16 { UInt16(Swift.min(65280, (v * 65280).rounded())) }
        return SIMD4(q(k.r * k.a), q(k.g * k.a), q(k.b * k.a), q(k.a))
    }
}

/// The few most recently used LUTs, matched by colours and locations.
struct LUTCache {
    private var recent: [GradientLUT] = []
    static let capacity = 8

    mutating func lut(for g: Gradient) -> GradientLUT {
        if let i = recent.firstIndex(where: { $0.colors == g.colors && $0.locations == g.locations }) {
            let hit = recent[i]
            if i != 0 { recent.remove(at: i); recent.insert(hit, at: 0) }
            return hit
        }
        let made = GradientLUT(g)
        if recent.count >= LUTCache.capacity { recent.removeLast() }
        recent.insert(made, at: 0)
        return made
    }
}
