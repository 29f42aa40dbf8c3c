import Config
import FoundationEssentials
import DaemonRuntime
import Logging
import LockscreendCommand  // for Service, gracefulShutdown
import Providers  // for OwnThread
import Web
import WebTrust  // for .fingerprint

/// The HTTP face as a service: listens until graceful shutdown. An address that cannot
/// be bound is logged and the daemon draws on without it: the screen matters more.
///
/// Its certificate is read again once a day, so a daemon that runs for more than a year
/// renews its own before the end, and a configured one renewed in place (certbot's, say)
/// is served without a restart.
struct WebService: Service, CustomStringConvertible {
    /// How often the certificate is read again.
    static let renewalCheck: Double = 86_400

    let config: WebConfig
    let api: WebAPI
    /// Where the daemon keeps its own certificate, when it has a state directory.
    let stateDirectory: String?
    /// Where the status shows the certificate's fingerprint.
    let fingerprint: Published<String>
    let clock: any DaemonClock
    let logger: Logger

    var description: String { "HTTP \(config.host):\(config.port)" }

    func run() async {
        // Bound before the certificate is read or made, so plain HTTP answers from the first
        // frame on; the certificate is made beside it, on a thread of its own: making a key
        // and writing files (each flushed to disk) may take a while on an SD card, and the
        // cooperative threads are every task's. A handshake in between is closed; its
        // client's retry gets TLS.
        let server: WebServer
        do {
            server = try await WebServer(config: config, api: api)
        } catch {
            logger.error("cannot listen on \(config.host):\(config.port) for HTTP: \(error); running without it")
            try? await gracefulShutdown()
            return
        }
        let host = config.host.contains(":") ? "[\(config.host)]" : config.host
        let port = server.port ?? config.port
        logger.notice("HTTP on http://\(host):\(port)/api/status\(config.tokenFile == nil ? "; changes refused until [http] token_file is set" : "")")
        let tls = await certificate(now: clock.now())
        if let tls {
            server.use(tls)
            fingerprint.value = tls.fingerprint
            logger.notice("HTTPS on https://\(host):\(port)/ (same port\(config.cleartext ? "" : ", plain HTTP from elsewhere refused")); certificate SHA-256 \(tls.fingerprint)")
        }
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled, tls != nil {
                guard (try? await clock.sleep(until: clock.now().addingTimeInterval(Self.renewalCheck))) != nil, !Task.isCancelled else { break }
                guard let renewed = await certificate(now: clock.now()) else { continue }
                server.use(renewed)
                fingerprint.value = renewed.fingerprint
            }
            if tls == nil { try? await gracefulShutdown() }
        }
        await server.close()
    }

    /// The face's TLS as of `now`, read or made on a thread of its own.
    func certificate(now: Date) async -> ServerTLS? {
        let (config, stateDirectory, logger) = (config, stateDirectory, logger)
        return await OwnThread.run(named: "https certificate") { ServerTrust.tls(for: config, stateDirectory: stateDirectory, now: now, logger: logger) }
    }
}
