import Foundation
import Testing
import ZoneInfo
@testable import Providers

/// Calendars as Google, Outlook, iCloud and Nextcloud export them (the fixtures are in
/// their shapes: VTIMEZONE blocks, Windows zone names, quoted TZIDs, CRLF lines).
@Suite("Calendar exports")
struct CalendarExportTests {
    func list(_ name: String, from: String, days: Double) throws -> [String] {
        let text = try String(contentsOfFile: fixtureRoot + "/calendar/\(name).ics", encoding: .utf8)
        let calendar = try ICalendar.parse(text, zone: .utc)
        let start = try #require(ISO8601.parse(from))
        return calendar.occurrences(from: start, to: start.addingTimeInterval(days * 86_400), zone: .utc).map { "\($0.summary) \(ISO8601.format($0.start))" }
    }

    @Test("Google: weekly on two days, an EXDATE left out, an occurrence moved by RECURRENCE-ID")
    func google() throws {
        #expect(try list("google", from: "2026-11-23T00:00:00Z", days: 8) == [
            "Team sync (moved) 2026-11-24T14:00:00Z",  // Monday's, moved to Tuesday afternoon
            "Team sync 2026-11-30T09:30:00Z",  // Wednesday 25 excluded
        ])
    }

    @Test("Outlook: a Windows zone name, the second Tuesday of each month, one cancelled")
    func outlook() throws {
        // 16:00 in Berlin: 14:00 UTC in summer time, 15:00 in winter.
        #expect(try list("outlook", from: "2026-09-01T00:00:00Z", days: 150) == [
            "Board meeting 2026-09-08T14:00:00Z", "Board meeting 2026-10-13T14:00:00Z", "Board meeting 2026-11-10T15:00:00Z",
            "Board meeting 2027-01-12T15:00:00Z",  // 8 December cancelled
        ])
    }

    @Test("iCloud: a yearly birthday from 1950, a daily COUNT in New York's time")
    func icloud() throws {
        #expect(try list("icloud", from: "2026-11-22T00:00:00Z", days: 7) == [
            "Run 2026-11-22T13:00:00Z", "Run 2026-11-23T13:00:00Z", "Run 2026-11-24T13:00:00Z", "Grandma's birthday 2026-11-27T00:00:00Z",
        ])
    }

    @Test("Nextcloud: the last day of each month until a date")
    func nextcloud() throws {
        #expect(try list("nextcloud", from: "2026-10-01T00:00:00Z", days: 130) == [
            "Pay rent 2026-10-31T00:00:00Z", "Pay rent 2026-11-30T00:00:00Z", "Pay rent 2026-12-31T00:00:00Z",
        ])
    }

    @Test("a TZID nothing knows is an error naming it and the event")
    func unknownZone() throws {
        let text = try String(contentsOfFile: fixtureRoot + "/calendar/nextcloud-unknown-zone.ics", encoding: .utf8)
        do {
            _ = try ICalendar.parse(text, zone: .utc)
            Issue.record("no error")
        } catch {
            #expect(error.description.contains("unknown time zone \"Mars/Olympus\" in \"Yoga\""))
        }
    }

    @Test("RDATE adds starts (dates, date-times in a zone, periods), EXDATE still takes them away, a start made twice is one")
    func rdate() throws {
        let text = """
            BEGIN:VCALENDAR
            BEGIN:VEVENT
            UID:talks
            SUMMARY:Talk
            DTSTART;TZID=Europe/London:20261123T180000
            DTEND;TZID=Europe/London:20261123T190000
            RDATE;TZID=Europe/London:20261125T180000,20261127T170000
            RDATE;VALUE=PERIOD:20261126T120000Z/PT1H
            RDATE;TZID=Europe/London:20261123T180000
            EXDATE;TZID=Europe/London:20261127T170000
            END:VEVENT
            END:VCALENDAR
            """
        let calendar = try ICalendar.parse(text, zone: .utc)
        let from = try #require(ISO8601.parse("2026-11-22T00:00:00Z"))
        let found = calendar.occurrences(from: from, to: from.addingTimeInterval(7 * 86_400), zone: .utc)
        #expect(found.map { ISO8601.format($0.start) } == ["2026-11-23T18:00:00Z", "2026-11-25T18:00:00Z", "2026-11-26T12:00:00Z"])
        #expect(found.allSatisfy { $0.end.timeIntervalSince($0.start) == 3_600 })
    }

    @Test("BYDAY ordinals from the month's end, and leap years", arguments: [
        ("FREQ=MONTHLY;BYDAY=-1FR", "20260130T120000", ["2026-01-30", "2026-02-27", "2026-03-27"]),
        ("FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29", "20240229T120000", ["2024-02-29", "2028-02-29"]),
        ("FREQ=MONTHLY;INTERVAL=2;BYMONTHDAY=1,15", "20260101T120000", ["2026-01-01", "2026-01-15", "2026-03-01"]),
        // RFC 5545's own WKST example: which weeks "every other" counts depends on where a week starts.
        ("FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=MO", "20240806T090000", ["2024-08-06", "2024-08-11", "2024-08-20", "2024-08-25"]),
        ("FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=SU", "20240806T090000", ["2024-08-06", "2024-08-18", "2024-08-20", "2024-09-01"]),
        ("FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU", "20240806T090000", ["2024-08-06", "2024-08-11", "2024-08-20", "2024-08-25"]),
    ])
    func rules(rule: String, start: String, expected: [String]) throws {
        let text = "BEGIN:VCALENDAR\nBEGIN:VEVENT\nUID:x\nDTSTART:\(start)Z\nRRULE:\(rule)\nSUMMARY:x\nEND:VEVENT\nEND:VCALENDAR\n"
        let calendar = try ICalendar.parse(text, zone: .utc)
        let from = try #require(ISO8601.parse("2024-01-01T00:00:00Z")), to = from.addingTimeInterval(6 * 365 * 86_400)
        let days = calendar.occurrences(from: from, to: to, zone: .utc).prefix(expected.count).map { String(ISO8601.format($0.start).prefix(10)) }
        #expect(Array(days) == expected)
    }
}
