import Config
import LockScreen  // for .https, .stateDirectory
import LockscreendCommand
import Providers  // for .kinds
import Web

/// The HTTP face of `lockscreend-web` and of a widget package's daemon: SwiftNIO's
/// server with TLS, the API, the live page, client screens and APNs's provider API
/// (`WebAPI`), asking the daemon through its `ControlHandler`.
struct WebFace: HTTPFace {
    func service(_ web: WebConfig, assembly: DaemonAssembly) throws -> any Service {
        let configuration = assembly.config == nil ? nil : assembly.reload.path
        let editor = configuration == nil ? nil : ConfigEditor.forDaemon(reload: assembly.reload)
        let keys = ClientKeys(file: assembly.options.stateDirectory.map { $0 + "/clients.json" })
        let tokens = ServerTrust.providerTokens(web.apnsKeys, configuration: configuration, logger: assembly.logger)
        let api = WebAPI(daemon: assembly.handler, config: web, editor: editor, keys: keys, providerTokens: tokens, machine: MachineName.host, logger: assembly.logger)
        return WebService(config: web, api: api, stateDirectory: assembly.options.stateDirectory, fingerprint: assembly.handler.https, clock: assembly.clock, logger: assembly.logger)
    }
}

extension ConfigEditor {
    /// The editor of the file a reload reads: a text is checked as `lockscreend check`
    /// checks the file, and applying it reloads as SIGHUP does.
    static func forDaemon(reload: ConfigReload) -> ConfigEditor {
        let (path, registry) = (reload.path, reload.registry)
        return ConfigEditor(path: path, check: { text, worldReadable in
            do throws(ConfigErrors) {
                let config = try LockScreenConfig.parse(text, file: path, kinds: registry.kinds, files: SystemFiles(), worldReadable: worldReadable)
                return ([], config.warnings.map(\.warning))
            } catch {
                return (error.description.split(separator: "\n").map(String.init), [])
            }
        }, reload: { reload.run() })
    }
}
