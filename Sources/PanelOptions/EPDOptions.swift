import FoundationEssentials

/// An SPI e-paper HAT as the configuration or the command line names it.
package struct EPDOptions: Sendable {
    /// The model; nil for `model = "inky"`: read from the board's EEPROM when opened.
    package var model: EPDModel?
    package var spi = "/dev/spidev0.0"
    /// nil: the header's chip (the one labelled `pinctrl-…`).
    package var gpiochip: String?
    /// The wiring: the model's (Pimoroni's for "inky") unless overridden.
    package var pins: SPIPins
    /// An IT8951 panel's VCOM in volts (negative, as printed on its cable).
    package var vcom: Double?
    /// The I²C bus of an Inky board's EEPROM.
    package var i2c = "/dev/i2c-1"
    /// For panels that refresh only whole: minutes between refreshes; nil for the model's default.
    package var refreshEvery: Int?
    /// For colour panels: how far pictures aim at the inks as they look (1) rather than
    /// their pure colours (0); nil for `PanelPalette.defaultSaturation`.
    package var saturation: Double?

    /// The bounds both doors check, the command line and `[display]`, with what to write.
    /// An IT8951 panel's VCOM: negative volts, as on its cable.
    package static let vcomRange: ClosedRange<Double> = -5.0 ... -0.2
    package static let vcomExpected = "negative volts as printed on the panel's cable, -5 to -0.2 (e.g. -1.48)"
    /// Minutes between the refreshes of a panel that refreshes only whole.
    package static let refreshMinutes: ClosedRange<Int> = 1...1_440

    package init(model: EPDModel?) {
        self.model = model
        pins = model?.pins ?? .pimoroni
    }

    /// The name `model = "inky"` takes.
    package static let inky = "inky"
}
