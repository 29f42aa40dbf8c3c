import Config
import Logging
import ServiceLifecycle
import Web

/// The HTTP face as a service: listens until graceful shutdown. An address that cannot
/// be bound is logged and the daemon draws on without it: the screen matters more.
struct WebService: Service, CustomStringConvertible {
    let config: WebConfig
    let api: WebAPI
    let logger: Logger

    var description: String { "HTTP \(config.host):\(config.port)" }

    func run() async {
        let server: WebServer
        do {
            server = try await WebServer(config: config, api: api)
        } catch {
            logger.error("cannot listen on \(config.host):\(config.port) for HTTP: \(error); running without it")
            try? await gracefulShutdown()
            return
        }
        let host = config.host.contains(":") ? "[\(config.host)]" : config.host
        logger.notice("HTTP on http://\(host):\(server.port ?? config.port)/api/status\(config.tokenFile == nil ? "; changes refused until [http] token_file is set" : "")")
        try? await gracefulShutdown()
        await server.close()
    }
}
