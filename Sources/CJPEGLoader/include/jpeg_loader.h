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

/// A flag another thread sets to stop a decode (`CJPEGLoader_cancel`).
typedef struct {
    int cancelled;
} CJPEGLoader_stop;

/// The most scans a progressive JPEG may have: cameras and encoders write about ten;
/// libjpeg-turbo's own tools suggest a limit of 500 against files made to stall them.
enum { CJPEGLoader_maximum_scans = 500 };

/// Stops the decode watching `stop` at its next row or scan.
void CJPEGLoader_cancel(CJPEGLoader_stop *stop);

/// Decodes a JPEG held in memory with libjpeg-turbo, which is loaded on first use, so a
/// daemon that shows no JPEG never maps it. Refuses images over `max_pixels` before
/// decoding them. With `least_side` > 0 the image is scaled down while decoding by 1/2,
/// 1/4 or 1/8, as far as keeps both sides at least that many pixels. A corrupt file is an error, never a crash: libjpeg's fatal errors
/// return here.
/// `stop` (may be NULL) ends the decode with an error once set; so do more than
/// `CJPEGLoader_maximum_scans` scans.
void CJPEGLoader_decode(const unsigned char *data, size_t length, long max_pixels, int least_side, const CJPEGLoader_stop *stop, CJPEGLoader_image *image);

void CJPEGLoader_free(CJPEGLoader_image *image);

#endif
