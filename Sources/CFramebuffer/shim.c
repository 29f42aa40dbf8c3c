#include "CFramebuffer.h"
#include <sys/ioctl.h>
#include <drm.h>
#include <drm_mode.h>

const unsigned long CFramebuffer_FBIOGET_VSCREENINFO = FBIOGET_VSCREENINFO;
const unsigned long CFramebuffer_FBIOPUT_VSCREENINFO = FBIOPUT_VSCREENINFO;
const unsigned long CFramebuffer_FBIOGET_FSCREENINFO = FBIOGET_FSCREENINFO;
const unsigned long CFramebuffer_FBIOPAN_DISPLAY = FBIOPAN_DISPLAY;
const unsigned long CFramebuffer_KDSETMODE = KDSETMODE;
const unsigned long CFramebuffer_KDGETMODE = KDGETMODE;
const int CFramebuffer_KD_TEXT = KD_TEXT;
const int CFramebuffer_KD_GRAPHICS = KD_GRAPHICS;
const unsigned long CFramebuffer_DRM_IOCTL_MODE_CREATE_DUMB = DRM_IOCTL_MODE_CREATE_DUMB;
const unsigned long CFramebuffer_DRM_IOCTL_MODE_MAP_DUMB = DRM_IOCTL_MODE_MAP_DUMB;
const unsigned long CFramebuffer_DRM_IOCTL_MODE_DESTROY_DUMB = DRM_IOCTL_MODE_DESTROY_DUMB;
const int CFramebuffer_TFD_CLOEXEC = TFD_CLOEXEC;
const int CFramebuffer_TFD_TIMER_ABSTIME = TFD_TIMER_ABSTIME;
const int CFramebuffer_TFD_TIMER_CANCEL_ON_SET = TFD_TIMER_CANCEL_ON_SET;
const int CFramebuffer_EFD_CLOEXEC = EFD_CLOEXEC;

_Static_assert(sizeof(struct fb_var_screeninfo) == 160, "fb_var_screeninfo layout changed");
_Static_assert(sizeof(struct drm_mode_create_dumb) == 32, "drm_mode_create_dumb layout changed");
