import ZoneInfo

/// Which days a recurrence rule's period holds: the candidates a yearly or monthly period
/// looks at, and the test every BY part of a day applies (RFC 5545 3.3.10's table, where
/// each part expands a longer period and limits a shorter one).
extension RecurrenceWalk {
    /// Whether the rule names no part that picks days, so the first occurrence's day
    /// of the month (yearly, monthly) or weekday (weekly) repeats.
    private var picksNoDays: Bool {
        rule.days.isEmpty && rule.monthDays.isEmpty && rule.yearDays.isEmpty && rule.weekNumbers.isEmpty
    }

    /// A yearly period's candidate days in order: BYYEARDAY's alone, else the days of
    /// BYMONTH's months (the first occurrence's month when nothing picks days), only
    /// BYMONTHDAY's where it is given.
    func candidates(year: Int) -> [CivilDateTime] {
        if !rule.yearDays.isEmpty, rule.months.isEmpty, rule.weekNumbers.isEmpty {
            let length = Self.daysIn(year: year)
            let january = CivilDateTime(year: year, month: 1, day: 1).daysSinceEpoch
            return Set(rule.yearDays.map { Self.counted($0, of: length) }.filter { (1...length).contains($0) }).sorted().map { Self.day(january + $0 - 1) }
        }
        let months = !rule.months.isEmpty ? Set(rule.months).sorted() : picksNoDays ? [first.month] : Array(1...12)
        return months.flatMap { candidates(year: year, month: $0) }
    }

    /// A monthly period's candidate days in order: BYMONTHDAY's (negative from the end),
    /// the first occurrence's day when nothing picks days, else every day of the month.
    func candidates(year: Int, month: Int) -> [CivilDateTime] {
        let length = CivilDateTime.daysIn(month: month, year: year)
        let numbers: [Int]
        if !rule.monthDays.isEmpty {
            numbers = Set(rule.monthDays.map { Self.counted($0, of: length) }.filter { (1...length).contains($0) }).sorted()
        } else if picksNoDays {
            numbers = first.day <= length ? [first.day] : []
        } else {
            numbers = Array(1...length)
        }
        return numbers.map { CivilDateTime(year: year, month: month, day: $0) }
    }

    /// Whether every BY part that tests a day keeps `day`: BYMONTH, BYWEEKNO, BYYEARDAY,
    /// BYMONTHDAY and BYDAY all at once, else the first occurrence's day of the month or
    /// weekday for the rules that repeat it.
    func matches(_ day: CivilDateTime) -> Bool {
        if !rule.months.isEmpty, !rule.months.contains(day.month) { return false }
        if !rule.weekNumbers.isEmpty, !weekNumberMatches(day) { return false }
        if !rule.yearDays.isEmpty {
            let length = Self.daysIn(year: day.year), number = dayOfYear(day)
            guard rule.yearDays.contains(where: { Self.counted($0, of: length) == number }) else { return false }
        }
        if !rule.monthDays.isEmpty {
            let length = CivilDateTime.daysIn(month: day.month, year: day.year)
            guard rule.monthDays.contains(where: { Self.counted($0, of: length) == day.day }) else { return false }
        }
        if !rule.days.isEmpty, !rule.days.contains(where: { weekdayMatches($0, day) }) { return false }
        guard picksNoDays else { return true }
        switch rule.frequency {
        case .yearly: return (!rule.months.isEmpty || day.month == first.month) && day.day == first.day
        case .monthly: return day.day == first.day
        case .weekly: return day.weekday == first.weekday
        default: return true
        }
    }

    /// BYDAY's weekday, with its ordinal counted within the month (monthly, or yearly with
    /// BYMONTH) or the year (yearly); shorter rules take the weekday alone, as the
    /// reference does.
    private func weekdayMatches(_ entry: (ordinal: Int?, weekday: Int), _ day: CivilDateTime) -> Bool {
        guard entry.weekday == day.weekday else { return false }
        guard let ordinal = entry.ordinal else { return true }
        if rule.frequency == .monthly || rule.frequency == .yearly && !rule.months.isEmpty {
            let length = CivilDateTime.daysIn(month: day.month, year: day.year)
            return ordinal > 0 ? (day.day - 1) / 7 + 1 == ordinal : (length - day.day) / 7 + 1 == -ordinal
        }
        if rule.frequency == .yearly {
            let length = Self.daysIn(year: day.year), number = dayOfYear(day)
            return ordinal > 0 ? (number - 1) / 7 + 1 == ordinal : (length - number) / 7 + 1 == -ordinal
        }
        return true
    }

    /// BYWEEKNO: week 1 is the first week (from WKST) with four days in the year; a
    /// negative number counts from the last week of the year the day's week belongs to.
    private func weekNumberMatches(_ day: CivilDateTime) -> Bool {
        let (year, week) = weekOfYear(day)
        let weeks = weekOfYear(CivilDateTime(year: year, month: 12, day: 28)).week
        return rule.weekNumbers.contains { Self.counted($0, of: weeks) == week }
    }

    /// The year a day's week belongs to (the one holding its fourth day) and its number.
    private func weekOfYear(_ day: CivilDateTime) -> (year: Int, week: Int) {
        let weekStart = day.daysSinceEpoch - (day.weekday - rule.weekStart + 7) % 7
        let fourth = Self.day(weekStart + 3)
        let january = CivilDateTime(year: fourth.year, month: 1, day: 1).daysSinceEpoch
        return (fourth.year, (weekStart + 3 - january) / 7 + 1)
    }

    /// The `n`th of `length` (days of a month or year, weeks of a year), counted from the
    /// end when negative, as RFC 5545's BY parts count: -1 is the last.
    private static func counted(_ n: Int, of length: Int) -> Int { n > 0 ? n : length + n + 1 }

    private static func daysIn(year: Int) -> Int { CivilDateTime.isLeap(year) ? 366 : 365 }

    private func dayOfYear(_ day: CivilDateTime) -> Int {
        day.daysSinceEpoch - CivilDateTime(year: day.year, month: 1, day: 1).daysSinceEpoch + 1
    }
}
