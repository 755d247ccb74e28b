// JPEG: libjpeg-turbo behind an error handler that returns: libjpeg's default error_exit prints and
// calls exit(), which would end the whole program on one damaged file. Here every error (and every
// warning: a cut-short file is only a warning to libjpeg, which paints the rest grey) longjmps back
// to the call, which frees what it made and returns -1 with libjpeg's message.
#include "CCodecs.h"
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>

struct flipbook_error {
    struct jpeg_error_mgr manager;
    jmp_buf back;
    char *message;
    size_t message_size;
};

static void flipbook_error_exit(j_common_ptr info) {
    struct flipbook_error *error = (struct flipbook_error *)info->err;
    char text[JMSG_LENGTH_MAX];
    (*info->err->format_message)(info, text);
    if (error->message && error->message_size > 0) {
        snprintf(error->message, error->message_size, "%s", text);
    }
    longjmp(error->back, 1);
}

static void flipbook_emit_message(j_common_ptr info, int level) {
    if (level < 0) { // a warning: corrupt or missing data
        flipbook_error_exit(info);
    }
}

static void flipbook_output_message(j_common_ptr info) { (void)info; }

int flipbook_jpeg_decode(const uint8_t *data, size_t size, long max_side,
                         uint8_t **pixels, int *width, int *height, char *message, size_t message_size) {
    struct jpeg_decompress_struct info;
    struct flipbook_error error;
    // volatile: changed between setjmp and a longjmp back.
    uint8_t *volatile out = NULL;
    uint8_t *volatile row = NULL;
    *pixels = NULL;
    *width = 0;
    *height = 0;
    if (message_size > 0) message[0] = 0;
    if (size == 0 || size > (size_t)0x7fffffff) {
        snprintf(message, message_size, "%s", size == 0 ? "empty file" : "file too large");
        return -1;
    }
    memset(&info, 0, sizeof info);
    info.err = jpeg_std_error(&error.manager);
    error.manager.error_exit = flipbook_error_exit;
    error.manager.emit_message = flipbook_emit_message;
    error.manager.output_message = flipbook_output_message;
    error.message = message;
    error.message_size = message_size;
    if (setjmp(error.back)) {
        jpeg_destroy_decompress(&info);
        free(out);
        free(row);
        return -1;
    }
    jpeg_create_decompress(&info);
    jpeg_mem_src(&info, data, (unsigned long)size);
    jpeg_read_header(&info, TRUE);
    if (info.image_width == 0 || info.image_height == 0
        || (long)info.image_width > max_side || (long)info.image_height > max_side) {
        snprintf(message, message_size, "declares %ux%u pixels, outside 1...%ld per side",
                 info.image_width, info.image_height, max_side);
        jpeg_destroy_decompress(&info);
        return -1;
    }
    int cmyk = info.jpeg_color_space == JCS_CMYK || info.jpeg_color_space == JCS_YCCK;
    info.out_color_space = cmyk ? JCS_CMYK : JCS_RGB;
    info.quantize_colors = FALSE;
    jpeg_start_decompress(&info);
    size_t w = info.output_width, h = info.output_height, channels = (size_t)info.output_components;
    out = malloc(w * h * 4);
    row = malloc(w * channels);
    if (!out || !row) {
        snprintf(message, message_size, "out of memory for %zux%zu pixels", w, h);
        longjmp(error.back, 1);
    }
    while (info.output_scanline < info.output_height) {
        size_t y = info.output_scanline;
        JSAMPROW rows[1] = { row };
        jpeg_read_scanlines(&info, rows, 1);
        uint8_t *dst = out + y * w * 4;
        for (size_t x = 0; x < w; x++) {
            const uint8_t *s = row + x * channels;
            if (cmyk) {
                // Adobe's CMYK JPEGs store the inks inverted: 255 is no ink.
                unsigned k = s[3];
                dst[4 * x] = (uint8_t)((s[0] * k + 127) / 255);
                dst[4 * x + 1] = (uint8_t)((s[1] * k + 127) / 255);
                dst[4 * x + 2] = (uint8_t)((s[2] * k + 127) / 255);
            } else {
                dst[4 * x] = s[0];
                dst[4 * x + 1] = s[1];
                dst[4 * x + 2] = s[2];
            }
            dst[4 * x + 3] = 255;
        }
    }
    jpeg_finish_decompress(&info);
    jpeg_destroy_decompress(&info);
    free(row);
    *pixels = out;
    *width = (int)w;
    *height = (int)h;
    return 0;
}

void flipbook_jpeg_free(uint8_t *pixels) { free(pixels); }

int flipbook_jpeg_encode_rgb(const uint8_t *rgb, int width, int height, int quality, int progressive,
                             uint8_t **out, size_t *out_size) {
    struct jpeg_compress_struct info;
    struct flipbook_error error;
    unsigned char *volatile buffer = NULL;
    unsigned long length = 0;
    *out = NULL;
    *out_size = 0;
    memset(&info, 0, sizeof info);
    info.err = jpeg_std_error(&error.manager);
    error.manager.error_exit = flipbook_error_exit;
    error.manager.output_message = flipbook_output_message;
    error.message = NULL;
    error.message_size = 0;
    if (setjmp(error.back)) {
        jpeg_destroy_compress(&info);
        free(buffer);
        return -1;
    }
    jpeg_create_compress(&info);
    jpeg_mem_dest(&info, (unsigned char **)&buffer, &length);
    info.image_width = (JDIMENSION)width;
    info.image_height = (JDIMENSION)height;
    info.input_components = 3;
    info.in_color_space = JCS_RGB;
    jpeg_set_defaults(&info);
    jpeg_set_quality(&info, quality, TRUE);
    if (progressive) jpeg_simple_progression(&info);
    jpeg_start_compress(&info, TRUE);
    while (info.next_scanline < info.image_height) {
        JSAMPROW rows[1] = { (JSAMPROW)(rgb + (size_t)info.next_scanline * (size_t)width * 3) };
        jpeg_write_scanlines(&info, rows, 1);
    }
    jpeg_finish_compress(&info);
    jpeg_destroy_compress(&info);
    *out = buffer;
    *out_size = length;
    return 0;
}
