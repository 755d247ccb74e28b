// PNG's row filters, per byte (see CCodecs.h).
#include "CCodecs.h"
#include <stdlib.h>
#include <string.h>

static inline int paeth(int a, int b, int c) {
    int p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c);
    return pa <= pb && pa <= pc ? a : (pb <= pc ? b : c);
}

static inline int magnitude(int v) {
    int b = v & 0xFF;
    return b < 128 ? b : 256 - b;
}

void flipbook_png_filter_rows(const uint8_t *rgba, size_t stride, size_t height, uint8_t *out) {
    for (size_t y = 0; y < height; y++) {
        const uint8_t *cur = rgba + y * stride;
        const uint8_t *up = y > 0 ? rgba + (y - 1) * stride : NULL;
        uint8_t *row = out + y * (1 + stride);
        long sums[5] = {0, 0, 0, 0, 0};
        for (size_t i = 0; i < stride; i++) {
            int x = cur[i], a = i >= 4 ? cur[i - 4] : 0, b = up ? up[i] : 0, c = (up && i >= 4) ? up[i - 4] : 0;
            sums[0] += magnitude(x);
            sums[1] += magnitude(x - a);
            sums[2] += magnitude(x - b);
            sums[3] += magnitude(x - ((a + b) >> 1));
            sums[4] += magnitude(x - paeth(a, b, c));
        }
        int best = 0;
        for (int f = 1; f < 5; f++) if (sums[f] < sums[best]) best = f;
        row[0] = (uint8_t)best;
        for (size_t i = 0; i < stride; i++) {
            int x = cur[i], a = i >= 4 ? cur[i - 4] : 0, b = up ? up[i] : 0, c = (up && i >= 4) ? up[i - 4] : 0;
            int predictor = best == 0 ? 0 : best == 1 ? a : best == 2 ? b : best == 3 ? (a + b) >> 1 : paeth(a, b, c);
            row[1 + i] = (uint8_t)(x - predictor);
        }
    }
}

int flipbook_png_unfilter_row(int filter, const uint8_t *src, const uint8_t *up, uint8_t *out, size_t n, size_t bpp) {
    switch (filter) {
    case 0:
        memcpy(out, src, n);
        return 0;
    case 1:
        for (size_t i = 0; i < n; i++) out[i] = (uint8_t)(src[i] + (i >= bpp ? out[i - bpp] : 0));
        return 0;
    case 2:
        for (size_t i = 0; i < n; i++) out[i] = (uint8_t)(src[i] + up[i]);
        return 0;
    case 3:
        for (size_t i = 0; i < n; i++) out[i] = (uint8_t)(src[i] + (((i >= bpp ? out[i - bpp] : 0) + up[i]) >> 1));
        return 0;
    case 4:
        for (size_t i = 0; i < n; i++) {
            int a = i >= bpp ? out[i - bpp] : 0, c = i >= bpp ? up[i - bpp] : 0;
            out[i] = (uint8_t)(src[i] + paeth(a, up[i], c));
        }
        return 0;
    default:
        return -1;
    }
}

void flipbook_png_filter_rows_sub(const uint8_t *rgba, size_t stride, size_t height, uint8_t *out) {
    for (size_t y = 0; y < height; y++) {
        const uint8_t *cur = rgba + y * stride;
        uint8_t *row = out + y * (1 + stride);
        row[0] = 1;
        size_t first = stride < 4 ? stride : 4;
        for (size_t i = 0; i < first; i++) row[1 + i] = cur[i];
        for (size_t i = 4; i < stride; i++) row[1 + i] = (uint8_t)(cur[i] - cur[i - 4]);
    }
}
