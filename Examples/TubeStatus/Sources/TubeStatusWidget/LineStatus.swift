import Foundation

/// How one line is running, reduced from a line-status API's answer to what a lock-screen
/// widget has room for.
public struct LineStatus: Codable, Sendable, Equatable, Identifiable {
    /// The API's line id, e.g. "victoria".
    public let id: String
    /// The line's name, e.g. "Victoria".
    public let name: String
    /// The worst of the line's current statuses on the API's scale: 10 is good service,
    /// lower is worse (6 severe delays, 2 suspended), above 10 is no disruption (20 closed
    /// for the night).
    public let severity: Int
    /// The worst status in words, e.g. "Severe Delays".
    public let summary: String
    /// Why, when the API says.
    public let reason: String?

    public init(id: String, name: String, severity: Int, summary: String, reason: String? = nil) {
        self.id = id
        self.name = name
        self.severity = severity
        self.summary = summary
        self.reason = reason
    }

    /// Whether the line is running worse than a good service.
    public var isDisrupted: Bool { severity < 10 }
}
