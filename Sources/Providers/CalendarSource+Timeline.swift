import Canvas
import Accessory  // for .after
import FoundationEssentials
import Glibc
import JSON
import ZoneInfo
import ProviderOptions
import WidgetKitCore  // for .accessoryInline

extension CalendarSource {
    package func timeline(now: Date) async throws -> TimelineJSON {
        let text: String
        switch location {
        case let .file(path):
            text = try Self.text(ofFile: path)
        case let .url(fetcher):
            text = String(decoding: try await fetcher.fetch(), as: UTF8.self)
        }
        let zone = zone ?? SystemTimeZone().current()
        // Parsing and walking rules take a moment for a large file: on a thread of their
        // own, never the one that draws the clock and tells systemd the daemon is alive.
        let days = days
        let read = await OwnThread.run(named: "calendar") { () -> Result<[ICalendar.Occurrence], ICalendar.Failure> in
            Result { () throws(ICalendar.Failure) in try Self.occurrences(in: text, from: now, days: days, zone: zone) }
        }
        let upcoming: [ICalendar.Occurrence]
        do {
            upcoming = try read.get()
        } catch {
            if case let .file(path) = location { throw error.in(file: path) }
            throw error
        }
        // An entry now, and one as each event ends (showing what comes next).
        var changes = [now] + upcoming.map(\.end).filter { $0 > now && $0 < now.addingTimeInterval(interval) }
        changes = Array(Set(changes)).sorted()
        let entries = changes.map { date in
            TimelineJSON.Entry(date: date, relevance: nil, content: content(upcoming.filter { $0.end > date }, at: date, zone: zone))
        }
        return TimelineJSON(entries: entries, policy: .after(now.addingTimeInterval(interval)))
    }

    /// What the family shows of `events` at `date`.
    func content(_ events: [ICalendar.Occurrence], at date: Date, zone: ZoneRules) -> JSONValue {
        let today = zone.civil(date).startOfDay
        func time(_ d: Date) -> String {
            let c = zone.civil(d)
            return CFormat.string("%02d:%02d", c.hour, c.minute)
        }
        func isToday(_ d: Date) -> Bool { zone.civil(d).startOfDay == today }
        func when(_ event: ICalendar.Occurrence) -> String {
            let sameDay = isToday(event.start)
            let day = sameDay ? "" : Self.weekday(zone.civil(event.start).weekday) + " "
            if event.allDay { return sameDay || event.start <= date ? "today" : day.trimmed { $0 == " " || $0 == "\t" } }
            if event.start <= date { return "until \(time(event.end))" }
            return day + time(event.start)
        }
        guard let next = events.first else {
            return .object(["symbol": .string("event_available"), "text": .string("No events")])
        }
        switch family {
        case .accessoryInline:
            return .object(["symbol": .string("event"), "text": .string("\(next.summary) \(when(next))")])
        case .accessoryCircular:
            return .object(["symbol": .string("event"), "text": .string("\(when(next))\n\(next.summary)")])
        default:
            // The next event as the headline, the two after it below: three rows, as
            // many as the family holds.
            let lines = events.dropFirst().prefix(2).map { JSONValue.string("\(when($0)) \($0.summary)") }
            return .object(["symbol": .string("event"), "text": .string("\(when(next)) \(next.summary)"), "lines": .array(Array(lines))])
        }
    }

    static func weekday(_ n: Int) -> String { ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"][(n - 1) % 7] }
}

extension CalendarSource {
    /// A calendar file's text: as much as a fetched calendar may be, a regular file of at
    /// most the limit.
    static func text(ofFile path: String) throws(ICalendar.Failure) -> String {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size <= HTTPFetcher.defaultLimit,
              let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw ICalendar.Failure(description: "cannot read \(path) (a regular file of UTF-8 text, at most \(HTTPFetcher.defaultLimit) bytes)")
        }
        return text
    }

    /// What a calendar widget shows of `text` in the `days` from `now`.
    static func occurrences(in text: String, from now: Date, days: Int, zone: ZoneRules) throws(ICalendar.Failure) -> [ICalendar.Occurrence] {
        try ICalendar.parse(text, zone: zone).occurrences(from: now, to: now.addingTimeInterval(Double(days) * 86_400), zone: zone)
    }

    /// What is wrong with the calendar file at `path` as a widget would read it in the
    /// week from `now` in the machine's zone (FILE:LINE: …), or nil when nothing is.
    package static func problem(inFile path: String, now: Date, days: Int = 7) -> String? {
        let calendar: String
        do {
            calendar = try text(ofFile: path)
        } catch {
            return error.description
        }
        do {
            _ = try occurrences(in: calendar, from: now, days: days, zone: SystemTimeZone().current())
            return nil
        } catch {
            return error.in(file: path).description
        }
    }
}
