import FoundationEssentials
import ZoneInfo

/// The start times a recurrence rule makes, as RFC 5545 3.3.10 expands them and the
/// reference readers (recurring-ical-events on python-dateutil) read them: the rule's
/// periods — years, months, weeks, days, hours, minutes or seconds, INTERVAL apart from the
/// first occurrence's — each expanded by its BY parts and limited by the rest, BYSETPOS
/// choosing among a period's starts, all in wall-clock time (so 09:00 stays 09:00 across
/// daylight-saving changes). A rule without COUNT starts at the period a day before the
/// window, so a birthday from 1950 costs the same as one from last year; with COUNT every
/// occurrence from the first is counted, as RFC 5545 counts them before EXDATE takes any.
///
/// The walk is paid for from a budget of days looked at, shared by the whole file: a
/// yearly or monthly period looks only at its candidate days (BYMONTH's months,
/// BYMONTHDAY's days, BYYEARDAY's), months BYMONTH leaves out and days a sub-daily rule
/// cannot match are jumped over, and the repeating cycles of a COUNT rule whose pattern
/// is only weekdays and times are counted by arithmetic. A walk that still finds no end
/// after `periodLimit` periods, or when the file's budget runs out, is refused — so a
/// calendar made to stall the reader costs a bounded moment, never a stall, and a rule
/// too dense to walk is never shown wrongly.
struct RecurrenceWalk {
    let rule: ICalendar.Rule
    let first: CivilDateTime
    let zone: ZoneRules
    /// An all-day event's walk compares each occurrence's day with UNTIL's, as the
    /// reference does (a waste calendar's UTC UNTIL must not add a day east of Greenwich).
    var allDay = false
    /// Whether a COUNT rule's repeating cycles may be counted by arithmetic; the tests turn
    /// it off to compare with walking every period.
    var countsCycles = true
    /// The index of the first occurrence's period, and the times a period may hold, worked
    /// out once, in seconds, in order: within a minute (BYSECOND, else the first
    /// occurrence's second), within an hour (BYMINUTE × those) and within a day (BYHOUR ×
    /// those).
    private(set) var origin = 0
    private(set) var minuteTimes: [Int] = []
    private(set) var hourTimes: [Int] = []
    private(set) var dayTimes: [Int] = []

    init(rule: ICalendar.Rule, first: CivilDateTime, zone: ZoneRules, allDay: Bool = false) {
        self.rule = rule
        self.first = first
        self.zone = zone
        self.allDay = allDay
        origin = index(of: first)
        func product(_ parts: [Int], _ unit: Int, _ within: [Int]) -> [Int] { Set(parts.flatMap { p in within.map { p * unit + $0 } }).sorted() }
        minuteTimes = Set(rule.seconds.isEmpty ? [first.second] : rule.seconds).sorted()
        hourTimes = product(rule.minutes.isEmpty ? [first.minute] : rule.minutes, 60, minuteTimes)
        dayTimes = product(rule.hours.isEmpty ? [first.hour] : rule.hours, 3_600, hourTimes)
    }

    /// The most periods one rule's walk looks at between its start and the window's end.
    static let periodLimit = 20_000

    /// Calls `body` with each start in [`from`, `to`), taking every day looked at from
    /// `budget`. Returns false when the budget or the period limit ran out first.
    func forEach(from: Date, to: Date, budget: inout Int, _ body: (Date) -> Void) -> Bool {
        // Past this period every start is at or after `to` (a day of slack for zones).
        let end = index(of: zone.civil(to).adding(days: 1))
        let window = firstPeriod(reaching: zone.civil(from).adding(days: -1))
        var period = rule.count == nil ? window : 0
        var emitted = 0, steps = 0
        let cycle = rule.count != nil && window > 0 && countsCycles ? repeatingCycle(budget: &budget) : nil
        while start(of: period) <= end {
            guard steps < Self.periodLimit, budget > 0 else { return false }
            steps += 1
            // A COUNT rule far before the window: whole repeating cycles counted at once.
            if let cycle, let count = rule.count, period >= cycle.periods, period % cycle.periods == 0 {
                let whole = min((window - period) / cycle.periods, (count - emitted) / max(1, cycle.occurrences) - 1)
                if whole > 0 {
                    period += whole * cycle.periods
                    emitted += whole * cycle.occurrences
                    continue
                }
            }
            switch starts(in: period, budget: &budget) {
            case .skip(let next):
                period = max(period + 1, next)
            case .starts(let starts):
                period += 1
                for reading in starts where reading >= first {
                    let date = zone.date(reading)
                    if date >= to || ended(reading, at: date) { return true }
                    emitted += 1
                    if let count = rule.count, emitted > count { return true }
                    if date >= from { body(date) }
                }
            }
        }
        return true
    }

    /// Whether `reading` (at `date`) is past UNTIL: by its day for an all-day event.
    private func ended(_ reading: CivilDateTime, at date: Date) -> Bool {
        if allDay, let written = rule.untilReading { return reading.startOfDay > written }
        return rule.until.map { date > $0 } ?? false
    }

    /// For a COUNT rule whose pattern is weekdays and times only: how many periods repeat
    /// (a whole number of weeks) and how many occurrences each repetition holds.
    private func repeatingCycle(budget: inout Int) -> (periods: Int, occurrences: Int)? {
        guard rule.months.isEmpty, rule.monthDays.isEmpty, rule.yearDays.isEmpty, rule.weekNumbers.isEmpty else { return nil }
        let unit: Int
        switch rule.frequency {
        case .yearly, .monthly: return nil
        case .weekly: unit = 604_800
        case .daily: unit = 86_400
        case .hourly: unit = 3_600
        case .minutely: unit = 60
        case .secondly: unit = 1
        }
        let seconds = unit * rule.interval
        let periods = 604_800 / gcd(seconds, 604_800)
        // Counting a cycle looks at its periods once, paid from the budget.
        guard periods <= 10_080, budget >= periods else { return nil }
        var occurrences = 0
        // The second cycle: every period whole and after the first occurrence.
        for period in periods..<(2 * periods) {
            if case .starts(let starts) = starts(in: period, budget: &budget) { occurrences += starts.count }
        }
        return (periods, occurrences)
    }

    private func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? a : gcd(b, a % b) }

    /// The period holding `reading`, in the rule's units counted from 1970: a year, a
    /// month, the day its week starts (WKST), a day, an hour, a minute or a second.
    func index(of reading: CivilDateTime) -> Int {
        let day = reading.daysSinceEpoch
        switch rule.frequency {
        case .yearly: return reading.year
        case .monthly: return reading.year * 12 + reading.month - 1
        case .weekly: return day - (reading.weekday - rule.weekStart + 7) % 7
        case .daily: return day
        case .hourly: return day * 24 + reading.hour
        case .minutely: return (day * 24 + reading.hour) * 60 + reading.minute
        case .secondly: return ((day * 24 + reading.hour) * 60 + reading.minute) * 60 + reading.second
        }
    }

    /// Units from one period's start to the next's.
    private var step: Int { rule.frequency == .weekly ? 7 * rule.interval : rule.interval }

    /// The index of the `period`th period's start (0: the first occurrence's).
    func start(of period: Int) -> Int { origin + period * step }

    /// The first period that starts at or after the one holding `reading` (never before 0).
    func firstPeriod(reaching reading: CivilDateTime) -> Int {
        let units = index(of: reading) - origin
        return units <= 0 ? 0 : (units + step - 1) / step
    }
}
