#ifndef CRASTERKERNELS_H
#define CRASTERKERNELS_H

#include <stdint.h>

/// A hint that the cache line holding `p` will be read soon (`__builtin_prefetch`: never faults,
/// whatever `p` is). Layers' animate phase asks for the layers a few siblings ahead, whose objects
/// and animation lists are otherwise one cache miss after another.
static inline void fb_prefetch(const void *p) { __builtin_prefetch(p, 0, 3); }

/// A hint that the cache lines under `count` (≥ 1) pixels from `row` will be written soon
/// (`prefetchw`; never faults). The sprite batch asks for the next sprite's rows of the frame,
/// each a miss otherwise (`fb_sprite_rows_avx2`, and Canvas+Sprites.swift where it is not used).
static inline void fb_prefetch_write_row(const uint32_t *row, long count) {
    for (long x = 0; x < count; x += 16) __builtin_prefetch(row + x, 1, 3);
    __builtin_prefetch(row + count - 1, 1, 3);
}

/// `v` truncated toward zero, as Swift's `Int(v)` gives for every `v` within ±2⁶³, without the
/// range check and trap Swift compiles round that conversion (five instructions and two branches
/// each, several times per edge and cell in the rasterizer's sweep). Outside that range (and for
/// NaN) the result is INT64_MIN on x86-64 (its `cvttsd2si`), elsewhere 0: defined, never a trap.
static inline int64_t fb_trunc(double v) {
#if defined(__x86_64__)
    typedef double fb_v2df __attribute__((__vector_size__(16)));
    return __builtin_ia32_cvttsd2si64((fb_v2df){v, 0});
#else
    return v > -9223372036854775808.0 && v < 9223372036854775808.0 ? (int64_t)v : 0;
#endif
}

/// `fb_trunc` for a `Float` into 32 bits: `Int32(v)` for every `v` within ±2³¹; outside it INT32_MIN
/// on x86-64, elsewhere 0.
static inline int32_t fb_trunc_f(float v) {
#if defined(__x86_64__)
    typedef float fb_v4sf __attribute__((__vector_size__(16)));
    return __builtin_ia32_cvttss2si((fb_v4sf){v, 0, 0, 0});
#else
    return v > -2147483648.0f && v < 2147483648.0f ? (int32_t)v : 0;
#endif
}

/// Raster's inner loops written for one instruction set each and chosen at run time (Raster's
/// Kernels.swift says which and when). Each computes exactly what Raster's portable Swift loop
/// computes, byte for byte.

/// Whether this CPU runs the AVX2 kernels (`__builtin_cpu_supports` "avx2" and "fma", asked once), and the
/// environment does not say FLIPBOOK_KERNELS=portable.
int fb_cpu_has_avx2(void);

/// Whether this CPU (and its OS) runs the AVX-512 kernels: AVX-512 F, BW, VL and DQ, asked once;
/// false where FLIPBOOK_KERNELS is `portable` or `avx2`.
int fb_cpu_has_avx512(void);

/// One row span of a sprite: `n` pixels from `row`, the sample of pixel k at 16.16 texel
/// coordinates (uf + k·du, vf + k·dv) in `texels` (a sprite image with a transparent border: rows
/// −1…h and columns −1…w are readable, `stride` pixels apart), bilinear in 8-bit fixed point,
/// times the colour (red and blue in `krb`'s two 16-bit halves, green and alpha in `kga`'s), blended
/// source-over or added. Eight pixels a step; the last step's lanes past `n` are masked (neither
/// read nor written), so the whole span is drawn. Texels are gathered, or, for a unit step
/// (du = 1.0, dv = 0: a sprite only moved), read by masked loads of consecutive texels.
/// The caller guarantees that every coordinate of the span, and 8·du and 8·dv, fit in int32.
/// - Returns: n (every pixel drawn).
long fb_sprite_span_avx2(uint32_t *row, long n, int32_t uf, int32_t du, int32_t vf, int32_t dv,
                         const uint32_t *texels, int32_t stride, int32_t w, int32_t h,
                         uint32_t krb, uint32_t kga, int additive);

/// `fb_sprite_span_avx2` 16 pixels a step with AVX-512 (the same integer steps, so the same
/// bytes; the lanes past `n` masked). Only where `fb_cpu_has_avx512()`.
/// - Returns: n (every pixel drawn).
long fb_sprite_span_avx512(uint32_t *row, long n, int32_t uf, int32_t du, int32_t vf, int32_t dv,
                           const uint32_t *texels, int32_t stride, int32_t w, int32_t h,
                           uint32_t krb, uint32_t kga, int additive);

/// One sprite's rows for `fb_sprite_rows_avx2`: Canvas.drawRows's constants (Canvas+Sprites.swift).
typedef struct {
    /// The frame's pixel (0, 0) and its row stride in pixels.
    uint32_t *dst; long dstStride;
    /// The sprite's box cut to the clip (columns x0..<x1) and the column its steps are fixed by.
    long x0, x1, ref;
    /// The canvas → texel map (the inverse of the sprite's), and the shift to the whole bitmap.
    double a, b, c, d, tx, ty, sx, sy;
    /// The 16.16 steps along a row (each below 2²⁶ in size: the caller checks).
    long du, dv;
    /// As `fb_sprite_span_avx2`'s.
    const uint32_t *texels; long texStride, w, h; uint32_t krb, kga; int additive;
    /// Nonzero: the spans by `fb_sprite_span_avx512` (only where `fb_cpu_has_avx512()`).
    int wide;
} FBSpriteRows;

/// Rows y0..<y1 of one sprite with no clip mask, row by row exactly as Canvas.drawRows (the row's
/// first sample in `double`, the same operations in the same order, none fused; its columns cut to
/// those whose samples can touch the image), each span by `fb_sprite_span_avx2`. While it draws
/// row k it asks for row k of `ahead` (`aheadRows` rows `aheadStride` pixels apart, `aheadCount`
/// pixels each: the next sprite's, a miss otherwise), then for the rest of them. Each span by
/// `fb_sprite_span_avx512` where `wide` is set, else by `fb_sprite_span_avx2`.
/// - Returns: the first row not drawn (y1 when all were): a row whose coordinates the kernel's
///   int32 arithmetic cannot hold is left, with the rows after it, to the caller's portable loop.
long fb_sprite_rows_avx2(const FBSpriteRows *s, long y0, long y1,
                         uint32_t *ahead, long aheadRows, long aheadStride, long aheadCount);

/// Where the low bytes start in a gradient's split table (`GradientLUT.split`), in words from its
/// start: 1024 words of high bytes plus one, 32 spare, then 1024 of low bytes; the table has 16
/// readable words before its start and after its end too (the AVX-512 kernel reads a window of
/// 16 words on each side of an index).
#define FB_SPLIT_LOW 1056

/// A radial or conic gradient's row span: GradientShader's `radialIndices` / `conicIndices`
/// and its LUT walk, operation for operation in 8 `float` lanes (the same IEEE operations in the
/// same order, fused exactly where Swift fuses them), so the same bytes. Pixel i's centre is
/// x + i + 0.5 (exact: the caller keeps |x| + count below 2²²). Radial: u = centre·au + ku,
/// v = centre·av + kv, t = √(u² + v²), index round(t × 1023). Conic: u = fma(centre, au, ku),
/// v = fma(centre, av, kv); where |v| > |u| (swap) a = −u / v, else a = v / u; with s = a²,
/// the position in entries is fma(a, ((q3·s + q2)·s + q1)·s + q0 (each step an fma), off), off
/// being 255.75 or 767.25 (v < 0) where swap, else 511.5 where u < 0, else 1023 where v < 0,
/// else 0; q0…q3 are the minimax arctangent's coefficients times 1023 / 2π; the index is that
/// rounded to nearest even. Indices are clamped to 0…1023, NaN → 0.
/// The entry's 8.8 channels plus the dither threshold `dither[(dx + i) & 63]` (a row of
/// Dither.table), high bytes: from `split`, the entries' high bytes plus one (wrapping) and their
/// low bytes (`FB_SPLIT_LOW`), as the high byte plus one where the low byte plus the threshold
/// carries, the same bytes. The last group of 8 is computed whole and stored masked.
/// Only where `fb_cpu_has_avx2()` (which includes FMA).
/// - Returns: count (every pixel drawn).
long fb_polar_span_avx2(uint32_t *out, long count, int32_t x, float au, float av, float ku, float kv, int conic,
                        float q0, float q1, float q2, float q3,
                        const uint32_t *split, const uint8_t *dither, long dx);

/// `fb_polar_span_avx2` in 16 lanes with AVX-512 (the same operations, so the same bytes), for
/// the whole span: the last group's lanes past `count` are not stored. The colour table is read by
/// permuting a window of 32 entries where a group's indices fit in it (the common case: neighbouring
/// pixels sit close on the ramp), else by gathers. Only where `fb_cpu_has_avx512()`.
/// - Returns: count (every pixel drawn).
long fb_polar_span_avx512(uint32_t *out, long count, int32_t x, float au, float av, float ku, float kv, int conic,
                          float q0, float q1, float q2, float q3,
                          const uint32_t *split, const uint8_t *dither, long dx);

/// The groups of 8 pixels of an image row drawn at an opacity k (1…254) over `dst`, from the start
/// while every source pixel of a group is opaque: per channel `(s·k + d·(255 − k)) / 255` rounded,
/// Blend.opaqueOver4's 16-bit integer steps, so the same bytes.
/// - Returns: how many pixels were drawn (a multiple of 8); it stops before the first group holding
///   a translucent source pixel, which is the caller's.
long fb_opaque_over_row_avx2(uint32_t *dst, const uint32_t *src, long count, uint32_t k);
/// `fb_opaque_over_row_avx2` 16 pixels a step with AVX-512 (the same steps and bytes); it returns
/// a multiple of 16. Only where `fb_cpu_has_avx512()`.
long fb_opaque_over_row_avx512(uint32_t *dst, const uint32_t *src, long count, uint32_t k);

/// A linear gradient's row span, pixel by pixel: pixel i takes the LUT entry at the 16.16 position
/// f + i·step (clamped to 0…last), four premultiplied 16-bit channels, adds the dither threshold
/// `dither[(x + i) & 63]` to each, keeps the high byte, and stores the four bytes in channel order.
/// The same bytes as GradientShader's Swift loop. Plain C, for builds without optimisation: the
/// Swift loop's SIMD types cost a generic call per lane at -Onone (a debug build's frame of the
/// hello scene spent 57 % of its 240 ms there); C's loop at -O0 has no such calls.
void fb_linear_gradient_span(uint32_t *out, long count, int64_t f, int64_t step, const uint16_t *lut,
                             int64_t last, const uint8_t *dither, int64_t x);
/// ImageShader's bilinear pair sample in plain C (for builds without optimisation, as above): the
/// 2×2 pixels whose top-left one is at `row0` (`stride` pixels to the next row), weights `fx`, `fy`
/// (0…256) for the right column and the lower row, per channel `(a·(256 − fy) + b·fy) >> 8`, then
/// the same across. The same bytes as the Swift SIMD form.
uint32_t fb_pair_sample(const void *row0, long stride, uint16_t fx, uint16_t fy);

/// Blend.blendRow at full scale in plain C (for builds without optimisation): each source pixel
/// over its destination, premultiplied: an opaque one copied, a clear one skipping, else
/// `s + d·(255 − αs)/255` rounded per channel as Blend.scale rounds. The same bytes as the Swift loop.
void fb_blend_row_over(uint32_t *dst, const uint32_t *src, long count);

/// Scratch bytes `fb_blur_portable` / `fb_blur_avx2` need for a `width × height` image of
/// `channels` interleaved bytes and box passes of the given radii (at most 8); 0 for an empty image
/// or a bad pass count (then the blur does nothing).
long fb_blur_scratch_bytes(long width, long height, long channels, const int32_t *radii, int count);
/// Raster's box blur (Composite/Blur.swift) in place: for each radius r (0 skipped), a horizontal
/// then a vertical box of width 2r + 1, each pass rounding to bytes as
/// `min(255, (s·inv + 2³¹) >> 32)` with s the box's sum and inv = (2³² + w/2) / w, pixels past the
/// image's edges 0. The passes run as one pipeline over the rows (Blur.c), reading and writing
/// the image once. `scratch` holds `fb_blur_scratch_bytes` bytes, 64-byte aligned. Portable C.
void fb_blur_portable(uint8_t *base, long width, long height, long rowBytes, long channels, const int32_t *radii, int count,
                      void *scratch);
/// `fb_blur_portable` with AVX2 loops (the same bytes, Blur.c says why): 16 bytes a step; boxes
/// up to 127 wide in 16-bit sums with a multiply-high quotient, up to 4101 in 32-bit sums with a
/// `float` one; the horizontal box as a 16-bit prefix sum for 1 or 4 channels and widths up to
/// 257 (other passes take the portable loops). Only where `fb_cpu_has_avx2()`.
void fb_blur_avx2(uint8_t *base, long width, long height, long rowBytes, long channels, const int32_t *radii, int count,
                  void *scratch);

/// `dst[i] = table[src[i]]` wherever `src[i]` is not 0, for i in 0..<count (a glyph run's coverage
/// coloured through the 256 premultiplied pixels of its colour; FontLibrary.render). In C with
/// the function aligned to 64 bytes so its loop sits where the compiler put it in every build:
/// as Swift, the same loop moved with the code around it, and where a branch ended on a 32-byte
/// boundary (the JCC erratum mitigation of these Xeons) the text case took 22 % longer.
void fb_colorize_row(uint32_t *dst, const uint8_t *src, long count, const uint32_t *table);

/// `dst[i]` = `src[i]` with its first and third bytes swapped (RGBA32 as the X11 window surface's
/// XRGB8888), for i in 0..<count, 8 pixels a step, the rest one by one; `dst` and `src` may not
/// overlap. Only where `fb_cpu_has_avx2()` (Swizzle.c).
void fb_swap_red_blue_avx2(const uint32_t *src, uint32_t *dst, long count);

#endif
