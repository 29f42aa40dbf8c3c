import SwiftUICore
/// UIKit's font, as widget code reaches for it through `import SwiftUI`: sizes and
/// weights that become SwiftUI fonts (`Font(uiFont)`).
public struct UIFont: Sendable, Hashable {
    /// The size in points.
    public let pointSize: Double
    let weight: Font.Weight
    let monospacedDigits: Bool

    /// UIKit's text styles, as SwiftUI's.
    public struct TextStyle: Sendable, Hashable {
        let font: Font
        let size: Double
        public static let largeTitle = TextStyle(font: .largeTitle, size: 34)
        public static let title1 = TextStyle(font: .title, size: 28)
        public static let title2 = TextStyle(font: .title2, size: 22)
        public static let title3 = TextStyle(font: .title3, size: 20)
        public static let headline = TextStyle(font: .headline, size: 17)
        public static let body = TextStyle(font: .body, size: 17)
        public static let callout = TextStyle(font: .callout, size: 16)
        public static let subheadline = TextStyle(font: .subheadline, size: 15)
        public static let footnote = TextStyle(font: .footnote, size: 13)
        public static let caption1 = TextStyle(font: .caption, size: 12)
        public static let caption2 = TextStyle(font: .caption2, size: 11)
    }

    /// UIKit's weights.
    public struct Weight: Sendable, Hashable {
        let weight: Font.Weight
        public static let ultraLight = Weight(weight: .ultraLight)
        public static let thin = Weight(weight: .thin)
        public static let light = Weight(weight: .light)
        public static let regular = Weight(weight: .regular)
        public static let medium = Weight(weight: .medium)
        public static let semibold = Weight(weight: .semibold)
        public static let bold = Weight(weight: .bold)
        public static let heavy = Weight(weight: .heavy)
        public static let black = Weight(weight: .black)
    }

    public static func systemFont(ofSize size: Double) -> UIFont { UIFont(pointSize: size, weight: .regular, monospacedDigits: false) }
    public static func systemFont(ofSize size: Double, weight: Weight) -> UIFont { UIFont(pointSize: size, weight: weight.weight, monospacedDigits: false) }
    public static func boldSystemFont(ofSize size: Double) -> UIFont { UIFont(pointSize: size, weight: .bold, monospacedDigits: false) }
    public static func monospacedDigitSystemFont(ofSize size: Double, weight: Weight) -> UIFont {
        UIFont(pointSize: size, weight: weight.weight, monospacedDigits: true)
    }
    public static func preferredFont(forTextStyle style: TextStyle) -> UIFont { UIFont(pointSize: style.size, weight: .regular, monospacedDigits: false) }

    /// The text size a label would use by default.
    public static var labelFontSize: Double { 17 }
    public static var systemFontSize: Double { 14 }
}

extension Font {
    /// A UIKit font as SwiftUI's.
    public init(_ font: UIFont) {
        var made = Font.system(size: font.pointSize, weight: font.weight)
        if font.monospacedDigits { made = made.monospacedDigit() }
        self = made
    }
}

/// Scales sizes with the reader's text size, as UIKit's `UIFontMetrics`. The panel has
/// one text size, so sizes are kept as written.
public struct UIFontMetrics: Sendable {
    public static let `default` = UIFontMetrics()

    public init(forTextStyle style: UIFont.TextStyle) {}
    private init() {}

    public func scaledValue(for value: Double) -> Double { value }
    public func scaledFont(for font: UIFont) -> UIFont { font }
    public func scaledFont(for font: UIFont, maximumPointSize: Double) -> UIFont {
        font.pointSize <= maximumPointSize ? font : UIFont.systemFont(ofSize: maximumPointSize)
    }
}

/// The screen, as UIKit's `UIScreen.main`: a phone's size and scale, which widget code
/// reads to size things as it would on an iPhone.
public final class UIScreen: Sendable {
    public static let main = UIScreen()

    /// Pixels per point of an iPhone's screen.
    public var scale: Double { 3 }
    public var nativeScale: Double { 3 }
    /// An iPhone 15's screen in points.
    public var bounds: CGRect { CGRect(x: 0, y: 0, width: 393, height: 852) }
}

/// The kind of device, as UIKit's `UIDevice.current.userInterfaceIdiom`.
public final class UIDevice: Sendable {
    public static let current = UIDevice()

    public enum UserInterfaceIdiom: Int, Sendable { case unspecified = -1, phone, pad, tv, carPlay, mac = 5, vision = 6 }

    public var userInterfaceIdiom: UserInterfaceIdiom { .phone }
    public var systemName: String { "iOS" }
    public var systemVersion: String { "18.0" }
}
