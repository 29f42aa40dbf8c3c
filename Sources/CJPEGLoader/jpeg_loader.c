#include "jpeg_loader.h"

#include <dlfcn.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jpeglib.h>

// The libjpeg functions used, looked up once.
static struct {
    struct jpeg_error_mgr *(*std_error)(struct jpeg_error_mgr *);
    void (*create_decompress)(j_decompress_ptr, int, size_t);
    void (*mem_src)(j_decompress_ptr, const unsigned char *, unsigned long);
    int (*read_header)(j_decompress_ptr, boolean);
    boolean (*start_decompress)(j_decompress_ptr);
    JDIMENSION (*read_scanlines)(j_decompress_ptr, JSAMPARRAY, JDIMENSION);
    boolean (*finish_decompress)(j_decompress_ptr);
    void (*destroy_decompress)(j_decompress_ptr);
    const char *failure;
} jpeg;

static pthread_once_t jpeg_once = PTHREAD_ONCE_INIT;
static char jpeg_failure[200];

static void load_jpeg(void) {
    void *library = dlopen("libjpeg.so.62", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(jpeg_failure, sizeof jpeg_failure, "libjpeg.so.62 is not installed (Debian: libjpeg62-turbo)");
        jpeg.failure = jpeg_failure;
        return;
    }
    jpeg.std_error = dlsym(library, "jpeg_std_error");
    jpeg.create_decompress = dlsym(library, "jpeg_CreateDecompress");
    jpeg.mem_src = dlsym(library, "jpeg_mem_src");
    jpeg.read_header = dlsym(library, "jpeg_read_header");
    jpeg.start_decompress = dlsym(library, "jpeg_start_decompress");
    jpeg.read_scanlines = dlsym(library, "jpeg_read_scanlines");
    jpeg.finish_decompress = dlsym(library, "jpeg_finish_decompress");
    jpeg.destroy_decompress = dlsym(library, "jpeg_destroy_decompress");
    if (!jpeg.std_error || !jpeg.create_decompress || !jpeg.mem_src || !jpeg.read_header || !jpeg.start_decompress
        || !jpeg.read_scanlines || !jpeg.finish_decompress || !jpeg.destroy_decompress) {
        snprintf(jpeg_failure, sizeof jpeg_failure, "libjpeg.so.62 lacks a function this program needs");
        jpeg.failure = jpeg_failure;
    }
}

// libjpeg reports fatal errors by calling error_exit, which must not return: jump back.
struct error_state {
    struct jpeg_error_mgr manager;
    jmp_buf back;
    char message[JMSG_LENGTH_MAX];
};

static void error_exit(j_common_ptr info) {
    struct error_state *state = (struct error_state *)info->err;
    state->manager.format_message(info, state->message);
    longjmp(state->back, 1);
}

static void quiet(j_common_ptr info, int level) { (void)info; (void)level; }

// libjpeg calls the progress monitor as it works through the data (every row of MCUs,
// every scan of a progressive file): the one place a long decode can be stopped. It
// stops one that has been cancelled, or that has more scans than any camera writes
// (a progressive JPEG can hold hundreds of thousands, each a pass over the picture).
struct progress_state {
    struct jpeg_progress_mgr manager;
    const CJPEGLoader_stop *stop;
};

static void watch(j_common_ptr info) {
    struct progress_state *progress = (struct progress_state *)info->progress;
    struct error_state *state = (struct error_state *)info->err;
    if (progress->stop && __atomic_load_n(&progress->stop->cancelled, __ATOMIC_RELAXED)) {
        snprintf(state->message, sizeof state->message, "decoding stopped: it took too long or was no longer wanted");
        longjmp(state->back, 1);
    }
    if (info->is_decompressor && ((j_decompress_ptr)info)->input_scan_number > CJPEGLoader_maximum_scans) {
        snprintf(state->message, sizeof state->message, "more than %d progressive scans", CJPEGLoader_maximum_scans);
        longjmp(state->back, 1);
    }
}

void CJPEGLoader_cancel(CJPEGLoader_stop *stop) { __atomic_store_n(&stop->cancelled, 1, __ATOMIC_RELAXED); }

void CJPEGLoader_decode(const unsigned char *data, size_t length, long max_pixels, int least_side, const CJPEGLoader_stop *stop, CJPEGLoader_image *image) {
    memset(image, 0, sizeof *image);
    pthread_once(&jpeg_once, load_jpeg);
    if (jpeg.failure) {
        snprintf(image->message, sizeof image->message, "%s", jpeg.failure);
        return;
    }
    struct jpeg_decompress_struct info;
    struct error_state errors;
    unsigned char *volatile pixels = NULL;
    info.err = jpeg.std_error(&errors.manager);
    errors.manager.error_exit = error_exit;
    errors.manager.emit_message = quiet;
    struct progress_state progress = { .stop = stop };
    progress.manager.progress_monitor = watch;
    if (setjmp(errors.back)) {
        snprintf(image->message, sizeof image->message, "not a readable JPEG: %s", errors.message);
        jpeg.destroy_decompress(&info);
        free(pixels);
        return;
    }
    jpeg.create_decompress(&info, JPEG_LIB_VERSION, sizeof info);
    info.progress = &progress.manager;
    jpeg.mem_src(&info, data, (unsigned long)length);
    jpeg.read_header(&info, TRUE);
    if ((long)info.image_width * (long)info.image_height > max_pixels) {
        snprintf(image->message, sizeof image->message, "the JPEG is %u × %u pixels, more than %ld", info.image_width, info.image_height, max_pixels);
        jpeg.destroy_decompress(&info);
        return;
    }
    info.out_color_space = JCS_EXT_BGRA;
    // libjpeg scales by 1/2, 1/4 or 1/8 while decoding, far cheaper than decoding whole
    // and shrinking after: the largest step that keeps both sides at least `least_side`.
    if (least_side > 0) {
        unsigned denominator = 8;
        while (denominator > 1 && (info.image_width / denominator < (unsigned)least_side || info.image_height / denominator < (unsigned)least_side)) denominator /= 2;
        info.scale_num = 1;
        info.scale_denom = denominator;
    }
    jpeg.start_decompress(&info);
    int stride = (int)info.output_width * 4;
    pixels = malloc((size_t)stride * info.output_height);
    if (!pixels) {
        snprintf(image->message, sizeof image->message, "out of memory for a %u × %u JPEG", info.output_width, info.output_height);
        jpeg.destroy_decompress(&info);
        return;
    }
    int width = (int)info.output_width, height = (int)info.output_height;
    while (info.output_scanline < info.output_height) {
        JSAMPROW row = pixels + (size_t)info.output_scanline * stride;
        if (jpeg.read_scanlines(&info, &row, 1) != 1) break;
    }
    jpeg.finish_decompress(&info);
    jpeg.destroy_decompress(&info);
    image->ok = 1;
    image->width = width;
    image->height = height;
    image->stride = stride;
    image->pixels = pixels;
}

void CJPEGLoader_free(CJPEGLoader_image *image) {
    free(image->pixels);
    image->pixels = NULL;
}
