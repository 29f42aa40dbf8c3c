import CPangoCairo

extension TextStyle {
    /// The Pango font description of this style (family, size, weight, slant, stretch);
    /// the caller frees it.
    func pangoDescription() -> OpaquePointer {
        let font = pango_font_description_new()!
        pango_font_description_set_family(font, family)
        pango_font_description_set_absolute_size(font, size * Double(PANGO_SCALE))
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
