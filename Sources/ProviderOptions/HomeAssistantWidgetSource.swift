import FoundationEssentials

/// A `homeassistant` widget: one Home Assistant entity (or one of its attributes) as HA's
/// `mqtt_statestream` publishes it — the state as text on `<base>/<domain>/<object>/state`,
/// each attribute JSON-encoded on `<base>/<domain>/<object>/<attribute>` — so the value
/// is pushed by the broker, never polled. Shows the value with its unit, or a gauge
/// between `min` and `max`.
package struct HomeAssistantWidgetSource: Sendable, Equatable {
    package var name: String
    /// "sensor.kitchen_temperature".
    package var entity: String
    package var attribute: String?
    /// The statestream's base topic ("homeassistant").
    package var base: String
    package var gauge: GaugeRange?
    /// An SF Symbols, Material or `mdi:` name; nil shows the entity's own icon, "" none.
    package var symbol: String?
    package var staleAfter: TimeInterval?
    /// Home Assistant's REST API instead of the statestream, where the house has none.
    package var rest: REST?
    /// With the statestream, the REST API asked once for the state to show before the
    /// first change (statestream publishes changes only), where a token is configured.
    package var initial: REST?

    /// `GET /api/states/<entity>` with a long-lived token read from a file at each request.
    package struct REST: Sendable, Equatable {
        package var fetcher: HTTPFetcher
        package var tokenFile: String
        package var interval: TimeInterval = 60

        package init(fetcher: HTTPFetcher, tokenFile: String) {
            self.fetcher = fetcher
            self.tokenFile = tokenFile
        }
    }

    /// A gauge's ends: `min` and `max` of the widget's table.
    package struct GaugeRange: Sendable, Equatable {
        package var min: Double
        package var max: Double

        package init(min: Double, max: Double) {
            self.min = min
            self.max = max
        }
    }

    package init(name: String, entity: String, base: String) {
        self.name = name
        self.entity = entity
        self.base = base
    }

    /// Whether `text` names an entity: `domain.object_id`, lower-case letters, digits and `_`.
    package static func isEntity(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 2 && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy { $0.isLowercase && $0.isASCII || $0.isNumber || $0 == "_" } }
    }

    package var topic: String { "\(base)/\(entity.split(separator: ".").joined(separator: "/"))" }

    /// Every topic of the entity: its state and attributes.
    package var filter: MQTTTopicFilter { MQTTTopicFilter("\(topic)/+")! }
}
