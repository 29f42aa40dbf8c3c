import FoundationEssentials
import ZoneInfo

/// The start times a recurrence rule makes, walked day by day from the first occurrence
/// at its wall-clock time (so 09:00 stays 09:00 across daylight-saving changes). A rule
/// without COUNT starts its walk a day before the window, so a birthday from 1950 costs
/// the same as one from last year; with COUNT every occurrence from the first is
/// counted, as RFC 5545 counts them before EXDATE takes any away.
///
/// The walk is paid for from a budget of days shared by the whole file: months and
/// years a MONTHLY or YEARLY rule skips are jumped over, the repeating weeks of a
/// DAILY or WEEKLY rule counted by arithmetic, and a walk that still finds no end is cut
/// after 20,000 days looked at, or when the file's budget runs out — so a calendar made to stall
/// the reader (ten thousand rules that never match) costs a bounded moment, and is
/// refused, never a stall.
struct RecurrenceWalk {
    let rule: ICalendar.Rule
    let first: CivilDateTime
    let zone: ZoneRules

    /// The most days one rule's walk looks at: about 55 years of days, more of time where
    /// months, years or repeating weeks are jumped over.
    static let dayLimit = 20_000

    /// Calls `body` with each start in [`from`, `to`), taking every day looked at from
    /// `budget`. Returns false when the budget ran out before the walk was done.
    func forEach(from: Date, to: Date, budget: inout Int, _ body: (Date) -> Void) -> Bool {
        let firstDate = zone.date(first)
        let daysToWindow = Int((from.timeIntervalSince(firstDate) / 86_400).rounded(.down))
        // Without COUNT nothing before the window matters: start a day early for zones.
        var days = rule.count == nil ? max(0, daysToWindow - 1) : 0
        // Past this many days every start is at or after `to` (a day of slack for zones).
        let daysToEnd = Int((to.timeIntervalSince(firstDate) / 86_400).rounded(.up)) + 1
        var emitted = 0, steps = 0
        // Counting a period's occurrences looks at its days once, paid from the budget.
        let period = rule.count != nil && daysToWindow > 0 ? repeatingPeriod : nil
        if let period {
            guard budget >= period.days else { return false }
            budget -= period.days
        }
        while days < daysToEnd, steps < Self.dayLimit {
            guard budget > 0 else { return false }
            budget -= 1
            steps += 1
            // A COUNT rule far before the window: whole repeating periods counted at once.
            if let period, let count = rule.count, days >= period.days, days % period.days == 0 {
                let whole = min((daysToWindow - days - 1) / period.days, (count - emitted) / max(1, period.occurrences) - 1)
                if whole > 0 {
                    days += whole * period.days
                    emitted += whole * period.occurrences
                    continue
                }
            }
            let reading = first.adding(days: days)
            if let skip = daysToSkip(reading, days: days) {
                days += skip
                continue
            }
            defer { days += 1 }
            guard allows(reading, days: days) else { continue }
            let day = zone.date(reading)
            if day >= to { return true }
            if let until = rule.until, day > until { return true }
            emitted += 1
            if let count = rule.count, emitted > count { return true }
            if day >= from { body(day) }
        }
        return true
    }

    /// For a DAILY or WEEKLY rule without BYMONTH, whose pattern of days repeats: the
    /// period in days and how many occurrences each period holds.
    private var repeatingPeriod: (days: Int, occurrences: Int)? {
        guard rule.months.isEmpty, rule.frequency == .daily || rule.frequency == .weekly else { return nil }
        let days: Int
        if rule.frequency == .weekly {
            days = 7 * rule.interval
        } else {
            days = rule.days.isEmpty ? rule.interval : rule.interval * 7 / gcd(rule.interval, 7)
        }
        return (days, (0..<days).count { allows(first.adding(days: $0), days: $0) })
    }

    private func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? a : gcd(b, a % b) }

    /// Days up to the first of the next month, when `reading`'s month is one the rule
    /// passes over whole (by INTERVAL or BYMONTH); nil otherwise.
    private func daysToSkip(_ reading: CivilDateTime, days: Int) -> Int? {
        let months = (reading.year - first.year) * 12 + reading.month - first.month
        let skipped: Bool
        switch rule.frequency {
        case .monthly:
            skipped = months % rule.interval != 0 || !(rule.months.isEmpty || rule.months.contains(reading.month))
        case .yearly:
            skipped = (reading.year - first.year) % rule.interval != 0 || !(rule.months.isEmpty ? [first.month] : rule.months).contains(reading.month)
        case .daily, .weekly:
            // BYMONTH limits a DAILY or WEEKLY rule to its months (RFC 5545 3.3.10).
            skipped = !rule.months.isEmpty && !rule.months.contains(reading.month)
        }
        guard skipped else { return nil }
        return Self.daysIn(year: reading.year, month: reading.month) - reading.day + 1
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
            return weeks % interval == 0 && weekdays.contains(reading.weekday) && (rule.months.isEmpty || rule.months.contains(reading.month))
        case .monthly:
            let months = (reading.year - first.year) * 12 + reading.month - first.month
            guard months % interval == 0, rule.months.isEmpty || rule.months.contains(reading.month) else { return false }
            guard !rule.positions.isEmpty else { return dayMatches(reading, defaultDay: first.day) }
            // BYSETPOS: the nth (or nth from last) of the month's matching days.
            let length = Self.daysIn(year: reading.year, month: reading.month)
            let matching = (1...length).filter { dayMatches(CivilDateTime(year: reading.year, month: reading.month, day: $0), defaultDay: first.day) }
            guard let index = matching.firstIndex(of: reading.day) else { return false }
            return rule.positions.contains { $0 > 0 ? $0 == index + 1 : matching.count + $0 == index }
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
