import FoundationEssentials
import PanelOptions
import TOML

extension LockScreenConfig {
    /// `[display] off`, `wake_for` and `backlight`: when the screen sleeps, how long a tap
    /// or key lights it, and the backlight darkened with it.
    static let screenKeys = ["off", "wake_for", "backlight"]

    func readScreen(_ table: TOMLTable, at path: String, reader: inout ConfigReader) -> (off: ScreenSchedule?, wakeFor: TimeInterval?, backlight: String?) {
        var off: ScreenSchedule?
        if let value = table["off"] {
            let items: [TOMLValue] = if case let .array(items) = value.kind { items } else { [value] }
            let texts = items.compactMap { if case let .string(s) = $0.kind { s } else { nil } }
            if texts.count == items.count, texts.count <= 32, let schedule = ScreenSchedule(texts) {
                off = schedule
            } else {
                reader.mismatch(value, "\(path).off", expected: "local time spans \"HH:MM-HH:MM\", each with days before it if not every day (\"23:00-07:00\", [\"mon-fri 23:00-07:00\", \"sat,sun 00:00-09:00\"])")
            }
        }
        let wakeFor = reader.duration(table, "wake_for", at: path, unit: 1, in: 5...3_600)
        let backlight = reader.string(table, "backlight", at: path)
        if let backlight, !backlight.hasPrefix("/") {
            reader.report(table["backlight"]!.line, "\(path).backlight", "expected the backlight's directory, such as \"/sys/class/backlight/rpi_backlight\", found \"\(backlight.prefix(60))\"")
            return (off, wakeFor, nil)
        }
        return (off, wakeFor, backlight)
    }
}
