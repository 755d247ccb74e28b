#include "CWebP.h"
#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>

static const char *last_error = "libwebp was not loaded";
const char *fb_webp_error(void) { return last_error; }

#if __has_include(<webp/mux.h>) && __has_include(<webp/encode.h>) && __has_include(<webp/demux.h>)
#include <webp/demux.h>
#include <webp/encode.h>
#include <webp/mux.h>

// Every libwebp function is called through these pointers; the headers' inline helpers that call
// into the library (WebPConfigInit, WebPDataClear…) are not used, so nothing links to libwebp.
static int (*p_ConfigInitInternal)(WebPConfig *, WebPPreset, float, int);
static int (*p_ValidateConfig)(const WebPConfig *);
static int (*p_PictureInitInternal)(WebPPicture *, int);
static int (*p_PictureImportRGBA)(WebPPicture *, const uint8_t *, int);
static void (*p_PictureFree)(WebPPicture *);
static void (*p_Free)(void *);
static int (*p_AnimEncoderOptionsInitInternal)(WebPAnimEncoderOptions *, int);
static WebPAnimEncoder *(*p_AnimEncoderNewInternal)(int, int, const WebPAnimEncoderOptions *, int);
static int (*p_AnimEncoderAdd)(WebPAnimEncoder *, WebPPicture *, int, const WebPConfig *);
static int (*p_AnimEncoderAssemble)(WebPAnimEncoder *, WebPData *);
static void (*p_AnimEncoderDelete)(WebPAnimEncoder *);
static int (*p_AnimDecoderOptionsInitInternal)(WebPAnimDecoderOptions *, int);
static WebPAnimDecoder *(*p_AnimDecoderNewInternal)(const WebPData *, const WebPAnimDecoderOptions *, int);
static int (*p_AnimDecoderGetInfo)(const WebPAnimDecoder *, WebPAnimInfo *);
static int (*p_AnimDecoderHasMoreFrames)(const WebPAnimDecoder *);
static int (*p_AnimDecoderGetNext)(WebPAnimDecoder *, uint8_t **, int *);
static void (*p_AnimDecoderDelete)(WebPAnimDecoder *);

static void *open_first(const char *a, const char *b) {
    void *h = dlopen(a, RTLD_NOW | RTLD_GLOBAL);
    return h ? h : dlopen(b, RTLD_NOW | RTLD_GLOBAL);
}

#define FIND(handle, var, name) \
    if (!(var = (__typeof__(var))dlsym(handle, name))) { last_error = "libwebp lacks " name "; install libwebp 1.0 or newer"; return 0; }

static int load_base(void) {
    static void *webp;
    if (webp) return 1;
    void *h = open_first("libwebp.so.7", "libwebp.so");
    if (!h) { last_error = "libwebp is not installed (Debian package libwebp7)"; return 0; }
    FIND(h, p_ConfigInitInternal, "WebPConfigInitInternal");
    FIND(h, p_ValidateConfig, "WebPValidateConfig");
    FIND(h, p_PictureInitInternal, "WebPPictureInitInternal");
    FIND(h, p_PictureImportRGBA, "WebPPictureImportRGBA");
    FIND(h, p_PictureFree, "WebPPictureFree");
    FIND(h, p_Free, "WebPFree");
    webp = h;
    return 1;
}

int fb_webp_load_encoder(void) {
    static void *mux;
    if (mux) return 1;
    if (!load_base()) return 0;
    void *h = open_first("libwebpmux.so.3", "libwebpmux.so");
    if (!h) { last_error = "the animated WebP encoder is not installed (Debian package libwebpmux3)"; return 0; }
    FIND(h, p_AnimEncoderOptionsInitInternal, "WebPAnimEncoderOptionsInitInternal");
    FIND(h, p_AnimEncoderNewInternal, "WebPAnimEncoderNewInternal");
    FIND(h, p_AnimEncoderAdd, "WebPAnimEncoderAdd");
    FIND(h, p_AnimEncoderAssemble, "WebPAnimEncoderAssemble");
    FIND(h, p_AnimEncoderDelete, "WebPAnimEncoderDelete");
    mux = h;
    return 1;
}

int fb_webp_load_decoder(void) {
    static void *demux;
    if (demux) return 1;
    if (!load_base()) return 0;
    void *h = open_first("libwebpdemux.so.2", "libwebpdemux.so");
    if (!h) { last_error = "the animated WebP decoder is not installed (Debian package libwebpdemux2)"; return 0; }
    FIND(h, p_AnimDecoderOptionsInitInternal, "WebPAnimDecoderOptionsInitInternal");
    FIND(h, p_AnimDecoderNewInternal, "WebPAnimDecoderNewInternal");
    FIND(h, p_AnimDecoderGetInfo, "WebPAnimDecoderGetInfo");
    FIND(h, p_AnimDecoderHasMoreFrames, "WebPAnimDecoderHasMoreFrames");
    FIND(h, p_AnimDecoderGetNext, "WebPAnimDecoderGetNext");
    FIND(h, p_AnimDecoderDelete, "WebPAnimDecoderDelete");
    demux = h;
    return 1;
}

struct FBWebPAnim {
    WebPAnimEncoder *encoder;
    WebPConfig config;
    int width, height;
};

FBWebPAnim *fb_webp_anim_new(int width, int height, int lossless, float quality, int method) {
    if (!fb_webp_load_encoder()) return NULL;
    FBWebPAnim *anim = calloc(1, sizeof *anim);
    if (!anim) { last_error = "out of memory"; return NULL; }
    WebPAnimEncoderOptions options;
    if (!p_AnimEncoderOptionsInitInternal(&options, WEBP_MUX_ABI_VERSION)) { last_error = "libwebpmux's version does not match"; free(anim); return NULL; }
    options.anim_params.loop_count = 0;
    if (!p_ConfigInitInternal(&anim->config, WEBP_PRESET_DEFAULT, quality, WEBP_ENCODER_ABI_VERSION)) {
        last_error = "libwebp's version does not match"; free(anim); return NULL;
    }
    anim->config.lossless = lossless;
    anim->config.quality = quality;
    anim->config.method = method;
    if (!p_ValidateConfig(&anim->config)) { last_error = "invalid WebP settings"; free(anim); return NULL; }
    anim->encoder = p_AnimEncoderNewInternal(width, height, &options, WEBP_MUX_ABI_VERSION);
    if (!anim->encoder) { last_error = "libwebpmux could not make an encoder"; free(anim); return NULL; }
    anim->width = width;
    anim->height = height;
    return anim;
}

int fb_webp_anim_add(FBWebPAnim *anim, const uint8_t *rgba, int stride, int timestamp_ms) {
    WebPPicture picture;
    if (!p_PictureInitInternal(&picture, WEBP_ENCODER_ABI_VERSION)) { last_error = "libwebp's version does not match"; return 0; }
    picture.use_argb = 1;
    picture.width = anim->width;
    picture.height = anim->height;
    if (!p_PictureImportRGBA(&picture, rgba, stride)) { last_error = "libwebp could not take a frame (out of memory?)"; return 0; }
    int ok = p_AnimEncoderAdd(anim->encoder, &picture, timestamp_ms, &anim->config);
    p_PictureFree(&picture);
    if (!ok) last_error = "libwebp could not encode a frame";
    return ok;
}

int fb_webp_anim_finish(FBWebPAnim *anim, int end_timestamp_ms, uint8_t **out, size_t *size) {
    if (!p_AnimEncoderAdd(anim->encoder, NULL, end_timestamp_ms, NULL)) { last_error = "libwebp could not end the animation"; return 0; }
    WebPData data;
    memset(&data, 0, sizeof data);
    if (!p_AnimEncoderAssemble(anim->encoder, &data)) { last_error = "libwebp could not assemble the animation"; return 0; }
    *out = malloc(data.size ? data.size : 1);
    if (!*out) { p_Free((void *)data.bytes); last_error = "out of memory"; return 0; }
    memcpy(*out, data.bytes, data.size);
    *size = data.size;
    p_Free((void *)data.bytes);
    return 1;
}

void fb_webp_anim_delete(FBWebPAnim *anim) {
    if (!anim) return;
    if (anim->encoder) p_AnimEncoderDelete(anim->encoder);
    free(anim);
}

int fb_webp_anim_decode(const uint8_t *bytes, size_t size,
                        void (*frame)(void *, const uint8_t *, int, int, int), void *context) {
    if (!fb_webp_load_decoder()) return -1;
    WebPAnimDecoderOptions options;
    if (!p_AnimDecoderOptionsInitInternal(&options, WEBP_DEMUX_ABI_VERSION)) return -1;
    options.color_mode = MODE_RGBA;
    WebPData data = { bytes, size };
    WebPAnimDecoder *decoder = p_AnimDecoderNewInternal(&data, &options, WEBP_DEMUX_ABI_VERSION);
    if (!decoder) { last_error = "not an animated WebP"; return -1; }
    WebPAnimInfo info;
    int count = 0;
    if (p_AnimDecoderGetInfo(decoder, &info)) {
        while (p_AnimDecoderHasMoreFrames(decoder)) {
            uint8_t *rgba; int timestamp;
            if (!p_AnimDecoderGetNext(decoder, &rgba, &timestamp)) { count = -1; break; }
            frame(context, rgba, (int)info.canvas_width, (int)info.canvas_height, timestamp);
            count++;
        }
    } else count = -1;
    p_AnimDecoderDelete(decoder);
    return count;
}

#else
int fb_webp_load_encoder(void) { last_error = "this build of Flipbook has no WebP support: install libwebp-dev and rebuild"; return 0; }
int fb_webp_load_decoder(void) { return fb_webp_load_encoder(); }
FBWebPAnim *fb_webp_anim_new(int w, int h, int l, float q, int m) { (void)w; (void)h; (void)l; (void)q; (void)m; fb_webp_load_encoder(); return NULL; }
int fb_webp_anim_add(FBWebPAnim *a, const uint8_t *p, int s, int t) { (void)a; (void)p; (void)s; (void)t; return 0; }
int fb_webp_anim_finish(FBWebPAnim *a, int t, uint8_t **o, size_t *s) { (void)a; (void)t; (void)o; (void)s; return 0; }
void fb_webp_anim_delete(FBWebPAnim *a) { (void)a; }
int fb_webp_anim_decode(const uint8_t *d, size_t s, void (*f)(void *, const uint8_t *, int, int, int), void *c) {
    (void)d; (void)s; (void)f; (void)c; fb_webp_load_encoder(); return -1;
}
#endif

void fb_webp_free(void *bytes) { free(bytes); }
