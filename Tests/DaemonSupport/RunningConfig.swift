import Config
import LockScreen
import ProviderOptions
import Providers
import LockscreendCommand

/// A configuration as the daemon runs it: read against a registry's kinds, and its widgets
/// made running ones by the same registry, reading boards of their own, as DaemonAssembly
/// makes them. What the file says is read through it (`config.warnings`).
@dynamicMemberLookup
package struct RunningConfig: Sendable {
    /// What the file says.
    package let specification: LockScreenConfig
    /// The page, its widgets running.
    package let content: LockScreenDaemon.Content
    /// Where its push widgets' timelines and broker messages arrive.
    package let boards: WidgetBoards

    package var pushBoard: PushBoard { boards.push }
    package var mqttBoard: MQTTBoard { boards.mqtt }

    package init(_ specification: LockScreenConfig, registry: WidgetRegistry) {
        self.specification = specification
        boards = WidgetBoards()
        boards.expect(pushNames: specification.pushNames, mqttFilters: specification.mqttFilters)
        content = registry.running(specification.content, boards: boards)
    }

    package subscript<Value>(dynamicMember path: KeyPath<LockScreenConfig, Value>) -> Value { specification[keyPath: path] }

    /// `text` read as the file `file` against `registry`'s kinds, and run by it.
    package static func parse(_ text: String, file: String, registry: WidgetRegistry, worldReadable: Bool = false) throws(ConfigErrors) -> RunningConfig {
        RunningConfig(try LockScreenConfig.parse(text, file: file, kinds: registry.kinds, files: SystemFiles(), worldReadable: worldReadable), registry: registry)
    }

    /// The file `path` read against `registry`'s kinds, and run by it.
    package static func load(path: String, registry: WidgetRegistry) throws(ConfigErrors) -> RunningConfig {
        RunningConfig(try LockScreenConfig.load(path: path, kinds: registry.kinds, files: SystemFiles()), registry: registry)
    }
}
