import PanelOptions
import TOML

/// `[input]`: the touch screen whose taps press widgets' controls, and how its axes
/// meet the panel.
package struct InputConfig: Sendable, Equatable {
    package enum Touch: Sendable, Equatable {
        /// No touch input.
        case off
        /// The first touch screen or tablet found under /dev/input, screens first, and
        /// the next one plugged in when it goes away.
        case auto
        /// This evdev node.
        case device(String)
    }

    package var touch = Touch.off
    package var mapping = TouchMapping()
}

extension LockScreenConfig {
    /// `[input]`: `touch` ("auto", "off" or a /dev/input/eventN path), `swap_xy`,
    /// `invert_x`, `invert_y`, `calibration` (six numbers, as libinput's matrix).
    static func readInput(_ table: TOMLTable, reader: inout ConfigReader) -> InputConfig {
        let path = "input"
        reader.rejectUnknown(table, known: ["touch", "swap_xy", "invert_x", "invert_y", "calibration"], at: path)
        var config = InputConfig()
        if let touch = reader.string(table, "touch", at: path) {
            switch touch {
            case "off": config.touch = .off
            case "auto": config.touch = .auto
            case let device where device.hasPrefix("/dev/input/") && !device.contains(".."):
                config.touch = .device(device)
            default:
                reader.report(table["touch"]!.line, "\(path).touch", "expected \"auto\", \"off\" or a device under /dev/input/, found \"\(touch)\"")
            }
        }
        config.mapping.swapXY = reader.boolean(table, "swap_xy", at: path) ?? false
        config.mapping.invertX = reader.boolean(table, "invert_x", at: path) ?? false
        config.mapping.invertY = reader.boolean(table, "invert_y", at: path) ?? false
        if let value = table["calibration"] {
            let numbers: [Double]? = if case let .array(items) = value.kind {
                items.compactMap { item -> Double? in
                    switch item.kind {
                    case let .integer(i): Double(i)
                    case let .float(d) where d.isFinite: d
                    default: nil
                    }
                }
            } else { nil }
            if let numbers, numbers.count == 6, case let .array(items) = value.kind, items.count == 6 {
                config.mapping.calibration = numbers
            } else {
                reader.mismatch(value, "\(path).calibration", expected: "six numbers, as libinput's calibration matrix (e.g. [1, 0, 0, 0, 1, 0])")
            }
        }
        return config
    }
}
