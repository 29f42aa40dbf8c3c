import FoundationEssentials
import ZoneInfo

/// When a screen is dark (`[display] off`): spans of local time, each on some days of the
/// week — "23:00-07:00" every night, "mon-fri 09:00-17:00" while the house is empty,
/// "sat,sun 00:00-00:00" all weekend. A span that ends at or before its start runs past
/// midnight into the next day, and belongs to the day it starts on: "fri 23:00-07:00" is
/// the night from Friday to Saturday. Spans that touch or overlap make one dark stretch.
package struct ScreenSchedule: Sendable, Equatable {
    /// One span of dark time.
    package struct Span: Sendable, Equatable {
        /// The days it starts on, 1 (Sunday) to 7 (Saturday), as `CivilDateTime.weekday`.
        package var days: Set<Int>
        package var time: QuietSpan

        package init(days: Set<Int>, time: QuietSpan) {
            (self.days, self.time) = (days, time)
        }
    }

    package var spans: [Span]

    /// The days' names as the spans are written, Sunday first.
    static let dayNames = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"]

    /// Reads spans as `[display] off` writes them, one a string: an optional list of days
    /// ("mon-fri", "sat,sun", "mon,wed-fri"), then "HH:MM-HH:MM". Nil for a string that is
    /// not one, or no strings.
    package init?(_ texts: [String]) {
        var spans: [Span] = []
        for text in texts {
            let parts = text.split(separator: " ", omittingEmptySubsequences: true)
            guard (1...2).contains(parts.count), let time = QuietSpan(String(parts[parts.count - 1])) else { return nil }
            let days = parts.count == 2 ? Self.days(parts[0]) : Set(1...7)
            guard let days, !days.isEmpty else { return nil }
            spans.append(Span(days: days, time: time))
        }
        guard !spans.isEmpty else { return nil }
        self.spans = spans
    }

    /// "mon-fri", "sat,sun", "mon,wed-fri": the weekdays named, or nil.
    static func days(_ text: Substring) -> Set<Int>? {
        var days = Set<Int>()
        for item in text.lowercased().split(separator: ",", omittingEmptySubsequences: false) {
            let ends = item.split(separator: "-", omittingEmptySubsequences: false)
            guard (1...2).contains(ends.count), let first = dayNames.firstIndex(of: String(ends[0])),
                  let last = dayNames.firstIndex(of: String(ends[ends.count - 1])) else { return nil }
            // "fri-mon" runs through the weekend.
            var day = first
            while true {
                days.insert(day + 1)
                if day == last { break }
                day = (day + 1) % 7
            }
        }
        return days
    }

    /// True when the screen is to be dark at `time`, read on `zone`'s wall clock.
    package func isOff(at time: Date, zone: ZoneRules) -> Bool {
        let reading = zone.civil(time)
        let minute = reading.hour * 60 + reading.minute
        let today = reading.weekday, yesterday = (reading.weekday + 5) % 7 + 1
        return spans.contains { span in
            let (start, end) = (span.time.start, span.time.end)
            if start < end { return span.days.contains(today) && (start..<end).contains(minute) }
            return (span.days.contains(today) && minute >= start) || (span.days.contains(yesterday) && minute < end)
        }
    }

    /// The first instant after `time` at which `isOff` changes; nil when it never does
    /// (spans that cover the whole week).
    package func nextChange(after time: Date, zone: ZoneRules) -> Date? {
        let now = isOff(at: time, zone: zone)
        let today = zone.civil(time).startOfDay
        // Every span's start and end from yesterday to a week ahead: the edges a change can fall on.
        var edges: [Date] = []
        for offset in -1...8 {
            let day = today.adding(days: offset)
            for span in spans where span.days.contains(day.weekday) {
                let (start, end) = (span.time.start, span.time.end)
                edges.append(zone.date(CivilDateTime(year: day.year, month: day.month, day: day.day, hour: start / 60, minute: start % 60)))
                let last = end > start ? day : day.adding(days: 1)
                edges.append(zone.date(CivilDateTime(year: last.year, month: last.month, day: last.day, hour: end / 60, minute: end % 60)))
            }
        }
        return edges.filter { $0 > time }.sorted().first { isOff(at: $0, zone: zone) != now }
    }
}
