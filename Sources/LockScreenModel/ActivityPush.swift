import ActivityKitCore
import FoundationEssentials
import JSON

/// A Live Activity push as a server sends it to APNs (push type `liveactivity`), read
/// unchanged: `{"aps": {"timestamp": …, "event": "update", "content-state": {…}, …}}`,
/// or the `aps` object alone. Over HTTP the token is the address's
/// (`POST /api/activities/<token>`), over MQTT the topic's; `apns-priority` 10 is shown at
/// once, 5 may wait for the panel's next update.
package struct ActivityPush: Sendable {
    package let operation: ActivityOperation
    /// Priority 10 (or none given): shown at once. Priority 5: may be batched.
    package let urgent: Bool

    /// Why a push was refused, said so a server's developer can mend it.
    package struct Failure: Error, Sendable, CustomStringConvertible {
        package let description: String
        /// As APNs's provider API names it: `BadDeviceToken` for the token,
        /// `PayloadTooLarge`, else the daemon's own `BadPayload` (APNs takes any JSON; the
        /// daemon reads it).
        package var reason = "BadPayload"

        /// The HTTP status the refusal is answered with.
        package var status: Int { reason == "PayloadTooLarge" ? 413 : 400 }
    }

    /// The push for the activity `token`; `priority` is the `apns-priority` header's value.
    package init(token: String, payload: JSONValue, priority: Int? = nil) throws(Failure) {
        guard ActivityToken.isValid(token) else { throw Failure(description: "the token must be 8 to 128 hex digits, as APNs tokens are written", reason: "BadDeviceToken") }
        guard let aps = Self.aps(of: payload) else { throw Failure(description: "the payload must be a JSON object with an \"aps\" member") }
        func date(_ key: String) throws(Failure) -> Date? {
            guard let value = aps[key] else { return nil }
            guard case let .number(seconds) = value, seconds.isFinite, seconds >= 0, seconds < 1e11 else {
                throw Failure(description: "aps.\(key) must be seconds since 1970, as APNs takes it")
            }
            return Date(timeIntervalSince1970: seconds)
        }
        guard case let .string(event)? = aps["event"] else { throw Failure(description: "aps.event is missing: start, update or end") }
        let timestamp = try date("timestamp")
        var content: ActivityUpdate?
        if let state = aps["content-state"] {
            guard case .object = state else { throw Failure(description: "aps.content-state must be an object: the activity's ContentState as JSON") }
            var relevance: Double?
            if let score = aps["relevance-score"] {
                guard case let .number(value) = score, value.isFinite else { throw Failure(description: "aps.relevance-score must be a number") }
                relevance = value
            }
            content = ActivityUpdate(
                state: try Self.bytes(state, "content-state"), staleDate: try date("stale-date"), relevanceScore: relevance, timestamp: timestamp,
                alert: Self.alert(aps["alert"]), dismissalDate: try date("dismissal-date"))
        }
        switch event {
        case "start":
            guard case let .string(type)? = aps["attributes-type"], !type.isEmpty else { throw Failure(description: "a start needs aps.attributes-type: the name of the ActivityAttributes type") }
            guard let attributes = aps["attributes"], case .object = attributes else { throw Failure(description: "a start needs aps.attributes: the attributes as a JSON object") }
            guard let content else { throw Failure(description: "a start needs aps.content-state") }
            let encoded = try Self.bytes(attributes, "attributes")
            guard encoded.count + content.state.count <= ActivityBook.maximumBytes else { throw Failure(description: "\(ActivityAuthorizationError.attributesTooLarge)", reason: "PayloadTooLarge") }
            operation = .start(id: token.lowercased(), attributesType: type, attributes: encoded, content: content, channel: nil)
        case "update":
            guard let content else { throw Failure(description: "an update needs aps.content-state") }
            guard content.state.count <= ActivityBook.maximumBytes else { throw Failure(description: "\(ActivityAuthorizationError.attributesTooLarge)", reason: "PayloadTooLarge") }
            operation = .update(id: token.lowercased(), content: content)
        case "end":
            // An end may carry no new state: the last one stays on screen.
            let dismissal: ActivityUIDismissalPolicy = try date("dismissal-date").map { .after($0) } ?? .default
            operation = .end(id: token.lowercased(), content: content ?? ActivityUpdate(state: Data(), timestamp: timestamp), dismissal: dismissal)
        case "dismiss":
            operation = .dismiss(id: token.lowercased())
        default:
            throw Failure(description: "aps.event '\(event)' is not one of start, update, end")
        }
        urgent = priority.map { $0 >= 10 } ?? true
    }

    /// A push's `aps` object, or the payload itself when it is the `aps` object alone; nil
    /// when the payload is not an object.
    package static func aps(of payload: JSONValue) -> [String: JSONValue]? {
        guard case let .object(outer) = payload else { return nil }
        if case let .object(inner)? = outer["aps"] { return inner }
        return outer
    }

    /// A JSON value as the bytes the activity's `Codable` types decode, integers written
    /// as integers.
    private static func bytes(_ value: JSONValue, _ name: String) throws(Failure) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        guard let data = try? encoder.encode(value) else { throw Failure(description: "aps.\(name) could not be read") }
        return data
    }

    /// The most characters of an alert's title or body, as of any text of a timeline's
    /// entry: more than the band's tile shows. Drawn whole, a megabyte of alert made the
    /// next frame 42 s late.
    package static let maximumAlertCharacters = 500

    /// An alert's title and body: strings, or localisable objects (`loc-key` with
    /// `loc-args`), or APNs's alert-level `title-loc-key`/`title-loc-args` and
    /// `loc-key`/`loc-args`; each cut to `maximumAlertCharacters`. A key is drawn as iOS
    /// draws one its app has no string for: the key itself, its `%@` (and `%1$@`) filled
    /// with the arguments.
    private static func alert(_ value: JSONValue?) -> ActivityUpdate.AlertText? {
        func words(_ value: JSONValue?) -> String? {
            switch value {
            case let .string(text)?: text.cut(to: maximumAlertCharacters)
            case let .object(members)?: localised(members["loc-key"], members["loc-args"])
            default: nil
            }
        }
        guard case let .object(members)? = value else { return words(value).map { .init(title: $0, body: "") } }
        let title = words(members["title"]) ?? localised(members["title-loc-key"], members["title-loc-args"]) ?? ""
        let body = words(members["body"]) ?? localised(members["loc-key"], members["loc-args"]) ?? ""
        return title.isEmpty && body.isEmpty ? nil : .init(title: title, body: body)
    }

    /// A localisation key with its arguments, as iOS shows one its app has no string for.
    static func localised(_ key: JSONValue?, _ arguments: JSONValue?) -> String? {
        guard case let .string(format)? = key else { return nil }
        var values: [String] = []
        if case let .array(items)? = arguments {
            for item in items.prefix(16) {
                switch item {
                case let .string(text): values.append(text.cut(to: maximumAlertCharacters))
                case let .number(number): values.append(number.plainText)
                default: values.append("")
                }
            }
        }
        var result = "", next = 0
        var rest = Substring(format.cut(to: maximumAlertCharacters))
        while let percent = rest.firstIndex(of: "%") {
            result += rest[..<percent]
            let after = rest[rest.index(after: percent)...]
            if after.hasPrefix("@") {
                result += next < values.count ? values[next] : ""
                next += 1
                rest = after.dropFirst()
            } else if let dollar = after.prefix(3).firstIndex(of: "$"), let position = Int(after[..<dollar]), after[after.index(after: dollar)...].hasPrefix("@") {
                result += position >= 1 && position <= values.count ? values[position - 1] : ""
                rest = after[after.index(dollar, offsetBy: 2)...]
            } else if after.hasPrefix("%") {
                result += "%"
                rest = after.dropFirst()
            } else {
                result += "%"
                rest = after
            }
        }
        return (result + rest).cut(to: maximumAlertCharacters)
    }
}
