/// A colour with opacity, components in 0...1, in sRGB.
package struct RGBA: Hashable, Sendable {
    package var red: Double
    package var green: Double
    package var blue: Double
    package var alpha: Double

    package init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// A grey level: 0 is black, 1 is white.
    package init(white: Double, alpha: Double = 1) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    package static let black = RGBA(white: 0)
    package static let white = RGBA(white: 1)
    package static let clear = RGBA(white: 0, alpha: 0)

    /// Relative luminance by the Rec. 709 weights, the single channel a grey panel shows.
    package var luminance: Double { 0.2126 * red + 0.7152 * green + 0.0722 * blue }

    /// The same colour with its opacity multiplied by `factor`.
    package func multiplyingAlpha(_ factor: Double) -> RGBA {
        RGBA(red: red, green: green, blue: blue, alpha: alpha * factor)
    }

    /// The colour a fraction `t` of the way from `self` to `other`.
    package func interpolated(to other: RGBA, fraction t: Double) -> RGBA {
        RGBA(
            red: red + (other.red - red) * t, green: green + (other.green - green) * t,
            blue: blue + (other.blue - blue) * t, alpha: alpha + (other.alpha - alpha) * t)
    }
}
