import SwiftUICore
import Canvas

/// UIKit's colour, as widget code reaches for it through `import SwiftUI`: made from
/// components, a name in the asset catalog, or one of the system's colours, and drawn
/// through `Color(uiColor:)`.
public final class UIColor: Sendable, Hashable {
    let rgba: RGBA

    init(_ rgba: RGBA) {
        self.rgba = rgba
    }

    public convenience init(red: Double, green: Double, blue: Double, alpha: Double) {
        self.init(RGBA(red: red, green: green, blue: blue, alpha: alpha))
    }

    public convenience init(white: Double, alpha: Double) {
        self.init(RGBA(white: white, alpha: alpha))
    }

    /// A colour from hue, saturation and brightness in 0...1.
    public convenience init(hue: Double, saturation: Double, brightness: Double, alpha: Double) {
        // A hue that is not a number is red's, rather than a trap.
        let h = hue.isFinite ? (hue - hue.rounded(.down)) * 6 : 0, s = max(0, min(1, saturation)), v = max(0, min(1, brightness))
        let sector = min(5, max(0, Int(h.rounded(.down)))), f = h - Double(sector)
        let p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f))
        let (r, g, b) = [(v, t, p), (q, v, p), (p, v, t), (p, q, v), (t, p, v), (v, p, q)][sector]
        self.init(RGBA(red: r, green: g, blue: b, alpha: alpha))
    }

    /// The colour set `name` of the package's asset catalog; nil when there is none.
    public convenience init?(named name: String) {
        guard let rgba = AssetCatalog.color(named: name) else { return nil }
        self.init(rgba)
    }

    /// A colour that depends on the appearance; the lock screen's is dark.
    public convenience init(dynamicProvider: @Sendable (UITraitCollection) -> UIColor) {
        self.init(dynamicProvider(UITraitCollection(userInterfaceStyle: .dark)).rgba)
    }

    /// A SwiftUI colour as UIKit's.
    public convenience init(_ color: Color) {
        self.init(color.rgba)
    }

    /// The colour's sRGB components, as UIKit hands them out.
    @discardableResult
    public func getRed<T: BinaryFloatingPoint>(
        _ red: UnsafeMutablePointer<T>?, green: UnsafeMutablePointer<T>?, blue: UnsafeMutablePointer<T>?, alpha: UnsafeMutablePointer<T>?
    ) -> Bool {
        red?.pointee = T(rgba.red)
        green?.pointee = T(rgba.green)
        blue?.pointee = T(rgba.blue)
        alpha?.pointee = T(rgba.alpha)
        return true
    }

    /// The colour's white level and opacity.
    @discardableResult
    public func getWhite<T: BinaryFloatingPoint>(_ white: UnsafeMutablePointer<T>?, alpha: UnsafeMutablePointer<T>?) -> Bool {
        white?.pointee = T(rgba.luminance)
        alpha?.pointee = T(rgba.alpha)
        return true
    }

    /// The same colour at another opacity.
    public func withAlphaComponent(_ alpha: Double) -> UIColor {
        UIColor(RGBA(red: rgba.red, green: rgba.green, blue: rgba.blue, alpha: alpha))
    }

    public static func == (a: UIColor, b: UIColor) -> Bool { a.rgba == b.rgba }
    public func hash(into hasher: inout Hasher) { hasher.combine(rgba) }

    public static var black: UIColor { UIColor(Color.black.rgba) }
    public static var white: UIColor { UIColor(Color.white.rgba) }
    public static var gray: UIColor { UIColor(Color.gray.rgba) }
    public static var darkGray: UIColor { UIColor(white: 1 / 3, alpha: 1) }
    public static var lightGray: UIColor { UIColor(white: 2 / 3, alpha: 1) }
    public static var clear: UIColor { UIColor(Color.clear.rgba) }
    public static var red: UIColor { UIColor(red: 1, green: 0, blue: 0, alpha: 1) }
    public static var green: UIColor { UIColor(red: 0, green: 1, blue: 0, alpha: 1) }
    public static var blue: UIColor { UIColor(red: 0, green: 0, blue: 1, alpha: 1) }
    public static var orange: UIColor { UIColor(red: 1, green: 0.5, blue: 0, alpha: 1) }
    public static var yellow: UIColor { UIColor(red: 1, green: 1, blue: 0, alpha: 1) }
    public static var systemRed: UIColor { UIColor(Color.red.rgba) }
    public static var systemOrange: UIColor { UIColor(Color.orange.rgba) }
    public static var systemYellow: UIColor { UIColor(Color.yellow.rgba) }
    public static var systemGreen: UIColor { UIColor(Color.green.rgba) }
    public static var systemMint: UIColor { UIColor(Color.mint.rgba) }
    public static var systemTeal: UIColor { UIColor(Color.teal.rgba) }
    public static var systemCyan: UIColor { UIColor(Color.cyan.rgba) }
    public static var systemBlue: UIColor { UIColor(Color.blue.rgba) }
    public static var systemIndigo: UIColor { UIColor(Color.indigo.rgba) }
    public static var systemPurple: UIColor { UIColor(Color.purple.rgba) }
    public static var systemPink: UIColor { UIColor(Color.pink.rgba) }
    public static var systemBrown: UIColor { UIColor(Color.brown.rgba) }
    public static var systemGray: UIColor { UIColor(Color.gray.rgba) }
    public static var label: UIColor { UIColor(white: 1, alpha: 1) }
    public static var secondaryLabel: UIColor { UIColor(white: 1, alpha: 0.6) }
    public static var tertiaryLabel: UIColor { UIColor(white: 1, alpha: 0.3) }
    public static var systemBackground: UIColor { UIColor(white: 0, alpha: 1) }
    public static var secondarySystemBackground: UIColor { UIColor(red: 28 / 255, green: 28 / 255, blue: 30 / 255, alpha: 1) }
    public static var tertiarySystemBackground: UIColor { UIColor(red: 44 / 255, green: 44 / 255, blue: 46 / 255, alpha: 1) }
    public static var systemGroupedBackground: UIColor { systemBackground }
    public static var separator: UIColor { UIColor(white: 0.33, alpha: 0.6) }
    public static var tintColor: UIColor { UIColor(Color.accentColor.rgba) }
}

/// The appearance a dynamic colour is asked for, as UIKit's `UITraitCollection`.
public struct UITraitCollection: Sendable, Hashable {
    public var userInterfaceStyle: UIUserInterfaceStyle

    public init(userInterfaceStyle: UIUserInterfaceStyle) {
        self.userInterfaceStyle = userInterfaceStyle
    }
}

/// Light or dark, as UIKit's.
public enum UIUserInterfaceStyle: Int, Sendable, Hashable {
    case unspecified, light, dark
}

extension Color {
    /// A UIKit colour as SwiftUI's.
    public init(uiColor: UIColor) {
        self.init(uiColor.rgba)
    }

    /// A UIKit colour as SwiftUI's, as the older initialiser writes it.
    public init(_ uiColor: UIColor) {
        self.init(uiColor.rgba)
    }
}
