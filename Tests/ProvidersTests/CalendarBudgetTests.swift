import Foundation
import Testing
import ZoneInfo
@testable import Providers
import TestSupport

/// What a calendar made to stall the reader costs: a budget of days for the whole file,
/// months and years jumped over, repeating weeks counted by arithmetic.
@Suite("Calendar work budget")
struct CalendarBudgetTests {
    let utc = ZoneRules.utc

    func calendar(_ events: [String]) -> String {
        "BEGIN:VCALENDAR\r\n" + events.enumerated().map { n, rule in
            "BEGIN:VEVENT\r\nUID:\(n)\r\nSUMMARY:E\(n)\r\nDTSTART:19700101T090000Z\r\nRRULE:\(rule)\r\nEND:VEVENT\r\n"
        }.joined() + "END:VCALENDAR\r\n"
    }

    @Test("a 1 MiB file of 7,800 events whose COUNT rules never match is refused with the reason, not walked for a minute (attack 1)")
    func neverMatching() throws {
        let rules = ["FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30;COUNT=5", "FREQ=MONTHLY;BYMONTHDAY=31;BYMONTH=4;COUNT=3",
                     "FREQ=DAILY;BYMONTH=2;BYDAY=MO;INTERVAL=7;COUNT=100000", "FREQ=YEARLY;BYDAY=5MO;BYMONTH=2;COUNT=9"]
        let text = calendar((0..<7_800).map { rules[$0 % rules.count] })
        #expect(text.utf8.count > 900_000 && text.utf8.count <= 1 << 20)
        let parsed = try ICalendar.parse(text, zone: utc)
        let error = #expect(throws: ICalendar.Failure.self) {
            try parsed.occurrences(from: testNow, to: testNow.addingTimeInterval(7 * 86_400), zone: utc)
        }
        #expect(error?.description.contains("refused, not shown wrongly") == true)
        // One such event alone is walked to its end within the budget: it never matches.
        #expect(try ICalendar.parse(calendar([rules[0]]), zone: utc).occurrences(from: testNow, to: testNow.addingTimeInterval(7 * 86_400), zone: utc).isEmpty)
    }

    @Test("a COUNT rule from 2000 still ends on its last week in 2026: whole weeks counted by arithmetic, not walked")
    func countedWeeks() throws {
        // 2000-01-03 is a Monday; Monday 2026-11-23 is 1,403 weeks on: occurrence 1,404.
        func mondays(count: Int) throws -> [Date] {
            let text = "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nSUMMARY:Weekly\r\nDTSTART:20000103T090000Z\r\nRRULE:FREQ=WEEKLY;COUNT=\(count)\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
            return try ICalendar.parse(text, zone: utc).occurrences(from: testNow, to: testNow.addingTimeInterval(14 * 86_400), zone: utc, budget: 2_000).map(\.start)
        }
        #expect(try mondays(count: 1_404) == [ISO8601.parse("2026-11-23T09:00:00Z")!])
        #expect(try mondays(count: 1_403).isEmpty)
        #expect(try mondays(count: 1_405).count == 2)
    }

    @Test("BYMONTH limits DAILY and WEEKLY rules, and their months are jumped to: a COUNT rule from 1970 still reaches 2026")
    func byMonth() throws {
        func starts(_ rule: String, first: String = "19701101T090000Z", days: Double = 14) throws -> [String] {
            let text = "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nSUMMARY:R\r\nDTSTART:\(first)\r\nRRULE:\(rule)\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
            return try ICalendar.parse(text, zone: utc).occurrences(from: testNow, to: testNow.addingTimeInterval(days * 86_400), zone: utc).map { ISO8601.format($0.start) }
        }
        // Every November day from 1970: 56 Novembers of 30 days, then 21 days of 2026, so
        // the 1,703rd is on 23 November 2026 and the 1,704th the day after.
        #expect(try starts("FREQ=DAILY;BYMONTH=11;COUNT=1704") == ["2026-11-23T09:00:00Z", "2026-11-24T09:00:00Z"])
        // Mondays of December only: none in the last week of November, the first in December.
        #expect(try starts("FREQ=WEEKLY;BYDAY=MO;BYMONTH=12", first: "20201207T090000Z", days: 21) == ["2026-12-07T09:00:00Z"])
    }

    @Test("counting repeating cycles finds the same starts as walking every period", arguments: 0..<60)
    func cyclesMatchWalk(case n: Int) throws {
        // Sixty rules spread over the parts that decide a cycle: frequency, interval,
        // weekdays, hours, week start, COUNT and the first day.
        let frequencies: [ICalendar.Rule.Frequency] = [.daily, .weekly, .hourly, .minutely]
        var rule = ICalendar.Rule(frequency: frequencies[n % 4])
        rule.interval = rule.frequency == .minutely ? n % 9 * 37 + 1 : n % 9 + 1
        rule.count = n * 97 % 3_000 + 1
        rule.days = (1...7).filter { (n * 37 + 5) >> ($0 - 1) & 1 == 1 }.map { (nil, $0) }
        if n % 3 == 0 { rule.hours = [n % 24, (n * 7 + 3) % 24] }
        rule.weekStart = n % 7 + 1
        let first = CivilDateTime(year: 2025 + n % 2, month: n * 5 % 12 + 1, day: n * 11 % 28 + 1, hour: 9)
        let from = utc.date(CivilDateTime(year: 2026, month: 11, day: 22)), to = from.addingTimeInterval(7 * 86_400)
        var counted: [Date] = [], walked: [Date] = []
        var budget = Int.max
        let walk = RecurrenceWalk(rule: rule, first: first, zone: utc)
        let countedDone = walk.forEach(from: from, to: to, budget: &budget) { counted.append($0) }
        var everyPeriod = walk
        everyPeriod.countsCycles = false
        budget = Int.max
        let walkedDone = everyPeriod.forEach(from: from, to: to, budget: &budget) { walked.append($0) }
        // Walking every period may run out of periods where counting does not; where both finish they agree.
        #expect(countedDone)
        if walkedDone { #expect(counted == walked, "\(rule) from \(first)") }
    }
}
