#ifndef CRASTERKERNELS_H
#define CRASTERKERNELS_H

#include <stdint.h>

/// Raster's inner loops written for one instruction set each and chosen at run time (Raster's
/// Kernels.swift says which and when). Each computes exactly what Raster's portable Swift loop
/// computes, byte for byte.

/// Whether this CPU runs the AVX2 kernels (`__builtin_cpu_supports("avx2")`, asked once), and the
/// environment does not say FLIPBOOK_KERNELS=portable.
int fb_cpu_has_avx2(void);

/// One row span of a sprite: `n` pixels from `row`, the sample of pixel k at 16.16 texel
/// coordinates (uf + k·du, vf + k·dv) in `texels` (a sprite image with a transparent border: rows
/// −1…h and columns −1…w are readable, `stride` pixels apart), bilinear in 8-bit fixed point,
/// times the colour (red and blue in `krb`'s two 16-bit halves, green and alpha in `kga`'s), blended
/// source-over or added. Only whole groups of 8 pixels are drawn.
/// The caller guarantees that every coordinate of the span, and 8·du and 8·dv, fit in int32.
/// - Returns: how many pixels were drawn (a multiple of 8, at most n); the rest is the caller's.
long fb_sprite_span_avx2(uint32_t *row, long n, int32_t uf, int32_t du, int32_t vf, int32_t dv,
                         const uint32_t *texels, int32_t stride, int32_t w, int32_t h,
                         uint32_t krb, uint32_t kga, int additive);

#endif
