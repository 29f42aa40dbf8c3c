import Canvas
import ZoneInfo
import WidgetKitCore

/// A fixed date format, as Foundation's `Date.FormatStyle` is used in views:
/// `Text(date, format: .dateTime.hour().minute())`, `.dateTime.weekday(.wide)`. The
/// fields chosen are shown in English order; the hour follows the 12/24-hour setting.
/// Unlike `Text(date, style:)` the text does not keep itself current.
public struct DateFormatStyle: Sendable, Hashable {
    /// How a field is spelled.
    public enum Width: Sendable, Hashable {
        /// "Mon", "Nov".
        case abbreviated
        /// "Monday", "November".
        case wide
        /// "M", "N".
        case narrow
        /// "11"; for weekdays, "Mo".
        case defaultDigits, twoDigits, short
    }

    var weekdayWidth: Width?
    var monthWidth: Width?
    var showsDay = false
    var showsYear = false
    var showsHour = false
    var showsMinute = false
    var showsSecond = false

    /// No fields: add them with `hour()`, `minute()`, `day()`, …; with none at all the
    /// date and time are both shown numerically ("11/23/2026, 2:05 PM").
    public static var dateTime: DateFormatStyle { DateFormatStyle() }

    public func weekday(_ width: Width = .abbreviated) -> DateFormatStyle { with { $0.weekdayWidth = width } }
    public func month(_ width: Width = .abbreviated) -> DateFormatStyle { with { $0.monthWidth = width } }
    public func day() -> DateFormatStyle { with { $0.showsDay = true } }
    public func year() -> DateFormatStyle { with { $0.showsYear = true } }
    public func hour() -> DateFormatStyle { with { $0.showsHour = true } }
    public func minute() -> DateFormatStyle { with { $0.showsMinute = true } }
    public func second() -> DateFormatStyle { with { $0.showsSecond = true } }

    private func with(_ change: (inout DateFormatStyle) -> Void) -> DateFormatStyle {
        var copy = self
        change(&copy)
        return copy
    }

    private var isEmpty: Bool { weekdayWidth == nil && monthWidth == nil && !showsDay && !showsYear && !showsHour && !showsMinute && !showsSecond }

    /// The date as this format shows it in `zone`.
    func string(for date: Date, zone: ZoneRules, twentyFourHour: Bool, language: DateLanguage = .standard) -> String {
        let c = zone.civil(date)
        if isEmpty {
            return "\(c.month)/\(c.day)/\(c.year), " + DateText.time(date, zone: zone, twentyFourHour: twentyFourHour)
        }
        var dateParts: [String] = []
        if let weekdayWidth { dateParts.append(Self.name(language.weekdays[c.weekday - 1], width: weekdayWidth)) }
        var monthDay: [String] = []
        let numericMonth = monthWidth == .defaultDigits || monthWidth == .twoDigits
        if let monthWidth {
            monthDay.append(numericMonth ? Self.number(c.month, width: monthWidth) : Self.name(language.months[c.month - 1], width: monthWidth))
        }
        if showsDay { monthDay.append(String(c.day)) }
        if language.order != .monthDayYear, !numericMonth { monthDay.reverse() }
        if !monthDay.isEmpty { dateParts.append(monthDay.joined(separator: numericMonth ? "/" : " ")) }
        if showsYear { dateParts.append(String(c.year)) }
        var text = dateParts.joined(separator: ", ")
        if showsHour || showsMinute || showsSecond {
            let time = Self.time(c, hour: showsHour, minute: showsMinute, second: showsSecond, twentyFourHour: twentyFourHour)
            text = text.isEmpty ? time : text + ", " + time
        }
        return text
    }

    private static func name(_ full: String, width: Width) -> String {
        switch width {
        case .wide: full
        case .narrow: String(full.prefix(1))
        case .short: String(full.prefix(2))
        default: String(full.prefix(3))
        }
    }

    private static func number(_ value: Int, width: Width) -> String {
        width == .twoDigits ? CFormat.twoDigits(value) : String(value)
    }

    private static func time(_ c: CivilDateTime, hour: Bool, minute: Bool, second: Bool, twentyFourHour: Bool) -> String {
        let h = twentyFourHour ? c.hour : (c.hour % 12 == 0 ? 12 : c.hour % 12)
        var fields: [String] = []
        if hour { fields.append(twentyFourHour ? CFormat.twoDigits(h) : String(h)) }
        if minute { fields.append(hour ? CFormat.twoDigits(c.minute) : String(c.minute)) }
        if second { fields.append(hour || minute ? CFormat.twoDigits(c.second) : String(c.second)) }
        var text = fields.joined(separator: ":")
        if hour && !twentyFourHour { text += c.hour < 12 ? " AM" : " PM" }
        return text
    }
}

extension Text {
    /// A date in a fixed format: `Text(date, format: .dateTime.hour().minute())`.
    public init(_ date: Date, format: DateFormatStyle) {
        self.init(segments: [.formattedDate(date, format)])
    }

    /// A number in a format: `Text(level, format: .percent)`.
    public init<Value: BinaryFloatingPoint>(_ value: Value, format: NumberFormatStyle) {
        self.init(verbatim: format.string(for: Double(value)))
    }

    /// A whole number in a format: `Text(steps, format: .number)`.
    public init<Value: BinaryInteger>(_ value: Value, format: NumberFormatStyle) {
        self.init(verbatim: format.string(for: Double(value)))
    }
}
