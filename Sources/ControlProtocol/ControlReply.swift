import FoundationEssentials

/// The reply: `ok`, and either `error` or the request's result.
package struct ControlReply: Codable, Sendable, Equatable {
    package var ok: Bool
    package var error: String?
    /// status: one object per widget.
    package var widgets: [WidgetStatus]?
    /// snapshot: the file written.
    package var path: String?

    package static func failure(_ message: String) -> ControlReply { ControlReply(ok: false, error: message) }
    package static let success = ControlReply(ok: true)
}
