import Canvas

/// A font, as SwiftUI's: text styles (`.body`, `.caption`, …) and `.system(size:)`,
/// drawn with Inter through fontconfig. Sizes are in points.
public struct Font: Hashable, Sendable {
    /// A font weight.
    public enum Weight: Hashable, Sendable, CaseIterable {
        case ultraLight, thin, light, regular, medium, semibold, bold, heavy, black

        var fontWeight: FontWeight {
            switch self {
            case .ultraLight: .ultraLight
            case .thin: .thin
            case .light: .light
            case .regular: .regular
            case .medium: .medium
            case .semibold: .semibold
            case .bold: .bold
            case .heavy: .heavy
            case .black: .black
            }
        }
    }

    /// A typeface design.
    public enum Design: Hashable, Sendable {
        case `default`, rounded, monospaced, serif
    }

    var size: Double
    var weight: Weight
    var design: Design
    var family: String?
    var monospacedDigits = false
    var isItalic = false
    var width: Width = .standard

    /// How wide the letters are, as SwiftUI's `Font.Width`: drawn with the face's
    /// condensed or expanded style where fontconfig has one.
    public struct Width: Hashable, Sendable {
        /// 1 is the standard width.
        let value: Double
        public init(_ value: Double) { self.value = value.isFinite ? max(0.5, min(2, value)) : 1 }
        public static let compressed = Width(0.75)
        public static let condensed = Width(0.875)
        public static let standard = Width(1)
        public static let expanded = Width(1.25)
    }

    init(size: Double, weight: Weight = .regular, design: Design = .default, family: String? = nil) {
        self.size = size
        self.weight = weight
        self.design = design
        self.family = family
    }

    /// The system face at a size in points.
    public static func system(size: Double, weight: Weight = .regular, design: Design = .default) -> Font {
        Font(size: size, weight: weight, design: design)
    }

    /// A text style's font, optionally in another design or weight.
    public static func system(_ style: Font, design: Design? = nil, weight: Weight? = nil) -> Font {
        var font = style
        if let design { font.design = design }
        if let weight { font.weight = weight }
        return font
    }

    /// A font family installed on the machine, by its fontconfig name.
    public static func custom(_ name: String, size: Double) -> Font {
        Font(size: size, family: name)
    }

    public static let largeTitle = Font(size: 34)
    public static let title = Font(size: 28)
    public static let title2 = Font(size: 22)
    public static let title3 = Font(size: 20)
    public static let headline = Font(size: 17, weight: .semibold)
    public static let body = Font(size: 17)
    public static let callout = Font(size: 16)
    public static let subheadline = Font(size: 15)
    public static let footnote = Font(size: 13)
    public static let caption = Font(size: 12)
    public static let caption2 = Font(size: 11)

    /// This font in another weight.
    public func weight(_ weight: Weight) -> Font {
        var font = self
        font.weight = weight
        return font
    }

    public func bold() -> Font { weight(.bold) }

    public func italic() -> Font {
        var font = self
        font.isItalic = true
        return font
    }

    /// This font in another design, as `Font.body.design(.rounded)` would read.
    func design(_ design: Design) -> Font {
        var font = self
        font.design = design
        return font
    }

    /// This font in a width.
    public func width(_ width: Width) -> Font {
        var font = self
        font.width = width
        return font
    }

    /// This font with tabular figures, so changing digits keep their places.
    public func monospacedDigit() -> Font {
        var font = self
        font.monospacedDigits = true
        return font
    }

    /// The Canvas text style, in points.
    var textStyle: TextStyle {
        let family: String =
            self.family
            ?? {
                switch design {
                case .default: TextStyle.defaultFamily
                case .rounded: TextStyle.roundedFamily
                case .monospaced: TextStyle.monospacedFamily
                case .serif: TextStyle.serifFamily
                }
            }()
        var style = TextStyle(family: family, size: size, weight: weight.fontWeight, italic: isItalic, monospacedDigits: monospacedDigits)
        style.width = width.value
        return style
    }
}
