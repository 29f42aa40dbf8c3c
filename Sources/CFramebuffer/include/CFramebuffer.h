#ifndef CFRAMEBUFFER_H
#define CFRAMEBUFFER_H

// Thin C over the Linux display interfaces Swift's Glibc module lacks: fbdev, the
// console's KD mode, i.MX EPDC (mxcfb) and DRM. Request numbers are macros Swift cannot
// import, so they are exported here as constants; the kernel structs come straight from
// the uapi headers, and every struct mirrored here has its size checked in shim.c.
// Nothing else belongs here: timers, events and process helpers are in CSystemShims.

#ifdef __linux__
#include <linux/fb.h>
#include <linux/kd.h>
#include <linux/vt.h>
#include <xf86drm.h>
#include <xf86drmMode.h>
#include <stdint.h>

extern const unsigned long CFramebuffer_FBIOGET_VSCREENINFO;
extern const unsigned long CFramebuffer_FBIOPUT_VSCREENINFO;
extern const unsigned long CFramebuffer_FBIOGET_FSCREENINFO;
extern const unsigned long CFramebuffer_FBIOPAN_DISPLAY;
// Blanking: the screen's power, as the console's blanker and X's DPMS use it.
extern const unsigned long CFramebuffer_FBIOBLANK;
extern const int CFramebuffer_FB_BLANK_UNBLANK;
extern const int CFramebuffer_FB_BLANK_POWERDOWN;
extern const unsigned long CFramebuffer_KDSETMODE;
extern const unsigned long CFramebuffer_KDGETMODE;
extern const int CFramebuffer_KD_TEXT;
extern const int CFramebuffer_KD_GRAPHICS;
extern const unsigned long CFramebuffer_DRM_IOCTL_MODE_CREATE_DUMB;
extern const unsigned long CFramebuffer_DRM_IOCTL_MODE_MAP_DUMB;
extern const unsigned long CFramebuffer_DRM_IOCTL_MODE_DESTROY_DUMB;
// i.MX EPDC (Kindle, Kobo, PocketBook e-readers): the update request, in the three layouts
// the vendors' kernels use. Field names follow the kernels' mxcfb.h.
struct CFramebuffer_mxcfb_rect {
    uint32_t top;
    uint32_t left;
    uint32_t width;
    uint32_t height;
};

struct CFramebuffer_mxcfb_alt_buffer_data {
    uint32_t phys_addr;
    uint32_t width;
    uint32_t height;
    struct CFramebuffer_mxcfb_rect alt_update_region;
};

/// Kobo's alternate buffer carries a kernel virtual address first.
struct CFramebuffer_mxcfb_alt_buffer_data_kobo {
    void *virt_addr;
    uint32_t phys_addr;
    uint32_t width;
    uint32_t height;
    struct CFramebuffer_mxcfb_rect alt_update_region;
};

/// Freescale's original layout (PocketBook).
struct CFramebuffer_mxcfb_update_data {
    struct CFramebuffer_mxcfb_rect update_region;
    uint32_t waveform_mode;
    uint32_t update_mode;
    uint32_t update_marker;
    int32_t temp;
    uint32_t flags;
    struct CFramebuffer_mxcfb_alt_buffer_data alt_buffer_data;
};

struct CFramebuffer_mxcfb_update_data_kobo {
    struct CFramebuffer_mxcfb_rect update_region;
    uint32_t waveform_mode;
    uint32_t update_mode;
    uint32_t update_marker;
    int32_t temp;
    uint32_t flags;
    struct CFramebuffer_mxcfb_alt_buffer_data_kobo alt_buffer_data;
};

/// Kindle adds the waveforms its histogram check picks for black/white and grey.
struct CFramebuffer_mxcfb_update_data_kindle {
    struct CFramebuffer_mxcfb_rect update_region;
    uint32_t waveform_mode;
    uint32_t update_mode;
    uint32_t update_marker;
    uint32_t hist_bw_waveform_mode;
    uint32_t hist_gray_waveform_mode;
    int32_t temp;
    uint32_t flags;
    struct CFramebuffer_mxcfb_alt_buffer_data alt_buffer_data;
};

struct CFramebuffer_mxcfb_update_marker_data {
    uint32_t update_marker;
    uint32_t collision_test;
};

extern const unsigned long CFramebuffer_MXCFB_SEND_UPDATE;
extern const unsigned long CFramebuffer_MXCFB_SEND_UPDATE_KOBO;
extern const unsigned long CFramebuffer_MXCFB_SEND_UPDATE_KINDLE;
/// Waiting on a marker: older kernels take the bare marker, newer ones marker data.
extern const unsigned long CFramebuffer_MXCFB_WAIT_FOR_UPDATE_COMPLETE;
extern const unsigned long CFramebuffer_MXCFB_WAIT_FOR_UPDATE_COMPLETE_V2;
extern const uint32_t CFramebuffer_MXCFB_UPDATE_MODE_PARTIAL;
extern const uint32_t CFramebuffer_MXCFB_UPDATE_MODE_FULL;
extern const int32_t CFramebuffer_MXCFB_TEMP_USE_AMBIENT;
extern const uint32_t CFramebuffer_MXCFB_WAVEFORM_DU;
extern const uint32_t CFramebuffer_MXCFB_WAVEFORM_GC16;
extern const uint32_t CFramebuffer_MXCFB_WAVEFORM_GL16;

#endif

#endif
