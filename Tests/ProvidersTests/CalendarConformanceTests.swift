import Foundation
import Testing
import ZoneInfo
@testable import Providers

/// What recurring-ical-events (the reference Tests/conformance compares with) showed and
/// lockscreend did not, before it learned each: one test a difference.
@Suite("Calendars as the reference reads them")
struct CalendarConformanceTests {
    func shown(_ events: String, from: String = "2026-11-02T00:00:00Z", days: Double = 7, zone: ZoneRules = .utc, head: String = "") throws -> [String] {
        let calendar = try ICalendar.parse("BEGIN:VCALENDAR\n" + head + events + "END:VCALENDAR\n", zone: zone)
        let start = try #require(ISO8601.parse(from))
        return try calendar.occurrences(from: start, to: start.addingTimeInterval(days * 86_400), zone: zone)
            .map { "\($0.summary) \(ISO8601.format($0.start))–\(ISO8601.format($0.end))" }
    }

    func event(_ lines: String...) -> String { "BEGIN:VEVENT\n" + lines.joined(separator: "\n") + "\nEND:VEVENT\n" }

    func refusal(_ events: String) -> String? {
        do {
            _ = try shown(events)
            return nil
        } catch {
            return (error as? ICalendar.Failure)?.description
        }
    }

    @Test("DURATION gives the length: a running event stays shown")
    func duration() throws {
        #expect(try shown(event("UID:a", "SUMMARY:Workshop", "DTSTART:20261102T090000Z", "DURATION:PT3H"), from: "2026-11-02T10:00:00Z", days: 1)
            == ["Workshop 2026-11-02T09:00:00Z–2026-11-02T12:00:00Z"])
        #expect(try shown(event("UID:a", "SUMMARY:Trip", "DTSTART;VALUE=DATE:20261102", "DURATION:P1W"), days: 1)
            == ["Trip 2026-11-02T00:00:00Z–2026-11-09T00:00:00Z"])
    }

    @Test("of several versions of one event the highest SEQUENCE is shown, once")
    func versions() throws {
        let old = event("UID:a", "SEQUENCE:1", "SUMMARY:Old", "DTSTART:20261102T090000Z", "DTEND:20261102T100000Z")
        let new = event("UID:a", "SEQUENCE:2", "SUMMARY:New", "DTSTART:20261103T090000Z", "DTEND:20261103T100000Z")
        #expect(try shown(new + old) == ["New 2026-11-03T09:00:00Z–2026-11-03T10:00:00Z"])
    }

    @Test("a change older than its series is dropped once the series no longer has that occurrence")
    func staleChange() throws {
        let series = event("UID:a", "SEQUENCE:3", "SUMMARY:Yoga", "DTSTART:20261102T180000Z", "DTEND:20261102T190000Z", "RRULE:FREQ=DAILY;COUNT=3", "EXDATE:20261103T180000Z")
        let moved = event("UID:a", "SEQUENCE:2", "SUMMARY:Yoga (moved)", "RECURRENCE-ID:20261103T180000Z", "DTSTART:20261103T200000Z", "DTEND:20261103T210000Z")
        #expect(try shown(series + moved) == ["Yoga 2026-11-02T18:00:00Z–2026-11-02T19:00:00Z", "Yoga 2026-11-04T18:00:00Z–2026-11-04T19:00:00Z"])
    }

    @Test("RANGE=THISANDFUTURE moves that occurrence and every later one")
    func thisAndFuture() throws {
        let series = event("UID:a", "SUMMARY:Standup", "DTSTART:20261102T090000Z", "DTEND:20261102T091500Z", "RRULE:FREQ=DAILY;COUNT=4")
        let change = event("UID:a", "SUMMARY:Standup (later)", "RECURRENCE-ID;RANGE=THISANDFUTURE:20261103T090000Z", "DTSTART:20261103T100000Z", "DTEND:20261103T103000Z")
        #expect(try shown(series + change) == [
            "Standup 2026-11-02T09:00:00Z–2026-11-02T09:15:00Z", "Standup (later) 2026-11-03T10:00:00Z–2026-11-03T10:30:00Z",
            "Standup (later) 2026-11-04T10:00:00Z–2026-11-04T10:30:00Z", "Standup (later) 2026-11-05T10:00:00Z–2026-11-05T10:30:00Z",
        ])
    }

    @Test("BYSETPOS: the last workday of the month, not every weekday")
    func lastWorkday() throws {
        let rule = event("UID:a", "SUMMARY:Invoices", "DTSTART:20261030T160000Z", "DTEND:20261030T170000Z", "RRULE:FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1")
        #expect(try shown(rule, from: "2026-11-01T00:00:00Z", days: 62) == [
            "Invoices 2026-11-30T16:00:00Z–2026-11-30T17:00:00Z", "Invoices 2026-12-31T16:00:00Z–2026-12-31T17:00:00Z",
        ])
    }

    @Test("two RRULEs on one event: both repeat")
    func twoRules() throws {
        let both = event("UID:a", "SUMMARY:Gym", "DTSTART:20261102T070000Z", "DTEND:20261102T080000Z", "RRULE:FREQ=WEEKLY;BYDAY=MO", "RRULE:FREQ=WEEKLY;BYDAY=TH")
        #expect(try shown(both).map { String($0.prefix(14)) } == ["Gym 2026-11-02", "Gym 2026-11-05"])
    }

    @Test("an all-day series moved by Outlook's date-time RECURRENCE-ID shows once, in any zone", arguments: ["UTC", "Europe/Berlin", "America/New_York"])
    func outlookAllDay(zoneName: String) throws {
        let zone = try #require(ZoneRules.named(zoneName))
        let series = event("UID:bins", "SUMMARY:Bins", "DTSTART;VALUE=DATE:20261105", "DTEND;VALUE=DATE:20261106", "RRULE:FREQ=WEEKLY;COUNT=2")
        let moved = event("UID:bins", "SUMMARY:Bins", "RECURRENCE-ID;TZID=GMT Standard Time:20261105T000000", "DTSTART;VALUE=DATE:20261106", "DTEND;VALUE=DATE:20261107")
        #expect(try shown(series + moved, days: 7, zone: zone).count == 1)
    }

    @Test("invalid input repaired as other readers do: swapped ends, COUNT=-1, a date start with a time end")
    func repaired() throws {
        #expect(try shown(event("UID:a", "SUMMARY:x", "DTSTART:20261102T100000Z", "DTEND:20261102T090000Z")) == ["x 2026-11-02T09:00:00Z–2026-11-02T10:00:00Z"])
        #expect(try shown(event("UID:a", "SUMMARY:x", "DTSTART:20261102T100000Z", "RRULE:FREQ=DAILY;COUNT=-1;UNTIL=20261103T235959Z")).count == 2)
        #expect(try shown(event("UID:a", "SUMMARY:x", "DTSTART;VALUE=DATE:20261102", "DTEND:20261102T040000Z")) == ["x 2026-11-02T00:00:00Z–2026-11-02T04:00:00Z"])
    }

    @Test("floating times follow the calendar's X-WR-TIMEZONE")
    func calendarZone() throws {
        #expect(try shown(event("UID:a", "SUMMARY:x", "DTSTART:20261102T100000", "DTEND:20261102T110000"), head: "X-WR-TIMEZONE:Europe/Berlin\n")
            == ["x 2026-11-02T09:00:00Z–2026-11-02T10:00:00Z"])
    }

    @Test("rule parts RFC 5545 does not define are refused with the event's line, never shown wrongly", arguments: [
        ("RRULE:FREQ=WEEKLY;UNTL=20261201", "UNTL is not a rule part of RFC 5545"),
        ("RRULE:FREQ=FORTNIGHTLY", "no FREQ of SECONDLY, MINUTELY, HOURLY, DAILY, WEEKLY, MONTHLY or YEARLY"),
    ])
    func refused(rule: String, says: String) throws {
        let message = try #require(refusal(event("UID:a", "SUMMARY:x", "DTSTART:20261102T100000Z", rule)))
        #expect(message.hasPrefix("line 2: "))
        #expect(message.contains(says))
    }

    @Test("a calendar file's refusal names the file and the line")
    func fileAndLine() throws {
        let failure = ICalendar.Failure(description: "line 12: RRULE:FREQ=WEEKLY;UNTL=1: UNTL is not a rule part of RFC 5545")
        #expect(failure.in(file: "/srv/work.ics").description == "/srv/work.ics:12: RRULE:FREQ=WEEKLY;UNTL=1: UNTL is not a rule part of RFC 5545")
        #expect(ICalendar.Failure(description: "not an iCalendar file").in(file: "a.ics").description == "a.ics: not an iCalendar file")
    }
}
