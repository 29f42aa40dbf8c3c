import CPangoCairo

extension TextStyle {
    /// The one size Pango shapes and measures every text at, each face once; a text is
    /// scaled from it to its own size, where Cairo renders its glyphs.
    ///
    /// Pango matches and loads a font for every size asked (`FcConfigSubstitute` with
    /// the system's rules, `FcFontSetMatch` and `FcFontSetSort` over every installed
    /// font, on two new threads, then its metrics), and the first frame of the demo asks
    /// for eleven: a sixth of the main thread's work before it, the drawing waiting on
    /// the matches (docs/PERFORMANCE.md). Unhinted, with metrics unhinted, a text's
    /// advances, lines and extents scale with its size, so one size serves all of them;
    /// 128 pixels keeps Pango's 1/1024-pixel units finer than they were at any size up
    /// to it.
    static let shapingSize = 128.0

    /// How much a text shaped at `shapingSize` is scaled to be this style's size.
    var shapingScale: Double {
        (size.isFinite && size > 1.0 / 64 ? size : 1.0 / 64) / Self.shapingSize
    }

    /// The Pango font description of this style (family, weight, slant, stretch) at
    /// `size` pixels, its own unless said; the caller frees it.
    func pangoDescription(size: Double? = nil) -> OpaquePointer {
        let font = pango_font_description_new()!
        pango_font_description_set_family(font, family)
        pango_font_description_set_absolute_size(font, (size ?? self.size) * Double(PANGO_SCALE))
        pango_font_description_set_weight(font, PangoWeight(rawValue: UInt32(weight.rawValue)))
        pango_font_description_set_style(font, italic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL)
        if width != 1 { pango_font_description_set_stretch(font, Self.stretch(width)) }
        return font
    }

    /// Pango's stretch nearest a width (0.5 ultra-condensed … 2 ultra-expanded).
    static func stretch(_ width: Double) -> PangoStretch {
        let widths = [0.5, 0.625, 0.75, 0.875, 1, 1.125, 1.25, 1.5, 2]
        let index = widths.indices.min { abs(widths[$0] - width) < abs(widths[$1] - width) } ?? 4
        return PangoStretch(rawValue: UInt32(index))
    }
}
