import FoundationEssentials
import ZoneInfo

/// Reading the values of content lines: parameters, dates, durations, rules.
extension ICalendar {
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

    static func unescape(_ text: String) -> String {
        text.replacing("\\n", with: " ").replacing("\\N", with: " ")
            .replacing("\\,", with: ",").replacing("\\;", with: ";").replacing("\\\\", with: "\\")
    }

    /// The zone a DTSTART is in: UTC for a "Z" time, its TZID's, `floating` for a
    /// date-time without either (the calendar's X-WR-TIMEZONE), nil for a date or when
    /// floating.
    static func eventZone(_ property: Property, zones: [String: ZoneRules], floating: ZoneRules?, what: String) throws(Failure) -> ZoneRules? {
        if property.value.hasSuffix("Z") { return .utc }
        if let name = property.parameters["TZID"] { return try zoneNamed(name, zones: zones, what: what) }
        return property.value.count > 8 ? floating : nil
    }

    static func zoneNamed(_ name: String, zones: [String: ZoneRules], what: String) throws(Failure) -> ZoneRules {
        guard let named = ZoneRules.named(name) ?? zones[name] ?? WindowsZones.iana[name].flatMap(ZoneRules.named) else {
            throw Failure(description: "unknown time zone \"\(name)\"\(what.isEmpty ? "" : " in \"\(what)\""): not in the tz database, and no VTIMEZONE in the file names a location or gives its offsets")
        }
        return named
    }

    /// "20261122T100000Z" (UTC), "20261122T100000" (TZID, else `floating`, else `zone`),
    /// "20261122" (a date, at midnight in `zone`). A TZID nothing maps to a zone is an
    /// error naming it and the event.
    static func date(_ value: String, parameters: [String: String], zone: ZoneRules, zones: [String: ZoneRules] = [:], floating: ZoneRules? = nil, what: String = "") throws(Failure) -> (date: Date, allDay: Bool)? {
        guard let (reading, allDay) = reading(value) else { return nil }
        var zone = zone
        if value.hasSuffix("Z") {
            zone = .utc
        } else if let name = parameters["TZID"] {
            zone = try zoneNamed(name, zones: zones, what: what)
        } else if !allDay, let floating {
            zone = floating
        }
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

    /// A DURATION (RFC 5545 3.3.6), "P1W", "P2D", "PT1H30M", "-P1D": whole days (kept on
    /// the wall clock across a daylight-saving change) and seconds; nil when malformed.
    static func duration(_ text: String) -> (days: Int, seconds: Int)? {
        var rest = Substring(text.uppercased())
        var sign = 1
        if rest.first == "+" || rest.first == "-" {
            sign = rest.first == "-" ? -1 : 1
            rest = rest.dropFirst()
        }
        guard rest.first == "P" else { return nil }
        rest = rest.dropFirst()
        var days = 0, seconds = 0, number = "", inTime = false, any = false
        for c in rest {
            if c.isASCII, c.isNumber {
                number.append(c)
                guard number.count <= 9 else { return nil }
                continue
            }
            if c == "T" {
                guard number.isEmpty, !inTime else { return nil }
                inTime = true
                continue
            }
            guard let n = Int(number) else { return nil }
            number = ""
            any = true
            switch (c, inTime) {
            case ("W", false): days += 7 * n
            case ("D", false): days += n
            case ("H", true): seconds += 3_600 * n
            case ("M", true): seconds += 60 * n
            case ("S", true): seconds += n
            default: return nil
            }
        }
        guard any, number.isEmpty else { return nil }
        return (sign * days, sign * seconds)
    }

    /// The rule parts RFC 5545 defines.
    static let ruleParts: Set<String> = ["FREQ", "UNTIL", "COUNT", "INTERVAL", "BYSECOND", "BYMINUTE", "BYHOUR", "BYDAY", "BYMONTHDAY", "BYYEARDAY", "BYWEEKNO", "BYMONTH", "BYSETPOS", "WKST"]

    /// Reads an RRULE. A part RFC 5545 does not define is an error, as in other readers;
    /// numbers outside a part's range are left out, as other readers leave them.
    static func rule(_ text: String, zone: ZoneRules, zones: [String: ZoneRules] = [:]) throws(Failure) -> Rule? {
        // An empty RRULE, as some exports write, repeats nothing.
        guard !text.trimmed().isEmpty else { return nil }
        var fields: [String: String] = [:]
        for part in text.split(separator: ";") {
            let pair = part.split(separator: "=", maxSplits: 1)
            guard pair.count == 2 else { throw Failure(description: "RRULE:\(text.prefix(80)): '\(part.prefix(20))' is not NAME=VALUE") }
            let name = pair[0].uppercased()
            guard ruleParts.contains(name) else { throw Failure(description: "RRULE:\(text.prefix(80)): \(name.prefix(20)) is not a rule part of RFC 5545") }
            fields[name] = String(pair[1])
        }
        guard let frequency = fields["FREQ"].flatMap({ Rule.Frequency(rawValue: $0.uppercased()) }) else {
            throw Failure(description: "RRULE:\(text.prefix(80)): no FREQ of SECONDLY, MINUTELY, HOURLY, DAILY, WEEKLY, MONTHLY or YEARLY")
        }
        var rule = Rule(frequency: frequency)
        rule.interval = min(1_000, max(1, fields["INTERVAL"].flatMap(Int.init) ?? 1))
        // COUNT of zero or less is no limit, as other readers take it (UNTIL may still end it).
        rule.count = fields["COUNT"].flatMap(Int.init).flatMap { $0 > 0 ? $0 : nil }
        if let written = fields["UNTIL"], let until = try date(written, parameters: [:], zone: zone, zones: zones)?.date {
            rule.until = until
            rule.untilReading = (written.uppercased().hasSuffix("Z") ? ZoneRules.utc : zone).civil(until)
        }
        let names = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"]
        rule.days = (fields["BYDAY"] ?? "").split(separator: ",").compactMap { day in
            guard let weekday = names.firstIndex(of: String(day.suffix(2)).uppercased()) else { return nil }
            let ordinal = Int(day.dropLast(2))
            return (ordinal.flatMap { (-53...53).contains($0) && $0 != 0 ? $0 : nil }, weekday + 1)
        }
        func numbers(_ part: String, _ range: ClosedRange<Int>) -> [Int] {
            (fields[part] ?? "").split(separator: ",").compactMap { Int($0) }.filter { range.contains($0) && ($0 != 0 || range.lowerBound == 0) }
        }
        rule.monthDays = numbers("BYMONTHDAY", -31...31)
        rule.months = numbers("BYMONTH", 1...12)
        rule.yearDays = numbers("BYYEARDAY", -366...366)
        rule.weekNumbers = numbers("BYWEEKNO", -53...53)
        rule.hours = numbers("BYHOUR", 0...23)
        rule.minutes = numbers("BYMINUTE", 0...59)
        rule.seconds = numbers("BYSECOND", 0...59)
        rule.positions = numbers("BYSETPOS", -366...366)
        if let start = fields["WKST"].flatMap({ names.firstIndex(of: $0.uppercased()) }) { rule.weekStart = start + 1 }
        return rule
    }
}
