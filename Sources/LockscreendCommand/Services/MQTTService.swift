import Broker
import Config
import DaemonRuntime
import LockScreenModel
import Logging
import ProviderOptions

/// What the broker connection should be: `[mqtt]` (nil: none) and the widgets Home
/// Assistant's discovery lists.
struct MQTTSettings: Sendable, Equatable {
    var config: MQTTConfig?
    var widgets: [MQTTBridge.Widget]

    /// The broker's settings with the machine's name, which its default client id and
    /// topics are made of.
    init(config: MQTTConfig?, content: LockScreenContent<WidgetSpecification>?) {
        self.config = config
        self.config?.machine = MachineName.current
        widgets = (content?.stacks ?? []).flatMap { $0.widgets.map { MQTTBridge.Widget(name: $0.name, family: $0.family.shortName) } }
    }
}

/// Carries the settings a SIGHUP read to the running service; only the newest counts.
struct MQTTChannel: Sendable {
    let stream: AsyncStream<MQTTSettings>
    let continuation: AsyncStream<MQTTSettings>.Continuation

    init() {
        (stream, continuation) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(1))
    }
}

/// The broker connection as a service: a bridge for the file's `[mqtt]`, replaced when a
/// reload changes `[mqtt]` or the widgets (the old one says "offline" and disconnects
/// before the new one connects, so the retained availability ends "online"), stopped
/// when a reload takes `[mqtt]` away. A display without `[mqtt]` runs none and never
/// loads libmosquitto.
struct MQTTService: Service, CustomStringConvertible {
    let first: MQTTSettings
    let channel: MQTTChannel
    let logger: Logger
    /// Makes a bridge for a configuration, its widgets and the widgets a reload took away.
    let make: @Sendable (MQTTConfig, [MQTTBridge.Widget], _ retired: [String]) -> MQTTBridge

    var description: String { "MQTT" }

    private struct Running {
        let settings: MQTTSettings
        let bridge: MQTTBridge
        let task: Task<Void, Never>
    }

    func run() async {
        let channel = self.channel
        await withGracefulShutdownHandler {
            var current = await replace(nil, with: first)
            for await next in channel.stream { current = await replace(current, with: next) }
            await stop(current)
        } onGracefulShutdown: {
            channel.continuation.finish()
        }
    }

    /// The bridge for `next`: `current` kept when nothing changed, else closed first.
    private func replace(_ current: Running?, with next: MQTTSettings) async -> Running? {
        guard current?.settings != next else { return current }
        var retired: [String] = []
        if let current {
            let old = current.settings.config
            if next.config?.clientID != old?.clientID || next.config?.discovery != true {
                current.bridge.retire()
            } else {
                retired = current.settings.widgets.map(\.name).filter { name in !next.widgets.contains { $0.name == name } }
            }
            logger.notice(next.config == nil ? "MQTT: [mqtt] was taken out of the configuration; disconnecting" : "MQTT: the configuration changed; connecting again")
            await stop(current)
        }
        guard let config = next.config else { return nil }
        let bridge = make(config, next.widgets, retired)
        return Running(settings: next, bridge: bridge, task: Task(executorPreference: DaemonExecutor.preferred) { await bridge.run() })
    }

    private func stop(_ running: Running?) async {
        running?.task.cancel()
        _ = await running?.task.value
    }
}
