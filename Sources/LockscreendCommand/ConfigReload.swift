import Config
import ControlProtocol
import FoundationEssentials
import LockScreen
import Logging
import PanelOptions
import Providers

/// What SIGHUP does: reads the configuration file again; a valid one goes to the running
/// daemon, an invalid one is logged, mistake by mistake, while the old one runs on.
package struct ConfigReload: Sendable {
    let common: CommonOptions
    /// The file a reload reads.
    package let path: String
    /// Where push widgets' timelines and broker messages arrive: one of each for the
    /// process's life, so a reload that adds a push widget gets what the socket, the
    /// broker and the web push.
    let boards: WidgetBoards
    /// Where the new configuration goes.
    let inbox: DaemonInbox
    /// The display the file chose at start; nil when the command line chose it.
    let display: OutputOptions?
    let logger: Logger
    /// The kinds, read once at start: a reload runs outside the command's task.
    package let registry: WidgetRegistry
    /// The clock height the daemon was laid out with.
    let clockHeight: Double?
    /// Where a reload's `[mqtt]` goes to the running broker connection.
    var mqtt: MQTTChannel?
    /// The `[http]` the daemon started with: the server is made once.
    var web: WebConfig?

    package func run() {
        let config: LockScreenConfig
        do {
            config = try LockScreenConfig.load(path: path, kinds: registry.kinds, files: SystemFiles())
        } catch {
            logger.error("not reloading \(path): \(error.issues.count + error.more) mistake(s); the running configuration stays")
            for line in error.description.split(separator: "\n") { logger.error("\(line)") }
            return
        }
        if let display, "\(config.output.target)" != "\(display.target)" || config.output.rotation != display.rotation {
            logger.notice("the [display] section changed; that takes effect when lockscreend restarts")
        }
        if config.web != web {
            logger.notice("[http] changed; that takes effect when lockscreend restarts")
        }
        if config.clockHeight != clockHeight {
            logger.notice("[clock] height changed; that takes effect when lockscreend restarts")
        }
        // The widgets' topics follow the file; a changed [mqtt] or widget list makes the
        // connection again.
        boards.expect(pushNames: config.pushNames, mqttFilters: config.mqttFilters)
        mqtt?.continuation.yield(MQTTSettings(config: config.mqtt, content: config.content))
        logger.notice("reloading \(path)")
        // Each widget made anew; the daemon keeps the timeline of every one whose
        // specification is unchanged.
        let content = registry.running(config.content, boards: boards)
        inbox.send(.reconfigure(LockScreenDaemon.Reconfiguration(content: content, face: common.face(config), screen: config.output.screenPower)))
    }
}
