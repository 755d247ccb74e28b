internal import CRasterKernels
import Synchronization

/// Which instruction set Raster's inner loops use: the C kernels in CRasterKernels, each compiled
/// for one instruction set with `__attribute__((target(…)))`, where the CPU has it (asked once),
/// else the portable Swift loops. Every path gives the same bytes (tests draw each and compare).
public enum RasterKernels {
    /// An instruction set a kernel is written for.
    public enum Path: Int, Sendable, CaseIterable {
        /// Swift's SIMD types: SSE2 on x86-64, NEON on ARM; every CPU.
        case portable
        /// AVX2 on x86-64: 8 pixels a step (sprites with texels gathered, radial and conic
        /// gradients, an opaque image at an opacity), 16 bytes a step (the blur's box passes).
        case avx2
        /// AVX-512 (F, BW, VL, DQ) on x86-64: radial and conic gradients, sprites and an opaque
        /// image at an opacity 16 pixels a step (the gradients' colour table read by permutes); the
        /// other kernels in their AVX2 form.
        case avx512
    }

    /// The best path this CPU runs.
    public static let available: Path = {
        #if arch(x86_64)
        return fb_cpu_has_avx512() != 0 ? .avx512 : fb_cpu_has_avx2() != 0 ? .avx2 : .portable
        #else
        return .portable
        #endif
    }()

    /// -1: no path forced; else a `Path`'s raw value.
    private static let forcedRaw = Atomic<Int>(-1)

    /// A path forced in place of `available` (tests and benchmarks compare them; a path this CPU
    /// does not run falls back to `.portable`); nil, the default, uses `available`. Process-wide:
    /// the bytes are the same whichever path draws them, so a test forcing one does not change
    /// another test's frames.
    public static var forced: Path? {
        get { Path(rawValue: forcedRaw.load(ordering: .relaxed)) }
        set { forcedRaw.store(newValue?.rawValue ?? -1, ordering: .relaxed) }
    }

    private static let twinsOff = Atomic<Bool>(false)

    /// Debug builds: whether the plain-C twins of the Swift SIMD loops draw (GradientShader's linear
    /// span, ImageShader's pair sample, Blend's full-scale row); true unless a test turned them
    /// off to draw with the Swift loops and compare the bytes. Apart from `forced`, so a test
    /// forcing an instruction set does not change which loops another test's debug build takes.
    static var debugTwins: Bool {
        get { !twinsOff.load(ordering: .relaxed) }
        set { twinsOff.store(!newValue, ordering: .relaxed) }
    }

    /// The path in use.
    public static var current: Path { resolve(forced: forced, available: available) }

    /// The path in use when `forced` is forced on a CPU whose best path is `available`: the
    /// forced one if the CPU runs it (an AVX-512 CPU runs the AVX2 kernels too), else portable.
    static func resolve(forced: Path?, available: Path) -> Path {
        guard let f = forced else { return available }
        return f.rawValue > available.rawValue ? .portable : f
    }

    /// Whether the path in use runs the AVX2 kernels (AVX-512 CPUs run them too: the kernels
    /// without an AVX-512 form).
    @inline(__always) static var avx2: Bool { current.rawValue >= Path.avx2.rawValue }

    /// Draws a sprite's row span with the AVX2 kernel (8 pixels a step, the last step masked) when
    /// that is the path in use and the span's fixed-point coordinates fit its 32-bit lanes.
    /// - Returns: the pixels drawn: all of them, or 0 when the portable loop must do them all.
    @inline(__always)
    static func spriteSpan(row: UnsafeMutablePointer<UInt32>, count n: Int, uf: Int, du: Int, vf: Int, dv: Int,
                           texels: UnsafePointer<UInt32>, stride: Int, w: Int, h: Int,
                           krb: UInt32, kga: UInt32, additive: Bool) -> Int {
        guard n >= 1, avx2 else { return 0 }
        let lim = 1 << 30
        let ue = uf &+ du &* n, ve = vf &+ dv &* n
        guard abs(uf) < lim, abs(ue) < lim, abs(vf) < lim, abs(ve) < lim, abs(du) < 1 << 26, abs(dv) < 1 << 26,
              stride < 1 << 20, (h + 2) &* stride < lim else { return 0 }
        #if arch(x86_64)
        return fb_sprite_span_avx2(row, n, Int32(uf), Int32(du), Int32(vf), Int32(dv), texels, Int32(stride), Int32(w), Int32(h),
                                   krb, kga, additive ? 1 : 0)
        #else
        return 0
        #endif
    }

    /// Draws rows `from..<to` of a sprite with no clip mask by the AVX2 row loop
    /// (`fb_sprite_rows_avx2`) when that is the path in use and the sprite's steps and image fit
    /// its 32-bit lanes, asking meanwhile for the frame's lines under `ahead` (the next sprite's
    /// rows: `rows` of them, `stride` pixels apart, `count` pixels each).
    /// - Returns: the first row not drawn (`to` when all were; the rows after it are the portable
    ///   loop's), or nil when this path did not run (neither drawn nor asked for `ahead`).
    static func spriteRows(_ sprite: inout FBSpriteRows, from: Int, to: Int,
                           ahead: (pixels: UnsafeMutablePointer<UInt32>, rows: Int, stride: Int, count: Int)?) -> Int? {
        guard from < to, avx2, abs(sprite.du) < 1 << 26, abs(sprite.dv) < 1 << 26, sprite.texStride < 1 << 20,
              (sprite.h &+ 2) &* sprite.texStride < 1 << 30 else { return nil }
        #if arch(x86_64)
        return fb_sprite_rows_avx2(&sprite, from, to, ahead?.pixels, ahead?.rows ?? 0, ahead?.stride ?? 0, ahead?.count ?? 0)
        #else
        return nil
        #endif
    }

    /// Draws the groups of 16 (AVX-512) or 8 (AVX2) pixels of an image row at an opacity `k`
    /// (1…254) with the kernel of the path in use, from the start while every source pixel of a
    /// group is opaque (`Blend.opaqueOver4`'s integer steps).
    /// - Returns: the pixels drawn (a multiple of 8; 0 when the portable loop must do them all).
    @usableFromInline
    static func opaqueOverRow(_ dst: UnsafeMutablePointer<UInt32>, _ src: UnsafePointer<UInt32>, count: Int, scale k: UInt32) -> Int {
        guard count >= 8, k > 0, k < 255, avx2 else { return 0 }
        #if arch(x86_64)
        if count >= 16 && current == .avx512 { return fb_opaque_over_row_avx512(dst, src, count, k) }
        return fb_opaque_over_row_avx2(dst, src, count, k)
        #else
        return 0
        #endif
    }

    /// Draws a radial or conic gradient's row span with the AVX-512 kernel (16 lanes a step) or
    /// the AVX2 one (8), whichever is the path in use (GradientShader's `polarSpan` arithmetic,
    /// operation for operation), the whole span either way.
    /// - Parameters:
    ///   - x: the span's first pixel; its centre is x + 0.5, gradient coordinates u = centre·au + ku,
    ///     v = centre·av + kv (fused for the conic).
    ///   - coefficients: the conic's arctangent coefficients in LUT entries, q0 first
    ///     (`GradientShader.conicCoefficients`).
    ///   - split: the ramp's 1024 entries as high bytes plus one, then low bytes (`GradientLUT.split`);
    ///     `dither`: Dither.table's row; `dx`: the dither column of x.
    /// - Returns: the pixels drawn: all of them, or 0 when the portable loop must draw them.
    @inline(__always)
    static func polarSpan(_ out: UnsafeMutablePointer<UInt32>, count: Int, x: Int, au: Float, av: Float, ku: Float, kv: Float,
                          conic: Bool, coefficients c: SIMD4<Float>, split: UnsafePointer<UInt32>,
                          dither: UnsafePointer<UInt8>, dx: Int) -> Int {
        // Pixel centres stay exact half-integers in `Float` below 2²², as in the portable loop.
        // Either kernel draws any span (its last group masked; a span of one pixel costs it less
        // than the portable loop's set-up, and on x86 without FMA in the Swift build the portable
        // conic's fused steps are calls).
        guard count >= 1, abs(x) < 1 << 22, count < 1 << 22 else { return 0 }
        #if arch(x86_64)
        switch current {
        case .avx512:
            return fb_polar_span_avx512(out, count, Int32(x), au, av, ku, kv, conic ? 1 : 0, c[0], c[1], c[2], c[3],
                                        split, dither, dx)
        case .avx2:
            return fb_polar_span_avx2(out, count, Int32(x), au, av, ku, kv, conic ? 1 : 0, c[0], c[1], c[2], c[3],
                                      split, dither, dx)
        case .portable:
            return 0
        }
        #else
        return 0
        #endif
    }

    /// Blurs in place with box passes of the given radii (each > 0, at most 8 of them): for each,
    /// a horizontal then a vertical box of width 2r + 1 (Blur.c: one pipeline over the rows), with
    /// the AVX2 loops when that is the path in use, else the portable C ones (the same bytes).
    static func blur(_ base: UnsafeMutablePointer<UInt8>, width: Int, height: Int, rowBytes: Int, channels: Int, radii: [Int32]) {
        radii.withUnsafeBufferPointer { r in
            let count = Int32(r.count)
            let bytes = fb_blur_scratch_bytes(width, height, channels, r.baseAddress, count)
            guard bytes > 0 else { return }
            let scratch = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 64)
            defer { scratch.deallocate() }
            #if arch(x86_64)
            if avx2 {
                return fb_blur_avx2(base, width, height, rowBytes, channels, r.baseAddress, count, scratch)
            }
            #endif
            fb_blur_portable(base, width, height, rowBytes, channels, r.baseAddress, count, scratch)
        }
    }
}
