#ifndef CPANGOCAIRO_SHIM_H
#define CPANGOCAIRO_SHIM_H
#include <pango/pangocairo.h>
#include <pango/pangofc-font.h>
#include <cairo.h>
#include <fontconfig/fontconfig.h>

/* Exported by libpango and libpangoft2 (1.50 to 1.56) for the backends built as
   libraries of their own, pangocairo among them, and declared in Pango's private
   headers only: a font's metrics as read from its face (Canvas/FontMetrics.swift). */
PangoFontMetrics *pango_font_metrics_new (void);
PangoFontMetrics *pango_fc_font_create_base_metrics_for_context (PangoFcFont *font, PangoContext *context);
#endif
