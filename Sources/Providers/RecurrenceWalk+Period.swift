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
            let year = at.floorDivided(by: 12), month = at.floorModulo(12) + 1
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
        case .hourly, .minutely, .secondly: days = [Self.day(at.floorDivided(by: unitsPerDay))]
        }
        budget -= max(1, days.count)
        days.removeAll { !matches($0) }
        guard !days.isEmpty else {
            // A daily or shorter rule jumps over a month BYMONTH leaves out, or the rest of a day.
            if [.yearly, .monthly, .weekly].contains(rule.frequency) { return .skip(to: period + 1) }
            let failed = Self.day(at.floorDivided(by: unitsPerDay))
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
            switch timesOfDay(at: at) {
            case .starts(let found): times = found
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

    /// A sub-daily period's times, or the next period whose time could match.
    private enum PeriodTimes {
        case starts([Int])
        case skip(to: Int)
    }

    /// The times of the sub-daily period starting at `index`, in seconds from midnight, in
    /// order: its own hour, minute or second, limited by BYHOUR, BYMINUTE and BYSECOND and
    /// expanded by the times shorter than the period.
    private func timesOfDay(at index: Int) -> PeriodTimes {
        let second = index.floorModulo(unitsPerDay) * (86_400 / unitsPerDay)
        let (hour, minute) = (second / 3_600, second / 60 % 60)
        func allowed(_ parts: [Int], _ value: Int) -> Bool { parts.isEmpty || parts.contains(value) }
        // The next period in the following hour or minute (a period of an hour: the next one).
        func after(_ unit: Int) -> Int { firstPeriod(reaching: Self.reading(index, unitsPerDay: unitsPerDay, plus: unit - second % unit)) }
        guard allowed(rule.hours, hour) else { return .skip(to: after(3_600)) }
        switch rule.frequency {
        case .hourly:
            return .starts(hourTimes.map { hour * 3_600 + $0 })
        case .minutely:
            guard allowed(rule.minutes, minute) else { return .skip(to: after(60)) }
            return .starts(minuteTimes.map { hour * 3_600 + minute * 60 + $0 })
        default:
            guard allowed(rule.minutes, minute) else { return .skip(to: after(60)) }
            guard allowed(rule.seconds, second % 60) else { return .skip(to: after(1)) }
            return .starts([second])
        }
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

    /// The reading `seconds` after the start of the sub-daily period `index`.
    private static func reading(_ index: Int, unitsPerDay: Int, plus seconds: Int) -> CivilDateTime {
        CivilDateTime(secondsSinceEpoch: Int64(index) * Int64(86_400 / unitsPerDay) + Int64(seconds))
    }

    /// The day `number` days from 1970-01-01.
    static func day(_ number: Int) -> CivilDateTime { CivilDateTime(secondsSinceEpoch: Int64(number) * 86_400) }
}
