import FoundationEssentials
import JSON
import DaemonInterface
import LockScreenModel  // for .availabilityTopic
import Providers
import Synchronization

extension MQTTBridge {
    /// Home Assistant's MQTT discovery, as its MQTT documentation has each entity: one
    /// device for this display (named for it, with the daemon's version), buttons for a
    /// reload and a full refresh, a select for the page with its state, a switch for the
    /// screen's power (`[display] off`, docs/DISPLAYS.md), a sensor per widget
    /// (what it shows as the state; kind, family, stale and error as attributes) and an
    /// image entity showing the screen. Entity names are the device's own
    /// (`has_entity_name`): Home Assistant puts the device's name before them. Each config
    /// is retained on `homeassistant/<component>/<node>/<object>/config`.
    ///
    /// Entity ids are `<component>.<node>_<object>` on every version: HA 2026 takes them
    /// from `default_entity_id` (it warns about `object_id`, which it stops reading in
    /// 2026.4), earlier versions from `object_id` (ignoring the new key). `origin` names
    /// lockscreend as the software that sent the config, in HA's logs and device page.
    /// With `only`, the messages of that widget alone (its sensor and value sensor).
    func discoveryMessages(only: String? = nil) -> [(topic: String, payload: JSONValue)] {
        let node = discoveryNode
        var device: [String: JSONValue] = [
            "identifiers": .array([.string(node)]),
            "name": .string(deviceName),
            "manufacturer": .string("lockscreend"),
            "model": .string("lock-screen display"),
            "sw_version": .string(Release.version),
        ]
        if let configurationURL { device["configuration_url"] = .string(configurationURL) }
        let origin: JSONValue = .object(["name": .string("lockscreend"), "sw_version": .string(Release.version)])
        func entity(_ component: String, _ object: String, _ name: String, icon: String, _ fields: [String: JSONValue]) -> (String, JSONValue) {
            var body: [String: JSONValue] = [
                "name": .string(name),
                "has_entity_name": .bool(true),
                "icon": .string(icon),
                "unique_id": .string("\(node)_\(object)"),
                "object_id": .string("\(node)_\(object)"),
                "default_entity_id": .string("\(component).\(Self.slug("\(node)_\(object)"))"),
                "origin": origin,
                "availability_topic": .string(config.availabilityTopic),
                "device": .object(device),
            ]
            body.merge(fields) { $1 }
            return ("homeassistant/\(component)/\(node)/\(object)/config", .object(body))
        }
        var messages = only != nil ? [] : [
            entity("button", "reload", "Reload widgets", icon: "mdi:reload", [
                "command_topic": .string("\(config.prefix)/reload"), "payload_press": .string("all"), "entity_category": .string("config"),
            ]),
            entity("button", "refresh", "Full refresh", icon: "mdi:monitor-shimmer", [
                "command_topic": .string("\(config.prefix)/refresh"), "payload_press": .string("full"), "entity_category": .string("config"),
            ]),
            entity("select", "page", "Page", icon: "mdi:book-open-page-variant", [
                "command_topic": .string("\(config.prefix)/page"), "state_topic": .string(pageStateTopic),
                "options": .array(daemon.pages.map(JSONValue.string)),
            ]),
            entity("image", "screen", "Screen", icon: "mdi:monitor-screenshot", ["image_topic": .string("\(config.prefix)/screen"), "content_type": .string("image/png")]),
            // On and off hold until `[display] off` next changes; presence can drive it.
            entity("switch", "screen_power", "Screen power", icon: "mdi:monitor", [
                "command_topic": .string("\(config.prefix)/power"), "state_topic": .string(powerStateTopic),
                "payload_on": .string("ON"), "payload_off": .string("OFF"),
            ]),
        ]
        let units = state.withLock { $0.valueUnits }
        for widget in widgets where only == nil || widget.name == only {
            let object = Self.object(of: widget.name)
            messages.append(entity("sensor", object, widget.name, icon: "mdi:widgets-outline", [
                "state_topic": .string(stateTopic(of: widget.name)),
                "json_attributes_topic": .string(attributesTopic(of: widget.name)),
            ]))
            if let unit = units[widget.name] {
                let classes = WidgetReading.classes(of: unit.isEmpty ? nil : unit)
                var fields: [String: JSONValue] = ["state_topic": .string(valueTopic(of: widget.name)), "state_class": .string(classes.state)]
                if !unit.isEmpty { fields["unit_of_measurement"] = .string(unit) }
                if let deviceClass = classes.device { fields["device_class"] = .string(deviceClass) }
                messages.append(entity("sensor", object + "_value", widget.name + " value", icon: "mdi:chart-line", fields))
            }
        }
        return messages
    }

    /// The discovery config of `widget`'s value sensor (its number, in the unit it showed),
    /// built alone.
    func valueSensor(of widget: String) -> (topic: String, payload: JSONValue)? {
        discoveryMessages(only: widget).first { $0.topic.hasSuffix("/\(Self.object(of: widget))_value/config") }
    }

    /// The device's name in Home Assistant: the prefix's last part as a display's name
    /// ("kitchen" → "Kitchen display"), so its entities read "Kitchen display Page".
    var deviceName: String {
        let last = config.prefix.split(separator: "/").last.map(String.init) ?? discoveryNode
        return last.prefix(1).uppercased() + last.dropFirst() + " display"
    }

    /// This display's node id in discovery topics: its client id, made safe.
    var discoveryNode: String {
        String(config.clientID.map { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" ? $0 : "_" })
    }

    /// `text` as Home Assistant makes an entity id's object part of it: lower case, every
    /// run of other characters one `_`, none at the ends ("lockscreend-kitchen_page" →
    /// "lockscreend_kitchen_page").
    static func slug(_ text: String) -> String {
        var slug = ""
        for character in text.lowercased() {
            if character.isASCII && (character.isLetter || character.isNumber) {
                slug.append(character)
            } else if !slug.isEmpty && !slug.hasSuffix("_") {
                slug.append("_")
            }
        }
        while slug.hasSuffix("_") { slug.removeLast() }
        return slug
    }

    /// The discovery object id of a widget's sensor.
    static func object(of widget: String) -> String {
        "widget_" + String(widget.map { $0.isLetter || $0.isNumber ? $0 : "_" })
    }

    /// Empty retained configs, which make Home Assistant remove the entities: the named
    /// widgets' sensors, or (nil) every entity of this display.
    func withdrawDiscovery(_ client: MQTTClient, widgets names: [String]?) {
        let node = discoveryNode
        let topics = names.map { $0.flatMap { ["homeassistant/sensor/\(node)/\(Self.object(of: $0))/config", "homeassistant/sensor/\(node)/\(Self.object(of: $0))_value/config"] } }
            ?? discoveryMessages().map(\.topic)
        for topic in topics { client.publish(topic, [], qos: 1, retain: true) }
    }

    func publishDiscovery(_ client: MQTTClient) {
        for message in discoveryMessages() { publish(message, client: client) }
    }

    /// One entity's config, retained.
    func publish(_ message: (topic: String, payload: JSONValue), client: MQTTClient) {
        guard let data = try? JSONEncoder().encode(message.payload) else { return }
        client.publish(message.topic, Array(data), qos: 1, retain: true)
    }
}
