import FoundationEssentials
import ZoneInfo

/// The start times a recurrence rule makes, walked day by day from the first occurrence
/// at its wall-clock time (so 09:00 stays 09:00 across daylight-saving changes). A rule
/// without COUNT starts its walk about a year before the window, so a birthday from
/// 1950 costs the same as one from last year; with COUNT every occurrence from the first
/// is counted, as RFC 5545 counts them before EXDATE takes any away.
struct RecurrenceWalk {
    let rule: ICalendar.Rule
    let first: CivilDateTime
    let zone: ZoneRules

    /// Calls `body` with each start in [`from`, `to`).
    func forEach(from: Date, to: Date, _ body: (Date) -> Void) {
        let firstDate = zone.date(first)
        let daysToWindow = Int((from.timeIntervalSince(firstDate) / 86_400).rounded(.down))
        var days = rule.count == nil ? max(0, daysToWindow - 400) : 0
        var emitted = 0
        // At most about 55 years of days past the walk's start.
        let limit = days + 20_000
        while days < limit {
            defer { days += 1 }
            let reading = first.adding(days: days)
            let day = zone.date(reading)
            if day >= to { return }
            if let until = rule.until, day > until { return }
            guard allows(reading, days: days) else { continue }
            emitted += 1
            if let count = rule.count, emitted > count { return }
            if day >= from { body(day) }
        }
    }

    /// Whether the rule makes an occurrence on `reading`'s day, `days` after the first.
    func allows(_ reading: CivilDateTime, days: Int) -> Bool {
        let interval = rule.interval
        switch rule.frequency {
        case .daily:
            return days % interval == 0 && (rule.months.isEmpty || rule.months.contains(reading.month))
                && (rule.days.isEmpty || rule.weekdays.contains(reading.weekday))
        case .weekly:
            // Weeks counted from the one holding the first occurrence, starting on WKST.
            let weeks = (days + (first.weekday - rule.weekStart + 7) % 7) / 7
            let weekdays = rule.days.isEmpty ? [first.weekday] : rule.weekdays
            return weeks % interval == 0 && weekdays.contains(reading.weekday)
        case .monthly:
            let months = (reading.year - first.year) * 12 + reading.month - first.month
            guard months % interval == 0, rule.months.isEmpty || rule.months.contains(reading.month) else { return false }
            return dayMatches(reading, defaultDay: first.day)
        case .yearly:
            guard (reading.year - first.year) % interval == 0 else { return false }
            let months = rule.months.isEmpty ? [first.month] : rule.months
            guard months.contains(reading.month) else { return false }
            return dayMatches(reading, defaultDay: rule.days.isEmpty && rule.monthDays.isEmpty ? first.day : nil)
        }
    }

    /// BYMONTHDAY (negative from the month's end), BYDAY with ordinals within the month
    /// (2TU, -1FR), or the first occurrence's day of the month.
    private func dayMatches(_ reading: CivilDateTime, defaultDay: Int?) -> Bool {
        let length = Self.daysIn(year: reading.year, month: reading.month)
        if !rule.monthDays.isEmpty {
            guard rule.monthDays.contains(where: { $0 > 0 ? $0 == reading.day : length + $0 + 1 == reading.day }) else { return false }
            return rule.days.isEmpty || rule.weekdays.contains(reading.weekday)
        }
        if !rule.days.isEmpty {
            return rule.days.contains { day in
                guard day.weekday == reading.weekday else { return false }
                guard let ordinal = day.ordinal else { return true }
                return ordinal > 0 ? (reading.day - 1) / 7 + 1 == ordinal : (length - reading.day) / 7 + 1 == -ordinal
            }
        }
        return defaultDay.map { $0 == reading.day } ?? false
    }

    static func daysIn(year: Int, month: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
