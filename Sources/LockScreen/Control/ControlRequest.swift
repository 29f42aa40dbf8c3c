import Foundation

/// A request on the control socket: one JSON object on one line.
package struct ControlRequest: Codable, Sendable, Equatable {
    /// "reload", "push", "status" or "snapshot".
    package var request: String
    /// reload: the widget kind; nil with `all`.
    package var kind: String?
    package var all: Bool?
    /// push: the push widget's name and its new timeline.
    package var widget: String?
    package var timeline: JSONValue?
    /// snapshot: where to write the PNG (a path the daemon can write).
    package var path: String?

    package init(request: String, kind: String? = nil, all: Bool? = nil, widget: String? = nil, timeline: JSONValue? = nil, path: String? = nil) {
        self.request = request
        self.kind = kind
        self.all = all
        self.widget = widget
        self.timeline = timeline
        self.path = path
    }

    /// The largest request read: a pushed timeline and its envelope.
    package static let maximumSize = (1 << 20) + 4_096
}

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

/// A widget as `lockscreenctl status` shows it.
package struct WidgetStatus: Codable, Sendable, Equatable {
    package var name: String
    package var kind: String
    package var family: String
    /// "placeholder", or the shown entry's date.
    package var shown: String
    package var stale: Bool
    package var providerCalls: Int
    package var failures: Int
    package var lastError: String?
    package var nextReload: String?
    package var budgetLeft: Int?
}
