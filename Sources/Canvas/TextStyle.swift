/// The typeface settings of a run of text.
package struct TextStyle: Hashable, Sendable {
    /// A fontconfig family name or a comma-separated list of them; fontconfig falls back
    /// through the list and then to any font that has the glyph (emoji, CJK).
    package var family: String
    /// The em size in pixels.
    package var size: Double
    package var weight: FontWeight
    package var italic: Bool
    /// Tabular figures, so digits do not shift as a clock or counter changes.
    package var monospacedDigits: Bool
    /// Where a text too long for its lines loses characters for the ellipsis.
    package var truncation: Truncation = .tail
    /// A line through the text (`.strikethrough()`), in the text's colour.
    package var strikethrough = false
    /// Extra space after each character, in pixels (`.tracking`, `.kerning`).
    package var tracking = 0.0
    /// How wide the letters are (`.fontWidth`): Pango's stretch, 0.75 condensed … 1.25 expanded.
    package var width = 1.0

    /// Where the ellipsis goes: at the start, in the middle or at the end.
    package enum Truncation: Hashable, Sendable {
        case head
        case middle
        case tail
    }

    package init(
        family: String = TextStyle.defaultFamily, size: Double, weight: FontWeight = .regular,
        italic: Bool = false, monospacedDigits: Bool = false
    ) {
        self.family = family
        self.size = size
        self.weight = weight
        self.italic = italic
        self.monospacedDigits = monospacedDigits
    }

    /// Inter, as the lock screen's text face. Emoji come from fontconfig's fallback
    /// (Noto Color Emoji); naming that font here would make it draw the digits too,
    /// since 0–9 are emoji characters with text presentation.
    package static let defaultFamily = "Inter"
    /// The icon font whose ligatures draw `Image(systemName:)` symbols.
    package static let iconFamily = "Material Icons"
    package static let monospacedFamily = "DejaVu Sans Mono"
    /// The rounded design (SF Pro Rounded on iOS): Quicksand, Debian's fonts-quicksand,
    /// a rounded sans with the weights widgets use, light to bold.
    package static let roundedFamily = "Quicksand"
    /// The serif design (New York on iOS).
    package static let serifFamily = "DejaVu Serif"
}
