#ifndef CFRAMEBUFFER_H
#define CFRAMEBUFFER_H

// Thin C over the Linux calls Swift's Glibc module lacks: the display ioctls, and
// timerfd/eventfd for the daemon's wall-clock alarm. Request numbers and flags are
// macros Swift cannot import, so they are exported here as constants; the kernel
// structs come straight from the uapi headers.

#include <linux/fb.h>
#include <linux/kd.h>
#include <linux/vt.h>
#include <xf86drm.h>
#include <xf86drmMode.h>
#include <sys/timerfd.h>
#include <sys/eventfd.h>

extern const unsigned long CFramebuffer_FBIOGET_VSCREENINFO;
extern const unsigned long CFramebuffer_FBIOPUT_VSCREENINFO;
extern const unsigned long CFramebuffer_FBIOGET_FSCREENINFO;
extern const unsigned long CFramebuffer_FBIOPAN_DISPLAY;
extern const unsigned long CFramebuffer_KDSETMODE;
extern const unsigned long CFramebuffer_KDGETMODE;
extern const int CFramebuffer_KD_TEXT;
extern const int CFramebuffer_KD_GRAPHICS;
extern const unsigned long CFramebuffer_DRM_IOCTL_MODE_CREATE_DUMB;
extern const unsigned long CFramebuffer_DRM_IOCTL_MODE_MAP_DUMB;
extern const unsigned long CFramebuffer_DRM_IOCTL_MODE_DESTROY_DUMB;
extern const int CFramebuffer_TFD_CLOEXEC;
extern const int CFramebuffer_TFD_TIMER_ABSTIME;
extern const int CFramebuffer_TFD_TIMER_CANCEL_ON_SET;
extern const int CFramebuffer_EFD_CLOEXEC;

#endif
