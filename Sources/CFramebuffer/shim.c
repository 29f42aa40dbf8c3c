#define _GNU_SOURCE
#include "CFramebuffer.h"

#ifdef __linux__
#include <sys/ioctl.h>
#include <drm.h>
#include <drm_mode.h>
#include <stddef.h>

const unsigned long CFramebuffer_FBIOGET_VSCREENINFO = FBIOGET_VSCREENINFO;
const unsigned long CFramebuffer_FBIOPUT_VSCREENINFO = FBIOPUT_VSCREENINFO;
const unsigned long CFramebuffer_FBIOGET_FSCREENINFO = FBIOGET_FSCREENINFO;
const unsigned long CFramebuffer_FBIOPAN_DISPLAY = FBIOPAN_DISPLAY;
const unsigned long CFramebuffer_FBIOBLANK = FBIOBLANK;
const int CFramebuffer_FB_BLANK_UNBLANK = FB_BLANK_UNBLANK;
const int CFramebuffer_FB_BLANK_POWERDOWN = FB_BLANK_POWERDOWN;
const unsigned long CFramebuffer_KDSETMODE = KDSETMODE;
const unsigned long CFramebuffer_KDGETMODE = KDGETMODE;
const int CFramebuffer_KD_TEXT = KD_TEXT;
const int CFramebuffer_KD_GRAPHICS = KD_GRAPHICS;
const unsigned long CFramebuffer_DRM_IOCTL_MODE_CREATE_DUMB = DRM_IOCTL_MODE_CREATE_DUMB;
const unsigned long CFramebuffer_DRM_IOCTL_MODE_MAP_DUMB = DRM_IOCTL_MODE_MAP_DUMB;
const unsigned long CFramebuffer_DRM_IOCTL_MODE_DESTROY_DUMB = DRM_IOCTL_MODE_DESTROY_DUMB;
const unsigned long CFramebuffer_MXCFB_SEND_UPDATE = _IOW('F', 0x2E, struct CFramebuffer_mxcfb_update_data);
const unsigned long CFramebuffer_MXCFB_SEND_UPDATE_KOBO = _IOW('F', 0x2E, struct CFramebuffer_mxcfb_update_data_kobo);
const unsigned long CFramebuffer_MXCFB_SEND_UPDATE_KINDLE = _IOW('F', 0x2E, struct CFramebuffer_mxcfb_update_data_kindle);
const unsigned long CFramebuffer_MXCFB_WAIT_FOR_UPDATE_COMPLETE = _IOW('F', 0x2F, uint32_t);
const unsigned long CFramebuffer_MXCFB_WAIT_FOR_UPDATE_COMPLETE_V2 = _IOWR('F', 0x2F, struct CFramebuffer_mxcfb_update_marker_data);
const uint32_t CFramebuffer_MXCFB_UPDATE_MODE_PARTIAL = 0;
const uint32_t CFramebuffer_MXCFB_UPDATE_MODE_FULL = 1;
const int32_t CFramebuffer_MXCFB_TEMP_USE_AMBIENT = 0x1000;
const uint32_t CFramebuffer_MXCFB_WAVEFORM_DU = 1;
const uint32_t CFramebuffer_MXCFB_WAVEFORM_GC16 = 2;
const uint32_t CFramebuffer_MXCFB_WAVEFORM_GL16 = 5;

_Static_assert(sizeof(struct fb_var_screeninfo) == 160, "fb_var_screeninfo layout changed");
_Static_assert(sizeof(struct drm_mode_create_dumb) == 32, "drm_mode_create_dumb layout changed");
// The vendors' layouts: 64 bytes (PocketBook), 72 (Kindle), 64 and a pointer (Kobo).
_Static_assert(sizeof(struct CFramebuffer_mxcfb_rect) == 16, "mxcfb_rect layout");
_Static_assert(sizeof(struct CFramebuffer_mxcfb_alt_buffer_data) == 28, "mxcfb_alt_buffer_data layout");
_Static_assert(sizeof(struct CFramebuffer_mxcfb_update_marker_data) == 8, "mxcfb_update_marker_data layout");
_Static_assert(sizeof(struct CFramebuffer_mxcfb_update_data) == 64, "mxcfb_update_data layout");
_Static_assert(sizeof(struct CFramebuffer_mxcfb_update_data_kindle) == 72, "Kindle mxcfb_update_data layout");
_Static_assert(offsetof(struct CFramebuffer_mxcfb_update_data_kobo, flags) == 32 &&
               sizeof(struct CFramebuffer_mxcfb_alt_buffer_data_kobo) == 28 + sizeof(void *) + (sizeof(void *) == 8 ? 4 : 0),
               "Kobo mxcfb_update_data layout");
#endif
