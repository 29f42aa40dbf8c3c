import FoundationEssentials

/// `[mqtt]`: the broker the daemon connects to, how it logs in, and the topics it answers
/// on (docs/HOME-ASSISTANT.md).
package struct MQTTConfig: Sendable, Equatable {
    package var host: String
    package var port: Int
    package var tls: Bool
    package var username: String?
    /// A file holding the password, readable by its owner only.
    package var passwordFile: String?
    /// The machine's name, which the default client id and topic prefix are made of. The
    /// composition root (DaemonAssembly) sets it; the model reads no host name.
    package var machine = "lockscreend"
    /// `client_id` and `prefix` as the file writes them; nil for the machine's defaults.
    private var writtenClientID: String?, writtenPrefix: String?

    /// `client_id`, else `lockscreend-<machine>`.
    package var clientID: String {
        get { writtenClientID ?? "lockscreend-\(machine)" }
        set { writtenClientID = newValue }
    }

    /// Every topic of this display starts with it: `prefix`, else `lockscreend/<machine>`.
    package var prefix: String {
        get { writtenPrefix ?? "lockscreend/\(machine)" }
        set { writtenPrefix = newValue }
    }
    package var caFile: String?
    /// Home Assistant's MQTT discovery messages.
    package var discovery = true
    /// 4: MQTT 3.1.1, 5: MQTT 5.
    package var protocolVersion = 4
    /// Seconds between the screen pictures published for Home Assistant's image entity.
    package var screenInterval: TimeInterval = 2
    /// The base topic of Home Assistant's `mqtt_statestream`, for `homeassistant` widgets.
    package var statestream: String?

    /// A broker with the machine's default client id and prefix.
    package init(host: String, port: Int, tls: Bool) {
        (self.host, self.port, self.tls) = (host, port, tls)
    }

    package init(host: String, port: Int, tls: Bool, clientID: String, prefix: String) {
        (self.host, self.port, self.tls, writtenClientID, writtenPrefix) = (host, port, tls, clientID, prefix)
    }

    package var availabilityTopic: String { "\(prefix)/availability" }
    package var statusTopic: String { "\(prefix)/status" }
}
