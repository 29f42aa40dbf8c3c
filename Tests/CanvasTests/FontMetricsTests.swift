import CPangoCairo
import Testing
import TestSupport
@testable import Canvas

@Suite("Font metrics without Pango's sample sentence")
struct FontMetricsTests {
    init() { TestFonts.pin() }

    /// The figures of one font's metrics, as plain values.
    struct Figures: Equatable, Sendable {
        var ascent, descent, height, underlinePosition, underlineThickness, strikethroughPosition, strikethroughThickness, charWidth, digitWidth: Int32

        init(_ metrics: UnsafeMutablePointer<PangoFontMetrics>?) {
            let m = metrics?.pointee ?? PangoFontMetrics()
            (ascent, descent, height) = (m.ascent, m.descent, m.height)
            (underlinePosition, underlineThickness) = (m.underline_position, m.underline_thickness)
            (strikethroughPosition, strikethroughThickness) = (m.strikethrough_position, m.strikethrough_thickness)
            (charWidth, digitWidth) = (m.approximate_char_width, m.approximate_digit_width)
            pango_font_metrics_unref(metrics)
        }

        /// The figures read from the face, without the two width estimates.
        var face: [Int32] { [ascent, descent, height, underlinePosition, underlineThickness, strikethroughPosition, strikethroughThickness] }
    }

    /// The shortcut's figures and Pango's own for `style` in `language`.
    static func both(_ style: TextStyle, language: String) -> (ours: Figures, pangos: Figures)? {
        let language = pango_language_from_string(language)
        return TextSystem.shared.withFont(for: style) { font in
            font.map { (Figures(FontMetrics.metrics(of: $0, language: language)), Figures(FontMetrics.pangos($0, language))) }
        }
    }

    @Test("every figure Pango reads from the face is Pango's own; the width estimates are within 5 %")
    func sameAsPango() throws {
        let styles = [
            TextStyle(size: 11), TextStyle(size: 17, weight: .semibold, monospacedDigits: true), TextStyle(size: 40, weight: .bold),
            TextStyle(size: 13, weight: .medium, italic: true), TextStyle(size: 64, weight: .light),
        ]
        for style in styles {
            let (ours, pangos) = try #require(Self.both(style, language: "en"))
            #expect(ours.face == pangos.face, "\(style)")
            #expect(abs(Double(ours.charWidth) / Double(pangos.charWidth) - 1) < 0.05, "\(style): \(ours.charWidth) against \(pangos.charWidth)")
            #expect(abs(Double(ours.digitWidth) / Double(pangos.digitWidth) - 1) < 0.05, "\(style): \(ours.digitWidth) against \(pangos.digitWidth)")
        }
    }

    @Test("a font that cannot spell the sample sentence alone: Pango's face figures, an estimate above Pango's")
    func otherScripts() throws {
        for (style, language) in [(TextStyle(family: TextStyle.iconFamily, size: 20), "en"), (TextStyle(size: 17), "ja")] {
            let (ours, pangos) = try #require(Self.both(style, language: language))
            #expect(ours.face == pangos.face, "\(style) \(language)")
            #expect(ours.charWidth >= pangos.charWidth, "\(style) \(language): \(ours.charWidth) against \(pangos.charWidth)")
        }
    }

    @Test("Pango's font class measures through the shortcut, keeping the figures on the font")
    func installed() throws {
        let english = pango_language_from_string("en")
        let same = TextSystem.shared.withFont(for: TextStyle(size: 23.5)) { font -> Bool in
            guard let font, let metrics = pango_font_get_metrics(font, english) else { return false }
            defer { pango_font_metrics_unref(metrics) }
            return FontMetrics.Kept.on(font).metrics(for: pango_language_get_sample_string(english)) == metrics
        }
        #expect(same)
    }
}
