import Foundation
import Testing
import ZoneInfo
@testable import Providers

/// Every rule part of RFC 5545 3.3.10, checked against the occurrences the RFC's own
/// examples list (3.8.5.3), in New York as the RFC gives them; the conformance run
/// compares the same examples with recurring-ical-events in two more zones.
@Suite("Recurrence rules, every part")
struct RecurrenceRuleTests {
    let newYork = ZoneRules.named("America/New_York")!

    /// The first `limit` starts of a rule from `start` (New York wall time, and as RFC
    /// 5545 has it, always the first occurrence), as "yyyy-MM-dd HH:mm" in New York.
    func starts(_ rule: String, from start: String, limit: Int = 12, years: Double = 12, extra: String = "") throws -> [String] {
        let text = "BEGIN:VCALENDAR\nBEGIN:VEVENT\nUID:a\nSUMMARY:x\nDTSTART;TZID=America/New_York:\(start)\nDURATION:PT1M\nRRULE:\(rule)\n\(extra)END:VEVENT\nEND:VCALENDAR\n"
        let calendar = try ICalendar.parse(text, zone: newYork)
        let first = newYork.date(try #require(ICalendar.reading(start)).reading)
        return try calendar.occurrences(from: first, to: first.addingTimeInterval(years * 365 * 86_400), zone: newYork).prefix(limit).map {
            let c = newYork.civil($0.start)
            return String(format: "%04d-%02d-%02d %02d:%02d", c.year, c.month, c.day, c.hour, c.minute)
        }
    }

    @Test("HOURLY and MINUTELY: every 3 hours until 5 PM, every 15 and every 90 minutes")
    func subDaily() throws {
        #expect(try starts("FREQ=HOURLY;INTERVAL=3;UNTIL=19970902T210000Z", from: "19970902T090000") == ["1997-09-02 09:00", "1997-09-02 12:00", "1997-09-02 15:00"])
        #expect(try starts("FREQ=MINUTELY;INTERVAL=15;COUNT=6", from: "19970902T090000")
            == ["1997-09-02 09:00", "1997-09-02 09:15", "1997-09-02 09:30", "1997-09-02 09:45", "1997-09-02 10:00", "1997-09-02 10:15"])
        #expect(try starts("FREQ=MINUTELY;INTERVAL=90;COUNT=4", from: "19970902T090000") == ["1997-09-02 09:00", "1997-09-02 10:30", "1997-09-02 12:00", "1997-09-02 13:30"])
    }

    @Test("BYHOUR and BYMINUTE expand a day, or limit a MINUTELY rule, to the same 24 starts")
    func timesOfDay() throws {
        let daily = try starts("FREQ=DAILY;BYHOUR=9,10,11,12,13,14,15,16;BYMINUTE=0,20,40", from: "19970902T090000", limit: 25, years: 0.01)
        let minutely = try starts("FREQ=MINUTELY;INTERVAL=20;BYHOUR=9,10,11,12,13,14,15,16", from: "19970902T090000", limit: 25, years: 0.01)
        #expect(daily == minutely)
        #expect(daily.prefix(3) == ["1997-09-02 09:00", "1997-09-02 09:20", "1997-09-02 09:40"])
        #expect(daily[23] == "1997-09-02 16:40" && daily[24] == "1997-09-03 09:00")
        #expect(try starts("FREQ=DAILY;BYHOUR=9,17;COUNT=3", from: "20261102T090000") == ["2026-11-02 09:00", "2026-11-02 17:00", "2026-11-03 09:00"])
    }

    @Test("BYYEARDAY, BYWEEKNO and ordinals of the year")
    func yearParts() throws {
        #expect(try starts("FREQ=YEARLY;INTERVAL=3;COUNT=10;BYYEARDAY=1,100,200", from: "19970101T090000", years: 20).map { String($0.prefix(10)) }
            == ["1997-01-01", "1997-04-10", "1997-07-19", "2000-01-01", "2000-04-09", "2000-07-18", "2003-01-01", "2003-04-10", "2003-07-19", "2006-01-01"])
        #expect(try starts("FREQ=YEARLY;BYDAY=20MO", from: "19970519T090000", limit: 3).map { String($0.prefix(10)) } == ["1997-05-19", "1998-05-18", "1999-05-17"])
        #expect(try starts("FREQ=YEARLY;BYWEEKNO=20;BYDAY=MO", from: "19970512T090000", limit: 3).map { String($0.prefix(10)) } == ["1997-05-12", "1998-05-11", "1999-05-17"])
        // The last week of the year, counted from the end: 2026's week 53 begins on 28 December.
        #expect(try starts("FREQ=YEARLY;BYWEEKNO=-1;BYDAY=MO", from: "20251222T090000", limit: 2).map { String($0.prefix(10)) } == ["2025-12-22", "2026-12-28"])
        #expect(try starts("FREQ=YEARLY;BYYEARDAY=-1", from: "20251231T090000", limit: 2).map { String($0.prefix(10)) } == ["2025-12-31", "2026-12-31"])
    }

    @Test("BYSETPOS at every frequency: the third of Tu/We/Th a month, the second-to-last weekday, the last of a week's days")
    func setPositions() throws {
        #expect(try starts("FREQ=MONTHLY;COUNT=3;BYDAY=TU,WE,TH;BYSETPOS=3", from: "19970904T090000").map { String($0.prefix(10)) } == ["1997-09-04", "1997-10-07", "1997-11-06"])
        #expect(try starts("FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-2", from: "19970929T090000", limit: 3).map { String($0.prefix(10)) } == ["1997-09-29", "1997-10-30", "1997-11-27"])
        #expect(try starts("FREQ=WEEKLY;BYDAY=MO,WE,FR;BYSETPOS=-1;COUNT=2", from: "20261106T090000").map { String($0.prefix(10)) } == ["2026-11-06", "2026-11-13"])
        #expect(try starts("FREQ=DAILY;BYHOUR=8,12,18;BYSETPOS=2;COUNT=2", from: "20261102T120000") == ["2026-11-02 12:00", "2026-11-03 12:00"])
        #expect(try starts("FREQ=YEARLY;BYMONTH=3;BYDAY=SU;BYSETPOS=-1;COUNT=2", from: "20260329T090000").map { String($0.prefix(10)) } == ["2026-03-29", "2027-03-28"])
    }

    @Test("WKST decides which weeks an INTERVAL counts, and an invalid day is passed over")
    func weekStartAndInvalidDays() throws {
        #expect(try starts("FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=MO", from: "19970805T090000").map { String($0.prefix(10)) } == ["1997-08-05", "1997-08-10", "1997-08-19", "1997-08-24"])
        #expect(try starts("FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=SU", from: "19970805T090000").map { String($0.prefix(10)) } == ["1997-08-05", "1997-08-17", "1997-08-19", "1997-08-31"])
        #expect(try starts("FREQ=MONTHLY;BYMONTHDAY=15,30;COUNT=5", from: "20070115T090000").map { String($0.prefix(10)) } == ["2007-01-15", "2007-01-30", "2007-02-15", "2007-03-15", "2007-03-30"])
    }

    @Test("an all-day series ends on UNTIL's own day, even where midnight comes before UTC's (a bin calendar in Berlin)")
    func allDayUntil() throws {
        let berlin = try #require(ZoneRules.named("Europe/Berlin"))
        let text = "BEGIN:VCALENDAR\nBEGIN:VEVENT\nUID:a\nSUMMARY:Refuse black bin\nDTSTART;VALUE=DATE:20200402\nDTEND;VALUE=DATE:20200403\nRRULE:FREQ=WEEKLY;UNTIL=20200916T230000Z;INTERVAL=2;BYDAY=TH;WKST=MO\nEND:VEVENT\nEND:VCALENDAR\n"
        let from = berlin.date(CivilDateTime(year: 2020, month: 9, day: 1))
        for zone in [berlin, ZoneRules.utc] {
            let shown = try ICalendar.parse(text, zone: zone).occurrences(from: from, to: from.addingTimeInterval(30 * 86_400), zone: zone)
            // 3 September is the last: the 17th's midnight in Berlin is 22:00 UTC on the 16th, before UNTIL, but its day is after UNTIL's.
            #expect(shown.map { zone.civil($0.start).day } == [3], "\(zone.identifier)")
        }
    }
}
