import ZoneInfo

/// One period of a recurrence rule: its candidate days, the days its BY parts keep, the
/// times of day each gets, and BYSETPOS's choice among them.
extension RecurrenceWalk {
    /// What one period gives: its starts in order, or none and the next period that could.
    enum PeriodStarts {
        case starts([CivilDateTime])
        case skip(to: Int)
    }

    /// The starts of the `period`th period, each day looked at paid from `budget`.
    func starts(in period: Int, budget: inout Int) -> PeriodStarts {
        let at = start(of: period)
        var days: [CivilDateTime]
        switch rule.frequency {
        case .yearly: days = candidates(year: at)
        case .monthly:
            let year = Self.floorDivide(at, 12), month = at - year * 12 + 1
            // A month BYMONTH leaves out costs one look, not its days'.
            guard rule.months.isEmpty || rule.months.contains(month) else {
                budget -= 1
                return .skip(to: period + 1)
            }
            days = candidates(year: year, month: month)
        case .weekly:
            // Only the week's days that can match: BYDAY's weekdays, else the first's.
            let weekdays = Set(rule.days.isEmpty ? [first.weekday] : rule.weekdays)
            days = (0..<7).filter { weekdays.contains((rule.weekStart - 1 + $0) % 7 + 1) }.map { Self.day(at + $0) }
            // As the reference reads it, the first week's set begins at the first occurrence's day.
            if period == 0 { days.removeAll { $0 < first.startOfDay } }
        case .daily: days = [Self.day(at)]
        case .hourly: days = [Self.day(Self.floorDivide(at, 24))]
        case .minutely: days = [Self.day(Self.floorDivide(at, 1_440))]
        case .secondly: days = [Self.day(Self.floorDivide(at, 86_400))]
        }
        budget -= max(1, days.count)
        days.removeAll { !matches($0) }
        guard let day = days.first else {
            // A daily or shorter rule jumps over a month BYMONTH leaves out, or the rest of a day.
            if [.yearly, .monthly, .weekly].contains(rule.frequency) { return .skip(to: period + 1) }
            let failed = Self.day(Self.floorDivide(at, unitsPerDay))
            var next = failed.adding(days: 1)
            if !rule.months.isEmpty, !rule.months.contains(failed.month) {
                next = CivilDateTime(year: failed.year + failed.month / 12, month: failed.month % 12 + 1, day: 1)
            }
            return .skip(to: firstPeriod(reaching: next))
        }
        let times: [Int]
        switch rule.frequency {
        case .yearly, .monthly, .weekly, .daily: times = dayTimes
        default:
            switch timesOfDay(at: at, on: day) {
            case .starts(let found): times = found.map { $0.hour * 3_600 + $0.minute * 60 + $0.second }
            case .skip(let next): return .skip(to: next)
            }
        }
        var starts: [CivilDateTime] = []
        starts.reserveCapacity(days.count * times.count)
        for day in days {
            for time in times {
                starts.append(CivilDateTime(year: day.year, month: day.month, day: day.day, hour: time / 3_600, minute: time / 60 % 60, second: time % 60))
            }
        }
        guard !rule.positions.isEmpty else { return .starts(starts) }
        // BYSETPOS: the nth (or nth from last) of the period's starts.
        let chosen = Set(rule.positions.compactMap { position -> Int? in
            let index = position > 0 ? position - 1 : starts.count + position
            return starts.indices.contains(index) ? index : nil
        })
        return .starts(chosen.sorted().map { starts[$0] })
    }

    /// The times of a sub-daily period, as readings on `day`, in order: the period's own
    /// hour, minute or second, limited by BYHOUR, BYMINUTE and BYSECOND, expanded by those
    /// shorter than the period (the first occurrence's where absent); none: the next
    /// period whose time could match.
    private func timesOfDay(at index: Int, on day: CivilDateTime) -> PeriodStarts {
        let now = Self.time(index, unitsPerDay: unitsPerDay, on: day)
        func allowed(_ parts: [Int], _ value: Int) -> Bool { parts.isEmpty || parts.contains(value) }
        guard allowed(rule.hours, now.hour) else {
            return .skip(to: rule.frequency == .hourly ? firstPeriod(reaching: now) + 1 : firstPeriod(reaching: Self.next(now, seconds: 3_600)))
        }
        var times: [(Int, Int, Int)] = []
        switch rule.frequency {
        case .hourly:
            let minutes = rule.minutes.isEmpty ? [first.minute] : rule.minutes
            let seconds = rule.seconds.isEmpty ? [first.second] : rule.seconds
            times = minutes.flatMap { m in seconds.map { s in (now.hour, m, s) } }
        case .minutely:
            guard allowed(rule.minutes, now.minute) else { return .skip(to: firstPeriod(reaching: now) + 1) }
            times = (rule.seconds.isEmpty ? [first.second] : rule.seconds).map { (now.hour, now.minute, $0) }
        default:
            guard allowed(rule.minutes, now.minute) else { return .skip(to: firstPeriod(reaching: Self.next(now, seconds: 60))) }
            guard allowed(rule.seconds, now.second) else { return .skip(to: firstPeriod(reaching: now) + 1) }
            times = [(now.hour, now.minute, now.second)]
        }
        let sorted = Set(times.map { $0.0 * 3_600 + $0.1 * 60 + $0.2 }).sorted()
        return .starts(sorted.map { CivilDateTime(year: day.year, month: day.month, day: day.day, hour: $0 / 3_600, minute: $0 / 60 % 60, second: $0 % 60) })
    }

    /// Periods in a day for a sub-daily rule (1 for the rest).
    private var unitsPerDay: Int {
        switch rule.frequency {
        case .hourly: 24
        case .minutely: 1_440
        case .secondly: 86_400
        default: 1
        }
    }

    /// The reading at a sub-daily period's start.
    private static func time(_ index: Int, unitsPerDay: Int, on day: CivilDateTime) -> CivilDateTime {
        let within = index - Self.floorDivide(index, unitsPerDay) * unitsPerDay
        let seconds = within * (86_400 / unitsPerDay)
        return CivilDateTime(year: day.year, month: day.month, day: day.day, hour: seconds / 3_600, minute: seconds / 60 % 60, second: seconds % 60)
    }

    /// The start of the hour or minute after `reading`'s.
    private static func next(_ reading: CivilDateTime, seconds: Int) -> CivilDateTime {
        let at = Int64(reading.daysSinceEpoch) * 86_400 + Int64(reading.hour * 3_600 + reading.minute * 60 + reading.second)
        let rounded = (at / Int64(seconds) + 1) * Int64(seconds)
        return CivilDateTime(secondsSinceEpoch: rounded)
    }

    /// The day `number` days from 1970-01-01.
    static func day(_ number: Int) -> CivilDateTime { CivilDateTime(secondsSinceEpoch: Int64(number) * 86_400) }

    private static func floorDivide(_ a: Int, _ b: Int) -> Int { a >= 0 ? a / b : -((-a + b - 1) / b) }
}
