/// A wall-clock reading in the proleptic Gregorian calendar: what a clock on the wall and
/// a paper calendar show at some instant in some time zone. Converting between instants
/// and readings is the job of `ZoneRules`; this type only does the calendar arithmetic.
package struct CivilDateTime: Hashable, Sendable, Comparable {
    package var year: Int
    /// 1 to 12.
    package var month: Int
    /// 1 to 31.
    package var day: Int
    package var hour: Int
    package var minute: Int
    package var second: Int

    package init(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0) {
        (self.year, self.month, self.day, self.hour, self.minute, self.second) = (year, month, day, hour, minute, second)
    }

    /// The reading `seconds` after 1970-01-01 00:00:00 on the same wall clock.
    package init(secondsSinceEpoch seconds: Int64) {
        let days = Int(seconds.floorDivided(by: 86_400))
        let rest = Int(seconds - Int64(days) * 86_400)
        (year, month, day) = Self.civil(fromDays: days)
        (hour, minute, second) = (rest / 3_600, rest % 3_600 / 60, rest % 60)
    }

    /// Seconds from 1970-01-01 00:00:00 to this reading on the same wall clock. Fields out
    /// of their range carry over (hour 25 is 1 the next day, day 0 the last of the month
    /// before), as a calendar adding components would.
    package var secondsSinceEpoch: Int64 {
        let months = year * 12 + (month - 1)
        let y = months.floorDivided(by: 12), m = months - y * 12 + 1
        let days = Self.days(fromCivil: y, m, 1) + (day - 1)
        return Int64(days) * 86_400 + Int64(hour) * 3_600 + Int64(minute) * 60 + Int64(second)
    }

    /// Days since 1970-01-01.
    package var daysSinceEpoch: Int { Int(secondsSinceEpoch.floorDivided(by: 86_400)) }

    /// 1 for Sunday through 7 for Saturday, as Foundation's `Calendar` numbers weekdays.
    package var weekday: Int { (daysSinceEpoch + 4).floorModulo(7) + 1 }

    /// Midnight at the start of this reading's day.
    package var startOfDay: CivilDateTime { CivilDateTime(year: year, month: month, day: day) }

    /// This reading with `days` added to the date, the time of day kept.
    package func adding(days: Int) -> CivilDateTime {
        var moved = CivilDateTime(secondsSinceEpoch: Int64(daysSinceEpoch + days) * 86_400)
        (moved.hour, moved.minute, moved.second) = (hour, minute, second)
        return moved
    }

    package static func < (a: CivilDateTime, b: CivilDateTime) -> Bool {
        a.secondsSinceEpoch < b.secondsSinceEpoch
    }

    /// 28 to 31.
    package static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    package static func isLeap(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    /// Days since 1970-01-01 of a Gregorian date: count whole 400-year eras from
    /// 0000-03-01, so that the leap day falls at the end of each counted year.
    static func days(fromCivil year: Int, _ month: Int, _ day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = y.floorDivided(by: 400)
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The inverse of `days(fromCivil:_:_:)`.
    static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = z.floorDivided(by: 146_097)
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}

extension BinaryInteger {
    /// Division rounding towards negative infinity, so times before 1970 fall in the day
    /// that contains them.
    package func floorDivided(by divisor: Self) -> Self {
        let q = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? q - 1 : q
    }

    package func floorModulo(_ divisor: Self) -> Self {
        self - floorDivided(by: divisor) * divisor
    }
}
