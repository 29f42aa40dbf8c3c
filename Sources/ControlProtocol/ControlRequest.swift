import FoundationEssentials
import JSON

/// A request on the control socket, as a value: one of the things a client may ask.
/// On the wire it is one JSON object on one line, `{"request": "reload", "kind": "weather"}`
/// (docs/CONTROL.md); `decode(_:)` turns bytes into a request or says what is wrong.
package enum ControlRequest: Sendable, Equatable {
    /// Ask the widgets of a kind for new timelines, free of budget.
    case reload(kind: String)
    /// Ask every widget for a new timeline.
    case reloadAll
    /// Replace a push widget's timeline.
    case push(widget: String, timeline: JSONValue)
    /// Every widget's state.
    case status
    /// What the panel shows, as PNG bytes in the reply: the daemon writes no file.
    case snapshot
    /// Show a page: "lock", "home", "photo", or "next" (the next the display has).
    case page(String)
    /// Tap the middle of a widget on the page shown, as a finger would: its control
    /// there, else its `[widgets.NAME.tap]` action.
    case tap(widget: String)
    /// Tap the panel at (`x`, `y`) in its pixels, as a finger or the web page's picture
    /// would: the control there is performed.
    case tapAt(x: Double, y: Double)
    /// Redraw the whole panel: on e-ink a full refresh, which clears ghosting.
    case refresh
    /// Switch the screen: "on" or "off" until the `[display] off` schedule next changes,
    /// "auto" back to the schedule.
    case screen(power: String)
    /// A Live Activity push for the activity `token`, its payload as APNs takes it
    /// (`{"aps": {"event": …, "content-state": …}}`); `priority` as `apns-priority`.
    case activity(token: String, payload: JSONValue, priority: Int?)

    /// The requests' names on the wire.
    package static let names = ["reload", "push", "status", "snapshot", "page", "tap", "refresh", "screen", "activity"]
    /// The pages a `page` request may name.
    package static let pages = ["lock", "home", "photo", "next"]
    /// What a `screen` request may ask.
    package static let powers = ["on", "off", "auto"]

    /// The largest request read: a pushed timeline and its envelope.
    package static let maximumSize = (1 << 20) + 4_096

    /// Why bytes are not a request.
    package enum Malformed: Error, Equatable, CustomStringConvertible {
        case tooLarge
        case notJSON
        /// JSON nested deeper than the reader goes.
        case tooDeep
        /// A `request` name that is not one of `names`.
        case unknown(String)
        /// A known request without what it needs; the text says what.
        case incomplete(String)

        /// The message, naming the nearest request to an unknown one ("did you mean").
        package var description: String {
            switch self {
            case .tooLarge: "the request is larger than \(ControlRequest.maximumSize) bytes"
            case .notJSON: "not a request: expected one JSON object such as {\"request\": \"status\"}"
            case .tooDeep: "not a request: \(JSONFailure.tooDeep)"
            case let .unknown(name): "unknown request '\(name)'\(Spelling.nearest(name, in: ControlRequest.names).map { " (did you mean '\($0)'?)" } ?? ""); expected reload, push, status, snapshot, page, tap, refresh, screen or activity"
            case let .incomplete(message): message
            }
        }

        /// The reply that refuses the bytes, saying why.
        package var reply: ControlReply { .failure(description) }
    }

    /// The object on the wire: every field any request may carry.
    private struct Wire: Codable {
        var request: String
        var kind: String?
        var all: Bool?
        var widget: String?
        var timeline: JSONValue?
        var page: String?
        var power: String?
        var x: Double?
        var y: Double?
        var token: String?
        var payload: JSONValue?
        var priority: Int?
    }

    /// The request in `data` (one JSON object, without its newline).
    package static func decode(_ data: Data) throws(Malformed) -> ControlRequest {
        guard data.count <= maximumSize else { throw .tooLarge }
        // Read by the package's own JSON reader (Foundation's would decode a pushed timeline
        // by trying each type in turn), which also tells a document nested too deep.
        let object: [String: JSONValue]
        switch JSONValue.read(data) {
        case let .success(.object(members)): object = members
        case .failure(.tooDeep): throw .tooDeep
        default: throw .notJSON
        }
        func text(_ key: String) -> String? { if case let .string(s)? = object[key] { s } else { nil } }
        guard let request = text("request") else { throw .notJSON }
        func number(_ key: String) -> Double? { if case let .number(n)? = object[key], n.isFinite { n } else { nil } }
        let wire = Wire(request: request, kind: text("kind"), all: object["all"] == .bool(true) ? true : nil, widget: text("widget"), timeline: object["timeline"],
                        page: text("page"), power: text("power"), x: number("x"), y: number("y"),
                        token: text("token"), payload: object["payload"], priority: number("priority").map { $0 == 5 ? 5 : 10 })
        switch wire.request {
        case "reload":
            if wire.all == true { return .reloadAll }
            guard let kind = wire.kind else { throw .incomplete("reload needs a kind, or all") }
            return .reload(kind: kind)
        case "push":
            guard let widget = wire.widget, let timeline = wire.timeline else { throw .incomplete("push needs a widget and a timeline") }
            return .push(widget: widget, timeline: timeline)
        case "status":
            return .status
        case "snapshot":
            return .snapshot
        case "page":
            guard let page = wire.page, pages.contains(page) else { throw .incomplete("page needs page: lock, home, photo or next") }
            return .page(page)
        case "tap":
            if let x = wire.x, let y = wire.y, wire.widget == nil { return .tapAt(x: x, y: y) }
            guard let widget = wire.widget, !widget.isEmpty else { throw .incomplete("tap needs a widget, or x and y in the panel's pixels") }
            return .tap(widget: widget)
        case "refresh":
            return .refresh
        case "screen":
            guard let power = wire.power, powers.contains(power) else { throw .incomplete("screen needs power: on, off or auto") }
            return .screen(power: power)
        case "activity":
            guard let token = wire.token, let payload = wire.payload else { throw .incomplete("activity needs a token and a payload: {\"aps\": {\"event\": …}}") }
            return .activity(token: token, payload: payload, priority: wire.priority)
        default:
            throw .unknown(wire.request)
        }
    }

    /// The request as one JSON line, newline included.
    package func encoded() -> Data {
        let wire = switch self {
        case let .reload(kind): Wire(request: "reload", kind: kind)
        case .reloadAll: Wire(request: "reload", all: true)
        case let .push(widget, timeline): Wire(request: "push", widget: widget, timeline: timeline)
        case .status: Wire(request: "status")
        case .snapshot: Wire(request: "snapshot")
        case let .page(page): Wire(request: "page", page: page)
        case let .tap(widget): Wire(request: "tap", widget: widget)
        case let .tapAt(x, y): Wire(request: "tap", x: x, y: y)
        case .refresh: Wire(request: "refresh")
        case let .screen(power): Wire(request: "screen", power: power)
        case let .activity(token, payload, priority): Wire(request: "activity", token: token, payload: payload, priority: priority)
        }
        var data = (try? JSONEncoder().encode(wire)) ?? Data()
        data.append(0x0A)
        return data
    }
}
