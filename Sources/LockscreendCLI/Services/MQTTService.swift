import LockScreen
import TimelineEngine
import ServiceLifecycle

/// The broker connection as a service: the bridge runs until graceful shutdown, then
/// says "offline" on the availability topic and disconnects.
struct MQTTService: Service, CustomStringConvertible {
    let bridge: MQTTBridge

    var description: String { "MQTT \(bridge.config.host):\(bridge.config.port)" }

    func run() async {
        let bridge = self.bridge
        let task = Task(executorPreference: DaemonExecutor.preferred) { await bridge.run() }
        try? await gracefulShutdown()
        task.cancel()
        _ = await task.result
    }
}
