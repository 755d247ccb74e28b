#ifndef FLIPBOOK_CCODECS_H
#define FLIPBOOK_CCODECS_H
#include <stddef.h>
#include <stdint.h>

// RasterIO's C kernels: libjpeg behind an error handler that returns (JPEG.c), PNG's row
// filters (PNG.c), which run per byte and so stay fast in debug builds, where the tests write and
// read thousands of frames (Swift without optimisation was 15 times slower there), and libdeflate
// opened at run time for the window's recordings (Deflate.c).

/// Decodes the JPEG in `data` into straight RGBA8 rows (alpha 255), written to a buffer this
/// function allocates (`*pixels`, free it with `flipbook_jpeg_free`). Refuses an image wider or
/// taller than `max_side` before allocating. libjpeg's errors, and its warnings (a file cut short,
/// damaged data it would paint grey), return -1 with one line in `message`, never exit().
int flipbook_jpeg_decode(const uint8_t *data, size_t size, long max_side,
                         uint8_t **pixels, int *width, int *height, char *message, size_t message_size);

/// Frees what `flipbook_jpeg_decode` allocated.
void flipbook_jpeg_free(uint8_t *pixels);

/// Encodes RGB8 rows as a baseline JPEG at `quality` (1–100) into `*out` (free it with
/// `flipbook_jpeg_free`): the test vectors the decoder is checked against. 0 on success.
int flipbook_jpeg_encode_rgb(const uint8_t *rgb, int width, int height, int quality, int progressive,
                             uint8_t **out, size_t *out_size);
/// Filters `height` rows of `stride` bytes of 4-byte pixels (`rgba`) into `out`, `1 + stride`
/// bytes a row: each row's filter byte, then its bytes filtered with the filter (None, Sub, Up,
/// Average, Paeth) whose output has the smallest sum of magnitudes as signed bytes, the lowest
/// numbered on a tie (libpng's heuristic).
void flipbook_png_filter_rows(const uint8_t *rgba, size_t stride, size_t height, uint8_t *out);

/// Filters `height` rows of `stride` bytes of 4-byte pixels with PNG's Sub filter on every row
/// (no choosing: a window's recording, where choosing cost half of all its time and the sizes
/// differ by a few per cent on gradients).
void flipbook_png_filter_rows_sub(const uint8_t *rgba, size_t stride, size_t height, uint8_t *out);

/// Undoes `filter` (0–4) on one row of `n` bytes: `src` filtered, `up` the row above (zeros for
/// the first), `bpp` bytes per pixel (at least 1). Returns -1 for an unknown filter.
int flipbook_png_unfilter_row(int filter, const uint8_t *src, const uint8_t *up, uint8_t *out, size_t n, size_t bpp);
/// True when libdeflate (libdeflate.so.0) could be loaded; it is never linked, only opened.
int flipbook_libdeflate_available(void);

/// Compresses `size` bytes of `in` as a zlib stream (RFC 1950) at libdeflate's `level` (1–12)
/// into a buffer this function allocates (`*out`, free it with `free`); returns its length, or 0
/// (and `*out` NULL) when libdeflate is missing or fails: then use zlib.
size_t flipbook_libdeflate_zlib(const uint8_t *in, size_t size, int level, uint8_t **out);

#endif
