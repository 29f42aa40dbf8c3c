import ActivityKitCore
import JSON  // for Spelling

/// Why the daemon did not take an activity push, said to whoever sent it: the message
/// a server's developer can act on, and the HTTP status the web API answers it with (the
/// socket and MQTT carry it in the reply, `lockscreenctl` exits non-zero).
package struct ActivityRefusal: Error, Sendable, Hashable, CustomStringConvertible {
    /// 4xx as APNs would answer: 400 a push that cannot be taken as written, 409 one
    /// out of order, 410 a token with no activity, 413 too large, 429 too many running.
    package let status: Int
    /// The reason as APNs's provider API names it (`Unregistered`, `PayloadTooLarge`, …),
    /// so an APNs client reports it; where APNs has none (it does not read the state),
    /// the daemon's own: `BadContentState`, `UnknownAttributesType`, `OutOfOrder`,
    /// `ActivityExists`, `StartTooOld`, `TooManyActivities`.
    package let reason: String
    package let description: String

    package init(status: Int, reason: String, _ description: String) {
        self.status = status
        self.reason = reason
        self.description = description
    }

    /// The book's refusal.
    package init(_ error: ActivityAuthorizationError) {
        switch error {
        case .attributesTooLarge: self.init(status: 413, reason: "PayloadTooLarge", error.description)
        case .denied: self.init(status: 403, reason: "Forbidden", error.description)
        case .targetMaximumExceeded: self.init(status: 429, reason: "TooManyActivities", error.description + ": end one first")
        case .unsupportedTarget: self.init(status: 400, reason: "UnknownAttributesType", error.description)
        case .malformedActivityIdentifier: self.init(status: 409, reason: "ActivityExists", "an activity with this token is already on screen: update it, or end and dismiss it first")
        }
    }

    /// A start of a type nothing draws: the types there are, and the nearest spelling.
    package static func unsupported(_ type: String, known: [String]) -> ActivityRefusal {
        let near = Spelling.nearest(type, in: known)
        return ActivityRefusal(status: 400, reason: "UnknownAttributesType", "no ActivityConfiguration draws attributes-type '\(type.prefix(100))'"
            + (near.map { " (did you mean '\($0)'?)" } ?? "") + "; the types drawn here: \(known.joined(separator: ", "))")
    }

    /// An operation the book did not apply.
    package static func unapplied(_ outcome: ActivityBook.Outcome) -> ActivityRefusal? {
        switch outcome {
        case .applied: nil
        case .outdated: ActivityRefusal(status: 409, reason: "OutOfOrder", "its timestamp is older than the last one taken for this activity: sent out of order, or sent again")
        case .unknown: ActivityRefusal(status: 410, reason: "Unregistered", "no activity with this token is running")
        case .expired: ActivityRefusal(status: 409, reason: "StartTooOld", "its timestamp is eight hours old or more: the activity would already have ended")
        }
    }
}
