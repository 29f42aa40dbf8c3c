import FoundationEssentials

/// One Live Activity as the daemon keeps it: its attributes and latest content state as
/// JSON (they decode into the widget's own types when drawn), and where it is in its life.
package struct ActivityRecord: Sendable, Hashable, Codable {
    /// The activity's id, which is also its push token (hex, as APNs tokens are written).
    package let id: String
    /// The name of the attributes type (`attributes-type` in a push): which
    /// `ActivityConfiguration` draws it.
    package let attributesType: String
    package let attributes: Data
    package var state: Data
    package var staleDate: Date?
    package var relevanceScore: Double
    package var phase: ActivityState
    /// When it arrived: the order of equals on screen.
    package let started: Date
    /// The start's own timestamp (`aps.timestamp`), when older than its arrival: the
    /// eight hours run from it, so a start retained by a broker for days is not shown
    /// for eight hours from its delivery.
    package var stamped: Date?
    /// When it ended (by its app, a push, or the eight-hour limit).
    package var ended: Date?
    /// When an ended activity leaves the screen.
    package var dismissal: Date?
    /// The newest update's timestamp: older ones are ignored.
    package var timestamp: Date
    /// An update's alert, shown expanded until `alertUntil`.
    package var alert: ActivityUpdate.AlertText?
    package var alertUntil: Date?
    /// The broadcast channel it listens on, if any.
    package var channel: String?

    /// A record as a start makes it; what happens later fills the rest.
    package init(
        id: String, attributesType: String, attributes: Data, state: Data, staleDate: Date?, relevanceScore: Double,
        phase: ActivityState, started: Date, stamped: Date? = nil, timestamp: Date, alert: ActivityUpdate.AlertText? = nil, alertUntil: Date? = nil,
        channel: String? = nil
    ) {
        (self.id, self.attributesType, self.attributes, self.state, self.staleDate) = (id, attributesType, attributes, state, staleDate)
        (self.relevanceScore, self.phase, self.started, self.stamped, self.timestamp) = (relevanceScore, phase, started, stamped, timestamp)
        (self.alert, self.alertUntil, self.channel) = (alert, alertUntil, channel)
    }

    /// Drawn stale: its stale date has passed.
    package var isStale: Bool { phase == .stale }

    /// When it is ended if nothing ends it sooner: eight hours after it started.
    package var activeUntil: Date { min(stamped ?? started, started) + ActivityBook.activeLimit }
}

/// The Live Activities of one screen under Apple's rules, as a value: every change takes
/// the time it happens at, so tests run it on any clock.
///
/// - content (attributes and state as JSON) at most 4 KB;
/// - at most eight hours active: then the activity is ended;
/// - an ended activity stays up to four hours unless dismissed sooner;
/// - an update whose timestamp is older than the newest one taken is ignored;
/// - at most eight ended activities wait for their dismissal: a ninth takes the place of
///   the one ended first (4,000 start–end cycles once kept every one for four hours);
/// - a start whose timestamp is eight hours old, or no newer than the end of an activity
///   of the same token, is refused: a broker's retained start comes back on every
///   reconnection and restart.
package struct ActivityBook: Sendable, Hashable {
    /// Apple's limit on an activity's encoded content.
    package static let maximumBytes = 4096
    /// How long an activity may run before the system ends it.
    package static let activeLimit: Duration = .seconds(8 * 3600)
    /// How long an ended activity stays on screen with the default dismissal policy.
    package static let endedLimit: Duration = .seconds(4 * 3600)
    /// How many activities run at once; iOS lets an app run a handful.
    package static let maximumActivities = 8
    /// How long an update's alert shows the activity expanded.
    package static let alertLength: Duration = .seconds(8)

    /// How many ended activities wait for their dismissal at most.
    package static let maximumEnded = 8
    /// How many ended tokens are remembered, with their last timestamp.
    package static let maximumRetired = 256

    package private(set) var records: [ActivityRecord] = []
    /// The last timestamp of activities that ended, by token: a start of one of these
    /// tokens stamped no later is an old message again, not a new activity.
    package private(set) var retired: [String: Date] = [:]

    package init() {}

    /// What an update did.
    package enum Outcome: Sendable, Hashable {
        case applied
        /// Its timestamp was older than the newest taken.
        case outdated
        /// No such activity, or it has ended.
        case unknown
        /// A start stamped eight hours ago or more: it would already have ended.
        case expired
    }

    package func record(_ id: String) -> ActivityRecord? { records.first { $0.id == id } }

    /// Starts an activity, or refuses it (too large, too many, an id in use); an old
    /// start (eight hours, or no newer than the token's end) is not taken.
    @discardableResult
    package mutating func start(
        id: String, attributesType: String, attributes: Data, state: Data, staleDate: Date?, relevanceScore: Double,
        timestamp: Date, channel: String? = nil, alert: ActivityUpdate.AlertText? = nil, now: Date
    ) throws(ActivityAuthorizationError) -> Outcome {
        guard attributes.count + state.count <= Self.maximumBytes else { throw .attributesTooLarge }
        settle(now: now)
        guard timestamp + Self.activeLimit > now else { return .expired }
        if let end = retired[id], timestamp <= end { return .outdated }
        // A new push-to-start for a token whose activity has ended starts it again.
        if let index = records.firstIndex(where: { $0.id == id }), records[index].phase == .ended {
            guard timestamp > records[index].timestamp else { return .outdated }
            retire(records.remove(at: index))
        }
        guard record(id) == nil else { throw .malformedActivityIdentifier }
        guard records.filter({ $0.phase != .ended }).count < Self.maximumActivities else { throw .targetMaximumExceeded }
        records.append(ActivityRecord(
            id: id, attributesType: attributesType, attributes: attributes, state: state, staleDate: staleDate,
            relevanceScore: relevanceScore, phase: .active, started: now, stamped: timestamp < now ? timestamp : nil,
            timestamp: timestamp, alert: alert, alertUntil: alert.map { _ in now + Self.alertLength }, channel: channel))
        settle(now: now)
        return .applied
    }

    /// Replaces a running activity's content.
    package mutating func update(
        id: String, state: Data, staleDate: Date?, relevanceScore: Double?, timestamp: Date, alert: (title: String, body: String)? = nil, now: Date
    ) throws(ActivityAuthorizationError) -> Outcome {
        settle(now: now)
        guard let index = records.firstIndex(where: { $0.id == id }), records[index].phase == .active || records[index].phase == .stale else { return .unknown }
        guard timestamp >= records[index].timestamp else { return .outdated }
        guard records[index].attributes.count + state.count <= Self.maximumBytes else { throw .attributesTooLarge }
        records[index].state = state
        records[index].staleDate = staleDate
        if let relevanceScore { records[index].relevanceScore = relevanceScore }
        records[index].timestamp = timestamp
        records[index].phase = .active
        // An alert belongs to the update that carried it: a newer content without one
        // is shown at once, not behind the last one's words.
        records[index].alert = alert.map { ActivityUpdate.AlertText(title: $0.title, body: $0.body) }
        records[index].alertUntil = alert.map { _ in now + Self.alertLength }
        settle(now: now)
        return .applied
    }

    /// Ends an activity, with a last content state if given; it stays on screen until
    /// `dismissal` (at most four hours; nil means the default four).
    package mutating func end(
        id: String, state: Data?, staleDate: Date? = nil, timestamp: Date, dismissal: ActivityUIDismissalPolicy = .default, now: Date
    ) throws(ActivityAuthorizationError) -> Outcome {
        settle(now: now)
        guard let index = records.firstIndex(where: { $0.id == id }), records[index].phase != .ended else { return .unknown }
        guard timestamp >= records[index].timestamp else { return .outdated }
        if let state {
            guard records[index].attributes.count + state.count <= Self.maximumBytes else { throw .attributesTooLarge }
            records[index].state = state
            records[index].staleDate = staleDate
            (records[index].alert, records[index].alertUntil) = (nil, nil)
        }
        records[index].timestamp = timestamp
        finish(index, at: now, policy: dismissal)
        settle(now: now)
        return .applied
    }

    /// Takes an activity off the screen at once.
    package mutating func dismiss(id: String) -> Bool {
        guard let index = records.firstIndex(where: { $0.id == id }) else { return false }
        retire(records.remove(at: index))
        return true
    }

    /// The activities of a saved book, as of `now`, each on the times it had: only those
    /// `accepts` takes (a type still drawn, a state that decodes), of a valid token, once
    /// each, within the limits of size, count and dates a push has. Saved state is input.
    package mutating func restore(_ saved: [ActivityRecord], retired: [String: Date], now: Date, accepts: (ActivityRecord) -> Bool) {
        let valid = Self.validDates
        func dated(_ date: Date?) -> Bool { date.map { valid.contains($0.timeIntervalSince1970) } ?? true }
        var kept: [ActivityRecord] = []
        for record in saved.prefix(2 * Self.maximumRetired) where kept.count < Self.maximumActivities + Self.maximumEnded {
            guard ActivityToken.isValid(record.id), !kept.contains(where: { $0.id == record.id }), !record.attributesType.isEmpty,
                  record.attributes.count + record.state.count <= Self.maximumBytes, record.relevanceScore.isFinite,
                  [.active, .stale, .ended].contains(record.phase), (record.phase == .ended) == (record.dismissal != nil),
                  [record.started, record.timestamp].allSatisfy(dated), [record.stamped, record.staleDate, record.ended, record.dismissal, record.alertUntil].allSatisfy(dated),
                  record.phase == .ended || kept.filter({ $0.phase != .ended }).count < Self.maximumActivities,
                  accepts(record) else { continue }
            kept.append(record)
        }
        records = kept
        self.retired = [:]
        for (id, date) in retired.prefix(Self.maximumRetired) where ActivityToken.isValid(id) && dated(date) { self.retired[id] = date }
        settle(now: now)
    }

    /// Dates as a push may give them: 1970 to 5138.
    static let validDates = 0.0..<1e11

    /// Applies the limits as of `now`: stale after the stale date, ended after eight
    /// hours, gone once the dismissal time passes, alerts over.
    package mutating func settle(now: Date) {
        for index in records.indices {
            if records[index].phase != .ended, now >= records[index].activeUntil {
                finish(index, at: records[index].activeUntil, policy: .default)
            }
            if records[index].phase == .active, let stale = records[index].staleDate, now >= stale { records[index].phase = .stale }
            if let until = records[index].alertUntil, now >= until { (records[index].alert, records[index].alertUntil) = (nil, nil) }
        }
        retireAll { $0.phase == .ended && ($0.dismissal.map { now >= $0 } ?? false) }
        let ended = records.filter { $0.phase == .ended }
        if ended.count > Self.maximumEnded {
            let leaving = Set(ended.sorted { ($0.ended ?? now, $0.id) < ($1.ended ?? now, $1.id) }.prefix(ended.count - Self.maximumEnded).map(\.id))
            retireAll { leaving.contains($0.id) }
        }
        // A start stamped eight hours ago is refused anyway.
        retired = retired.filter { $0.value + Self.activeLimit > now }
    }

    /// Takes the records `leaves` picks off the screen, remembering their tokens.
    private mutating func retireAll(where leaves: (ActivityRecord) -> Bool) {
        for record in records where leaves(record) { retire(record) }
        records.removeAll(where: leaves)
    }

    /// Remembers a token leaving the screen, the oldest forgotten past `maximumRetired`.
    private mutating func retire(_ record: ActivityRecord) {
        retired[record.id] = max(retired[record.id] ?? record.timestamp, record.timestamp)
        if retired.count > Self.maximumRetired, let oldest = retired.min(by: { ($0.value, $0.key) < ($1.value, $1.key) }) {
            retired[oldest.key] = nil
        }
    }

    /// The activities on screen, the most relevant first (the earlier started among equals).
    package var presented: [ActivityRecord] {
        records.sorted { ($0.relevanceScore, $1.started, $1.id) > ($1.relevanceScore, $0.started, $0.id) }
    }

    /// When `settle` next changes something, for the daemon's next wake-up.
    package var nextChange: Date? {
        records.flatMap { record -> [Date] in
            var dates = [record.alertUntil, record.dismissal].compactMap(\.self)
            if record.phase != .ended { dates.append(record.activeUntil) }
            if record.phase == .active, let stale = record.staleDate { dates.append(stale) }
            return dates
        }.min()
    }

    private mutating func finish(_ index: Int, at end: Date, policy: ActivityUIDismissalPolicy) {
        records[index].phase = .ended
        records[index].ended = end
        let latest = end + Self.endedLimit
        switch policy.kind {
        case .standard: records[index].dismissal = latest
        case .immediate: records[index].dismissal = end
        case .after(let date): records[index].dismissal = min(max(date, end), latest)
        }
    }
}

extension Date {
    fileprivate static func + (date: Date, duration: Duration) -> Date {
        let (seconds, attoseconds) = duration.components
        return date.addingTimeInterval(Double(seconds) + Double(attoseconds) / 1e18)
    }
}
