import FoundationEssentials
import Glibc

/// `[mqtt]`: the broker the daemon connects to, how it logs in, and the topics it answers
/// on (docs/HOME-ASSISTANT.md).
package struct MQTTConfig: Sendable, Equatable {
    package var host: String
    package var port: Int
    package var tls: Bool
    package var username: String?
    /// A file holding the password, readable by its owner only.
    package var passwordFile: String?
    package var clientID: String
    /// Every topic of this display starts with it: `lockscreend/<hostname>`.
    package var prefix: String
    package var caFile: String?
    /// Home Assistant's MQTT discovery messages.
    package var discovery = true
    /// 4: MQTT 3.1.1, 5: MQTT 5.
    package var protocolVersion = 4
    /// Seconds between the screen pictures published for Home Assistant's image entity.
    package var screenInterval: TimeInterval = 2
    /// The base topic of Home Assistant's `mqtt_statestream`, for `homeassistant` widgets.
    package var statestream: String?

    package init(host: String, port: Int, tls: Bool, clientID: String, prefix: String) {
        (self.host, self.port, self.tls, self.clientID, self.prefix) = (host, port, tls, clientID, prefix)
    }

    package var availabilityTopic: String { "\(prefix)/availability" }
    package var statusTopic: String { "\(prefix)/status" }

    /// The machine's name, for the default prefix and client id.
    package static var hostname: String {
        var name = [CChar](repeating: 0, count: 256)
        guard gethostname(&name, name.count) == 0 else { return "lockscreend" }
        let text = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let safe = text.filter { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
        return safe.isEmpty ? "lockscreend" : safe
    }
}
