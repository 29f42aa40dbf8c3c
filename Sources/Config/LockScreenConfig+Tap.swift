import FoundationEssentials
import JSON
import LockScreenModel
import TOML

/// `[widgets.NAME.tap]` and `[urls]`: what a tap does.
extension LockScreenConfig {
    /// The keys that name a tap's action; a tap table has exactly one.
    static let tapActions = ["command", "page", "reload", "http", "publish", "service"]
    /// The keys that go with each action.
    static let tapDetails = ["http": ["method", "body", "content_type", "token_file"], "publish": ["payload", "qos", "retain"], "service": ["entity", "data"]]
    /// The largest body, payload or service data a tap sends: 64 KiB.
    static let tapBodyLimit = 64 << 10

    /// `[widgets.NAME.tap]`, for each widget that has one.
    static func readTaps(_ widgets: TOMLTable, reader: inout ConfigReader) -> [String: WidgetTap] {
        var taps: [String: WidgetTap] = [:]
        for entry in widgets.entries {
            guard let table = entry.value.table, let value = table["tap"] else { continue }
            if let tap = readTap(value, at: "widgets.\(entry.key).tap", reader: &reader) { taps[entry.key] = tap }
        }
        return taps
    }

    /// `[urls]`: each address (or prefix ending in `*`) a `Link` or `.widgetURL` may open,
    /// with the table of what a tap on it does, as a widget's `tap`.
    static func readURLs(_ table: TOMLTable, reader: inout ConfigReader) -> [String: WidgetTap] {
        var urls: [String: WidgetTap] = [:]
        for entry in table.entries {
            if let tap = readTap(entry.value, at: "urls.\"\(entry.key)\"", reader: &reader) { urls[entry.key] = tap }
        }
        return urls
    }

    /// One tap action: a table with one of `tapActions` and the details that go with it.
    static func readTap(_ value: TOMLValue, at path: String, reader: inout ConfigReader) -> WidgetTap? {
        guard let tap = value.table else {
            reader.mismatch(value, path, expected: "a table: command = [...], page = \"next\", reload = true, http = \"…\", publish = \"topic\" or service = \"domain.service\"")
            return nil
        }
        let actions = tapActions.filter { tap[$0] != nil }
        guard actions.count == 1, let action = actions.first else {
            reader.rejectUnknown(tap, known: tapActions + tapDetails.values.flatMap { $0 }, at: path)
            reader.report(tap.line, path, actions.isEmpty ? "give one of \(tapActions.joined(separator: ", "))" : "give one action, not \(actions.joined(separator: " and "))")
            return nil
        }
        reader.rejectUnknown(tap, known: [action] + (tapDetails[action] ?? []), at: path)
        switch action {
        case "command":
            return reader.arguments(tap, "command", at: path).map(WidgetTap.command)
        case "page":
            return reader.choice(tap, "page", at: path, from: ["next", "lock", "home", "photo"]).map { .page($0 == "next" ? nil : LockScreenPage(rawValue: $0)) }
        case "reload":
            return reader.boolean(tap, "reload", at: path) == true ? .reload : nil
        case "http":
            return readHTTPTap(tap, at: path, reader: &reader).map(WidgetTap.http)
        case "publish":
            return readPublishTap(tap, at: path, reader: &reader).map(WidgetTap.publish)
        default:
            return readServiceTap(tap, at: path, reader: &reader).map(WidgetTap.service)
        }
    }

    /// `http = "https://…"`, with `method` (POST unless told), `body`, `content_type`
    /// and a `token_file` sent as a bearer token.
    static func readHTTPTap(_ tap: TOMLTable, at path: String, reader: inout ConfigReader) -> WidgetTap.Request? {
        guard let text = reader.string(tap, "http", at: path) else { return nil }
        guard let url = URL(string: text), ["http", "https"].contains(url.scheme ?? ""), url.host != nil else {
            reader.report(tap["http"]!.line, "\(path).http", "expected an http:// or https:// address, found \"\(text)\"")
            return nil
        }
        var request = WidgetTap.Request(url: url)
        request.method = reader.choice(tap, "method", at: path, from: ["POST", "GET", "PUT", "PATCH", "DELETE"]) ?? "POST"
        request.body = bounded(reader.string(tap, "body", at: path) ?? "", tap["body"], "\(path).body", reader: &reader)
        if request.method == "GET" && !request.body.isEmpty {
            reader.report(tap["body"]!.line, "\(path).body", "a GET sends no body: give method = \"POST\"")
        }
        request.contentType = reader.string(tap, "content_type", at: path) ?? "application/json"
        if tap["token_file"] != nil { request.tokenFile = reader.secretFile(tap, "token_file", at: path) }
        return request
    }

    /// `publish = "topic"`, with `payload`, `qos` (1 unless told) and `retain`; needs `[mqtt]`.
    static func readPublishTap(_ tap: TOMLTable, at path: String, reader: inout ConfigReader) -> WidgetTap.Message? {
        guard let topic = reader.string(tap, "publish", at: path) else { return nil }
        guard !topic.isEmpty, !topic.contains("+"), !topic.contains("#"), topic.utf8.count <= 65_535 else {
            reader.report(tap["publish"]!.line, "\(path).publish", "expected a topic without wildcards, such as \"home/porch/light/set\"")
            return nil
        }
        guard reader.hasMQTTBroker else {
            reader.report(tap["publish"]!.line, "\(path).publish", "publishing needs a broker: add [mqtt] with its url")
            return nil
        }
        var message = WidgetTap.Message(topic: topic)
        message.payload = bounded(reader.string(tap, "payload", at: path) ?? "", tap["payload"], "\(path).payload", reader: &reader)
        message.qos = reader.integer(tap, "qos", at: path, in: 0...2) ?? 1
        message.retain = reader.boolean(tap, "retain", at: path) ?? false
        return message
    }

    /// `service = "domain.service"`, with `entity` (its `entity_id`) and `data` (a table
    /// sent as JSON); needs `[homeassistant]`.
    static func readServiceTap(_ tap: TOMLTable, at path: String, reader: inout ConfigReader) -> WidgetTap.ServiceCall? {
        guard let name = reader.string(tap, "service", at: path) else { return nil }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        let valid = parts.count == 2 && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") } }
        guard valid else {
            reader.report(tap["service"]!.line, "\(path).service", "expected a Home Assistant service as domain.service, such as \"light.toggle\"")
            return nil
        }
        guard let api = reader.homeAssistantAPI else {
            reader.report(tap["service"]!.line, "\(path).service", "calling a service needs Home Assistant's API: add [homeassistant] with url and token_file")
            return nil
        }
        var data: [String: JSONValue] = [:]
        if let table = reader.table(tap, "data", at: path) {
            for entry in table.entries { data[entry.key] = json(entry.value) }
        }
        if let entity = reader.string(tap, "entity", at: path) { data["entity_id"] = .string(entity) }
        guard let encoded = try? JSONEncoder().encode(JSONValue.object(data)), encoded.count <= tapBodyLimit else {
            reader.report(tap["data"]?.line ?? tap.line, "\(path).data", "the service data is over \(tapBodyLimit) bytes as JSON")
            return nil
        }
        return WidgetTap.ServiceCall(api: api.url, tokenFile: api.tokenFile, domain: String(parts[0]), service: String(parts[1]),
                                     data: String(decoding: encoded, as: UTF8.self))
    }

    /// `text`, unless it is over `tapBodyLimit` bytes (then reported, and empty).
    static func bounded(_ text: String, _ value: TOMLValue?, _ key: String, reader: inout ConfigReader) -> String {
        guard text.utf8.count > tapBodyLimit, let value else { return text }
        reader.report(value.line, key, "\(text.utf8.count) bytes is over the \(tapBodyLimit)-byte limit of what a tap sends")
        return ""
    }

    /// A TOML value as JSON: dates and times as their text.
    static func json(_ value: TOMLValue) -> JSONValue {
        switch value.kind {
        case let .string(s), let .datetime(s): .string(s)
        case let .integer(i): .number(Double(i))
        case let .float(d): .number(d)
        case let .boolean(b): .bool(b)
        case let .array(items): .array(items.map(json))
        case let .table(table): .object(Dictionary(table.entries.map { ($0.key, json($0.value)) }, uniquingKeysWith: { $1 }))
        }
    }
}
