/// One Live Activity as the status gives it.
package struct ActivityStatus: Codable, Sendable, Equatable {
    /// Its token (its id), as pushes address it.
    package var token: String
    /// The attributes type that draws it.
    package var type: String
    /// pending, active, stale, ended.
    package var phase: String
    package var relevance: Double

    package init(token: String, type: String, phase: String, relevance: Double) {
        self.token = token
        self.type = type
        self.phase = phase
        self.relevance = relevance
    }
}
