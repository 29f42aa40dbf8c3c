import FoundationEssentials
import LockScreenModel
import TOML
import ProviderOptions

extension ConfigReader {
    /// A file holding a secret (a password, a token): there, and not readable by every
    /// user; nil, with the reason reported, otherwise.
    mutating func secretFile(_ table: TOMLTable, _ key: String, at path: String) -> String? {
        guard let file = string(table, key, at: path), let line = table[key]?.line else { return nil }
        guard case let .success(info) = files.status(of: file) else {
            report(line, "\(path).\(key)", "cannot read \(file)")
            return nil
        }
        if info.worldReadable {
            report(line, "\(path).\(key)", "\(file) is readable by every user: chmod 600 it (or 640 with the daemon's group)")
            return nil
        }
        secretFiles.append(file)
        return file
    }
}

extension LockScreenConfig {
    /// `[mqtt]` and `[homeassistant]`: what mqtt and homeassistant widgets read from.
    mutating func readHouse(_ root: TOMLTable, reader: inout ConfigReader) {
        if let table = reader.table(root, "http", at: "") { web = readWeb(table, reader: &reader) }
        if let table = reader.table(root, "apns", at: "") {
            let keys = readAPNs(table, reader: &reader)
            if web == nil, !keys.isEmpty { reader.report(table.line, "apns", "provider tokens are checked by the HTTP face: add [http] with listen") }
            web?.apnsKeys = keys
        }
        if let mqtt = reader.table(root, "mqtt", at: "") {
            self.mqtt = Self.readMQTT(mqtt, reader: &reader)
            reader.hasMQTTBroker = true
            reader.statestream = self.mqtt?.statestream
        }
        if let table = reader.table(root, "homeassistant", at: "") {
            let path = "homeassistant"
            reader.rejectUnknown(table, known: ["url", "token_file"], at: path)
            let text = reader.string(table, "url", at: path)
            let url = text.flatMap(URL.init(string:))
            if text != nil, url.map({ ["http", "https"].contains($0.scheme ?? "") && $0.host != nil }) != true {
                reader.report(table["url"]!.line, "\(path).url", "expected Home Assistant's address, such as \"http://homeassistant.local:8123\"")
            } else if text == nil {
                reader.report(table.line, "\(path).url", "no url; expected url = \"http://homeassistant.local:8123\"")
            }
            let tokenFile = reader.secretFile(table, "token_file", at: path)
            if table["token_file"] == nil {
                reader.report(table.line, "\(path).token_file", "no token_file: a file with a long-lived access token (HA: your profile, Security)")
            }
            if let url, let tokenFile {
                reader.homeAssistantAPI = (url, tokenFile)
                reader.fetchesOverHTTP = true
            }
        }
    }

    /// `[mqtt]`: `url` (`mqtt://host:port` or `mqtts://…`), `username`, `password_file`
    /// (not world-readable), `client_id`, `prefix`, `ca_file`, `discovery`, `protocol`.
    static func readMQTT(_ table: TOMLTable, reader: inout ConfigReader) -> MQTTConfig? {
        let path = "mqtt"
        reader.rejectUnknown(table, known: ["url", "username", "password_file", "client_id", "prefix", "ca_file", "discovery", "protocol", "screen_interval", "statestream"], at: path)
        guard let text = reader.string(table, "url", at: path) else {
            if table["url"] == nil { reader.report(table.line, "\(path).url", "no broker: url = \"mqtt://host:1883\" (or mqtts://host:8883 for TLS)") }
            return nil
        }
        guard let url = URL(string: text), let scheme = url.scheme, ["mqtt", "mqtts"].contains(scheme), let host = url.host, !host.isEmpty,
              url.path.isEmpty || url.path == "/" else {
            reader.report(table["url"]!.line, "\(path).url", "expected mqtt://host:port or mqtts://host:port, found \"\(text)\"")
            return nil
        }
        let tls = scheme == "mqtts"
        var config = MQTTConfig(host: host, port: url.port ?? (tls ? 8883 : 1883), tls: tls)
        config.username = reader.string(table, "username", at: path)
        config.passwordFile = reader.secretFile(table, "password_file", at: path)
        if config.passwordFile != nil, config.username == nil { reader.report(table.line, "\(path).username", "a password_file needs a username") }
        if let id = reader.string(table, "client_id", at: path) {
            if id.isEmpty || id.utf8.count > 128 { reader.report(table["client_id"]!.line, "\(path).client_id", "expected 1 to 128 bytes") } else { config.clientID = id }
        }
        if let prefix = reader.string(table, "prefix", at: path) {
            if !MQTTTopicFilter.isPlainTopic(prefix) {
                reader.report(table["prefix"]!.line, "\(path).prefix", "expected a topic without wildcards or a trailing /, such as \"lockscreend/kitchen\"")
            } else {
                config.prefix = prefix
            }
        }
        if let ca = reader.string(table, "ca_file", at: path) {
            if !tls { reader.report(table["ca_file"]!.line, "\(path).ca_file", "a CA file is for mqtts:// brokers") }
            if !reader.files.isReadable(ca) { reader.report(table["ca_file"]!.line, "\(path).ca_file", "cannot read \(ca)") }
            config.caFile = ca
        }
        config.discovery = reader.boolean(table, "discovery", at: path) ?? true
        if let version = reader.choice(table, "protocol", at: path, from: ["3.1.1", "5"]) { config.protocolVersion = version == "5" ? 5 : 4 }
        if let seconds = reader.duration(table, "screen_interval", at: path, unit: 1, in: 1...86_400) { config.screenInterval = seconds }
        if let base = reader.string(table, "statestream", at: path) {
            if !MQTTTopicFilter.isPlainTopic(base) {
                reader.report(table["statestream"]!.line, "\(path).statestream", "expected the statestream's base_topic, such as \"homeassistant\"")
            } else {
                config.statestream = base
            }
        }
        return config
    }

    /// A `[widgets.NAME]` of kind mqtt: `topic` (wildcards allowed), `stale_after`
    /// seconds, and what it shows (text, symbol, emoji, lines, gauge).
    static func mqttSource(_ name: String, _ table: TOMLTable, at path: String, hasBroker: Bool, reader: inout ConfigReader) -> MQTTWidgetSource? {
        if !hasBroker { reader.report(table.line, path, "kind = \"mqtt\" needs the broker: an [mqtt] table with url = \"mqtt://host:1883\"") }
        guard let topic = reader.string(table, "topic", at: path) else {
            if table["topic"] == nil { reader.report(table.line, path, "no topic; expected topic = \"home/kitchen/temperature\" (+ and # allowed)") }
            return nil
        }
        guard let filter = MQTTTopicFilter(topic) else {
            reader.report(table["topic"]!.line, "\(path).topic", "\"\(topic)\" is not a topic filter: + stands for a whole level, # only at the end")
            return nil
        }
        guard let template = EntryTemplate.read(table, at: path, reader: &reader) else { return nil }
        var source = MQTTWidgetSource(name: name, filter: filter, template: template)
        source.staleAfter = reader.duration(table, "stale_after", at: path, unit: 1, in: 1...604_800)
        return source
    }
}

extension LockScreenConfig {
    /// A `[widgets.NAME]` of kind homeassistant: `entity`, `attribute`, `min` and `max`
    /// (a gauge), `symbol`, `stale_after`; through the statestream named in `[mqtt]`.
    static func homeAssistantSource(_ name: String, _ table: TOMLTable, at path: String, statestream: String?, reader: inout ConfigReader) -> HomeAssistantWidgetSource? {
        if statestream == nil && reader.homeAssistantAPI == nil {
            reader.report(table.line, path, "kind = \"homeassistant\" needs Home Assistant: statestream = \"homeassistant\" (its mqtt_statestream base_topic) in [mqtt], or [homeassistant] with url and token_file")
        }
        guard let entity = reader.string(table, "entity", at: path) else {
            if table["entity"] == nil { reader.report(table.line, path, "no entity; expected entity = \"sensor.kitchen_temperature\"") }
            return nil
        }
        guard HomeAssistantWidgetSource.isEntity(entity) else {
            reader.report(table["entity"]!.line, "\(path).entity", "expected an entity id such as \"sensor.kitchen_temperature\", found \"\(entity)\"")
            return nil
        }
        var source = HomeAssistantWidgetSource(name: name, entity: entity, base: statestream ?? "homeassistant")
        if let attribute = reader.string(table, "attribute", at: path) {
            if attribute.isEmpty || attribute.contains("/") || attribute.contains("+") || attribute.contains("#") {
                reader.report(table["attribute"]!.line, "\(path).attribute", "expected an attribute name such as \"current_temperature\"")
            } else {
                source.attribute = attribute
            }
        }
        let min = reader.number(table, "min", at: path, expected: "a number")
        let max = reader.number(table, "max", at: path, expected: "a number")
        if let min, let max {
            if min < max { source.gauge = .init(min: min, max: max) } else { reader.report(table.line, path, "min (\(min)) must be below max (\(max))") }
        } else if min != nil || max != nil {
            reader.report(table.line, path, "a gauge needs both min and max")
        }
        source.symbol = reader.string(table, "symbol", at: path)
        source.staleAfter = reader.duration(table, "stale_after", at: path, unit: 1, in: 1...604_800)
        if statestream == nil, let api = reader.homeAssistantAPI {
            // No statestream: the REST API, asked every `every` seconds.
            var fetcher = HTTPFetcher(url: api.url.appendingPathComponent("api/states/\(entity)"))
            fetcher.limit = 1 << 20
            source.rest = HomeAssistantWidgetSource.REST(fetcher: fetcher, tokenFile: api.tokenFile)
            if let every = reader.duration(table, "every", at: path, unit: 1, in: 10...86_400) { source.rest?.interval = every }
        } else if table["every"] != nil {
            reader.report(table["every"]!.line, "\(path).every", "every is for Home Assistant's REST API; statestream pushes each change")
        }
        if statestream != nil, let api = reader.homeAssistantAPI {
            // The state before the first change, which statestream does not publish.
            var fetcher = HTTPFetcher(url: api.url.appendingPathComponent("api/states/\(entity)"))
            fetcher.limit = 1 << 20
            source.initial = HomeAssistantWidgetSource.REST(fetcher: fetcher, tokenFile: api.tokenFile)
        }
        return source
    }
}
