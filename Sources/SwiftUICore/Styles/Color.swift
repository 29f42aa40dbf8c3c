import Canvas
import Glibc  // for pow

/// A colour, as SwiftUI's: a view that fills the space it is offered, and a style for
/// text, images and gauges. On a grey panel only its luminance and opacity matter.
public struct Color: Hashable, Sendable, View, PrimitiveView, ShapeStyle {
    package let rgba: RGBA
    /// Set for `.primary` and `.secondary`: a level of the appearance's ink rather
    /// than a fixed colour.
    let inkLevel: Double?

    /// A colour from sRGB components in 0...1.
    public init(red: Double, green: Double, blue: Double, opacity: Double = 1) {
        rgba = RGBA(red: red, green: green, blue: blue, alpha: opacity)
        inkLevel = nil
    }

    /// The colour spaces SwiftUI takes components in.
    public enum RGBColorSpace: Sendable, Hashable {
        /// The sRGB curve's components, as `init(red:green:blue:opacity:)` takes them.
        case sRGB
        /// Linear light: made sRGB by its curve.
        case sRGBLinear
        /// Display P3: converted to sRGB, what falls outside clipped.
        case displayP3
    }

    /// A colour from components in `colorSpace`, converted to the sRGB the panel is
    /// drawn in.
    public init(_ colorSpace: RGBColorSpace, red: Double, green: Double, blue: Double, opacity: Double = 1) {
        switch colorSpace {
        case .sRGB:
            self.init(red: red, green: green, blue: blue, opacity: opacity)
        case .sRGBLinear:
            self.init(red: Self.encoded(red), green: Self.encoded(green), blue: Self.encoded(blue), opacity: opacity)
        case .displayP3:
            // P3's curve is sRGB's; its primaries to sRGB's in linear light.
            let (r, g, b) = (Self.decoded(red), Self.decoded(green), Self.decoded(blue))
            self.init(red: Self.encoded(1.2249401 * r - 0.2249404 * g), green: Self.encoded(-0.0420569 * r + 1.0420571 * g),
                      blue: Self.encoded(-0.0196376 * r - 0.0786361 * g + 1.0982735 * b), opacity: opacity)
        }
    }

    /// A grey level in `colorSpace`: 0 black, 1 white.
    public init(_ colorSpace: RGBColorSpace, white: Double, opacity: Double = 1) {
        self.init(colorSpace, red: white, green: white, blue: white, opacity: opacity)
    }

    /// sRGB's curve: linear light to the encoded component, clipped to 0...1 and kept to
    /// six decimals (far finer than a panel's 8 bits), so white stays exactly white.
    package static func encoded(_ linear: Double) -> Double {
        let x = min(max(linear, 0), 1)
        let encoded = x <= 0.0031308 ? 12.92 * x : 1.055 * pow(x, 1 / 2.4) - 0.055
        return (min(encoded, 1) * 1_000_000).rounded() / 1_000_000
    }

    /// sRGB's curve undone: the encoded component to linear light.
    static func decoded(_ encoded: Double) -> Double {
        encoded <= 0.04045 ? encoded / 12.92 : pow((encoded + 0.055) / 1.055, 2.4)
    }

    /// A grey level: 0 black, 1 white.
    public init(white: Double, opacity: Double = 1) {
        rgba = RGBA(white: white, alpha: opacity)
        inkLevel = nil
    }

    package init(_ rgba: RGBA, inkLevel: Double? = nil) {
        self.rgba = rgba
        self.inkLevel = inkLevel
    }

    private init(_ red: Int, _ green: Int, _ blue: Int) {
        self.init(red: Double(red) / 255, green: Double(green) / 255, blue: Double(blue) / 255)
    }

    /// The same colour with its opacity multiplied by `opacity`.
    public func opacity(_ opacity: Double) -> Color {
        Color(rgba.multiplyingAlpha(opacity), inkLevel: inkLevel.map { $0 * opacity })
    }

    public static let black = Color(white: 0)
    public static let white = Color(white: 1)
    public static let gray = Color(142, 142, 147)
    public static let red = Color(255, 59, 48)
    public static let orange = Color(255, 149, 0)
    public static let yellow = Color(255, 204, 0)
    public static let green = Color(52, 199, 89)
    public static let mint = Color(0, 199, 190)
    public static let teal = Color(48, 176, 199)
    public static let cyan = Color(50, 173, 230)
    public static let blue = Color(0, 122, 255)
    public static let indigo = Color(88, 86, 214)
    public static let purple = Color(175, 82, 222)
    public static let pink = Color(255, 45, 85)
    public static let brown = Color(162, 132, 94)
    public static let clear = Color(white: 0, opacity: 0)
    /// The accent colour of the accented rendering mode.
    public static let accentColor = Color(0, 122, 255)
    /// The primary content colour of the appearance in effect.
    public static let primary = Color(.white, inkLevel: 1)
    /// A dimmer content colour.
    public static let secondary = Color(RGBA(white: 1, alpha: 0.6), inkLevel: 0.6)

    public var body: Never { bodyNever() }

    package func makeNode(in environment: EnvironmentValues) -> LayoutNode {
        FillNode(shape: .rectangle, color: environment.resolve(AnyShapeStyle(self)))
    }
}
