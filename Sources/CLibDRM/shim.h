#ifndef CLIBDRM_SHIM_H
#define CLIBDRM_SHIM_H
#include <xf86drm.h>
#include <xf86drmMode.h>
#endif
