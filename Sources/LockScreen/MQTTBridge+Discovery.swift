import FoundationEssentials
import JSON
import Providers

extension MQTTBridge {
    /// Home Assistant's MQTT discovery: one device for this display, with buttons for a
    /// reload and a full refresh, a select for the page, a sensor per widget (what it
    /// shows; stale or not as an attribute) and an image entity showing the screen. Each
    /// config is retained on `homeassistant/<component>/<node>/<object>/config`.
    func discoveryMessages() -> [(topic: String, payload: JSONValue)] {
        let node = discoveryNode
        let device: JSONValue = .object([
            "identifiers": .array([.string(node)]),
            "name": .string(config.prefix.split(separator: "/").last.map(String.init) ?? node),
            "manufacturer": .string("lockscreend"),
            "model": .string("lock-screen display"),
        ])
        func entity(_ component: String, _ object: String, _ name: String, _ fields: [String: JSONValue]) -> (String, JSONValue) {
            var body: [String: JSONValue] = [
                "name": .string(name),
                "unique_id": .string("\(node)_\(object)"),
                "object_id": .string("\(node)_\(object)"),
                "availability_topic": .string(config.availabilityTopic),
                "device": device,
            ]
            body.merge(fields) { $1 }
            return ("homeassistant/\(component)/\(node)/\(object)/config", .object(body))
        }
        var messages = [
            entity("button", "reload", "Reload widgets", ["command_topic": .string("\(config.prefix)/reload"), "payload_press": .string("all")]),
            entity("button", "refresh", "Full refresh", ["command_topic": .string("\(config.prefix)/refresh"), "payload_press": .string("full")]),
            entity("select", "page", "Page", [
                "command_topic": .string("\(config.prefix)/page"), "options": .array((handler.pages?.pages ?? [.lock]).map { .string($0.rawValue) }), "optimistic": .bool(true),
            ]),
            entity("image", "screen", "Screen", ["image_topic": .string("\(config.prefix)/screen"), "content_type": .string("image/png")]),
        ]
        for widget in widgets {
            let object = Self.object(of: widget.name)
            let pick = "(value_json.widgets | selectattr('name', 'equalto', '\(widget.name)') | first)"
            messages.append(entity("sensor", object, widget.name, [
                "state_topic": .string(config.statusTopic),
                "value_template": .string("{{ (\(pick).text or \(pick).shown) | truncate(250) }}"),
                "json_attributes_topic": .string(config.statusTopic),
                "json_attributes_template": .string("{{ {'stale': \(pick).stale, 'family': '\(widget.family)', 'error': \(pick).lastError} | tojson }}"),
            ]))
        }
        return messages
    }

    /// This display's node id in discovery topics: its client id, made safe.
    var discoveryNode: String {
        String(config.clientID.map { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" ? $0 : "_" })
    }

    /// The discovery object id of a widget's sensor.
    static func object(of widget: String) -> String {
        "widget_" + String(widget.map { $0.isLetter || $0.isNumber ? $0 : "_" })
    }

    /// Empty retained configs, which make Home Assistant remove the entities: the named
    /// widgets' sensors, or (nil) every entity of this display.
    func withdrawDiscovery(_ client: MQTTClient, widgets names: [String]?) {
        let node = discoveryNode
        let topics = names.map { $0.map { "homeassistant/sensor/\(node)/\(Self.object(of: $0))/config" } } ?? discoveryMessages().map(\.topic)
        for topic in topics { client.publish(topic, [], qos: 1, retain: true) }
    }

    func publishDiscovery(_ client: MQTTClient) {
        for (topic, payload) in discoveryMessages() {
            guard let data = try? JSONEncoder().encode(payload) else { continue }
            client.publish(topic, Array(data), qos: 1, retain: true)
        }
    }
}
