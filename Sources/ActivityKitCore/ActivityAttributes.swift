import FoundationAdditions
import FoundationEssentials

/// What a Live Activity shows, as ActivityKit's: the attributes that stay for the
/// activity's life, and a nested `ContentState` that each update replaces. Both are
/// `Codable`: a push carries them as JSON, and the daemon keeps them as JSON.
public protocol ActivityAttributes: Decodable, Encodable {
    associatedtype ContentState: Decodable, Encodable, Hashable
}

/// One state of an activity with when it goes stale and how much it matters, as
/// ActivityKit's `ActivityContent`: the band shows the most relevant activity first.
public struct ActivityContent<State: Decodable & Encodable & Hashable>: Hashable {
    public var state: State
    /// After this, the activity is drawn stale (`context.isStale`) until an update comes.
    public var staleDate: Date?
    /// Orders several activities in the band: the highest first.
    public var relevanceScore: Double

    public init(state: State, staleDate: Date?, relevanceScore: Double = 0) {
        self.state = state
        self.staleDate = staleDate
        self.relevanceScore = relevanceScore
    }
}

/// Where an activity is in its life, as ActivityKit's `ActivityState`.
public enum ActivityState: String, Sendable, Hashable, Codable {
    /// Requested, not yet shown.
    case pending
    /// Shown and taking updates.
    case active
    /// Shown; its stale date has passed or it outlived eight hours of updates.
    case stale
    /// Ended: shown with its last content until dismissed.
    case ended
    /// Gone from the screen.
    case dismissed
}

/// When an ended activity leaves the screen, as ActivityKit's.
public struct ActivityUIDismissalPolicy: Sendable, Hashable {
    enum Kind: Hashable { case standard, immediate, after(Date) }
    let kind: Kind

    /// Up to four hours after it ends.
    public static let `default` = ActivityUIDismissalPolicy(kind: .standard)
    /// At once.
    public static let immediate = ActivityUIDismissalPolicy(kind: .immediate)
    /// At `date`, or four hours after the end if that comes first.
    public static func after(_ date: Date) -> ActivityUIDismissalPolicy { ActivityUIDismissalPolicy(kind: .after(date)) }
}

/// How an activity is updated from a server, as ActivityKit's `PushType`: a token per
/// activity (the daemon's HTTP API and MQTT topic take it), or a broadcast channel.
public struct PushType: Sendable, Hashable {
    let channel: String?

    /// Updates addressed to this activity's own token.
    public static let token = PushType(channel: nil)
    /// Updates broadcast on a channel.
    public static func channel(_ id: String) -> PushType { PushType(channel: id) }
}

/// An update's alert, as ActivityKit's `AlertConfiguration`: the band shows the activity
/// expanded for a moment (one full refresh on e-ink at most).
public struct AlertConfiguration: Sendable, Hashable {
    /// The alert's sound; a desk display has none, so it is kept only for the log.
    public struct AlertSound: Sendable, Hashable {
        let name: String?
        public static let `default` = AlertSound(name: nil)
        public static func named(_ name: String) -> AlertSound { AlertSound(name: name) }
    }

    public let title: LocalizedStringResource
    public let body: LocalizedStringResource
    public let sound: AlertSound

    public init(title: LocalizedStringResource, body: LocalizedStringResource, sound: AlertSound) {
        self.title = title
        self.body = body
        self.sound = sound
    }
}

/// Why a request, update or push was refused, as ActivityKit's `ActivityAuthorizationError`.
public enum ActivityAuthorizationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The attributes and content state encode to more than 4 KB.
    case attributesTooLarge
    /// Activities are turned off (`[activities] enabled = false`).
    case denied
    /// As many activities as the daemon allows are already running.
    case targetMaximumExceeded
    /// No `ActivityConfiguration` (and no built-in activity) draws these attributes.
    case unsupportedTarget
    /// The attributes or content state did not decode.
    case malformedActivityIdentifier

    public var description: String {
        switch self {
        case .attributesTooLarge: "the activity's attributes and content state are more than 4 KB as JSON"
        case .denied: "Live Activities are turned off in the configuration"
        case .targetMaximumExceeded: "too many activities are running (at most \(ActivityBook.maximumActivities))"
        case .unsupportedTarget: "no ActivityConfiguration draws these attributes"
        case .malformedActivityIdentifier: "the activity's attributes or content state do not decode"
        }
    }
}
