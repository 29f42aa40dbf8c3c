import CPangoCairo

extension TextStyle {
    /// The family fontconfig actually draws this style with: the requested one when it
    /// is installed, else whatever it fell back to. `lockscreend check` and the tests use
    /// it to catch a design whose font package is missing.
    package var resolvedFamily: String {
        var name = ""
        let layout = TextLayout("Ag", style: self)
        layout.withPangoLayout { pango in
            guard let line = pango_layout_get_line_readonly(pango, 0), let run = line.pointee.runs,
                  let item = run.pointee.data?.assumingMemoryBound(to: PangoGlyphItem.self),
                  let font = item.pointee.item.pointee.analysis.font
            else { return }
            let description = pango_font_describe(font)
            defer { pango_font_description_free(description) }
            if let family = pango_font_description_get_family(description) { name = String(cString: family) }
        }
        return name
    }
}
