import FoundationEssentials
import ZoneInfo

/// The events of an iCalendar (RFC 5545) document, read as recurring-ical-events (the
/// reference most calendar tools use) reads them, which Tests/conformance compares
/// against: VEVENTs with SUMMARY, DTSTART and DTEND or DURATION (UTC, floating, by TZID,
/// by the calendar's X-WR-TIMEZONE, or all-day dates); RRULEs (several to an event) with
/// every part RFC 5545 defines, at every frequency from SECONDLY to YEARLY; RDATE (dates,
/// times and periods) and EXDATE; moved, changed or cancelled occurrences (RECURRENCE-ID,
/// with RANGE=THISANDFUTURE, STATUS:CANCELLED); several versions of one event (the highest
/// SEQUENCE wins). A part RFC 5545 does not define is an error naming it and its line,
/// never occurrences shown wrongly. A TZID is a
/// tz-database name, or a VTIMEZONE's name that its X-LIC-LOCATION or a Windows zone name
/// maps to one, or else that defines its own offsets; any other is an error naming it.
package struct ICalendar: Sendable {
    package struct Event: Sendable, Equatable {
        package var summary: String
        package var start: Date
        package var end: Date
        package var allDay: Bool
        package var rules: [Rule] = []
        package var uid = ""
        /// SEQUENCE: of several versions of one event, the highest is the event.
        package var sequence = 0
        /// For an event that replaces one occurrence of a recurring one: which.
        package var recurrenceID: Date?
        /// The replaced occurrence's date at midnight in the reader's zone, for matching
        /// an all-day series however the RECURRENCE-ID was written (Outlook writes a time).
        package var recurrenceDay: Date?
        /// RANGE=THISANDFUTURE: the change applies to every later occurrence too.
        package var thisAndFuture = false
        package var cancelled = false
        package var exceptions: Set<Date> = []
        /// RDATE: starts added to the rule's (or to DTSTART alone), each with its length
        /// (a period's own, else the event's).
        package var extraStarts: [Date: TimeInterval] = [:]
        /// The zone its DTSTART names (TZID, or UTC): where a rule keeps its wall-clock
        /// time; nil for floating times and dates, which follow the reader's zone.
        package var zone: ZoneRules?
        /// The content line of its DTSTART, for messages.
        package var line = 0

        package var rule: Rule? { rules.first }
        var length: TimeInterval { end.timeIntervalSince(start) }
    }

    /// A recurrence (RFC 5545 3.3.10), every part of it.
    package struct Rule: Sendable, Equatable {
        package enum Frequency: String, Sendable {
            case secondly = "SECONDLY", minutely = "MINUTELY", hourly = "HOURLY"
            case daily = "DAILY", weekly = "WEEKLY", monthly = "MONTHLY", yearly = "YEARLY"
        }
        package var frequency: Frequency
        package var interval = 1
        package var count: Int?
        package var until: Date?
        /// UNTIL as written (in UTC when it ends in Z): an all-day event's dates are
        /// compared with its day, as the reference compares them.
        package var untilReading: CivilDateTime?
        /// Weekdays (1 = Sunday), each with an ordinal within the month or year (nil: every).
        package var days: [(ordinal: Int?, weekday: Int)] = []
        package var monthDays: [Int] = []
        package var months: [Int] = []
        /// BYYEARDAY (negative from the year's end) and BYWEEKNO (weeks as WKST starts them).
        package var yearDays: [Int] = []
        package var weekNumbers: [Int] = []
        /// BYHOUR, BYMINUTE, BYSECOND: the times of day an occurrence may have.
        package var hours: [Int] = []
        package var minutes: [Int] = []
        package var seconds: [Int] = []
        /// BYSETPOS: which of a period's matching starts (1 the first, -1 the last).
        package var positions: [Int] = []
        /// WKST: the day weeks start on (1 = Sunday), which decides which weeks an
        /// INTERVAL above one counts; RFC 5545's default is Monday.
        package var weekStart = 2

        package static func == (a: Rule, b: Rule) -> Bool {
            a.frequency == b.frequency && a.interval == b.interval && a.count == b.count && a.until == b.until && a.monthDays == b.monthDays
                && a.weekStart == b.weekStart && a.positions == b.positions && a.months == b.months
                && a.yearDays == b.yearDays && a.weekNumbers == b.weekNumbers && a.hours == b.hours && a.minutes == b.minutes && a.seconds == b.seconds
                && a.days.map { "\($0.ordinal ?? 0)\($0.weekday)" } == b.days.map { "\($0.ordinal ?? 0)\($0.weekday)" }
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

        /// The message as FILE:LINE: …, for a calendar read from `path`.
        package func `in`(file path: String) -> Failure {
            let digits = description.hasPrefix("line ") ? description.dropFirst(5).prefix { $0.isNumber } : ""
            guard !digits.isEmpty, description.dropFirst(5 + digits.count).hasPrefix(": ") else { return Failure(description: "\(path): \(description)") }
            return Failure(description: "\(path):\(digits): \(description.dropFirst(7 + digits.count))")
        }
    }

    typealias Property = (parameters: [String: String], value: String)

    /// Parses `text`; floating times and all-day dates are read in `zone`, floating times
    /// in the calendar's X-WR-TIMEZONE when it names one.
    package static func parse(_ text: String, zone: ZoneRules) throws(Failure) -> ICalendar {
        // Unfold: a line starting with a space or tab continues the one before; each
        // line keeps the number of the line it started on.
        var lines: [String] = []
        var numbers: [Int] = []
        for (number, raw) in text.replacing("\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if let first = raw.first, first == " " || first == "\t", !lines.isEmpty {
                lines[lines.count - 1] += raw.dropFirst()
            } else {
                lines.append(String(raw))
                numbers.append(number + 1)
            }
        }
        guard lines.contains(where: { $0.hasPrefix("BEGIN:VCALENDAR") }) else { throw Failure(description: "not an iCalendar file (no BEGIN:VCALENDAR)") }
        let zones = timeZones(lines)
        let floating = lines.first { $0.hasPrefix("X-WR-TIMEZONE:") }.flatMap { ZoneRules.named(String($0.dropFirst(14)).trimmed()) }
        var events: [Event] = []
        var current: [String: [Property]]?
        var opened = 0
        for (line, number) in zip(lines, numbers) {
            if line == "BEGIN:VEVENT" {
                current = [:]
                opened = number
            } else if line == "END:VEVENT", let properties = current {
                current = nil
                do {
                    if let event = try event(properties, zone: zone, zones: zones, floating: floating, line: opened) { events.append(event) }
                } catch {
                    throw Failure(description: "line \(opened): \(error.description)")
                }
            } else if current != nil, let (name, property) = property(line) {
                current?[name, default: []].append(property)
            }
        }
        return ICalendar(events: events)
    }

    /// One VEVENT's properties as an event; nil without a DTSTART.
    private static func event(_ properties: [String: [Property]], zone: ZoneRules, zones: [String: ZoneRules], floating: ZoneRules?, line: Int) throws(Failure) -> Event? {
        let summary = unescape(properties["SUMMARY"]?.first?.value ?? "(no title)")
        func read(_ property: Property) throws(Failure) -> (date: Date, allDay: Bool)? {
            try date(property.value, parameters: property.parameters, zone: zone, zones: zones, floating: floating, what: summary)
        }
        guard let startProperty = properties["DTSTART"]?.first, let first = try read(startProperty) else { return nil }
        var start = first.date
        var allDay = first.allDay
        var startZone = try eventZone(startProperty, zones: zones, floating: floating, what: summary)
        var end: Date
        if let property = properties["DTEND"]?.first, let read = try read(property), let endReading = reading(property.value)?.reading,
           let startReading = reading(startProperty.value)?.reading {
            end = read.date
            let endZone = try eventZone(property, zones: zones, floating: floating, what: summary)
            // A floating time or a date takes the zone of the other end, if it has one.
            if startZone == nil, let endZone {
                start = endZone.date(startReading)
                startZone = endZone
            } else if endZone == nil, let startZone {
                end = startZone.date(endReading)
            }
            // A date to a time is a timed event from midnight.
            if allDay && !read.allDay { allDay = false }
        } else if let text = properties["DURATION"]?.first?.value, let (days, seconds) = duration(text) {
            let home = startZone ?? zone
            end = home.date(home.civil(start).adding(days: days)).addingTimeInterval(TimeInterval(seconds))
            if allDay && seconds != 0 { allDay = false }
        } else {
            end = start.addingTimeInterval(allDay ? 86_400 : 0)
        }
        // An end before the start: the two were swapped, as other readers take it.
        if end < start { (start, end) = (end, start) }
        var event = Event(summary: summary, start: start, end: end, allDay: allDay)
        event.line = line
        event.zone = startZone
        for property in properties["RRULE"] ?? [] {
            if let rule = try rule(property.value, zone: zone, zones: zones) { event.rules.append(rule) }
        }
        event.uid = properties["UID"]?.first?.value ?? ""
        event.sequence = properties["SEQUENCE"]?.first.flatMap { Int($0.value) } ?? 0
        event.cancelled = properties["STATUS"]?.first?.value.uppercased() == "CANCELLED"
        if let id = properties["RECURRENCE-ID"]?.first {
            event.recurrenceID = try read(id)?.date
            event.recurrenceDay = reading(id.value).map { zone.date($0.reading.startOfDay) }
            event.thisAndFuture = id.parameters["RANGE"]?.uppercased() == "THISANDFUTURE"
        }
        for exdate in properties["EXDATE"] ?? [] {
            for value in exdate.value.split(separator: ",") {
                if let excluded = try read((exdate.parameters, String(value))) { event.exceptions.insert(excluded.date) }
            }
        }
        // RDATE: date-times or dates, or periods ("start/end" or "start/duration"), each
        // as long as its period or the event; at most 1,000 per event.
        for rdate in properties["RDATE"] ?? [] {
            for value in rdate.value.split(separator: ",").prefix(1_000) {
                let parts = value.split(separator: "/", maxSplits: 1).map(String.init)
                guard let added = try read((rdate.parameters, parts.first ?? "")) else { continue }
                var length = event.length
                if parts.count == 2 {
                    if let (days, seconds) = duration(parts[1]) {
                        length = TimeInterval(days * 86_400 + seconds)
                    } else if let until = try read((rdate.parameters, parts[1])) {
                        length = until.date.timeIntervalSince(added.date)
                    }
                }
                event.extraStarts[added.date] = max(0, length)
            }
        }
        return event
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
}
