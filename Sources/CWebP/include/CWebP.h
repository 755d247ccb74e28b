// Animated WebP through libwebp, loaded at run time (dlopen): Flipbook builds and runs without
// libwebp; only `--webp` needs it (libwebpmux3 to encode, libwebpdemux2 to decode, libwebp7 under
// both). When libwebp-dev's headers were missing at build time the functions report that instead.
#ifndef FLIPBOOK_CWEBP_H
#define FLIPBOOK_CWEBP_H
#include <stddef.h>
#include <stdint.h>

typedef struct FBWebPAnim FBWebPAnim;

/// 1 when the encoder could be loaded; otherwise 0 and `fb_webp_error()` says why.
int fb_webp_load_encoder(void);
/// 1 when the decoder could be loaded; otherwise 0 and `fb_webp_error()` says why.
int fb_webp_load_decoder(void);
/// Why the last call failed (a static string).
const char *fb_webp_error(void);

/// An encoder for `width`x`height` frames that loops forever. `lossless` 1 keeps the pixels
/// exact; `quality` 0…100 is the lossy quality or the lossless effort; `method` 0…6 trades speed
/// for size. NULL on failure.
FBWebPAnim *fb_webp_anim_new(int width, int height, int lossless, float quality, int method);
/// Adds a frame of straight RGBA bytes shown from `timestamp_ms`. 1 on success.
int fb_webp_anim_add(FBWebPAnim *anim, const uint8_t *rgba, int stride, int timestamp_ms);
/// Ends the animation at `end_timestamp_ms` (the last frame's end) and returns the file's bytes
/// in `*out` (free with `fb_webp_free`). 1 on success.
int fb_webp_anim_finish(FBWebPAnim *anim, int end_timestamp_ms, uint8_t **out, size_t *size);
void fb_webp_anim_delete(FBWebPAnim *anim);
void fb_webp_free(void *bytes);

/// Decodes an animated WebP, calling `frame` with each full canvas (straight RGBA, width*4 per row)
/// and the time it ends, in ms. Returns the frame count, or -1 when the data cannot be decoded.
int fb_webp_anim_decode(const uint8_t *data, size_t size,
                        void (*frame)(void *context, const uint8_t *rgba, int width, int height, int end_ms),
                        void *context);
#endif
