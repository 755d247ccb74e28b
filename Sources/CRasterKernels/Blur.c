#include "CRasterKernels.h"
#include <immintrin.h>
#include <string.h>

/* Raster's box blur (Composite/Blur.swift says what it computes): passes of a horizontal then a
   vertical box of radius r, each rounding to bytes, pixels past the edges 0. One pass's output
   byte is q(s) = min(255, (s·inv + 2³¹) >> 32), s the sum of the 2r + 1 bytes under the box,
   inv = (2³² + w/2) / w, w = 2r + 1.

   The passes run as a pipeline over rows, in place: stage k emits its output row y once its input
   rows up to y + r are there (the previous stage's output rows, or the image's for the first).
   A stage keeps its input rows y − r … y + r, blurred across, in a ring of 2r + 1 rows, and a
   32-bit running sum per byte column; emitting row y adds ring row y + r to the sums, writes q of
   them to the image's row y (a row no stage reads again: this stage took it into its ring before,
   and the next stage has not read it yet) and takes ring row y − r off. So the image is read
   and written once for all passes, and what a stage touches (its ring, its sums, a few rows)
   stays in the caches. The order of the additions does not matter (integers), so the bytes are
   those of blurring the whole image pass after pass. */

#define FB_BLUR_MAX_PASSES 8

typedef struct {
    long r, ringRows, emitted, stride;
    uint64_t inv;
    uint32_t *sums;
    uint16_t *sums16;     /* the same memory as 16-bit sums, for the AVX2 loops of w ≤ 127; else NULL */
    uint8_t *ring;
} Stage;

typedef struct {
    uint8_t *base;
    long width, height, rowBytes, channels, n;
    uint8_t *padded;      /* one input row with zeros on both sides */
    long pad;             /* pixels of zeros before the row's first pixel */
    Stage stages[FB_BLUR_MAX_PASSES];
    int count, avx2;
} Blur;

static long round_up(long v, long m) { return (v + m - 1) / m * m; }

/* Per row: bytes of a ring row (32 bytes of slack: the AVX2 loops write whole groups). */
static long row_stride(long n) { return round_up(n + 32, 32); }

static long ring_rows(long r, long height) { return 2 * r + 1 < height ? 2 * r + 1 : height; }

static long max_radius(const int32_t *radii, int count) {
    long m = 0;
    for (int k = 0; k < count; k++) if (radii[k] > m) m = radii[k];
    return m;
}

/* The padded row's bytes: pad pixels of zeros before, the row, and after it the reach of the
   last group (16 pixels) plus the radius, plus a vector's overread. */
static long padded_bytes(long width, long channels, long r) {
    return round_up((width + 2 * r + 2 + 16) * channels + 64, 64);
}

long fb_blur_scratch_bytes(long width, long height, long channels, const int32_t *radii, int count) {
    if (width <= 0 || height <= 0 || channels <= 0 || count <= 0 || count > FB_BLUR_MAX_PASSES) return 0;
    long n = width * channels, total = padded_bytes(width, channels, max_radius(radii, count));
    for (int k = 0; k < count; k++) {
        total += round_up((n + 64) * 4, 64);
        total += ring_rows(radii[k], height) * row_stride(n);
    }
    return total + 64;
}

static inline uint8_t quotient(uint32_t s, uint64_t inv) {
    uint64_t q = ((uint64_t)s * inv + (1ull << 31)) >> 32;
    return (uint8_t)(q < 255 ? q : 255);
}

/* ---- portable loops ---- */

/* One row blurred across: out[i] = q(sum of in[i − r … i + r]), per channel; `in` points at the
   row's first pixel inside the padded buffer (zeros r + 1 pixels before and r after). */
static void across_portable(const uint8_t *in, uint8_t *out, long width, long channels, long r, uint64_t inv) {
    if (channels == 4) {
        uint32_t s0 = 0, s1 = 0, s2 = 0, s3 = 0;
        for (long j = -r - 1; j < r; j++) { s0 += in[4 * j]; s1 += in[4 * j + 1]; s2 += in[4 * j + 2]; s3 += in[4 * j + 3]; }
        for (long i = 0; i < width; i++) {
            const uint8_t *a = in + 4 * (i + r), *b = in + 4 * (i - r - 1);
            s0 += a[0] - b[0]; s1 += a[1] - b[1]; s2 += a[2] - b[2]; s3 += a[3] - b[3];
            out[4 * i] = quotient(s0, inv); out[4 * i + 1] = quotient(s1, inv);
            out[4 * i + 2] = quotient(s2, inv); out[4 * i + 3] = quotient(s3, inv);
        }
        return;
    }
    for (long c = 0; c < channels; c++) {
        uint32_t s = 0;
        for (long j = -r - 1; j < r; j++) s += in[channels * j + c];
        for (long i = 0; i < width; i++) {
            s += in[channels * (i + r) + c] - in[channels * (i - r - 1) + c];
            out[channels * i + c] = quotient(s, inv);
        }
    }
}

/* One row down: sums += add (if any); out = q(sums); sums −= sub (if any); n bytes. One loop
   per combination, so each vectorises. */
__attribute__((always_inline))
static inline void down_loop(uint32_t *restrict sums, const uint8_t *restrict add, const uint8_t *restrict sub,
                             uint8_t *restrict out, long n, uint64_t inv, int adding, int subtracting) {
    for (long j = 0; j < n; j++) {
        uint32_t s = sums[j] + (adding ? add[j] : 0);
        out[j] = quotient(s, inv);
        sums[j] = s - (subtracting ? sub[j] : 0);
    }
}

static void down_portable(uint32_t *sums, const uint8_t *add, const uint8_t *sub, uint8_t *out, long n, uint64_t inv) {
    if (add && sub) down_loop(sums, add, sub, out, n, inv, 1, 1);
    else if (add) down_loop(sums, add, sub, out, n, inv, 1, 0);
    else if (sub) down_loop(sums, add, sub, out, n, inv, 0, 1);
    else down_loop(sums, add, sub, out, n, inv, 0, 0);
}

/* ---- AVX2 loops ---- */

/* For odd w, q(s) = round(s / w): s·inv/2³² is within 255·w/2³³ of s/w, which is at least
   1/(2w) from a half when w < 4104 (every width Blur.boxWidths gives is below 4002). Two cheaper
   forms give that exactly (each checked for every such w and every s in 0 … 255·w, #37):
   - w ≤ 127: floor((s + (w − 1)/2) / w) as mulhi16(s + (w − 1)/2, M) >> k, k = ⌊log₂ w⌋,
     M = ⌈2^(16+k) / w⌉ < 2¹⁶. Exact because x·(M·w − 2^(16+k)) < 255.5·w² < 2^(15)·w
     < 2^(16+k) for every x = s + (w − 1)/2. Sums fit 16 bits (255·127 < 2¹⁵).
   - w ≤ 4101: (int)((float)s · (float)(1/w) + 0.5), s exact in a float (below 2²⁴). */
typedef struct { __m256i bias, magic; __m128i shift; __m256 rw, half; } Quotient;

static int fast16(long r) { return 2 * r + 1 <= 127; }
static int float_ok(long r) { return 2 * r + 1 <= 4101; }

__attribute__((target("avx2")))
static inline Quotient quotient_for(long r) {
    Quotient q;
    long w = 2 * r + 1, k = 0;
    while ((2l << k) <= w) k++;                               /* 2^k ≤ w < 2^(k+1) */
    q.bias = _mm256_set1_epi16((short)(r));                   /* (w − 1)/2 */
    q.magic = _mm256_set1_epi16((short)(((1l << (16 + k)) + w - 1) / w));
    q.shift = _mm_cvtsi32_si128((int)k);
    q.rw = _mm256_set1_ps(1.0f / (float)w);
    q.half = _mm256_set1_ps(0.5f);
    return q;
}

/* q of sixteen 16-bit sums (w ≤ 127), 16-bit lanes. */
__attribute__((target("avx2"), always_inline))
static inline __m256i quotient16_fast(__m256i s, const Quotient *q) {
    return _mm256_srl_epi16(_mm256_mulhi_epu16(_mm256_add_epi16(s, q->bias), q->magic), q->shift);
}

/* q of eight 32-bit sums (w ≤ 4101), 32-bit lanes. */
__attribute__((target("avx2"), always_inline))
static inline __m256i quotient8_float(__m256i s, const Quotient *q) {
    return _mm256_cvttps_epi32(_mm256_add_ps(_mm256_mul_ps(_mm256_cvtepi32_ps(s), q->rw), q->half));
}

/* Sixteen 16-bit lanes (each ≤ 255) to sixteen bytes in order. */
__attribute__((target("avx2"), always_inline))
static inline __m128i bytes16(__m256i v) {
    return _mm256_castsi256_si128(_mm256_permute4x64_epi64(_mm256_packus_epi16(v, v), 0x08));
}

/* across_portable for 1 or 4 channels and w ≤ 257 (a box's sum fits 16 bits): the running sum
   as a prefix sum of in[i + r] − in[i − r − 1], 16 lanes (16 / channels pixels) at a time,
   wrapping 16-bit arithmetic (exact: every true sum is below 2¹⁶); the carry into the next group
   is the group's total, off the prefix's chain. Writes whole groups: up to 15 bytes past the
   row (the ring rows' slack). */
__attribute__((target("avx2"), always_inline))
static inline void across_avx2_body(const uint8_t *in, uint8_t *out, long width, long channels, long r, int fast) {
    const Quotient q = quotient_for(r);
    const __m256i zero = _mm256_setzero_si256();
    /* Each 128-bit lane filled with its last pixel (its last 8 bytes for 4 channels, 2 for 1). */
    const __m256i last = channels == 4
        ? _mm256_setr_epi8(8, 9, 10, 11, 12, 13, 14, 15, 8, 9, 10, 11, 12, 13, 14, 15, 8, 9, 10, 11, 12, 13, 14, 15, 8, 9, 10, 11, 12, 13, 14, 15)
        : _mm256_setr_epi8(14, 15, 14, 15, 14, 15, 14, 15, 14, 15, 14, 15, 14, 15, 14, 15, 14, 15, 14, 15, 14, 15, 14, 15, 14, 15, 14, 15, 14, 15, 14, 15);
    /* The sums before pixel 0, per channel, in every lane. */
    uint16_t start[16];
    for (long c = 0; c < channels; c++) {
        uint32_t s = 0;
        for (long j = -r - 1; j < r; j++) s += in[channels * j + c];
        for (long k = c; k < 16; k += channels) start[k] = (uint16_t)s;
    }
    __m256i carry = _mm256_loadu_si256((const __m256i *)start);
    const long group = 16 / channels;
    for (long i = 0; i < width; i += group) {
        __m256i a = _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)(in + channels * (i + r))));
        __m256i b = _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)(in + channels * (i - r - 1))));
        __m256i d = _mm256_sub_epi16(a, b);
        if (channels == 1) {
            d = _mm256_add_epi16(d, _mm256_slli_si256(d, 2));
            d = _mm256_add_epi16(d, _mm256_slli_si256(d, 4));
        }
        d = _mm256_add_epi16(d, _mm256_slli_si256(d, 8));
        __m256i l = _mm256_shuffle_epi8(d, last);
        d = _mm256_add_epi16(d, _mm256_permute2x128_si256(l, l, 0x08));   /* the low lane's total into the high lane */
        __m256i total = _mm256_permute4x64_epi64(_mm256_shuffle_epi8(d, last), 0xFF);
        __m256i s = _mm256_add_epi16(d, carry);
        carry = _mm256_add_epi16(carry, total);
        __m256i v;
        if (fast) v = quotient16_fast(s, &q);
        else v = _mm256_packus_epi32(quotient8_float(_mm256_unpacklo_epi16(s, zero), &q),
                                     quotient8_float(_mm256_unpackhi_epi16(s, zero), &q));   /* the unpacks' order undone */
        _mm_storeu_si128((__m128i *)(out + channels * i), bytes16(v));
    }
}

__attribute__((target("avx2")))
static void across_avx2(const uint8_t *in, uint8_t *out, long width, long channels, long r) {
    if (fast16(r)) {
        if (channels == 4) across_avx2_body(in, out, width, 4, r, 1);
        else across_avx2_body(in, out, width, 1, r, 1);
    } else {
        if (channels == 4) across_avx2_body(in, out, width, 4, r, 0);
        else across_avx2_body(in, out, width, 1, r, 0);
    }
}

/* Sixteen bytes of a down step's output from a buffer (the row's last, short group). */
static void store_tail(uint8_t *out, long count, const uint8_t *bytes) { memcpy(out, bytes, (size_t)count); }

/* down_portable with 16-bit sums (w ≤ 127), 16 bytes a step. */
__attribute__((target("avx2")))
static void down_avx2_fast(uint16_t *sums, const uint8_t *add, const uint8_t *sub, uint8_t *out, long n, long r) {
    const Quotient q = quotient_for(r);
    for (long j = 0; j < n; j += 16) {
        __m256i s = _mm256_loadu_si256((const __m256i *)(sums + j));
        if (add) s = _mm256_add_epi16(s, _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)(add + j))));
        __m128i o = bytes16(quotient16_fast(s, &q));
        if (sub) s = _mm256_sub_epi16(s, _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)(sub + j))));
        _mm256_storeu_si256((__m256i *)(sums + j), s);
        if (j + 16 <= n) _mm_storeu_si128((__m128i *)(out + j), o);
        else { uint8_t t[16]; _mm_storeu_si128((__m128i *)t, o); store_tail(out + j, n - j, t); }
    }
}

/* down_portable with 32-bit sums and the float quotient (w ≤ 4101), 16 bytes a step. */
__attribute__((target("avx2")))
static void down_avx2_float(uint32_t *sums, const uint8_t *add, const uint8_t *sub, uint8_t *out, long n, long r) {
    const Quotient q = quotient_for(r);
    for (long j = 0; j < n; j += 16) {
        __m256i s0 = _mm256_loadu_si256((const __m256i *)(sums + j)), s1 = _mm256_loadu_si256((const __m256i *)(sums + j + 8));
        if (add) {
            __m128i a = _mm_loadu_si128((const __m128i *)(add + j));
            s0 = _mm256_add_epi32(s0, _mm256_cvtepu8_epi32(a));
            s1 = _mm256_add_epi32(s1, _mm256_cvtepu8_epi32(_mm_srli_si128(a, 8)));
        }
        /* packus works within 128-bit halves: s0's lanes 0–3, s1's 0–3, s0's 4–7, s1's 4–7; put in order. */
        __m256i w = _mm256_permute4x64_epi64(_mm256_packus_epi32(quotient8_float(s0, &q), quotient8_float(s1, &q)), 0xD8);
        __m128i o = bytes16(w);
        if (sub) {
            __m128i b = _mm_loadu_si128((const __m128i *)(sub + j));
            s0 = _mm256_sub_epi32(s0, _mm256_cvtepu8_epi32(b));
            s1 = _mm256_sub_epi32(s1, _mm256_cvtepu8_epi32(_mm_srli_si128(b, 8)));
        }
        _mm256_storeu_si256((__m256i *)(sums + j), s0);
        _mm256_storeu_si256((__m256i *)(sums + j + 8), s1);
        if (j + 16 <= n) _mm_storeu_si128((__m128i *)(out + j), o);
        else { uint8_t t[16]; _mm_storeu_si128((__m128i *)t, o); store_tail(out + j, n - j, t); }
    }
}

/* ---- the pipeline ---- */

static void emit_next(Blur *b, int k);

/* Stage k's input row y is in the image: the previous stage has emitted it. */
static void ready(Blur *b, int k, long y) {
    if (k > 0) while (b->stages[k - 1].emitted <= y) emit_next(b, k - 1);
}

/* Stage k takes its input row y: blurred across into its ring. */
static void take(Blur *b, int k, long y) {
    Stage *s = &b->stages[k];
    ready(b, k, y);
    long C = b->channels;
    uint8_t *row = b->padded + b->pad * C;
    memcpy(row, b->base + y * b->rowBytes, (size_t)b->n);
    uint8_t *dst = s->ring + (y % s->ringRows) * s->stride;
    if (b->avx2 && (C == 1 || C == 4) && 2 * s->r + 1 <= 257) across_avx2(row, dst, b->width, C, s->r);
    else across_portable(row, dst, b->width, C, s->r, s->inv);
}

static void emit_next(Blur *b, int k) {
    Stage *s = &b->stages[k];
    long y = s->emitted, h = b->height, r = s->r;
    if (y == 0) {      /* rows 0 … r − 1 first */
        for (long j = 0; j < r && j < h; j++) {
            take(b, k, j);
            const uint8_t *row = s->ring + (j % s->ringRows) * s->stride;
            if (s->sums16) for (long i = 0; i < b->n; i++) s->sums16[i] = (uint16_t)(s->sums16[i] + row[i]);
            else for (long i = 0; i < b->n; i++) s->sums[i] += row[i];
        }
    }
    const uint8_t *add = NULL, *sub = NULL;
    if (y + r < h) { take(b, k, y + r); add = s->ring + ((y + r) % s->ringRows) * s->stride; }
    if (y - r >= 0) sub = s->ring + ((y - r) % s->ringRows) * s->stride;
    uint8_t *out = b->base + y * b->rowBytes;
    if (s->sums16) down_avx2_fast(s->sums16, add, sub, out, b->n, r);
    else if (b->avx2 && float_ok(r)) down_avx2_float(s->sums, add, sub, out, b->n, r);
    else down_portable(s->sums, add, sub, out, b->n, s->inv);
    s->emitted = y + 1;
}

static void blur_run(uint8_t *base, long width, long height, long rowBytes, long channels, const int32_t *radii, int count,
                     void *scratch, int avx2) {
    if (width <= 0 || height <= 0 || channels <= 0 || count <= 0 || count > FB_BLUR_MAX_PASSES) return;
    Blur b;
    memset(&b, 0, sizeof b);
    b.base = base; b.width = width; b.height = height; b.rowBytes = rowBytes; b.channels = channels;
    b.n = width * channels; b.avx2 = avx2;
    uint8_t *p = (uint8_t *)scratch;
    long rmax = max_radius(radii, count);
    long padded = padded_bytes(width, channels, rmax);
    memset(p, 0, (size_t)padded);
    b.padded = p; b.pad = rmax + 1;
    p += padded;
    for (int k = 0; k < count; k++) {
        if (radii[k] <= 0) continue;
        Stage *s = &b.stages[b.count++];
        long w = 2 * (long)radii[k] + 1;
        s->r = radii[k];
        s->inv = ((1ull << 32) + (uint64_t)w / 2) / (uint64_t)w;
        s->sums = (uint32_t *)p;
        s->sums16 = avx2 && fast16(s->r) ? (uint16_t *)p : NULL;
        memset(p, 0, (size_t)round_up((b.n + 64) * 4, 64));
        p += round_up((b.n + 64) * 4, 64);
        s->ringRows = ring_rows(s->r, height);
        s->stride = row_stride(b.n);
        s->ring = p;
        p += s->ringRows * s->stride;
    }
    if (b.count == 0) return;
    while (b.stages[b.count - 1].emitted < height) emit_next(&b, b.count - 1);
}

void fb_blur_portable(uint8_t *base, long width, long height, long rowBytes, long channels, const int32_t *radii, int count,
                      void *scratch) {
    blur_run(base, width, height, rowBytes, channels, radii, count, scratch, 0);
}

void fb_blur_avx2(uint8_t *base, long width, long height, long rowBytes, long channels, const int32_t *radii, int count,
                  void *scratch) {
    blur_run(base, width, height, rowBytes, channels, radii, count, scratch, 1);
}
