import FoundationEssentials

/// The reply: `ok`, and either `error` or the request's result.
package struct ControlReply: Codable, Sendable, Equatable {
    package var ok: Bool
    package var error: String?
    /// status: one object per widget.
    package var widgets: [WidgetStatus]?
    /// snapshot: the PNG of what the panel shows, for the client to write where its user
    /// may (the daemon writes no file a client names).
    package var png: Data?
    /// status: whether the screen is lit, and why.
    package var screen: ScreenStatus?
    /// status: the Live Activities on screen, the most relevant first.
    package var activities: [ActivityStatus]?
    /// status: what the band (or the date line, where there is no band) says of them, as drawn.
    package var activityWords: String?

    /// status: the SHA-256 fingerprint of the certificate HTTPS clients of the HTTP face
    /// trust, when it offers TLS.
    package var https: String?

    /// A refusal's HTTP status (4xx, or 503 while the daemon cannot take it), when it is
    /// not 400: the web API answers with it, and MQTT's reply carries it.
    package var status: Int?
    /// An activity push's refusal as APNs names it (`Unregistered`, `PayloadTooLarge`, …):
    /// the web API's answers carry it as APNs's do.
    package var reason: String?

    package static func failure(_ message: String, status: Int? = nil, reason: String? = nil) -> ControlReply {
        ControlReply(ok: false, error: message, status: status, reason: reason)
    }
    package static let success = ControlReply(ok: true)
}
