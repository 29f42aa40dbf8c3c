#ifndef CPANGOCAIRO_SHIM_H
#define CPANGOCAIRO_SHIM_H
#include <pango/pangocairo.h>
#include <cairo.h>
#include <fontconfig/fontconfig.h>
#endif
