import Foundation
import Testing
import ZoneInfo
@testable import Providers
import TestSupport

/// Calendars as Google, Outlook, iCloud and Nextcloud export them (the fixtures are in
/// their shapes: VTIMEZONE blocks, Windows zone names, quoted TZIDs, CRLF lines).
@Suite("Calendar exports")
struct CalendarExportTests {
    func list(_ name: String, from: String, days: Double) throws -> [String] {
        let text = try String(contentsOfFile: fixtureRoot + "/calendar/\(name).ics", encoding: .utf8)
        let calendar = try ICalendar.parse(text, zone: .utc)
        let start = try #require(ISO8601.parse(from))
        return try calendar.occurrences(from: start, to: start.addingTimeInterval(days * 86_400), zone: .utc).map { "\($0.summary) \(ISO8601.format($0.start))" }
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

    @Test("Exchange and older Outlook: zones only the file's VTIMEZONE defines, a quoted TZID holding a colon")
    func ownDefinitions() throws {
        #expect(try list("exchange", from: "2026-10-10T00:00:00Z", days: 30) == [
            "Planning 2026-10-14T07:00:00Z", "Planning 2026-10-21T07:00:00Z",  // 09:00 at +02:00
            "Planning 2026-10-28T08:00:00Z",  // the last Sunday of October went back to +01:00
            "Call New York 2026-10-30T14:00:00Z", "Call New York 2026-10-31T14:00:00Z",
            "Call New York 2026-11-01T15:00:00Z",  // the first Sunday of November, -05:00
            "Call New York 2026-11-02T15:00:00Z", "Planning 2026-11-04T08:00:00Z",
        ])
    }

    @Test("a definition whose rules changed (UNTIL, then a new rule) and RDATE onsets")
    func changedRules() throws {
        let text = """
            BEGIN:VCALENDAR
            BEGIN:VTIMEZONE
            TZID:Eastern
            BEGIN:DAYLIGHT
            DTSTART:19870405T020000
            RRULE:FREQ=YEARLY;BYMONTH=4;BYDAY=1SU;UNTIL=20060402T070000Z
            TZOFFSETFROM:-0500
            TZOFFSETTO:-0400
            END:DAYLIGHT
            BEGIN:DAYLIGHT
            DTSTART:20070311T020000
            RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU
            TZOFFSETFROM:-0500
            TZOFFSETTO:-0400
            END:DAYLIGHT
            BEGIN:STANDARD
            DTSTART:19671029T020000
            RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU;UNTIL=20061029T060000Z
            TZOFFSETFROM:-0400
            TZOFFSETTO:-0500
            END:STANDARD
            BEGIN:STANDARD
            DTSTART:20071104T020000
            RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU
            TZOFFSETFROM:-0400
            TZOFFSETTO:-0500
            END:STANDARD
            END:VTIMEZONE
            BEGIN:VTIMEZONE
            TZID:Island
            BEGIN:STANDARD
            DTSTART:20200101T000000
            RDATE:20260601T000000
            TZOFFSETFROM:+0100
            TZOFFSETTO:+0000
            END:STANDARD
            BEGIN:DAYLIGHT
            DTSTART:20200101T000000
            RDATE:20260301T000000
            TZOFFSETFROM:+0000
            TZOFFSETTO:+0100
            END:DAYLIGHT
            END:VTIMEZONE

            """
        let events = [("a", "Eastern", "20050320"), ("b", "Eastern", "20050410"), ("c", "Eastern", "20260320"), ("d", "Island", "20260401"), ("e", "Island", "20260701")]
            .map { "BEGIN:VEVENT\nUID:\($0)\nSUMMARY:\($0)\nDTSTART;TZID=\($1):\($2)T120000\nEND:VEVENT\n" }
        let starts = try ICalendar.parse(text + events.joined() + "END:VCALENDAR\n", zone: .utc).events.map { "\($0.summary) \(ISO8601.format($0.start))" }
        #expect(starts == [
            "a 2005-03-20T17:00:00Z",  // before the first Sunday of April: -05:00
            "b 2005-04-10T16:00:00Z",  // after it: -04:00
            "c 2026-03-20T16:00:00Z",  // the 2007 rule: the second Sunday of March
            "d 2026-04-01T11:00:00Z", "e 2026-07-01T12:00:00Z",  // onsets given by RDATE
        ])
    }

    @Test("a tz-database name wins over the file's definition; a VTIMEZONE without one is still an unknown zone")
    func databaseFirst() throws {
        let block = "BEGIN:VTIMEZONE\nTZID:Europe/Berlin\nBEGIN:STANDARD\nDTSTART:19700101T000000\nTZOFFSETFROM:+0500\nTZOFFSETTO:+0500\nEND:STANDARD\nEND:VTIMEZONE\n"
        let event = "BEGIN:VEVENT\nUID:x\nSUMMARY:x\nDTSTART;TZID=Europe/Berlin:20260701T120000\nEND:VEVENT\n"
        let calendar = try ICalendar.parse("BEGIN:VCALENDAR\n" + block + event + "END:VCALENDAR\n", zone: .utc)
        #expect(calendar.events.map { ISO8601.format($0.start) } == ["2026-07-01T10:00:00Z"])
        // A definition too large to work out (here 300 daily rules) is refused, not walked for minutes.
        let daily = "BEGIN:DAYLIGHT\nDTSTART:19700101T000000\nRRULE:FREQ=DAILY\nTZOFFSETFROM:+0000\nTZOFFSETTO:+0100\nEND:DAYLIGHT\n"
        let huge = "BEGIN:VTIMEZONE\nTZID:Huge\n" + String(repeating: daily, count: 300) + "END:VTIMEZONE\n"
        #expect(throws: ICalendar.Failure.self) {
            try ICalendar.parse("BEGIN:VCALENDAR\n" + huge + event.replacing("Europe/Berlin", with: "Huge") + "END:VCALENDAR\n", zone: .utc)
        }
        let empty = "BEGIN:VTIMEZONE\nTZID:Nowhere\nEND:VTIMEZONE\n"
        #expect(throws: ICalendar.Failure.self) {
            try ICalendar.parse("BEGIN:VCALENDAR\n" + empty + event.replacing("Europe/Berlin", with: "Nowhere") + "END:VCALENDAR\n", zone: .utc)
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
        let found = try calendar.occurrences(from: from, to: from.addingTimeInterval(7 * 86_400), zone: .utc)
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
        let days = try calendar.occurrences(from: from, to: to, zone: .utc).prefix(expected.count).map { String(ISO8601.format($0.start).prefix(10)) }
        #expect(Array(days) == expected)
    }
}
