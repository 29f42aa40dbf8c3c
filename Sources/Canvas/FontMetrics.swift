import CPangoCairo

/// A font's metrics as Pango gives them, without the sample sentence Pango lays out to
/// estimate them.
///
/// The first time a layout's extents are asked in a font (a face at a size), Pango
/// (1.50 to 1.56) reads the face's ascent, descent, line height, underline and
/// strikethrough from the font file, then, to estimate an average character's width,
/// lays out its language's sample sentence ("The quick brown fox…") and the ten digits
/// in a context of its own: another font set matched and substituted by fontconfig,
/// every glyph of the sentence loaded and shaped. That estimate only bounds how far
/// from a line's end Pango looks carefully for a break; the daemon reads none of it.
/// It was a sixth of the start's main thread (eleven fonts in the demo's first frame,
/// docs/PERFORMANCE.md), before every text was shaped at one size (`TextStyle.shapingSize`):
/// it is now paid once for each face.
///
/// `install(classOf:)` gives the Cairo font class a `get_metrics` that reads the same
/// face metrics (`pango_fc_font_create_base_metrics_for_context`, what Pango's own
/// starts from) and estimates the widths from the font's own advances (HarfBuzz reads
/// them from the font's tables, no glyph loaded), kept on the font for its life. A font
/// Pango would adjust further (hinted metrics, a transformed or rotated font) goes to
/// Pango's own function, so what differs is only the width estimate, which Pango uses
/// for nothing but that bound: `FontMetricsTests` compares both.
enum FontMetrics {
    typealias GetMetrics = @convention(c) (UnsafeMutablePointer<PangoFont>?, OpaquePointer?) -> UnsafeMutablePointer<PangoFontMetrics>?

    /// Pango's own function, kept when replaced: written once, under `TextSystem`'s
    /// lock, before any font of the class is measured.
    nonisolated(unsafe) private static var pango: GetMetrics?

    /// Replaces `get_metrics` in the class of `font` (Pango's Cairo font), once.
    static func install(classOf font: UnsafeMutablePointer<PangoFont>) {
        let fontClass = UnsafeMutableRawPointer(font.withMemoryRebound(to: GTypeInstance.self, capacity: 1) { $0.pointee.g_class })!
            .assumingMemoryBound(to: PangoFontClass.self)
        guard pango == nil, let own = fontClass.pointee.get_metrics else { return }
        pango = own
        fontClass.pointee.get_metrics = { font, language in
            guard let font else { return pango_font_metrics_new() }
            return FontMetrics.metrics(of: font, language: language)
        }
    }

    /// Pango's function, for what the shortcut does not cover.
    static func pangos(_ font: UnsafeMutablePointer<PangoFont>, _ language: OpaquePointer?) -> UnsafeMutablePointer<PangoFontMetrics>? {
        pango?(font, language) ?? pango_font_metrics_new()
    }

    static func metrics(of font: UnsafeMutablePointer<PangoFont>, language: OpaquePointer?) -> UnsafeMutablePointer<PangoFontMetrics>? {
        // Asked for every run whose extents are measured: found as cheaply as Pango's own.
        let sample = pango_language_get_sample_string(language)!
        let kept = Kept.on(font)
        if let metrics = kept.metrics(for: sample) { return pango_font_metrics_ref(metrics) }
        // Pango's own answer is kept too (Pango keeps it alike), so a font the shortcut
        // leaves to Pango is not judged again at every run.
        guard let metrics = shortcut(font, sample: sample) ?? pangos(font, language) else { return nil }
        kept.entries.append((sample, metrics))
        return pango_font_metrics_ref(metrics)
    }

    /// The metrics kept on one font, by sample sentence, freed with the font. Pango's
    /// sample sentences are static strings: their addresses tell them apart, as in
    /// Pango's own list. Only touched under `TextSystem`'s lock, as Pango is.
    final class Kept {
        var entries: [(sample: UnsafePointer<CChar>, metrics: UnsafeMutablePointer<PangoFontMetrics>)] = []

        private static let quark = g_quark_from_static_string("lockscreend-font-metrics")

        /// The list on `font`, attached the first time.
        static func on(_ font: UnsafeMutablePointer<PangoFont>) -> Kept {
            let object = UnsafeMutableRawPointer(font).assumingMemoryBound(to: GObject.self)
            if let kept = g_object_get_qdata(object, quark) { return Unmanaged<Kept>.fromOpaque(kept).takeUnretainedValue() }
            let kept = Kept()
            g_object_set_qdata_full(object, quark, Unmanaged.passRetained(kept).toOpaque()) { Unmanaged<Kept>.fromOpaque($0!).release() }
            return kept
        }

        func metrics(for sample: UnsafePointer<CChar>) -> UnsafeMutablePointer<PangoFontMetrics>? {
            entries.first { $0.sample == sample }?.metrics
        }

        deinit { for entry in entries { pango_font_metrics_unref(entry.metrics) } }
    }

    /// The metrics, or nil where Pango's own function would adjust them.
    private static func shortcut(_ font: UnsafeMutablePointer<PangoFont>, sample: UnsafePointer<CChar>) -> UnsafeMutablePointer<PangoFontMetrics>? {
        let fcFont = UnsafeMutableRawPointer(font).assumingMemoryBound(to: PangoFcFont.self)
        guard fcFont.pointee.is_hinted == 0, fcFont.pointee.is_transformed == 0,
              let description = pango_font_describe_with_absolute_size(font) else { return nil }
        defer { pango_font_description_free(description) }
        let gravity = pango_font_description_get_gravity(description)
        guard gravity == PANGO_GRAVITY_SOUTH || gravity == PANGO_GRAVITY_AUTO else { return nil }
        if let scaled = pango_cairo_font_get_scaled_font(OpaquePointer(font)) {
            var matrix = cairo_matrix_t()
            cairo_scaled_font_get_ctm(scaled, &matrix)
            guard matrix.xx == 1, matrix.yy == 1, matrix.xy == 0, matrix.yx == 0 else { return nil }
        }
        let metrics = pango_fc_font_create_base_metrics_for_context(fcFont, nil)!
        // HarfBuzz's scale is the font's size in Pango units, as Pango sets it. A font
        // that cannot spell the sentence alone (an icon font, a Latin face for Japanese)
        // gets its em, more than Pango's estimate: Pango then looks carefully at more
        // of a line's breaks, never at fewer.
        let em = Int64(pango_font_description_get_size(description))
        let hbFont = pango_font_get_hb_font(font)
        let characters = hbFont.flatMap { advances(String(cString: sample), in: $0) }
        let digits = hbFont.flatMap { advances("0123456789", in: $0) }
        metrics.pointee.approximate_char_width = Int32(characters.map { $0.reduce(0, +) / Int64($0.count) } ?? em)
        metrics.pointee.approximate_digit_width = Int32(digits?.max() ?? em)
        return metrics
    }

    /// Each character's advance in the font in whole pixels, or nil when the font lacks
    /// one (Pango's sentence would then fall back to other fonts).
    private static func advances(_ text: String, in font: OpaquePointer) -> [Int64]? {
        var result: [Int64] = []
        for scalar in text.unicodeScalars {
            var glyph: hb_codepoint_t = 0
            guard hb_font_get_nominal_glyph(font, scalar.value, &glyph) != 0 else { return nil }
            // Rounded to whole pixels, as Pango's own context for the estimate places glyphs.
            let advance = Int64(hb_font_get_glyph_h_advance(font, glyph))
            result.append((advance + Int64(PANGO_SCALE) / 2) / Int64(PANGO_SCALE) * Int64(PANGO_SCALE))
        }
        return result.isEmpty ? nil : result
    }
}
