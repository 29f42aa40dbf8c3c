import Accessory
import FoundationEssentials
import JSON
import ProviderOptions

extension HomeAssistantWidgetSource {
    package struct Failure: Error, Equatable, CustomStringConvertible {
        package let description: String
    }

    /// The entry for the entity's newest state: none before the first; an error (the last
    /// good entry kept, marked stale) when HA says it is unavailable or HA itself is
    /// offline, it is too old, or a gauge's value is not a number.
    package func timeline(board: MQTTBoard, now: Date) throws(Failure) -> TimelineJSON {
        let valueTopic = "\(topic)/\(attribute ?? "state")"
        guard let message = board.latest(for: name, topic: valueTopic) else { return TimelineJSON(entries: [], policy: .never) }
        if board.homeAssistantOffline != nil {
            throw Failure(description: "Home Assistant is offline (its last will on homeassistant/status): \(entity)'s last state is kept")
        }
        if let staleAfter, now.timeIntervalSince(message.received) >= staleAfter {
            throw Failure(description: "no state for \(entity) for \(Int(now.timeIntervalSince(message.received))) s")
        }
        let raw = String(decoding: message.payload, as: UTF8.self)
        // Attributes come JSON-encoded ("\"°C\"", 21.5); the state as plain text.
        func decoded(_ text: String) -> String { JSONValue.parse(Data(text.utf8)).flatMap(Self.text) ?? text.trimmed() }
        func attributeText(_ key: String) -> String? { board.latest(for: name, topic: "\(topic)/\(key)").map { decoded(String(decoding: $0.payload, as: UTF8.self)) } }
        let deviceClass = attributeText("device_class")
        let value = attribute == nil ? raw.trimmed() : decoded(raw)
        let unit = attribute == nil ? attributeText("unit_of_measurement") : nil
        let icon = HomeAssistantIcons.icon(entity: entity, own: attributeText("icon"), deviceClass: deviceClass)
        let content = try entry(value: value, unit: unit, icon: icon, deviceClass: attribute == nil ? deviceClass : nil)
        let policy: TimelineReloadPolicy = staleAfter.map { .after(message.received.addingTimeInterval($0)) } ?? .never
        return TimelineJSON(entries: [TimelineJSON.Entry(date: now, relevance: nil, content: content)], policy: policy)
    }

    /// The statestream's entry, or before its first message the REST API's answer (once,
    /// where `initial` is set; the statestream's messages follow it).
    package func pushed(board: MQTTBoard, now: Date) async throws -> TimelineJSON {
        let timeline = try await OwnThread.reading(named: "mqtt payload") { () throws(Failure) in try self.timeline(board: board, now: now) }
        guard timeline.entries.isEmpty, let initial, board.latest(for: name) == nil else { return timeline }
        var asked = try await fetch(now: now, from: initial)
        asked.policy = .never
        return asked
    }

    /// Asks the REST API (`rest` unless another is given) for the entity's state; asked
    /// again after the interval.
    package func fetch(now: Date, from api: REST? = nil) async throws -> TimelineJSON {
        guard let rest = api ?? rest else { return TimelineJSON(entries: [], policy: .never) }
        let body = try await Self.request(rest.fetcher, tokenFile: rest.tokenFile, naming: "entity \(entity)")
        guard case let .object(state)? = JSONValue.parse(body), let text = state["state"]?.stringValue else {
            throw Failure(description: "Home Assistant's answer for \(entity) has no state")
        }
        var value = text, unit: String?
        let attributes: [String: JSONValue] = if case let .object(a)? = state["attributes"] { a } else { [:] }
        if let attribute {
            guard let text = attributes[attribute].flatMap(Self.text) else { throw Failure(description: "\(entity) has no attribute \(attribute)") }
            value = text
        } else {
            unit = attributes["unit_of_measurement"]?.stringValue
        }
        let deviceClass = attributes["device_class"]?.stringValue
        let icon = HomeAssistantIcons.icon(entity: entity, own: attributes["icon"]?.stringValue, deviceClass: deviceClass)
        let content = try entry(value: value, unit: unit, icon: icon, deviceClass: attribute == nil ? deviceClass : nil)
        return TimelineJSON(entries: [TimelineJSON.Entry(date: now, relevance: nil, content: content)], policy: .after(now.addingTimeInterval(rest.interval)))
    }

    /// A GET of Home Assistant's REST API with the long-lived token in `tokenFile` (read
    /// at each request, so a new token needs no restart); a refused token or a missing
    /// `what` (an entity, a camera) is an error saying so.
    package static func request(_ fetcher: HTTPFetcher, tokenFile: String, naming what: String) async throws(Failure) -> Data {
        let authorized: HTTPFetcher
        do { authorized = try fetcher.authorized(byTokenIn: tokenFile) } catch { throw Failure(description: "the token: \(error)") }
        do {
            return try await authorized.fetch()
        } catch {
            if case .status(401) = error {
                throw Failure(description: "Home Assistant refused the token in \(tokenFile) (HTTP 401): make a long-lived access token in your HA profile")
            }
            if case .status(404) = error { throw Failure(description: "Home Assistant has no \(what) (HTTP 404)") }
            throw Failure(description: "Home Assistant: \(error)")
        }
    }

    /// An attribute's value as Home Assistant shows it: text, a number without needless
    /// decimals, on or off; nil for anything else.
    static func text(of value: JSONValue) -> String? {
        switch value {
        case let .string(s): s
        case let .number(n): n.plainText
        case let .bool(b): b ? "on" : "off"
        default: nil
        }
    }

    /// What the widget shows for `value`: with its unit, or as a gauge; with the configured
    /// `symbol`, else the entity's icon (none when `symbol = ""`). A state (`deviceClass`
    /// given, maybe nil) in the words Home Assistant's dashboards use for it.
    func entry(value: String, unit: String?, icon: String? = nil, deviceClass: String?? = nil) throws(Failure) -> JSONValue {
        if ["unavailable", "unknown"].contains(value) { throw Failure(description: "\(entity) is \(value) in Home Assistant") }
        var entry: [String: JSONValue] = [:]
        let words = deviceClass.map { HomeAssistantStates.display(value, entity: entity, deviceClass: $0) } ?? value
        let shown = unit.map { "\(value) \($0)" } ?? words
        if let gauge {
            guard let number = Double(value) else { throw Failure(description: "\(entity) is \"\(value)\", not a number for its gauge") }
            entry["gauge"] = .object(["value": .number(number), "min": .number(gauge.min), "max": .number(gauge.max), "text": .string(value)])
        } else {
            entry["text"] = .string(String(shown.prefix(200)))
        }
        if let shown = symbol ?? icon, !shown.isEmpty { entry["symbol"] = .string(shown) }
        return .object(entry)
    }
}
