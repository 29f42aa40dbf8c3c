#ifndef LOCKSCREEND_JPEG_LOADER_H
#define LOCKSCREEND_JPEG_LOADER_H

#include <stddef.h>

/// A decoded JPEG: `width` × `height` pixels of opaque BGRA (Cairo's ARGB32 on a
/// little-endian machine), rows `stride` bytes apart; or `ok == 0` with why in `message`.
typedef struct {
    int ok;
    int width;
    int height;
    int stride;
    unsigned char *pixels;    ///< malloc'd; free with CJPEGLoader_free.
    char message[256];
} CJPEGLoader_image;

/// Decodes a JPEG held in memory with libjpeg-turbo, which is loaded on first use, so a
/// daemon that shows no JPEG never maps it. Refuses images over `max_pixels` before
/// decoding them. With `least_side` > 0 the image is scaled down while decoding by 1/2,
/// 1/4 or 1/8, as far as keeps both sides at least that many pixels. A corrupt file is an error, never a crash: libjpeg's fatal errors
/// return here.
void CJPEGLoader_decode(const unsigned char *data, size_t length, long max_pixels, int least_side, CJPEGLoader_image *image);

void CJPEGLoader_free(CJPEGLoader_image *image);

#endif
