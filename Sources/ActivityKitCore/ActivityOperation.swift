import FoundationEssentials

/// A change to the Live Activities, however it came: widget code's `Activity.request`,
/// `update` and `end`, an APNs-shaped push over HTTP or MQTT, `lockscreenctl activity`.
/// The daemon applies each to its `ActivityBook` in its inbox, in order.
package enum ActivityOperation: Sendable, Hashable {
    case start(id: String, attributesType: String, attributes: Data, content: ActivityUpdate, channel: String?)
    case update(id: String, content: ActivityUpdate)
    case end(id: String, content: ActivityUpdate?, dismissal: ActivityUIDismissalPolicy)
    case dismiss(id: String)

    /// The activity the operation is for.
    package var id: String {
        switch self {
        case .start(let id, _, _, _, _), .update(let id, _), .end(let id, _, _), .dismiss(let id): id
        }
    }
}

/// A content state with its dates, as an update carries them.
package struct ActivityUpdate: Sendable, Hashable {
    /// The content state as JSON; empty in an end that keeps the last state.
    package var state: Data
    package var staleDate: Date?
    /// nil keeps the activity's score.
    package var relevanceScore: Double?
    /// The sender's time of the update (`aps.timestamp`); nil is the moment it arrives.
    package var timestamp: Date?
    package var alert: AlertText?
    /// Set by an end: when the ended activity leaves the screen.
    package var dismissalDate: Date?

    /// An alert's words.
    package struct AlertText: Sendable, Hashable, Codable {
        package var title: String
        package var body: String

        package init(title: String, body: String) {
            self.title = title
            self.body = body
        }
    }

    package init(state: Data, staleDate: Date? = nil, relevanceScore: Double? = nil, timestamp: Date? = nil, alert: AlertText? = nil, dismissalDate: Date? = nil) {
        self.state = state
        self.staleDate = staleDate
        self.relevanceScore = relevanceScore
        self.timestamp = timestamp
        self.alert = alert
        self.dismissalDate = dismissalDate
    }
}

extension ActivityBook {
    /// Applies an operation as of `now`. One without a timestamp is stamped with `now`'s
    /// whole second, as APNs's timestamps are: stamped to the fraction, a start was newer
    /// than an end sent in the same second with that second's stamp, and the end was
    /// ignored as older.
    package mutating func apply(_ operation: ActivityOperation, now: Date) throws(ActivityAuthorizationError) -> Outcome {
        let second = Date(timeIntervalSince1970: now.timeIntervalSince1970.rounded(.down))
        switch operation {
        case .start(let id, let type, let attributes, let content, let channel):
            return try start(
                id: id, attributesType: type, attributes: attributes, state: content.state, staleDate: content.staleDate,
                relevanceScore: content.relevanceScore ?? 0, timestamp: content.timestamp ?? second, channel: channel, alert: content.alert, now: now)
        case .update(let id, let content):
            return try update(
                id: id, state: content.state, staleDate: content.staleDate, relevanceScore: content.relevanceScore,
                timestamp: content.timestamp ?? second, alert: content.alert.map { ($0.title, $0.body) }, now: now)
        case .end(let id, let content, let dismissal):
            let policy = content?.dismissalDate.map { ActivityUIDismissalPolicy.after($0) } ?? dismissal
            // An empty state is an end that keeps the last one.
            let state = content.flatMap { $0.state.isEmpty ? nil : $0.state }
            return try end(id: id, state: state, staleDate: content?.staleDate, timestamp: content?.timestamp ?? second, dismissal: policy, now: now)
        case .dismiss(let id):
            return dismiss(id: id) ? .applied : .unknown
        }
    }
}
