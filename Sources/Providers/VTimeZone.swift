import FoundationEssentials
import ZoneInfo

/// A VTIMEZONE block of an iCalendar document (RFC 5545 3.6.5): its TZID, the tz-database
/// location some writers add (X-LIC-LOCATION), and its own definition, STANDARD and
/// DAYLIGHT observances.
///
/// Most exports name a zone the tz database knows, directly or through X-LIC-LOCATION or a
/// Windows name, and that zone is used: the database knows the zone's history better than a
/// file that often gives this year's rules only. The definition is read for the rest —
/// Exchange's "Customized Time Zone", Outlook's "(UTC+01:00) Amsterdam, Berlin, …", Lotus
/// Notes' "Eastern" — so their times are where the file says, not an error.
struct VTimeZone {
    /// One observance: from `onset` (a wall-clock reading in `offsetFrom`), and each time
    /// its RRULE or RDATEs repeat it, the offset is `offsetTo`.
    struct Observance {
        var onset: CivilDateTime
        var offsetFrom: Int
        var offsetTo: Int
        var rule: String?
        var extraOnsets: [CivilDateTime] = []
    }

    var id: String
    var location: String?
    var observances: [Observance] = []

    /// The years a definition's rules are worked out for; a lock screen shows no earlier
    /// or later instant, and readings outside keep the nearest offset.
    static let years = 1970..<2100
    /// At most this many changes per observance (twice as many per zone), and days of
    /// rules walked per document (about ten zones of two yearly rules each): a file cannot
    /// make the reader work without end.
    static let changeLimit = 1_000
    static let walkBudget = 1_000_000

    /// The zone this block stands for: the tz database's by location or Windows name, else
    /// its own definition, worked out within what is left of `budget`; nil when it has neither.
    func zone(budget: inout Int) -> ZoneRules? {
        (location ?? WindowsZones.iana[id]).flatMap(ZoneRules.named) ?? ownRules(budget: &budget)
    }

    /// The offsets the observances define, as changes at instants; nil when there are none
    /// or working them out would take more than `budget` days of walking (which it spends).
    func ownRules(budget: inout Int) -> ZoneRules? {
        let start = ZoneRules.utc.date(CivilDateTime(year: Self.years.lowerBound, month: 1, day: 1))
        let end = ZoneRules.utc.date(CivilDateTime(year: Self.years.upperBound, month: 1, day: 1))
        var changes: [(at: Int64, offset: Int, from: Int)] = []
        for observance in observances {
            let before = ZoneRules(identifier: id, secondsFromGMT: observance.offsetFrom)
            var onsets = observance.extraOnsets.map(before.date)
            if let text = observance.rule, let rule = try? ICalendar.rule(text, zone: before) {
                // The walk covers about 55 years at a time; go through the years in 40-year steps.
                var from = max(start, before.date(observance.onset))
                while from < end, onsets.count < Self.changeLimit {
                    let to = min(end, from.addingTimeInterval(40 * 365 * 86_400))
                    // Each day the walk looks at is paid from the file's budget.
                    guard RecurrenceWalk(rule: rule, first: observance.onset, zone: before).forEach(from: from, to: to, budget: &budget, { onsets.append($0) }) else { return nil }
                    from = to
                }
            } else {
                onsets.append(before.date(observance.onset))
            }
            changes += onsets.prefix(Self.changeLimit).map { (Int64($0.timeIntervalSince1970), observance.offsetTo, observance.offsetFrom) }
            guard changes.count <= 2 * Self.changeLimit else { return nil }
        }
        guard let first = changes.min(by: { $0.at < $1.at }) else { return nil }
        return ZoneRules(identifier: id, initial: first.from, changes: changes.map { ($0.at, $0.offset) })
    }

    /// Every VTIMEZONE block in an unfolded document.
    static func all(in lines: [String]) -> [VTimeZone] {
        var found: [VTimeZone] = []
        var zone: VTimeZone?
        var observance: [String: ICalendar.Property]?
        for line in lines {
            switch line {
            case "BEGIN:VTIMEZONE":
                zone = VTimeZone(id: "")
            case "END:VTIMEZONE":
                if let done = zone, !done.id.isEmpty { found.append(done) }
                zone = nil
            case "BEGIN:STANDARD", "BEGIN:DAYLIGHT":
                observance = zone == nil ? nil : [:]
            case "END:STANDARD", "END:DAYLIGHT":
                if let properties = observance, let read = Observance(properties) { zone?.observances.append(read) }
                observance = nil
            default:
                guard zone != nil, let (name, property) = ICalendar.property(line) else { continue }
                if observance != nil {
                    // RDATE may come on several lines; the others once.
                    if name == "RDATE", let earlier = observance?[name] {
                        observance?[name] = (property.parameters, earlier.value + "," + property.value)
                    } else {
                        observance?[name] = property
                    }
                } else if name == "TZID", zone?.id.isEmpty == true {
                    zone?.id = property.value
                } else if name == "X-LIC-LOCATION" {
                    zone?.location = property.value
                }
            }
        }
        return found
    }
}

extension VTimeZone.Observance {
    /// An observance from its properties; nil without a readable DTSTART, TZOFFSETFROM and
    /// TZOFFSETTO.
    init?(_ properties: [String: ICalendar.Property]) {
        guard let onset = properties["DTSTART"].flatMap({ ICalendar.reading($0.value)?.reading }),
              let from = properties["TZOFFSETFROM"].flatMap({ Self.offset($0.value) }),
              let to = properties["TZOFFSETTO"].flatMap({ Self.offset($0.value) }) else { return nil }
        self.init(onset: onset, offsetFrom: from, offsetTo: to, rule: properties["RRULE"]?.value)
        extraOnsets = (properties["RDATE"]?.value ?? "").split(separator: ",").prefix(VTimeZone.changeLimit).compactMap {
            ICalendar.reading(String($0.split(separator: "/").first ?? ""))?.reading
        }
    }

    /// "+0100", "-0500" or "+053000" as seconds east of UTC; nil past ±24 h.
    static func offset(_ text: String) -> Int? {
        let sign: Int
        switch text.first {
        case "+": sign = 1
        case "-": sign = -1
        default: return nil
        }
        let digits = text.dropFirst()
        guard digits.count == 4 || digits.count == 6, let value = Int(digits) else { return nil }
        let (hours, minutes, seconds) = digits.count == 4 ? (value / 100, value % 100, 0) : (value / 10_000, value / 100 % 100, value % 100)
        guard hours < 24, minutes < 60, seconds < 60 else { return nil }
        return sign * (hours * 3_600 + minutes * 60 + seconds)
    }
}
