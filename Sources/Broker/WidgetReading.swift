import Providers
import JSON  // for .plainText

/// A widget's words read as a measurement: "21.5 °C" is 21.5 in °C, "45 %" is 45 in %.
/// Home Assistant graphs and keeps statistics of a sensor with a number for its state and
/// a unit of measurement, so a widget that shows one gets a second sensor, its value.
struct WidgetReading: Equatable {
    var value: Double
    var unit: String?

    init(value: Double, unit: String?) {
        self.value = value
        self.unit = unit
    }

    /// The number at the start of `text` and the unit after it (at most 8 characters, no
    /// digits, no spaces); nil where the words are not one number with a unit.
    init?(_ text: String) {
        var rest = Substring(text.trimmed())
        var number = ""
        if let sign = rest.first, sign == "-" || sign == "−" || sign == "+" {
            number = sign == "+" ? "" : "-"
            rest = rest.dropFirst()
        }
        let digits = rest.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
        guard !digits.isEmpty, digits.first != ".", digits.last != ".", digits.filter({ $0 == "." }).count <= 1,
              let value = Double(number + digits) else { return nil }
        let unit = rest.dropFirst(digits.count).trimmed()
        guard unit.count <= 8, !unit.contains(where: { $0.isNumber || $0.isWhitespace }) else { return nil }
        self.value = value
        self.unit = unit.isEmpty ? nil : unit
    }

    /// Home Assistant's device class and state class for the unit, where HA defines the
    /// unit for that class (anything else would be a warning in its log): a temperature,
    /// a power, an energy meter (its total only grows, but for resets), …
    var classes: (device: String?, state: String) { Self.classes(of: unit) }

    /// The classes for `unit`, as `classes` gives them.
    static func classes(of unit: String?) -> (device: String?, state: String) {
        switch unit {
        case "°C", "°F", "K": ("temperature", "measurement")
        case "W", "kW": ("power", "measurement")
        case "Wh", "kWh", "MWh": ("energy", "total_increasing")
        case "V", "mV": ("voltage", "measurement")
        case "A", "mA": ("current", "measurement")
        case "hPa", "mbar", "kPa", "Pa", "bar", "psi", "inHg", "mmHg": ("pressure", "measurement")
        case "lx": ("illuminance", "measurement")
        default: (nil, "measurement")
        }
    }

    /// The state as Home Assistant reads a number: no needless decimals.
    var state: String {
        value.plainText
    }
}
