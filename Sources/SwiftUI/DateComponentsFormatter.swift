// swift-corelibs-foundation declares `DateComponentsFormatter` unavailable; widget code
// writes a countdown or a duration with it ("12:05", "1h 5m", "5 minutes remaining"), so
// this module, which re-exports Foundation, declares one of its own and shadows that
// declaration for every file that imports SwiftUI or a module above it.

/// Writes a span of time in English as Foundation's `DateComponentsFormatter` does on an
/// iPhone: positionally ("1:02:05"), abbreviated ("1h 2m 5s"), short ("1 hr, 2 min,
/// 5 sec"), brief ("1hr 2min 5sec"), full ("1 hour, 2 minutes, 5 seconds") or spelled out
/// ("one hour, two minutes, five seconds"), in the units allowed, with zeros dropped or
/// padded and at most `maximumUnitCount` units (the rest cut off, as Apple's does).
///
/// Months and years are counted on the calendar from `referenceDate` (now, when unset);
/// weeks, days, hours, minutes and seconds are fixed lengths. English only: the daemon's
/// own dates follow `[clock] locale`, but this formatter, like an app's, has no locale of
/// the lock screen's to follow.
open class DateComponentsFormatter: Formatter, @unchecked Sendable {
    /// How the units are written.
    public enum UnitsStyle: Int, Sendable {
        case positional = 0, abbreviated, short, full, spellOut, brief
    }

    /// Which zero units are left out, or padded.
    public struct ZeroFormattingBehavior: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        public static let none = ZeroFormattingBehavior([])
        /// Leading zeros dropped for the positional style, every zero otherwise.
        public static let `default` = ZeroFormattingBehavior(rawValue: 1)
        public static let dropLeading = ZeroFormattingBehavior(rawValue: 2)
        public static let dropMiddle = ZeroFormattingBehavior(rawValue: 4)
        public static let dropTrailing = ZeroFormattingBehavior(rawValue: 8)
        public static let dropAll: ZeroFormattingBehavior = [.dropLeading, .dropMiddle, .dropTrailing]
        /// Every positional unit written with two digits.
        public static let pad = ZeroFormattingBehavior(rawValue: 0x10000)
    }

    /// The units written; empty: years, months, days, hours, minutes and seconds.
    open var allowedUnits: NSCalendar.Unit = []
    open var unitsStyle: UnitsStyle = .positional
    open var zeroFormattingBehavior: ZeroFormattingBehavior = .default
    /// At most this many units, the largest first; 0: no limit.
    open var maximumUnitCount = 0
    /// "About " before the span.
    open var includesApproximationPhrase = false
    /// " remaining" after the span.
    open var includesTimeRemainingPhrase = false
    /// Accepted; every unit is written whole.
    open var allowsFractionalUnits = false
    /// Accepted; the largest unit is not folded into the next.
    open var collapsesLargestUnit = false
    open var calendar: Calendar? = nil
    /// Where months and years are counted from; nil: now.
    open var referenceDate: Date? = nil

    /// The longest span written, in seconds.
    private static let longest: TimeInterval = 1e13

    public override init() { super.init() }

    public required init?(coder: NSCoder) { nil }

    /// The span of `interval` seconds, from the reference date on.
    open func string(from interval: TimeInterval) -> String? {
        guard interval.isFinite, abs(interval) < Self.longest else { return nil }
        let start = referenceDate ?? Date()
        return string(from: start, to: start.addingTimeInterval(interval))
    }

    /// The span from `start` to `end`; nil for a span of more than about 300,000 years
    /// (a date from a feed can be anything: no count of units may overflow).
    open func string(from start: Date, to end: Date) -> String? {
        let span = end.timeIntervalSince(start)
        guard span.isFinite, abs(span) < Self.longest else { return nil }
        let negative = end < start
        let (from, to) = negative ? (end, start) : (start, end)
        let units = Self.order.filter { unitsInUse.contains($0.unit) }
        guard !units.isEmpty else { return nil }
        var values: [Int] = []
        var rest = to.timeIntervalSince(from).rounded(.down)
        if units.contains(where: { $0.seconds == nil }) {
            // Months and years: on the calendar, then what is left in fixed lengths.
            let calendar = self.calendar ?? Calendar(identifier: .gregorian)
            let counted = calendar.dateComponents(Set(units.compactMap { $0.seconds == nil ? $0.component : nil }), from: from, to: to)
            var moved = from
            for unit in units where unit.seconds == nil {
                let value = max(0, counted.value(for: unit.component) ?? 0)
                values.append(value)
                moved = calendar.date(byAdding: unit.component, value: value, to: moved) ?? moved
            }
            rest = max(0, to.timeIntervalSince(moved).rounded(.down))
        }
        for unit in units {
            guard let length = unit.seconds else { continue }
            let value = (rest / length).rounded(.down)
            values.append(Int(value))
            rest -= value * length
        }
        return format(values, units: units, negative: negative)
    }

    /// The span `components` name, counted from the reference date.
    open func string(from components: DateComponents) -> String? {
        let start = referenceDate ?? Date()
        guard let end = (calendar ?? Calendar(identifier: .gregorian)).date(byAdding: components, to: start) else { return nil }
        return string(from: start, to: end)
    }

    open override func string(for value: Any?) -> String? {
        switch value {
        case let interval as TimeInterval: string(from: interval)
        case let interval as Int: string(from: TimeInterval(interval))
        case let components as DateComponents: string(from: components)
        default: nil
        }
    }

    /// A unit: its calendar component, its length when fixed, its names.
    private struct Unit {
        var unit: NSCalendar.Unit
        var component: Calendar.Component
        var seconds: Double?
        var full: String
        var short: (one: String, many: String)
        var abbreviated: String
    }

    private static let order = [
        Unit(unit: .year, component: .year, seconds: nil, full: "year", short: ("yr", "yrs"), abbreviated: "y"),
        Unit(unit: .month, component: .month, seconds: nil, full: "month", short: ("mth", "mths"), abbreviated: "mo"),
        Unit(unit: .weekOfMonth, component: .weekOfMonth, seconds: 604_800, full: "week", short: ("wk", "wks"), abbreviated: "w"),
        Unit(unit: .day, component: .day, seconds: 86_400, full: "day", short: ("day", "days"), abbreviated: "d"),
        Unit(unit: .hour, component: .hour, seconds: 3_600, full: "hour", short: ("hr", "hr"), abbreviated: "h"),
        Unit(unit: .minute, component: .minute, seconds: 60, full: "minute", short: ("min", "min"), abbreviated: "m"),
        Unit(unit: .second, component: .second, seconds: 1, full: "second", short: ("sec", "sec"), abbreviated: "s"),
    ]

    private var unitsInUse: NSCalendar.Unit { allowedUnits.isEmpty ? [.year, .month, .day, .hour, .minute, .second] : allowedUnits }

    private func format(_ values: [Int], units: [Unit], negative: Bool) -> String {
        let positional = unitsStyle == .positional
        var zeros = zeroFormattingBehavior.subtracting(.pad)
        if zeros.contains(.default) {
            zeros = positional ? .dropLeading : .dropAll
        }
        var shown = Array(values.indices)
        if let first = values.firstIndex(where: { $0 != 0 }) {
            let last = values.lastIndex { $0 != 0 }!
            shown.removeAll { i in
                values[i] == 0 && (i < first && zeros.contains(.dropLeading) || i > last && zeros.contains(.dropTrailing)
                    || i > first && i < last && zeros.contains(.dropMiddle))
            }
        } else if zeros.contains(.dropLeading) || zeros.contains(.dropTrailing) {
            shown = [values.count - 1]
        }
        // A positional span keeps two places ("0:05"), as a clock reads.
        if positional, shown.count < 2, values.count >= 2, let first = shown.first {
            shown = first == values.count - 1 ? [first - 1, first] : [first, first + 1]
        }
        if maximumUnitCount > 0 { shown = Array(shown.prefix(maximumUnitCount)) }
        let pad = zeroFormattingBehavior.contains(.pad)
        let parts = shown.enumerated().map { n, i in
            positional ? (n == 0 && !pad ? String(values[i]) : Self.twoDigits(values[i])) : word(values[i], units[i])
        }
        var text = positional ? parts.joined(separator: ":")
            : parts.joined(separator: unitsStyle == .abbreviated || unitsStyle == .brief ? " " : ", ")
        if negative { text = "-" + text }
        if includesApproximationPhrase { text = "About " + text }
        if includesTimeRemainingPhrase { text += " remaining" }
        return text
    }

    private static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }

    private func word(_ value: Int, _ unit: Unit) -> String {
        switch unitsStyle {
        case .positional, .abbreviated: "\(value)\(unit.abbreviated)"
        case .brief: "\(value)\(value == 1 ? unit.short.one : unit.short.many)"
        case .short: "\(value) \(value == 1 ? unit.short.one : unit.short.many)"
        case .full: "\(value) \(unit.full)\(value == 1 ? "" : "s")"
        case .spellOut: "\(Self.spelled(value)) \(unit.full)\(value == 1 ? "" : "s")"
        }
    }

    private static let ones = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
                               "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"]
    private static let tens = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]

    /// `value` in English words, as the spell-out style writes it ("forty-one").
    static func spelled(_ value: Int) -> String {
        switch value {
        case ..<0: "minus " + spelled(-value)
        case ..<20: ones[value]
        case ..<100: tens[value / 10] + (value % 10 == 0 ? "" : "-" + ones[value % 10])
        case ..<1_000: ones[value / 100] + " hundred" + (value % 100 == 0 ? "" : " " + spelled(value % 100))
        case ..<1_000_000: spelled(value / 1_000) + " thousand" + (value % 1_000 == 0 ? "" : " " + spelled(value % 1_000))
        default: String(value)
        }
    }
}
