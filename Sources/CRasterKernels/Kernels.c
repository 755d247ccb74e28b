#include "CRasterKernels.h"
#include <immintrin.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

/* The kernels reproduce Swift's `Float` arithmetic operation for operation: no multiply and add
   may be fused into one rounding unless the Swift side fuses them too (the conic's `fma`s, which
   are written out as intrinsics here and as `addingProduct` there). */
#pragma STDC FP_CONTRACT OFF

/* 0: portable, 1: AVX2, 2: AVX-512 (F, BW, VL, DQ); asked once (racing first calls compute the
   same value; the atomic makes the race defined). */
static int kernel_level(void) {
    static _Atomic int known = -1;
    if (atomic_load_explicit(&known, memory_order_relaxed) < 0) {
        __builtin_cpu_init();
        /* FLIPBOOK_KERNELS=portable keeps the portable loops, =avx2 stops at AVX2 (benchmarks
           compare them). __builtin_cpu_supports asks the OS too (XCR0: the zmm state is saved). */
        const char *choice = getenv("FLIPBOOK_KERNELS");
        int level = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma") ? 1 : 0;
        if (level && __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw")
            && __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512dq")) level = 2;
        if (choice && strcmp(choice, "portable") == 0) level = 0;
        if (choice && strcmp(choice, "avx2") == 0 && level > 1) level = 1;
        atomic_store_explicit(&known, level, memory_order_relaxed);
    }
    return atomic_load_explicit(&known, memory_order_relaxed);
}

int fb_cpu_has_avx2(void) { return kernel_level() >= 1; }

int fb_cpu_has_avx512(void) { return kernel_level() >= 2; }

/* (a·(256 − w) + b·w) >> 8 in 16-bit lanes: w ≤ 255 and a, b ≤ 255, so nothing wraps. */
__attribute__((target("avx2")))
static inline __m256i lerp8(__m256i a, __m256i b, __m256i w) {
    __m256i iw = _mm256_sub_epi16(_mm256_set1_epi16(256), w);
    return _mm256_srli_epi16(_mm256_add_epi16(_mm256_mullo_epi16(a, iw), _mm256_mullo_epi16(b, w)), 8);
}

__attribute__((target("avx2")))
long fb_sprite_span_avx2(uint32_t *row, long n, int32_t uf, int32_t du, int32_t vf, int32_t dv,
                         const uint32_t *texels, int32_t stride, int32_t w, int32_t h,
                         uint32_t krb, uint32_t kga, int additive) {
    const __m256i lane = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    __m256i U = _mm256_add_epi32(_mm256_set1_epi32(uf), _mm256_mullo_epi32(lane, _mm256_set1_epi32(du)));
    __m256i V = _mm256_add_epi32(_mm256_set1_epi32(vf), _mm256_mullo_epi32(lane, _mm256_set1_epi32(dv)));
    const __m256i dU8 = _mm256_set1_epi32(du * 8), dV8 = _mm256_set1_epi32(dv * 8);
    const __m256i minus2 = _mm256_set1_epi32(-2), minus1 = _mm256_set1_epi32(-1);
    const __m256i wv = _mm256_set1_epi32(w), hv = _mm256_set1_epi32(h);
    const __m256i wMax = _mm256_set1_epi32(w - 1), hMax = _mm256_set1_epi32(h - 1);
    const __m256i strideV = _mm256_set1_epi32(stride);
    const __m256i m255 = _mm256_set1_epi32(255), byteMask = _mm256_set1_epi32(0x00FF00FF);
    const __m256i krbV = _mm256_set1_epi32((int32_t)krb), kgaV = _mm256_set1_epi32((int32_t)kga);
    const __m256i half = _mm256_set1_epi16(128), k256 = _mm256_set1_epi16(256), c255 = _mm256_set1_epi16(255);
    const int *t00 = (const int *)texels, *t10 = (const int *)(texels + 1);
    const int *t01 = (const int *)(texels + stride), *t11 = (const int *)(texels + stride + 1);
    const int unit = du == 65536 && dv == 0;
    long x = 0;
    for (; x < n; x += 8) {
        /* The last group may be short: its lanes past n are neither read nor written (masked). */
        const int whole = n - x >= 8;
        const __m256i lanes = whole ? minus1 : _mm256_cmpgt_epi32(_mm256_set1_epi32((int)(n - x)), lane);
        __m256i iv = _mm256_srai_epi32(U, 16), jv = _mm256_srai_epi32(V, 16);
        /* −1 ≤ i < w and −1 ≤ j < h: some texel of the four is inside. */
        __m256i valid = _mm256_and_si256(_mm256_and_si256(_mm256_cmpgt_epi32(iv, minus2), _mm256_cmpgt_epi32(wv, iv)),
                                         _mm256_and_si256(_mm256_cmpgt_epi32(jv, minus2), _mm256_cmpgt_epi32(hv, jv)));
        valid = _mm256_and_si256(valid, lanes);
        if (_mm256_testz_si256(valid, valid)) {
            U = _mm256_add_epi32(U, dU8); V = _mm256_add_epi32(V, dV8);
            continue;
        }
        __m256i ic = _mm256_min_epi32(_mm256_max_epi32(iv, minus1), wMax);
        __m256i jc = _mm256_min_epi32(_mm256_max_epi32(jv, minus1), hMax);
        __m256i idx = _mm256_add_epi32(_mm256_mullo_epi32(jc, strideV), ic);
        __m256i p00, p10, p01, p11;
        if (unit) {
            /* A unit step along the row (a sprite moved, not scaled or turned): the valid lanes'
               texels are consecutive (ic = iv = lane 0's + lane, jc the same in every lane), so
               masked loads, which leave the other lanes unread, take the place of the gathers. */
            long at = (long)_mm256_cvtsi256_si32(jc) * stride + _mm256_cvtsi256_si32(iv);
            p00 = _mm256_maskload_epi32(t00 + at, valid); p10 = _mm256_maskload_epi32(t10 + at, valid);
            p01 = _mm256_maskload_epi32(t01 + at, valid); p11 = _mm256_maskload_epi32(t11 + at, valid);
        } else {
            p00 = _mm256_i32gather_epi32(t00, idx, 4); p10 = _mm256_i32gather_epi32(t10, idx, 4);
            p01 = _mm256_i32gather_epi32(t01, idx, 4); p11 = _mm256_i32gather_epi32(t11, idx, 4);
        }
        __m256i wx = _mm256_and_si256(_mm256_srai_epi32(U, 8), m255), wy = _mm256_and_si256(_mm256_srai_epi32(V, 8), m255);
        wx = _mm256_or_si256(wx, _mm256_slli_epi32(wx, 16));
        wy = _mm256_or_si256(wy, _mm256_slli_epi32(wy, 16));
        __m256i rb = lerp8(lerp8(_mm256_and_si256(p00, byteMask), _mm256_and_si256(p10, byteMask), wx),
                           lerp8(_mm256_and_si256(p01, byteMask), _mm256_and_si256(p11, byteMask), wx), wy);
        __m256i ga = lerp8(lerp8(_mm256_and_si256(_mm256_srli_epi32(p00, 8), byteMask), _mm256_and_si256(_mm256_srli_epi32(p10, 8), byteMask), wx),
                           lerp8(_mm256_and_si256(_mm256_srli_epi32(p01, 8), byteMask), _mm256_and_si256(_mm256_srli_epi32(p11, 8), byteMask), wx), wy);
        __m256i crb = _mm256_srli_epi16(_mm256_add_epi16(_mm256_mullo_epi16(_mm256_and_si256(rb, valid), krbV), half), 8);
        __m256i cga = _mm256_srli_epi16(_mm256_add_epi16(_mm256_mullo_epi16(_mm256_and_si256(ga, valid), kgaV), half), 8);
        __m256i d = whole ? _mm256_loadu_si256((const __m256i *)(row + x)) : _mm256_maskload_epi32((const int *)(row + x), lanes);
        __m256i dl = _mm256_and_si256(d, byteMask), dh = _mm256_and_si256(_mm256_srli_epi32(d, 8), byteMask);
        __m256i orb, oga;
        if (additive) {
            orb = _mm256_min_epu16(_mm256_add_epi16(dl, crb), c255);
            oga = _mm256_min_epu16(_mm256_add_epi16(dh, cga), c255);
        } else {
            __m256i a32 = _mm256_srli_epi32(cga, 16);
            __m256i a = _mm256_or_si256(a32, _mm256_slli_epi32(a32, 16));
            __m256i ia = _mm256_sub_epi16(_mm256_sub_epi16(k256, a), _mm256_srli_epi16(a, 7));
            orb = _mm256_add_epi16(crb, _mm256_srli_epi16(_mm256_add_epi16(_mm256_mullo_epi16(dl, ia), half), 8));
            oga = _mm256_add_epi16(cga, _mm256_srli_epi16(_mm256_add_epi16(_mm256_mullo_epi16(dh, ia), half), 8));
        }
        __m256i out = _mm256_or_si256(orb, _mm256_slli_epi32(oga, 8));
        if (whole) _mm256_storeu_si256((__m256i *)(row + x), out);
        else _mm256_maskstore_epi32((int *)(row + x), lanes, out);
        U = _mm256_add_epi32(U, dU8); V = _mm256_add_epi32(V, dV8);
    }
    return x < n ? x : n;
}

#define TARGET_AVX512_SPRITE __attribute__((target("avx512f,avx512bw,avx512vl,avx512dq")))

/* lerp8 in 32 16-bit lanes. */
TARGET_AVX512_SPRITE
static inline __m512i lerp16x(__m512i a, __m512i b, __m512i w) {
    __m512i iw = _mm512_sub_epi16(_mm512_set1_epi16(256), w);
    return _mm512_srli_epi16(_mm512_add_epi16(_mm512_mullo_epi16(a, iw), _mm512_mullo_epi16(b, w)), 8);
}

/* fb_sprite_span_avx2 16 pixels a step: the same integer steps, the lanes past n and the
   invalid ones as mask bits (a 16- or 18-px sprite row is one or two steps instead of three). */
TARGET_AVX512_SPRITE
long fb_sprite_span_avx512(uint32_t *row, long n, int32_t uf, int32_t du, int32_t vf, int32_t dv,
                           const uint32_t *texels, int32_t stride, int32_t w, int32_t h,
                           uint32_t krb, uint32_t kga, int additive) {
    const __m512i lane = _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    __m512i U = _mm512_add_epi32(_mm512_set1_epi32(uf), _mm512_mullo_epi32(lane, _mm512_set1_epi32(du)));
    __m512i V = _mm512_add_epi32(_mm512_set1_epi32(vf), _mm512_mullo_epi32(lane, _mm512_set1_epi32(dv)));
    const __m512i dU16 = _mm512_set1_epi32(du * 16), dV16 = _mm512_set1_epi32(dv * 16);
    const __m512i minus2 = _mm512_set1_epi32(-2), minus1 = _mm512_set1_epi32(-1);
    const __m512i wv = _mm512_set1_epi32(w), hv = _mm512_set1_epi32(h);
    const __m512i wMax = _mm512_set1_epi32(w - 1), hMax = _mm512_set1_epi32(h - 1);
    const __m512i strideV = _mm512_set1_epi32(stride);
    const __m512i m255 = _mm512_set1_epi32(255), byteMask = _mm512_set1_epi32(0x00FF00FF);
    const __m512i krbV = _mm512_set1_epi32((int32_t)krb), kgaV = _mm512_set1_epi32((int32_t)kga);
    const __m512i half = _mm512_set1_epi16(128), k256 = _mm512_set1_epi16(256), c255 = _mm512_set1_epi16(255);
    const int *t00 = (const int *)texels, *t10 = (const int *)(texels + 1);
    const int *t01 = (const int *)(texels + stride), *t11 = (const int *)(texels + stride + 1);
    const int unit = du == 65536 && dv == 0;
    for (long x = 0; x < n; x += 16) {
        const int whole = n - x >= 16;
        const __mmask16 lanes = whole ? (__mmask16)0xFFFF : (__mmask16)((1u << (n - x)) - 1);
        __m512i iv = _mm512_srai_epi32(U, 16), jv = _mm512_srai_epi32(V, 16);
        const __mmask16 valid = _mm512_cmpgt_epi32_mask(iv, minus2) & _mm512_cmpgt_epi32_mask(wv, iv)
                              & _mm512_cmpgt_epi32_mask(jv, minus2) & _mm512_cmpgt_epi32_mask(hv, jv) & lanes;
        if (!valid) {
            U = _mm512_add_epi32(U, dU16); V = _mm512_add_epi32(V, dV16);
            continue;
        }
        __m512i ic = _mm512_min_epi32(_mm512_max_epi32(iv, minus1), wMax);
        __m512i jc = _mm512_min_epi32(_mm512_max_epi32(jv, minus1), hMax);
        __m512i p00, p10, p01, p11;
        if (unit) {
            long at = (long)_mm_cvtsi128_si32(_mm512_castsi512_si128(jc)) * stride + _mm_cvtsi128_si32(_mm512_castsi512_si128(iv));
            p00 = _mm512_maskz_loadu_epi32(valid, t00 + at); p10 = _mm512_maskz_loadu_epi32(valid, t10 + at);
            p01 = _mm512_maskz_loadu_epi32(valid, t01 + at); p11 = _mm512_maskz_loadu_epi32(valid, t11 + at);
        } else {
            __m512i idx = _mm512_add_epi32(_mm512_mullo_epi32(jc, strideV), ic);
            p00 = _mm512_i32gather_epi32(idx, t00, 4); p10 = _mm512_i32gather_epi32(idx, t10, 4);
            p01 = _mm512_i32gather_epi32(idx, t01, 4); p11 = _mm512_i32gather_epi32(idx, t11, 4);
        }
        __m512i wx = _mm512_and_si512(_mm512_srai_epi32(U, 8), m255), wy = _mm512_and_si512(_mm512_srai_epi32(V, 8), m255);
        wx = _mm512_or_si512(wx, _mm512_slli_epi32(wx, 16));
        wy = _mm512_or_si512(wy, _mm512_slli_epi32(wy, 16));
        __m512i rb = lerp16x(lerp16x(_mm512_and_si512(p00, byteMask), _mm512_and_si512(p10, byteMask), wx),
                             lerp16x(_mm512_and_si512(p01, byteMask), _mm512_and_si512(p11, byteMask), wx), wy);
        __m512i ga = lerp16x(lerp16x(_mm512_and_si512(_mm512_srli_epi32(p00, 8), byteMask), _mm512_and_si512(_mm512_srli_epi32(p10, 8), byteMask), wx),
                             lerp16x(_mm512_and_si512(_mm512_srli_epi32(p01, 8), byteMask), _mm512_and_si512(_mm512_srli_epi32(p11, 8), byteMask), wx), wy);
        __m512i crb = _mm512_srli_epi16(_mm512_add_epi16(_mm512_mullo_epi16(_mm512_maskz_mov_epi32(valid, rb), krbV), half), 8);
        __m512i cga = _mm512_srli_epi16(_mm512_add_epi16(_mm512_mullo_epi16(_mm512_maskz_mov_epi32(valid, ga), kgaV), half), 8);
        __m512i d = whole ? _mm512_loadu_si512(row + x) : _mm512_maskz_loadu_epi32(lanes, row + x);
        __m512i dl = _mm512_and_si512(d, byteMask), dh = _mm512_and_si512(_mm512_srli_epi32(d, 8), byteMask);
        __m512i orb, oga;
        if (additive) {
            orb = _mm512_min_epu16(_mm512_add_epi16(dl, crb), c255);
            oga = _mm512_min_epu16(_mm512_add_epi16(dh, cga), c255);
        } else {
            __m512i a32 = _mm512_srli_epi32(cga, 16);
            __m512i a = _mm512_or_si512(a32, _mm512_slli_epi32(a32, 16));
            __m512i ia = _mm512_sub_epi16(_mm512_sub_epi16(k256, a), _mm512_srli_epi16(a, 7));
            orb = _mm512_add_epi16(crb, _mm512_srli_epi16(_mm512_add_epi16(_mm512_mullo_epi16(dl, ia), half), 8));
            oga = _mm512_add_epi16(cga, _mm512_srli_epi16(_mm512_add_epi16(_mm512_mullo_epi16(dh, ia), half), 8));
        }
        __m512i out = _mm512_or_si512(orb, _mm512_slli_epi32(oga, 8));
        if (whole) _mm512_storeu_si512(row + x, out);
        else _mm512_mask_storeu_epi32(row + x, lanes, out);
        U = _mm512_add_epi32(U, dU16); V = _mm512_add_epi32(V, dV16);
    }
    return n;
}

/* Canvas.narrow: cuts xs..<xe to the columns where start + step·(x − ref) lies strictly between
   below and above, give or take a column. Division rounds down, as Swift's floorDiv. */
static inline void sprite_narrow(long *xs, long *xe, long ref, long start, long step, long below, long above) {
    if (step == 0) {
        if (start <= below || start >= above) *xe = *xs;
        return;
    }
    long k0, k1;
    if (step > 0 && (step & (step - 1)) == 0) {
        const int sh = __builtin_ctzl((unsigned long)step);
        k0 = (below - start) >> sh;
        k1 = (above - start) >> sh;
    } else {
        long a0 = below - start, a1 = above - start;
        k0 = a0 / step; if (a0 % step != 0 && ((a0 < 0) != (step < 0))) k0 -= 1;
        k1 = a1 / step; if (a1 % step != 0 && ((a1 < 0) != (step < 0))) k1 -= 1;
    }
    if (step < 0) { long t = k0; k0 = k1; k1 = t; }
    if (ref + k0 - 1 > *xs) *xs = ref + k0 - 1;
    if (ref + k1 + 2 < *xe) *xe = ref + k1 + 2;
}

__attribute__((target("avx2")))
long fb_sprite_rows_avx2(const FBSpriteRows *s, long y0, long y1,
                         uint32_t *ahead, long aheadRows, long aheadStride, long aheadCount) {
    const double refX = (double)s->ref - s->sx + 0.5;
    const long lim = 1L << 30;
    long k = 0;
    for (long y = y0; y < y1; y++, k++) {
        if (k < aheadRows) fb_prefetch_write_row(ahead + k * aheadStride, aheadCount);
        const double py = (double)y - s->sy + 0.5;
        const double u0 = s->a * refX + s->c * py + s->tx - 0.5, v0 = s->b * refX + s->d * py + s->ty - 0.5;
        if (!(__builtin_fabs(u0) < 1e9) || !(__builtin_fabs(v0) < 1e9)) continue;
        const long u0f = (long)__builtin_floor(u0 * 65536), v0f = (long)__builtin_floor(v0 * 65536);
        long xs = s->x0, xe = s->x1;
        sprite_narrow(&xs, &xe, s->ref, u0f, s->du, -65536, s->w << 16);
        sprite_narrow(&xs, &xe, s->ref, v0f, s->dv, -65536, s->h << 16);
        if (xs >= xe) continue;
        const long n = xe - xs;
        const long uf = u0f + s->du * (xs - s->ref), vf = v0f + s->dv * (xs - s->ref);
        const long ue = uf + s->du * n, ve = vf + s->dv * n;
        if (labs(uf) >= lim || labs(ue) >= lim || labs(vf) >= lim || labs(ve) >= lim) {
            for (; k < aheadRows; k++) fb_prefetch_write_row(ahead + k * aheadStride, aheadCount);
            return y;
        }
        (s->wide ? fb_sprite_span_avx512 : fb_sprite_span_avx2)(
            s->dst + y * s->dstStride + xs, n, (int32_t)uf, (int32_t)s->du, (int32_t)vf, (int32_t)s->dv,
            s->texels, (int32_t)s->texStride, (int32_t)s->w, (int32_t)s->h, s->krb, s->kga, s->additive);
    }
    for (; k < aheadRows; k++) fb_prefetch_write_row(ahead + k * aheadStride, aheadCount);
    return y1;
}

void fb_linear_gradient_span(uint32_t *out, long count, int64_t f, int64_t step, const uint16_t *lut,
                             int64_t last, const uint8_t *dither, int64_t x) {
    uint8_t *bytes = (uint8_t *)out;
    for (long i = 0; i < count; i++) {
        int64_t k = f >> 16;
        if (k < 0) k = 0;
        if (k > last) k = last;
        const uint16_t *e = lut + 4 * k;
        uint16_t d = dither[(x + i) & 63];
        bytes[4 * i] = (uint8_t)((uint16_t)(e[0] + d) >> 8);
        bytes[4 * i + 1] = (uint8_t)((uint16_t)(e[1] + d) >> 8);
        bytes[4 * i + 2] = (uint8_t)((uint16_t)(e[2] + d) >> 8);
        bytes[4 * i + 3] = (uint8_t)((uint16_t)(e[3] + d) >> 8);
        f += step;
    }
}

uint32_t fb_pair_sample(const void *row0, long stride, uint16_t fx, uint16_t fy) {
    const uint8_t *a = (const uint8_t *)row0, *b = a + stride * 4;
    uint8_t out[4];
    for (int c = 0; c < 4; c++) {
        uint16_t left = (uint16_t)((uint16_t)(a[c] * (uint16_t)(256 - fy)) + (uint16_t)(b[c] * fy)) >> 8;
        uint16_t right = (uint16_t)((uint16_t)(a[c + 4] * (uint16_t)(256 - fy)) + (uint16_t)(b[c + 4] * fy)) >> 8;
        out[c] = (uint8_t)((uint16_t)((uint16_t)(left * (uint16_t)(256 - fx)) + (uint16_t)(right * fx)) >> 8);
    }
    uint32_t v;
    memcpy(&v, out, 4);
    return v;
}

static inline uint32_t scale_channels(uint32_t p, uint32_t k) {
    uint32_t rb = (p & 0x00FF00FFu) * k + 0x00800080u;
    uint32_t ag = ((p >> 8) & 0x00FF00FFu) * k + 0x00800080u;
    rb = ((rb + ((rb >> 8) & 0x00FF00FFu)) >> 8) & 0x00FF00FFu;
    ag = (ag + ((ag >> 8) & 0x00FF00FFu)) & 0xFF00FF00u;
    return rb | ag;
}

void fb_blend_row_over(uint32_t *dst, const uint32_t *src, long count) {
    for (long i = 0; i < count; i++) {
        uint32_t s = src[i], a = s >> 24;
        if (a == 255) dst[i] = s;
        else if (a != 0) dst[i] = s + scale_channels(dst[i], 255 - a);
    }
}

/* The LUT index of positions f in entries: round(f) to nearest even, clamped to 0…1023, NaN → 0
   (GradientShader.entryIndices): max(f, 0) and min(·, 1023) in that operand order take a NaN to 0,
   then adding 2²³ leaves the rounded value in the low mantissa bits. */
__attribute__((target("avx2")))
static inline __m256i entry_indices8(__m256 f) {
    f = _mm256_min_ps(_mm256_max_ps(f, _mm256_setzero_ps()), _mm256_set1_ps(1023.0f));
    return _mm256_and_si256(_mm256_castps_si256(_mm256_add_ps(f, _mm256_set1_ps(8388608.0f))), _mm256_set1_epi32(0x7FFFFF));
}

/* round(t × 1023) clamped to 0…1023, NaN → 0, with the 2²³ trick: GradientShader.lutIndices. */
__attribute__((target("avx2")))
static inline __m256i lut_indices8(__m256 t) {
    return entry_indices8(_mm256_mul_ps(t, _mm256_set1_ps(1023.0f)));
}

/* The conic's position in LUT entries of 8 pixels from their gradient coordinates u, v:
   GradientShader.conicEntries lane for lane (the header's fb_polar_span_avx2 gives the formula). */
__attribute__((target("avx2,fma")))
static inline __m256 conic_entries8(__m256 u, __m256 v, __m256 q0, __m256 q1, __m256 q2, __m256 q3) {
    const __m256 sign = _mm256_set1_ps(-0.0f), zero = _mm256_setzero_ps();
    __m256 ua = _mm256_andnot_ps(sign, u), va = _mm256_andnot_ps(sign, v);
    __m256 swap = _mm256_cmp_ps(va, ua, _CMP_GT_OQ);
    __m256 uneg = _mm256_cmp_ps(u, zero, _CMP_LT_OQ), vneg = _mm256_cmp_ps(v, zero, _CMP_LT_OQ);
    __m256 a = _mm256_div_ps(_mm256_blendv_ps(v, _mm256_xor_ps(u, sign), swap), _mm256_blendv_ps(u, v, swap));
    __m256 s = _mm256_mul_ps(a, a);
    __m256 p = _mm256_fmadd_ps(_mm256_fmadd_ps(_mm256_fmadd_ps(q3, s, q2), s, q1), s, q0);
    __m256 off = _mm256_blendv_ps(_mm256_blendv_ps(_mm256_and_ps(vneg, _mm256_set1_ps(1023.0f)), _mm256_set1_ps(511.5f), uneg),
                                  _mm256_blendv_ps(_mm256_set1_ps(255.75f), _mm256_set1_ps(767.25f), vneg), swap);
    return _mm256_fmadd_ps(a, p, off);
}

/* Two passes over chunks of 128 pixels, the indices and then the table walk, as in the AVX-512
   kernel (fb_polar_span_avx512 says why): radial 13 % and conic 6 % less CPU time than one pass.
   The last group of 8 is computed whole and stored masked. */
__attribute__((target("avx2,fma")))
long fb_polar_span_avx2(uint32_t *out, long count, int32_t x, float au, float av, float ku, float kv, int conic,
                        float q0, float q1, float q2, float q3,
                        const uint32_t *split, const uint8_t *dither, long dx) {
    if (count <= 0) return 0;
    __m256 px = _mm256_add_ps(_mm256_set1_ps((float)x), _mm256_setr_ps(0.5f, 1.5f, 2.5f, 3.5f, 4.5f, 5.5f, 6.5f, 7.5f));
    const __m256 eight = _mm256_set1_ps(8.0f), auV = _mm256_set1_ps(au), avV = _mm256_set1_ps(av);
    const __m256 kuV = _mm256_set1_ps(ku), kvV = _mm256_set1_ps(kv);
    const __m256 c0 = _mm256_set1_ps(q0), c1 = _mm256_set1_ps(q1), c2 = _mm256_set1_ps(q2), c3 = _mm256_set1_ps(q3);
    /* av = 0: v = kv on the whole row (fb_polar_span_avx512 says why that is exact). */
    const int flat = av == 0.0f;
    const __m256 kv2 = _mm256_mul_ps(kvV, kvV);
    /* The dither row twice, so the 8 columns from any start are contiguous. */
    uint8_t drow[128];
    memcpy(drow, dither, 64);
    memcpy(drow + 64, dither, 64);
    const __m256i spread = _mm256_setr_epi8(0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 6, 7, 7, 7, 7);
    const __m256i ones = _mm256_set1_epi8(-1);
    const int *hi1 = (const int *)split, *lo = (const int *)(split + FB_SPLIT_LOW);
    int32_t ixs[128] __attribute__((aligned(32)));
    for (long c = 0; c < count; c += 128) {
        const long n = count - c < 128 ? count - c : 128;
        for (long j = 0; j < n; j += 8) {
            __m256i ix;
            if (conic) {
                __m256 u = _mm256_fmadd_ps(px, auV, kuV), v = flat ? kvV : _mm256_fmadd_ps(px, avV, kvV);
                ix = entry_indices8(conic_entries8(u, v, c0, c1, c2, c3));
            } else {
                __m256 u = _mm256_add_ps(_mm256_mul_ps(px, auV), kuV), v = _mm256_add_ps(_mm256_mul_ps(px, avV), kvV);
                ix = lut_indices8(_mm256_sqrt_ps(_mm256_add_ps(_mm256_mul_ps(u, u), flat ? kv2 : _mm256_mul_ps(v, v))));
            }
            _mm256_store_si256((__m256i *)(ixs + j), ix);
            px = _mm256_add_ps(px, eight);
        }
        for (long j = 0; j < n; j += 8) {
            const long i = c + j;
            __m256i ix = _mm256_load_si256((const __m256i *)(ixs + j));
            /* (e + d) >> 8 per 8.8 channel e = 256·hi + lo is hi, plus 1 where lo + d ≥ 256, that is
               where lo > 255 − d (bytes, wrapping as the 16-bit sum wraps): the entries' high bytes
               plus one and low bytes, gathered, and a compare instead of 16-bit lanes. */
            __m256i h = _mm256_i32gather_epi32(hi1, ix, 4), l = _mm256_i32gather_epi32(lo, ix, 4);
            __m256i d = _mm256_broadcastq_epi64(_mm_loadl_epi64((const __m128i *)(drow + ((dx + i) & 63))));
            __m256i nd = _mm256_xor_si256(_mm256_shuffle_epi8(d, spread), ones);      /* 255 − d in each channel */
            __m256i none = _mm256_cmpeq_epi8(_mm256_min_epu8(l, nd), l);              /* −1 where lo ≤ 255 − d */
            __m256i o = _mm256_add_epi8(h, none);
            if (n - j >= 8) _mm256_storeu_si256((__m256i *)(out + i), o);
            else _mm256_maskstore_epi32((int *)(out + i), _mm256_cmpgt_epi32(_mm256_set1_epi32((int)(n - j)),
                                                                               _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7)), o);
        }
    }
    return count;
}

__attribute__((target("avx2")))
long fb_opaque_over_row_avx2(uint32_t *dst, const uint32_t *src, long count, uint32_t k) {
    const __m256i kk = _mm256_set1_epi16((short)k), ik = _mm256_set1_epi16((short)(255 - k));
    const __m256i low = _mm256_set1_epi16(0xFF), half = _mm256_set1_epi16(128);
    const __m256i alpha = _mm256_set1_epi32((int)0xFF000000);
    long i = 0;
    for (; i + 8 <= count; i += 8) {
        __m256i s = _mm256_loadu_si256((const __m256i *)(src + i));
        if (!_mm256_testc_si256(s, alpha)) break;                      /* a translucent source: the caller's */
        __m256i d = _mm256_loadu_si256((const __m256i *)(dst + i));
        /* (x + (x >> 8)) >> 8 with x = s·k + d·(255 − k) + 128: Blend.opaqueOver4 per channel. */
        __m256i xe = _mm256_add_epi16(_mm256_add_epi16(_mm256_mullo_epi16(_mm256_and_si256(s, low), kk),
                                                       _mm256_mullo_epi16(_mm256_and_si256(d, low), ik)), half);
        __m256i xo = _mm256_add_epi16(_mm256_add_epi16(_mm256_mullo_epi16(_mm256_srli_epi16(s, 8), kk),
                                                       _mm256_mullo_epi16(_mm256_srli_epi16(d, 8), ik)), half);
        __m256i even = _mm256_srli_epi16(_mm256_add_epi16(xe, _mm256_srli_epi16(xe, 8)), 8);
        __m256i odd = _mm256_andnot_si256(low, _mm256_add_epi16(xo, _mm256_srli_epi16(xo, 8)));
        _mm256_storeu_si256((__m256i *)(dst + i), _mm256_or_si256(even, odd));
    }
    return i;
}

#define TARGET_AVX512 __attribute__((target("avx512f,avx512bw,avx512vl,avx512dq,fma")))

/* fb_polar_span_avx2's arithmetic in 16 lanes, in two passes over chunks of 128 pixels: first
   every pixel's LUT index (the float chain: 16 lanes, the AVX2 kernel's operations, the
   selects as masked operations), then the table walk, so the two long dependency chains (float
   arithmetic, then index → table → store) overlap across groups (one pass of both was 1.3×
   slower). The table walk reads a window of 32 entries (two registers each of the high and low
   words: the 16 from the group's first index and the 16 before them) and permutes, where every
   index of the group is in it — neighbouring pixels' positions on a ramp are close — else
   gathers. */
TARGET_AVX512
long fb_polar_span_avx512(uint32_t *out, long count, int32_t x, float au, float av, float ku, float kv, int conic,
                          float q0, float q1, float q2, float q3,
                          const uint32_t *split, const uint8_t *dither, long dx) {
    if (count <= 0) return 0;
    const __m512 auV = _mm512_set1_ps(au), avV = _mm512_set1_ps(av);
    const __m512 kuV = _mm512_set1_ps(ku), kvV = _mm512_set1_ps(kv), zero = _mm512_setzero_ps();
    const __m512 c0 = _mm512_set1_ps(q0), c1 = _mm512_set1_ps(q1), c2 = _mm512_set1_ps(q2), c3 = _mm512_set1_ps(q3);
    const __m512 sign = _mm512_set1_ps(-0.0f), top = _mm512_set1_ps(1023.0f), sixteen = _mm512_set1_ps(16.0f);
    const __m512 half = _mm512_set1_ps(511.5f), quarter = _mm512_set1_ps(255.75f), quarters = _mm512_set1_ps(767.25f);
    const __m512i sixteenI = _mm512_set1_epi32(16), window = _mm512_set1_epi32(32), ones = _mm512_set1_epi8(1);
    const __m512i topI = _mm512_set1_epi32(1023), zeroI = _mm512_setzero_si512();
    /* 255 − the threshold of each pixel, a word per pixel (the same byte in each channel), for
       the 64 columns from dx on: four groups of 16, taken in turn (a chunk is 128 pixels, a
       multiple of 64, so the group at j in a chunk takes nd[(j / 16) & 3]). */
    __m512i nd[4];
    {
        uint8_t drow[128];
        memcpy(drow, dither, 64);
        memcpy(drow + 64, dither, 64);
        const __m512i spread = _mm512_set_epi8(15, 15, 15, 15, 14, 14, 14, 14, 13, 13, 13, 13, 12, 12, 12, 12,
                                               11, 11, 11, 11, 10, 10, 10, 10, 9, 9, 9, 9, 8, 8, 8, 8,
                                               7, 7, 7, 7, 6, 6, 6, 6, 5, 5, 5, 5, 4, 4, 4, 4,
                                               3, 3, 3, 3, 2, 2, 2, 2, 1, 1, 1, 1, 0, 0, 0, 0);
        for (int k = 0; k < 4; k++) {
            __m512i b = _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)(drow + ((dx + 16 * k) & 63))));
            nd[k] = _mm512_xor_si512(_mm512_shuffle_epi8(b, spread), _mm512_set1_epi32(-1));
        }
    }
    const int *hi1 = (const int *)split, *lo = (const int *)(split + FB_SPLIT_LOW);
    __m512 px = _mm512_add_ps(_mm512_set1_ps((float)x), _mm512_setr_ps(0.5f, 1.5f, 2.5f, 3.5f, 4.5f, 5.5f, 6.5f, 7.5f,
                                                                      8.5f, 9.5f, 10.5f, 11.5f, 12.5f, 13.5f, 14.5f, 15.5f));
    /* A gradient axis along the rows (av = 0: no rotation) keeps v = centre·0 + kv = kv on the
       whole row (±0 aside, which gives the same index), so v, |v|, v < 0 and v² are the row's;
       the conic's offsets then depend on u alone (conic_entries8's `off` with vneg fixed). */
    const int flat = av == 0.0f;
    const __m512 kv2 = _mm512_mul_ps(kvV, kvV), vaRow = _mm512_abs_ps(kvV);
    const __m512 offU = kv < 0.0f ? top : zero, offS = kv < 0.0f ? quarters : quarter;
    int32_t ixs[128] __attribute__((aligned(64)));
    for (long c = 0; c < count; c += 128) {
        const long n = count - c < 128 ? count - c : 128;
        /* Pass 1: the indices. Lanes past the span compute indices too (in range; not drawn).
           conic_entries8 in 16 lanes, the selects as blends; the index as entry_indices8's (the
           conversion rounds to nearest even and takes a NaN to INT_MIN, which the integer clamp
           takes to 0: the same as clamping first, the bounds being integers). */
#define FB_CONIC16(FLAT)                                                                                        \
        for (long j = 0; j < n; j += 16) {                                                                      \
            __m512 u = _mm512_fmadd_ps(px, auV, kuV), v = FLAT ? kvV : _mm512_fmadd_ps(px, avV, kvV);            \
            __m512 va = FLAT ? vaRow : _mm512_abs_ps(v);                                                        \
            __mmask16 swap = _mm512_cmp_ps_mask(va, _mm512_abs_ps(u), _CMP_GT_OQ);                               \
            __mmask16 uneg = _mm512_cmp_ps_mask(u, zero, _CMP_LT_OQ);                                           \
            __m512 a = _mm512_div_ps(_mm512_mask_blend_ps(swap, v, _mm512_xor_ps(u, sign)), _mm512_mask_blend_ps(swap, u, v)); \
            __m512 s = _mm512_mul_ps(a, a);                                                                     \
            __m512 p = _mm512_fmadd_ps(_mm512_fmadd_ps(_mm512_fmadd_ps(c3, s, c2), s, c1), s, c0);              \
            __m512 off;                                                                                         \
            if (FLAT) off = _mm512_mask_blend_ps(swap, _mm512_mask_blend_ps(uneg, offU, half), offS);           \
            else {                                                                                              \
                __mmask16 vneg = _mm512_cmp_ps_mask(v, zero, _CMP_LT_OQ);                                       \
                off = _mm512_mask_blend_ps(swap, _mm512_mask_blend_ps(uneg, _mm512_maskz_mov_ps(vneg, top), half), \
                                           _mm512_mask_blend_ps(vneg, quarter, quarters));                      \
            }                                                                                                   \
            __m512i k = _mm512_cvt_roundps_epi32(_mm512_fmadd_ps(a, p, off), _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC); \
            _mm512_store_si512(ixs + j, _mm512_min_epi32(_mm512_max_epi32(k, zeroI), topI));                    \
            px = _mm512_add_ps(px, sixteen);                                                                    \
        }
        if (conic && flat) {
            FB_CONIC16(1)
        } else if (conic) {
            FB_CONIC16(0)
        } else {
            for (long j = 0; j < n; j += 16) {
                __m512 u = _mm512_add_ps(_mm512_mul_ps(px, auV), kuV);
                __m512 v = flat ? kvV : _mm512_add_ps(_mm512_mul_ps(px, avV), kvV);
                __m512 t = _mm512_sqrt_ps(_mm512_add_ps(_mm512_mul_ps(u, u), flat ? kv2 : _mm512_mul_ps(v, v)));
                /* lut_indices8's index: f = t·1023, NaN and negative → 0, above 1023 → 1023, rounded
                   to nearest even (what adding 2²³ does). The same in three steps: min(1023, f) keeps
                   a NaN (vminps returns its second operand then), the conversion rounds to nearest
                   even and turns a NaN into INT_MIN, and the integer max with 0 takes that and the
                   negative values to 0 (a value in (−0.5, 0) rounds to 0 either way). */
                __m512 f = _mm512_min_ps(top, _mm512_mul_ps(t, top));
                __m512i k = _mm512_cvt_roundps_epi32(f, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
                _mm512_store_si512(ixs + j, _mm512_max_epi32(k, zeroI));
                px = _mm512_add_ps(px, sixteen);
            }
        }
#undef FB_CONIC16
        /* Pass 2: the entries, the dither's carry (as in the AVX2 kernel), the store. The window
           is the 16 words from the group's first index f and the 16 before them (`split` has 16
           readable words before and after each half): d = index − f in −16…15 selects word d of
           the first register or d + 16 of the second, which is what the permute's low 5 bits of
           d (d mod 32) pick. Four groups a step, so each takes its thresholds from a register. */
#define FB_POLAR_GROUP(J, ND, LIVE) {                                                                            \
            const int f = ixs[J];                                                                               \
            __m512i ix = _mm512_load_si512(ixs + (J)), d = _mm512_sub_epi32(ix, _mm512_set1_epi32(f));          \
            __m512i h, l;                                                                                       \
            if (!(_mm512_cmpge_epu32_mask(_mm512_add_epi32(d, sixteenI), window) & (LIVE))) {                   \
                h = _mm512_permutex2var_epi32(_mm512_loadu_si512(hi1 + f), d, _mm512_loadu_si512(hi1 + f - 16)); \
                l = _mm512_permutex2var_epi32(_mm512_loadu_si512(lo + f), d, _mm512_loadu_si512(lo + f - 16));  \
            } else {                                                                                            \
                h = _mm512_i32gather_epi32(ix, hi1, 4);                                                         \
                l = _mm512_i32gather_epi32(ix, lo, 4);                                                          \
            }                                                                                                   \
            /* h − 1 where lo ≤ 255 − d: the high byte plus one, less one where there is no carry. */          \
            __m512i o = _mm512_mask_sub_epi8(h, _mm512_cmple_epu8_mask(l, ND), h, ones);                        \
            if ((LIVE) == 0xFFFF) _mm512_storeu_si512(out + c + (J), o);                                        \
            else _mm512_mask_storeu_epi32(out + c + (J), (__mmask16)(LIVE), o);                                 \
        }
        long j = 0;
        for (; j + 64 <= n; j += 64) {
            FB_POLAR_GROUP(j, nd[0], 0xFFFF) FB_POLAR_GROUP(j + 16, nd[1], 0xFFFF)
            FB_POLAR_GROUP(j + 32, nd[2], 0xFFFF) FB_POLAR_GROUP(j + 48, nd[3], 0xFFFF)
        }
        for (; j + 16 <= n; j += 16) FB_POLAR_GROUP(j, nd[(j >> 4) & 3], 0xFFFF)
        if (j < n) {
            const unsigned live = (1u << (n - j)) - 1;
            FB_POLAR_GROUP(j, nd[(j >> 4) & 3], live)
        }
#undef FB_POLAR_GROUP
    }
    return count;
}

/* fb_opaque_over_row_avx2 16 pixels a step (the same 16-bit steps, so the same bytes). */
TARGET_AVX512
long fb_opaque_over_row_avx512(uint32_t *dst, const uint32_t *src, long count, uint32_t k) {
    const __m512i kk = _mm512_set1_epi16((short)k), ik = _mm512_set1_epi16((short)(255 - k));
    const __m512i low = _mm512_set1_epi16(0xFF), half = _mm512_set1_epi16(128);
    const __m512i opaque = _mm512_set1_epi32((int)0xFF000000);
    long i = 0;
    for (; i + 16 <= count; i += 16) {
        __m512i s = _mm512_loadu_si512(src + i);
        if (_mm512_cmplt_epu32_mask(s, opaque)) break;                 /* a translucent source: the caller's */
        __m512i d = _mm512_loadu_si512(dst + i);
        __m512i xe = _mm512_add_epi16(_mm512_add_epi16(_mm512_mullo_epi16(_mm512_and_si512(s, low), kk),
                                                       _mm512_mullo_epi16(_mm512_and_si512(d, low), ik)), half);
        __m512i xo = _mm512_add_epi16(_mm512_add_epi16(_mm512_mullo_epi16(_mm512_srli_epi16(s, 8), kk),
                                                       _mm512_mullo_epi16(_mm512_srli_epi16(d, 8), ik)), half);
        __m512i even = _mm512_srli_epi16(_mm512_add_epi16(xe, _mm512_srli_epi16(xe, 8)), 8);
        __m512i odd = _mm512_andnot_si512(low, _mm512_add_epi16(xo, _mm512_srli_epi16(xo, 8)));
        _mm512_storeu_si512(dst + i, _mm512_or_si512(even, odd));
    }
    return i;
}

__attribute__((aligned(64)))
void fb_colorize_row(uint32_t *dst, const uint8_t *src, long count, const uint32_t *table) {
    for (long i = 0; i < count; i++) {
        uint8_t c = src[i];
        if (c) dst[i] = table[c];
    }
}
