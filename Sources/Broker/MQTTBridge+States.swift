import ControlProtocol
import DaemonRuntime
import FoundationEssentials
import JSON
import DaemonInterface  // for .watch
import LockScreenModel  // for .discovery
import Providers
import Synchronization
import Logging

extension MQTTBridge {
    /// Home Assistant's status topic: "online" when it starts (its birth message), "offline"
    /// when it stops or its connection dies (its last will).
    static let homeAssistantStatus = "homeassistant/status"

    /// Home Assistant started (its birth message) or stopped (its last will). Online: it
    /// may have forgotten the device, so discovery and every state go out again. Either
    /// way the widgets fed from the broker are read again: a `homeassistant` widget is
    /// stale, with the reason, while Home Assistant is offline.
    func homeAssistant(online: Bool, client: MQTTClient) async {
        let now = clock.now()
        board.homeAssistant(online: online, at: now)
        logger.info("MQTT: Home Assistant is \(online ? "online" : "offline")\(online && config.discovery ? "; announcing this display again" : "")")
        for name in board.names { reload(name, at: now) }
        guard online, config.discovery else { return }
        publishDiscovery(client)
        await publishStatus(client, force: true)
    }

    /// Where a widget's state is: the text it shows, plain, as Home Assistant's MQTT
    /// sensors read a state without a template.
    func stateTopic(of widget: String) -> String { "\(config.prefix)/widget/\(Self.object(of: widget))/state" }
    /// Its attributes, a JSON object whose keys are always there (an absent key is an
    /// undefined value in Home Assistant's templates, which it logs as an error).
    func attributesTopic(of widget: String) -> String { "\(config.prefix)/widget/\(Self.object(of: widget))/attributes" }
    /// The page shown.
    var pageStateTopic: String { "\(config.prefix)/page/state" }
    /// Whether the screen is lit: "ON" or "OFF", as Home Assistant's switch reads it.
    var powerStateTopic: String { "\(config.prefix)/power/state" }
    /// The number a widget shows, for its value sensor ("None" when it shows none).
    func valueTopic(of widget: String) -> String { "\(config.prefix)/widget/\(Self.object(of: widget))/value" }

    /// The retained states: each widget's state and attributes and the page, each sent
    /// when it differs from what this connection last sent (`force`: all of them, for a
    /// Home Assistant that just started).
    func publishStates(_ widgets: [WidgetStatus], force: Bool = false, client: MQTTClient) {
        var messages: [(String, [UInt8])] = []
        var announce: [(String, String)] = []
        for widget in widgets {
            let state = Self.state(of: widget)
            messages.append((stateTopic(of: widget.name), Array(state.utf8)))
            // A number with a unit: a value sensor, announced when first seen or when its unit changes.
            let reading = widget.shown == "placeholder" ? nil : WidgetReading(state)
            let unit = reading.map { $0.unit ?? "" }
            let known = self.state.withLock { $0.valueUnits[widget.name] }
            if let unit, known != unit { announce.append((widget.name, unit)) }
            if reading != nil || known != nil { messages.append((valueTopic(of: widget.name), Array((reading?.state ?? "None").utf8))) }
            let attributes: JSONValue = .object([
                "kind": .string(widget.kind), "family": .string(widget.family), "stale": .bool(widget.stale),
                "error": widget.lastError.map(JSONValue.string) ?? .null,
                "shown": .string(widget.shown),
            ])
            if let data = try? JSONEncoder().encode(attributes) { messages.append((attributesTopic(of: widget.name), Array(data))) }
        }
        if let page = daemon.screen?.page { messages.append((pageStateTopic, Array(page.utf8))) }
        messages.append((powerStateTopic, Array((daemon.frames.screen.on ? "ON" : "OFF").utf8)))
        if !announce.isEmpty {
            state.withLock { state in for (name, unit) in announce { state.valueUnits[name] = unit } }
            for (name, _) in announce { if let sensor = valueSensor(of: name) { publish(sensor, client: client) } }
        }
        let due = state.withLock { state in
            let due = messages.filter { force || state.published[$0.0] != $0.1 }
            for (topic, payload) in due { state.published[topic] = payload }
            return due
        }
        for (topic, payload) in due { client.publish(topic, payload, qos: 1, retain: true) }
    }

    /// A widget's state in Home Assistant: what it shows, at most the 255 characters a
    /// state may have, "unknown" until it shows anything.
    static func state(of widget: WidgetStatus) -> String {
        guard widget.shown != "placeholder" else { return "unknown" }
        let text = widget.text ?? widget.shown
        return text.count > 255 ? String(text.prefix(254)) + "…" : text
    }

    /// Follows the presented frames: after each, the states that changed at once and the
    /// screen within `screen_interval` (at most one picture per interval, the newest).
    func followFrames(_ client: MQTTClient) async {
        guard let changes = daemon.frames.watch() else { return }
        for await _ in changes {
            guard state.withLock({ $0.connected }) else { continue }
            await publishStatus(client)
            scheduleScreen(client)
        }
    }

    /// Sends the screen now, or once when `screen_interval` since the last one is over.
    func scheduleScreen(_ client: MQTTClient) {
        let now = clock.now()
        let wait = state.withLock { state -> TimeInterval? in
            guard !state.screenPending else { return nil }
            let wait = max(0, (state.screenSent?.addingTimeInterval(config.screenInterval).timeIntervalSince(now)) ?? 0)
            if wait > 0 { state.screenPending = true }
            return wait
        }
        guard let wait else { return }
        guard wait > 0 else { return publishScreen(client) }
        let clock = self.clock
        Task(executorPreference: DaemonExecutor.preferred) {
            try? await clock.sleep(until: now.addingTimeInterval(wait))
            self.state.withLock { $0.screenPending = false }
            self.publishScreen(client)
        }
    }
}
