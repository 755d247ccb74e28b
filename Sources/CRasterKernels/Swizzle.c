#include "CRasterKernels.h"
#include <immintrin.h>

/* The window surface's byte order (WindowPresenter.swift): red and blue swapped in every pixel,
   green and alpha kept — one byte shuffle per 32 bytes. As Swift SIMD (SSE2: shifts, masks and
   ors, four pixels a step) the conversion was about 15 % of the window's CPU in a scene that
   redraws the whole frame; the shuffle halves it (BENCHMARKS.md, 2026-11-28 evening). */
#if defined(__x86_64__)
__attribute__((target("avx2")))
void fb_swap_red_blue_avx2(const uint32_t *src, uint32_t *dst, long count) {
    const __m256i order = _mm256_setr_epi8(2, 1, 0, 3, 6, 5, 4, 7, 10, 9, 8, 11, 14, 13, 12, 15,
                                           2, 1, 0, 3, 6, 5, 4, 7, 10, 9, 8, 11, 14, 13, 12, 15);
    long i = 0;
    for (; i + 8 <= count; i += 8) {
        __m256i p = _mm256_loadu_si256((const __m256i *)(src + i));
        _mm256_storeu_si256((__m256i *)(dst + i), _mm256_shuffle_epi8(p, order));
    }
    for (; i < count; i++) {
        uint32_t p = src[i];
        dst[i] = (p & 0xFF00FF00u) | ((p >> 16) & 0xFFu) | ((p & 0xFFu) << 16);
    }
}
#endif
