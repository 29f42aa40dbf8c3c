import Accessory
import Foundation
import LockScreenModel  // for .stacks
import Testing
@testable import TimelineEngine
import ZoneInfo
@testable import JSON
@testable import Providers
@testable import DaemonRuntime
import TestSupport
import Panel
@testable import Config
@testable import ControlProtocol
@testable import LockScreen
import ProviderOptions
import DaemonTestSupport

@Suite("Calendar")
struct CalendarTests {
    let utc = ZoneRules.utc
    let file = fixtureRoot + "/calendar/work.ics"

    func occurrences(from: Date, days: Double = 7) throws -> [ICalendar.Occurrence] {
        let calendar = try ICalendar.parse(try String(contentsOfFile: file, encoding: .utf8), zone: utc)
        return try calendar.occurrences(from: from, to: from.addingTimeInterval(days * 86_400), zone: utc)
    }

    @Test("events, folded and escaped summaries, TZID, all-day dates")
    func parse() throws {
        let calendar = try ICalendar.parse(try String(contentsOfFile: file, encoding: .utf8), zone: utc)
        #expect(calendar.events.map(\.summary) == ["Standup", "Lunch with Sam, Alex", "Bank holiday", "Gym"])
        // 10:00 in London in November is 10:00 UTC.
        #expect(calendar.events[0].start == ISO8601.parse("2026-11-16T10:00:00Z"))
        #expect(calendar.events[2].allDay)
        #expect(calendar.events[2].end.timeIntervalSince(calendar.events[2].start) == 86_400)
        #expect(throws: ICalendar.Failure.self) { try ICalendar.parse("not a calendar", zone: utc) }
    }

    @Test("weekly BYDAY and every-other-day rules from a Sunday afternoon")
    func rules() throws {
        let upcoming = try occurrences(from: testNow, days: 3)  // Sun 22 Nov 14:04 → Wed 14:04
        let list = upcoming.map { "\($0.summary) \(ISO8601.format($0.start))" }
        #expect(list == [
            "Standup 2026-11-23T10:00:00Z",  // Monday; no standup on Sunday, lunch has ended
            "Gym 2026-11-23T18:00:00Z",  // every second day from 1 November
            "Standup 2026-11-24T10:00:00Z",
            "Bank holiday 2026-11-25T00:00:00Z",
            "Standup 2026-11-25T10:00:00Z",
        ])
    }

    @Test("COUNT ends a rule")
    func count() throws {
        let gyms = try occurrences(from: ISO8601.parse("2026-11-01T00:00:00Z")!, days: 60).filter { $0.summary == "Gym" }
        #expect(gyms.count == 20)
        #expect(gyms.last?.start == ISO8601.parse("2026-12-09T18:00:00Z"))
    }

    func source(_ family: WidgetFamily) -> CalendarSource {
        CalendarSource(location: .file(file), days: 7, interval: 86_400, zone: utc, family: family)
    }

    @Test("inline: the next event and its time; during an event, until when")
    func inline() async throws {
        let timeline = try await source(.accessoryInline).timeline(now: testNow)
        #expect(timeline.entries.first?.content["text"] == JSONValue.string("Standup Mon 10:00"))
        let during = try await source(.accessoryInline).timeline(now: ISO8601.parse("2026-11-23T10:05:00Z")!)
        #expect(during.entries.first?.content["text"] == JSONValue.string("Standup until 10:15"))
        // An entry at each end before the next reload (a day later) shows what comes next.
        #expect(during.entries.map(\.date) == [ISO8601.parse("2026-11-23T10:05:00Z")!, ISO8601.parse("2026-11-23T10:15:00Z")!, ISO8601.parse("2026-11-23T19:00:00Z")!])
        #expect(during.policy == .after(ISO8601.parse("2026-11-24T10:05:00Z")!))
        #expect(during.entries[1].content["text"] == JSONValue.string("Gym 18:00"))
    }

    @Test("rectangular: an agenda of three")
    func agenda() async throws {
        let timeline = try await source(.accessoryRectangular).timeline(now: testNow)
        let content = try #require(timeline.entries.first?.content)
        #expect(content["text"] == JSONValue.string("Mon 10:00 Standup"))
        #expect(content["lines"] == JSONValue.array([.string("Mon 18:00 Gym"), .string("Tue 10:00 Standup")]))
    }

    @Test("a calendar widget from the config; a missing file marks it stale")
    func config() async throws {
        let config = try RunningConfig.parse("""
            [layout]
            inline = "next"
            row = ["agenda", "missing"]
            [widgets.next]
            kind = "calendar"
            file = "\(file)"
            time_zone = "UTC"
            [widgets.agenda]
            kind = "calendar"
            family = "rectangular"
            file = "\(file)"
            [widgets.missing]
            kind = "calendar"
            file = "/nonexistent.ics"
            """, file: "t.toml", registry: .standard(systemRoot: fixtureRoot))
        let engine = TimelineEngine(widgets: config.content.stacks.flatMap(\.widgets), now: testNow, clock: ManualClock(start: testNow), logger: quietLogger)
        await engine.reloadDue(now: testNow)
        #expect(await engine.shown(0, at: testNow).isPlaceholder == false)
        #expect(await engine.status(2, at: testNow).lastError == "cannot read /nonexistent.ics (a regular file of UTF-8 text, at most 1048576 bytes)")
    }
}
