import Config
import DaemonRuntime
import FoundationEssentials
import Logging
import NIOCore
import NIOPosix
import NIOSSL
import WebTrust

/// The daemon's HTTP face on SwiftNIO's HTTP/1 server (and HTTP/2 for a client that opens
/// with its preface: `HTTPVersionSniffer`): one event-loop thread, at most
/// `maximumConnections` clients at once, each answered once and disconnected. Measured
/// against FlyingFox and Hummingbird, which bring Foundation with them (docs/PERFORMANCE.md).
package final class WebServer: Sendable {
    /// The largest request body: a pushed timeline or a configuration file.
    package static let maximumBody = 1 << 20
    /// Seconds a client may stay silent.
    package static let idleTimeout: Int64 = 10
    /// Seconds a client has to send its whole request.
    package static let requestTimeout: Int64 = 30
    package static let maximumConnections = 64
    /// Seconds a client refused early may go on sending before it is disconnected.
    package static let linger: Int64 = 2

    /// Connections one address other than loopback may hold at once.
    package static let connectionsPerAddress = 16

    private let group: MultiThreadedEventLoopGroup
    private let channel: any Channel
    /// TLS's context for new connections (nil: plain HTTP only); `use(_:)` replaces it.
    private let tls: Published<NIOSSLContext>

    /// Listens at once; throws when the address cannot be bound. With `tls`, a client that
    /// opens with a TLS handshake gets HTTPS on the same port.
    package init(config: WebConfig, api: WebAPI, tls: ServerTLS? = nil) async throws {
        let current = Published<NIOSSLContext>()
        current.value = config.tls ? tls?.context : nil
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let open = ClientSlots<any Channel>(limit: Self.maximumConnections, perGroup: Self.connectionsPerAddress)
        do {
            channel = try await ServerBootstrap(group: group)
                .serverChannelOption(.backlog, value: 32)
                .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
                .childChannelInitializer { channel in
                    // Loopback is every local program's address: no share of its own.
                    let address = channel.remoteAddress?.ipAddress.flatMap { $0.hasPrefix("127.") || $0 == "::1" || $0.hasPrefix("::ffff:127.") ? nil : $0 }
                    // A client let go is closed on its loop's next turn, outside the table's lock.
                    let letGo = { (old: any Channel) in old.eventLoop.execute { old.close(promise: nil) } }
                    guard let ticket = open.admit(channel, group: address, letGo: letGo) else { return channel.close() }
                    channel.closeFuture.whenComplete { _ in open.leave(ticket) }
                    return channel.eventLoop.makeCompletedFuture {
                        let sync = channel.pipeline.syncOperations
                        try sync.addHandler(IdleStateHandler(readTimeout: .seconds(WebServer.idleTimeout)))
                        // TLS, HTTP/1.1 or HTTP/2 with prior knowledge, told by the first bytes;
                        // plain HTTP from elsewhere only where the configuration allows it.
                        try sync.addHandler(HTTPVersionSniffer(tls: current.value, cleartext: config.cleartext || address == nil) { secure in
                            WebConnection(api: api, secure: secure, requested: { open.answering(ticket) })
                        })
                    }
                }
                .bind(host: config.host, port: config.port).get()
        } catch {
            try? await group.shutdownGracefully()
            throw error
        }
        self.group = group
        self.tls = current
    }

    /// Serves new connections with `tls` (a renewed certificate); those open keep theirs.
    package func use(_ tls: ServerTLS) {
        self.tls.value = tls.context
    }

    /// The port listened on (the configured one, or the one the system gave for 0).
    package var port: Int? { channel.localAddress?.port }

    /// Stops listening and ends every connection.
    package func close() async {
        try? await channel.close()
        try? await group.shutdownGracefully()
    }
}
