import FoundationEssentials
import JSON
import TimelineEngine
import ZoneInfo

/// The events of an iCalendar (RFC 5545) document, enough for a lock-screen agenda:
/// VEVENTs with SUMMARY, DTSTART and DTEND (times in UTC, floating, or with a TZID; or
/// all-day dates), and daily or weekly RRULEs with INTERVAL, COUNT, UNTIL and BYDAY.
package struct ICalendar: Sendable {
    package struct Event: Sendable, Equatable {
        package var summary: String
        package var start: Date
        package var end: Date
        package var allDay: Bool
        package var rule: Rule?
    }

    /// A recurrence: every `interval` days or weeks (on `weekdays`, 1 = Sunday), up to
    /// `count` occurrences or `until`.
    package struct Rule: Sendable, Equatable {
        package enum Frequency: String, Sendable { case daily = "DAILY", weekly = "WEEKLY" }
        package var frequency: Frequency
        package var interval = 1
        package var count: Int?
        package var until: Date?
        package var weekdays: [Int] = []
    }

    /// One showing of an event.
    package struct Occurrence: Sendable, Equatable {
        package var summary: String
        package var start: Date
        package var end: Date
        package var allDay: Bool
    }

    package var events: [Event]

    /// Why a document could not be read.
    package struct Failure: Error, Equatable, CustomStringConvertible {
        package let description: String
    }

    /// Parses `text`; floating times and all-day dates are read in `zone`.
    package static func parse(_ text: String, zone: ZoneRules) throws(Failure) -> ICalendar {
        // Unfold: a line starting with a space or tab continues the one before.
        var lines: [String] = []
        for raw in text.replacing("\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false) {
            if let first = raw.first, first == " " || first == "\t", !lines.isEmpty {
                lines[lines.count - 1] += raw.dropFirst()
            } else {
                lines.append(String(raw))
            }
        }
        guard lines.contains(where: { $0.hasPrefix("BEGIN:VCALENDAR") }) else { throw Failure(description: "not an iCalendar file (no BEGIN:VCALENDAR)") }
        var events: [Event] = []
        var current: [String: (parameters: [String: String], value: String)]?
        for line in lines {
            if line == "BEGIN:VEVENT" {
                current = [:]
            } else if line == "END:VEVENT", let properties = current {
                current = nil
                guard let start = properties["DTSTART"], let parsedStart = date(start.value, parameters: start.parameters, zone: zone) else { continue }
                let allDay = start.parameters["VALUE"] == "DATE" || start.value.count == 8
                var end = parsedStart.date.addingTimeInterval(allDay ? 86_400 : 0)
                if let e = properties["DTEND"], let parsed = date(e.value, parameters: e.parameters, zone: zone) { end = parsed.date }
                let rule = properties["RRULE"].flatMap { Self.rule($0.value, zone: zone) }
                events.append(Event(summary: unescape(properties["SUMMARY"]?.value ?? "(no title)"), start: parsedStart.date, end: max(end, parsedStart.date), allDay: allDay, rule: rule))
            } else if current != nil, let colon = line.firstIndex(of: ":") {
                let head = line[..<colon].split(separator: ";")
                guard let name = head.first else { continue }
                var parameters: [String: String] = [:]
                for parameter in head.dropFirst() {
                    let pair = parameter.split(separator: "=", maxSplits: 1)
                    if pair.count == 2 { parameters[pair[0].uppercased()] = String(pair[1]).trimmed { $0 == "\"" } }
                }
                current?[name.uppercased()] = (parameters, String(line[line.index(after: colon)...]))
            }
        }
        return ICalendar(events: events)
    }

    private static func unescape(_ text: String) -> String {
        text.replacing("\\n", with: " ").replacing("\\N", with: " ")
            .replacing("\\,", with: ",").replacing("\\;", with: ";").replacing("\\\\", with: "\\")
    }

    /// "20261122T100000Z" (UTC), "20261122T100000" (TZID or floating), "20261122" (a date).
    static func date(_ value: String, parameters: [String: String], zone: ZoneRules) -> (date: Date, allDay: Bool)? {
        let digits = value.filter(\.isNumber)
        let utc = value.hasSuffix("Z")
        let zone = utc ? ZoneRules.utc : parameters["TZID"].flatMap(ZoneRules.named) ?? zone
        func field(_ from: Int, _ length: Int) -> Int? {
            guard digits.count >= from + length else { return nil }
            let start = digits.index(digits.startIndex, offsetBy: from)
            return Int(digits[start..<digits.index(start, offsetBy: length)])
        }
        guard let year = field(0, 4), let month = field(4, 2), let day = field(6, 2) else { return nil }
        guard (1...12).contains(month), (1...31).contains(day) else { return nil }
        var reading = CivilDateTime(year: year, month: month, day: day)
        let allDay = digits.count == 8
        if !allDay {
            guard let hour = field(8, 2), let minute = field(10, 2) else { return nil }
            (reading.hour, reading.minute, reading.second) = (hour, minute, field(12, 2) ?? 0)
        }
        return (zone.date(reading), allDay)
    }

    static func rule(_ text: String, zone: ZoneRules) -> Rule? {
        var fields: [String: String] = [:]
        for part in text.split(separator: ";") {
            let pair = part.split(separator: "=", maxSplits: 1)
            if pair.count == 2 { fields[pair[0].uppercased()] = String(pair[1]) }
        }
        guard let frequency = fields["FREQ"].flatMap(Rule.Frequency.init(rawValue:)) else { return nil }
        var rule = Rule(frequency: frequency)
        rule.interval = max(1, fields["INTERVAL"].flatMap(Int.init) ?? 1)
        rule.count = fields["COUNT"].flatMap(Int.init)
        rule.until = fields["UNTIL"].flatMap { date($0, parameters: [:], zone: zone)?.date }
        let days = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"]
        rule.weekdays = (fields["BYDAY"] ?? "").split(separator: ",").compactMap { day in days.firstIndex(of: String(day.suffix(2))).map { $0 + 1 } }
        return rule
    }

    /// The occurrences that have not ended by `from` and start before `to`, soonest first.
    package func occurrences(from: Date, to: Date, zone: ZoneRules) -> [Occurrence] {
        var found: [Occurrence] = []
        for event in events {
            let length = event.end.timeIntervalSince(event.start)
            func add(_ start: Date) {
                let end = start.addingTimeInterval(length)
                if end > from && start < to { found.append(Occurrence(summary: event.summary, start: start, end: end, allDay: event.allDay)) }
            }
            guard let rule = event.rule else {
                add(event.start)
                continue
            }
            // Walk the days from the first occurrence at its wall-clock time (weeks start on
            // Sunday), keeping those the rule allows.
            let first = zone.civil(event.start)
            var emitted = 0
            for days in 0..<20_000 {
                let reading = first.adding(days: days)
                let day = zone.date(reading)
                if day >= to { break }
                if let until = rule.until, day > until { break }
                let allowed: Bool
                switch rule.frequency {
                case .daily:
                    allowed = days % rule.interval == 0
                case .weekly:
                    let weeks = (days + first.weekday - 1) / 7
                    let weekdays = rule.weekdays.isEmpty ? [first.weekday] : rule.weekdays
                    allowed = weeks % rule.interval == 0 && weekdays.contains(reading.weekday)
                }
                if allowed {
                    emitted += 1
                    if let count = rule.count, emitted > count { break }
                    add(day)
                }
            }
        }
        return found.sorted { ($0.start, $0.summary) < ($1.start, $1.summary) }
    }
}
