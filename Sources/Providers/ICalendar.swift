import FoundationEssentials
import JSON
import TimelineEngine
import ZoneInfo

/// The events of an iCalendar (RFC 5545) document as Google, iCloud, Outlook and
/// Nextcloud export them: VEVENTs with SUMMARY, DTSTART and DTEND (UTC, floating, by
/// TZID, or all-day dates); DAILY, WEEKLY, MONTHLY and YEARLY RRULEs with INTERVAL,
/// COUNT, UNTIL, BYDAY (with ordinals: 2TU, -1FR), BYMONTHDAY, BYMONTH and WKST; RDATE and
/// EXDATE; moved
/// or cancelled occurrences (RECURRENCE-ID, STATUS:CANCELLED). A TZID is a tz-database
/// name, or a VTIMEZONE's name that its X-LIC-LOCATION or a Windows zone name maps to
/// one, or else that defines its own offsets; any other is an error naming it.
package struct ICalendar: Sendable {
    package struct Event: Sendable, Equatable {
        package var summary: String
        package var start: Date
        package var end: Date
        package var allDay: Bool
        package var rule: Rule?
        package var uid = ""
        /// For an event that replaces one occurrence of a recurring one: which.
        package var recurrenceID: Date?
        package var cancelled = false
        package var exceptions: Set<Date> = []
        /// RDATE: starts added to the rule's (or to DTSTART alone), each as long as the event.
        package var extraStarts: Set<Date> = []
        /// The zone its DTSTART names (TZID, or UTC): where a rule keeps its wall-clock
        /// time; nil for floating times and dates, which follow the reader's zone.
        package var zone: ZoneRules?
    }

    /// A recurrence (RFC 5545 3.3.10), the parts calendars use.
    package struct Rule: Sendable, Equatable {
        package enum Frequency: String, Sendable { case daily = "DAILY", weekly = "WEEKLY", monthly = "MONTHLY", yearly = "YEARLY" }
        package var frequency: Frequency
        package var interval = 1
        package var count: Int?
        package var until: Date?
        /// Weekdays (1 = Sunday), each with an ordinal within the month or year (nil: every).
        package var days: [(ordinal: Int?, weekday: Int)] = []
        package var monthDays: [Int] = []
        package var months: [Int] = []
        /// WKST: the day weeks start on (1 = Sunday), which decides which weeks an
        /// INTERVAL above one counts; RFC 5545's default is Monday.
        package var weekStart = 2

        package static func == (a: Rule, b: Rule) -> Bool {
            a.frequency == b.frequency && a.interval == b.interval && a.count == b.count && a.until == b.until && a.monthDays == b.monthDays
                && a.weekStart == b.weekStart
                && a.months == b.months && a.days.map { "\($0.ordinal ?? 0)\($0.weekday)" } == b.days.map { "\($0.ordinal ?? 0)\($0.weekday)" }
        }

        package var weekdays: [Int] { days.map(\.weekday) }
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

    typealias Property = (parameters: [String: String], value: String)

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
        let zones = timeZones(lines)
        var events: [Event] = []
        var current: [String: [Property]]?
        for line in lines {
            if line == "BEGIN:VEVENT" {
                current = [:]
            } else if line == "END:VEVENT", let properties = current {
                current = nil
                let summary = unescape(properties["SUMMARY"]?.first?.value ?? "(no title)")
                func read(_ property: Property) throws(Failure) -> (date: Date, allDay: Bool)? {
                    try date(property.value, parameters: property.parameters, zone: zone, zones: zones, what: summary)
                }
                guard let startProperty = properties["DTSTART"]?.first, let start = try read(startProperty) else { continue }
                let allDay = startProperty.parameters["VALUE"] == "DATE" || startProperty.value.count == 8
                var end = start.date.addingTimeInterval(allDay ? 86_400 : 0)
                if let e = properties["DTEND"]?.first, let parsed = try read(e) { end = parsed.date }
                var event = Event(summary: summary, start: start.date, end: max(end, start.date), allDay: allDay)
                event.zone = try eventZone(startProperty, zones: zones, what: summary)
                event.rule = try properties["RRULE"]?.first.flatMap { (p: Property) throws(Failure) in try rule(p.value, zone: zone, zones: zones) }
                event.uid = properties["UID"]?.first?.value ?? ""
                event.cancelled = properties["STATUS"]?.first?.value.uppercased() == "CANCELLED"
                if let id = properties["RECURRENCE-ID"]?.first { event.recurrenceID = try read(id)?.date }
                for exdate in properties["EXDATE"] ?? [] {
                    for value in exdate.value.split(separator: ",") {
                        if let excluded = try read((exdate.parameters, String(value))) { event.exceptions.insert(excluded.date) }
                    }
                }
                // RDATE: date-times or dates, or periods ("start/end" or "start/duration")
                // of which the start is taken; at most 1,000 per event.
                for rdate in properties["RDATE"] ?? [] {
                    for value in rdate.value.split(separator: ",").prefix(1_000) {
                        let start = value.split(separator: "/").first.map(String.init) ?? ""
                        if let added = try read((rdate.parameters, start)) { event.extraStarts.insert(added.date) }
                    }
                }
                events.append(event)
            } else if current != nil, let (name, property) = property(line) {
                current?[name, default: []].append(property)
            }
        }
        return ICalendar(events: events)
    }

    /// A content line's name (upper case), parameters and value: `DTSTART;TZID="A B":2026…`.
    /// A quoted parameter value may hold ":" and ";" (Outlook's `TZID="(UTC+01:00) Berlin"`).
    static func property(_ line: String) -> (name: String, Property)? {
        var quoted = false
        var cuts: [String.Index] = []
        var colon: String.Index?
        for index in line.indices {
            switch line[index] {
            case "\"": quoted.toggle()
            case ";" where !quoted: cuts.append(index)
            case ":" where !quoted: colon = index
            default: continue
            }
            if colon != nil { break }
        }
        guard let colon else { return nil }
        var parameters: [String: String] = [:]
        let bounds = cuts + [colon]
        for (start, end) in zip(bounds, bounds.dropFirst()) {
            let pair = line[line.index(after: start)..<end].split(separator: "=", maxSplits: 1)
            if pair.count == 2 { parameters[pair[0].uppercased()] = String(pair[1]).trimmed { $0 == "\"" } }
        }
        let name = line[..<(cuts.first ?? colon)]
        guard !name.isEmpty else { return nil }
        return (name.uppercased(), (parameters, String(line[line.index(after: colon)...])))
    }

    private static func unescape(_ text: String) -> String {
        text.replacing("\\n", with: " ").replacing("\\N", with: " ")
            .replacing("\\,", with: ",").replacing("\\;", with: ";").replacing("\\\\", with: "\\")
    }

    /// The document's VTIMEZONE names and the zone each stands for: the tz database's
    /// named by its X-LIC-LOCATION (Google, Apple, Nextcloud) or Windows name (Outlook),
    /// else the offsets the VTIMEZONE itself defines (Exchange's "Customized Time Zone").
    private static func timeZones(_ lines: [String]) -> [String: ZoneRules] {
        var zones: [String: ZoneRules] = [:]
        var budget = VTimeZone.walkBudget
        // A TZID the tz database knows is taken from it (zoneNamed), whatever the file says.
        for definition in VTimeZone.all(in: lines) where zones[definition.id] == nil && ZoneRules.named(definition.id) == nil {
            if let zone = definition.zone(budget: &budget) { zones[definition.id] = zone }
        }
        return zones
    }

    /// The zone a DTSTART is in: UTC for a "Z" time, its TZID's, nil when floating.
    private static func eventZone(_ property: Property, zones: [String: ZoneRules], what: String) throws(Failure) -> ZoneRules? {
        if property.value.hasSuffix("Z") { return .utc }
        guard let name = property.parameters["TZID"] else { return nil }
        return try zoneNamed(name, zones: zones, what: what)
    }

    private static func zoneNamed(_ name: String, zones: [String: ZoneRules], what: String) throws(Failure) -> ZoneRules {
        guard let named = ZoneRules.named(name) ?? zones[name] ?? WindowsZones.iana[name].flatMap(ZoneRules.named) else {
            throw Failure(description: "unknown time zone \"\(name)\"\(what.isEmpty ? "" : " in \"\(what)\""): not in the tz database, and no VTIMEZONE in the file names a location or gives its offsets")
        }
        return named
    }

    /// "20261122T100000Z" (UTC), "20261122T100000" (TZID or floating), "20261122" (a date).
    /// A TZID nothing maps to a zone is an error naming it and the event.
    static func date(_ value: String, parameters: [String: String], zone: ZoneRules, zones: [String: ZoneRules] = [:], what: String = "") throws(Failure) -> (date: Date, allDay: Bool)? {
        let utc = value.hasSuffix("Z")
        var zone = zone
        if utc {
            zone = .utc
        } else if let name = parameters["TZID"] {
            zone = try zoneNamed(name, zones: zones, what: what)
        }
        guard let (reading, allDay) = reading(value) else { return nil }
        return (zone.date(reading), allDay)
    }

    /// "20261122T100000" as a wall-clock reading, or "20261122" as a date alone (allDay).
    static func reading(_ value: String) -> (reading: CivilDateTime, allDay: Bool)? {
        let digits = value.utf8.filter { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }.map { Int($0 - UInt8(ascii: "0")) }
        func field(_ from: Int, _ length: Int) -> Int? {
            digits.count >= from + length ? digits[from..<from + length].reduce(0) { $0 * 10 + $1 } : nil
        }
        guard let year = field(0, 4), let month = field(4, 2), let day = field(6, 2) else { return nil }
        guard (1...12).contains(month), (1...31).contains(day) else { return nil }
        var reading = CivilDateTime(year: year, month: month, day: day)
        let allDay = digits.count == 8
        if !allDay {
            guard let hour = field(8, 2), let minute = field(10, 2) else { return nil }
            (reading.hour, reading.minute, reading.second) = (hour, minute, field(12, 2) ?? 0)
        }
        return (reading, allDay)
    }

    static func rule(_ text: String, zone: ZoneRules, zones: [String: ZoneRules] = [:]) throws(Failure) -> Rule? {
        var fields: [String: String] = [:]
        for part in text.split(separator: ";") {
            let pair = part.split(separator: "=", maxSplits: 1)
            if pair.count == 2 { fields[pair[0].uppercased()] = String(pair[1]) }
        }
        guard let frequency = fields["FREQ"].flatMap(Rule.Frequency.init(rawValue:)) else { return nil }
        var rule = Rule(frequency: frequency)
        rule.interval = min(1_000, max(1, fields["INTERVAL"].flatMap(Int.init) ?? 1))
        rule.count = fields["COUNT"].flatMap(Int.init)
        rule.until = try fields["UNTIL"].flatMap { (u: String) throws(Failure) in try date(u, parameters: [:], zone: zone, zones: zones)?.date }
        let names = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"]
        rule.days = (fields["BYDAY"] ?? "").split(separator: ",").compactMap { day in
            guard let weekday = names.firstIndex(of: String(day.suffix(2))) else { return nil }
            let ordinal = Int(day.dropLast(2))
            return (ordinal.flatMap { (-53...53).contains($0) && $0 != 0 ? $0 : nil }, weekday + 1)
        }
        rule.monthDays = (fields["BYMONTHDAY"] ?? "").split(separator: ",").compactMap { Int($0) }.filter { (-31...31).contains($0) && $0 != 0 }
        rule.months = (fields["BYMONTH"] ?? "").split(separator: ",").compactMap { Int($0) }.filter { (1...12).contains($0) }
        if let start = fields["WKST"].flatMap({ names.firstIndex(of: $0.uppercased()) }) { rule.weekStart = start + 1 }
        return rule
    }

    /// Days of recurrence rules one reading of a file may walk, all its events together:
    /// thousands of weekly and yearly events fit many times over (measured in
    /// docs/PERFORMANCE.md); a file made to stall the reader does not.
    package static let walkBudget = 2_000_000

    /// The occurrences that have not ended by `from` and start before `to`, soonest first:
    /// exceptions left out, moved and changed ones where they went, cancelled ones gone.
    /// Throws when the file's rules together need more than `budget` days walked.
    package func occurrences(from: Date, to: Date, zone: ZoneRules, budget: Int = walkBudget) throws(Failure) -> [Occurrence] {
        var budget = budget
        var found: [Occurrence] = []
        // The occurrences replaced by an event of their own, by UID.
        var replaced: [String: Set<Date>] = [:]
        for event in events { if let id = event.recurrenceID { replaced[event.uid, default: []].insert(id) } }
        for (index, event) in events.enumerated() {
            let length = event.end.timeIntervalSince(event.start)
            func add(_ start: Date) {
                let end = start.addingTimeInterval(length)
                if end > from && start < to { found.append(Occurrence(summary: event.summary, start: start, end: end, allDay: event.allDay)) }
            }
            if event.cancelled { continue }
            let skip = event.exceptions.union(replaced[event.uid] ?? [])
            // A start both the rule and an RDATE make is one occurrence.
            var starts = event.extraStarts.subtracting(skip)
            if let rule = event.rule, event.recurrenceID == nil {
                let home = event.zone ?? zone
                let walked = RecurrenceWalk(rule: rule, first: home.civil(event.start), zone: home).forEach(from: from.addingTimeInterval(-max(0, length)), to: to, budget: &budget) { day in
                    if !skip.contains(day) { starts.insert(day) }
                }
                guard walked else {
                    throw Failure(description: "the calendar's repeating events need more than \(Self.walkBudget) days of walking to find this week's (at \"\(event.summary.prefix(60))\", event \(index + 1) of \(events.count)): refused, not shown wrongly")
                }
            } else if event.recurrenceID != nil || !skip.contains(event.start) {
                starts.insert(event.start)
            }
            starts.forEach(add)
        }
        return found.sorted { ($0.start, $0.summary) < ($1.start, $1.summary) }
    }
}
