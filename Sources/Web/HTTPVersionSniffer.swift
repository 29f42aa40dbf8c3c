import NIOCore
import NIOHTTP1
import NIOHTTP2
import NIOSSL

/// Tells by the first bytes of a connection what its client speaks, sets the pipeline up
/// for it, hands on what it read and steps aside:
/// - a TLS handshake (when TLS is offered): NIO's TLS server, then this sniffer again on
///   what the client says inside it (ALPN offers `h2` and `http/1.1`);
/// - HTTP/2's connection preface (prior knowledge, as APNs clients on a trusted network
///   and `curl --http2-prior-knowledge` open): HTTP/2, each stream answered as an HTTP/1
///   request is, by a `WebConnection` of its own behind NIO's HTTP/2-to-HTTP/1 codec;
/// - anything else: HTTP/1.1; or, where plain HTTP is refused to this client, a 426.
/// An HTTP/2 connection silent for `WebServer.idleTimeout` is closed, as an HTTP/1 one is.
final class HTTPVersionSniffer: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    /// RFC 9113, 3.4: what an HTTP/2 client sends first.
    static let preface = Array("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".utf8)

    /// The first byte of a TLS handshake record (RFC 8446, 5.1).
    static let handshake: UInt8 = 0x16

    private let connection: @Sendable (_ secure: Bool) -> WebConnection
    /// TLS's context when TLS is offered and not yet begun on this connection.
    private let tls: NIOSSLContext?
    /// Whether plain HTTP is answered (false: a 426 asks for HTTPS).
    private let cleartext: Bool
    /// Whether this sniffer reads inside TLS.
    private let secure: Bool
    private var read: ByteBuffer?
    /// A client that has not said which it speaks within `WebServer.requestTimeout` is let go.
    private var deadline: Scheduled<Void>?

    /// `connection` makes the handler answering one request (one HTTP/1 connection's, or
    /// one HTTP/2 stream's), told whether it is inside TLS.
    init(tls: NIOSSLContext? = nil, cleartext: Bool = true, secure: Bool = false,
         connection: @escaping @Sendable (_ secure: Bool) -> WebConnection) {
        self.tls = tls
        self.cleartext = cleartext
        self.secure = secure
        self.connection = connection
    }

    func handlerAdded(context: ChannelHandlerContext) {
        let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
        deadline = context.eventLoop.scheduleTask(in: .seconds(WebServer.requestTimeout)) { bound.value.close(promise: nil) }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        deadline?.cancel()
    }

    /// A client silent before its first bytes said which it speaks has nothing to answer.
    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is IdleStateHandler.IdleStateEvent { return context.close(promise: nil) }
        context.fireUserInboundEventTriggered(event)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var incoming = unwrapInboundIn(data)
        if read == nil { read = incoming } else { read!.writeBuffer(&incoming) }
        let bytes = read!.readableBytesView
        if !secure, bytes.first == Self.handshake, let tls {
            return handOn(context) {
                try $0.addHandler(NIOSSLServerHandler(context: tls))
                try $0.addHandler(HTTPVersionSniffer(secure: true, connection: connection))
            }
        }
        if !secure, !cleartext {
            let words = "this server takes HTTPS only ([http] cleartext = false)\n"
            let answer = "HTTP/1.1 426 Upgrade Required\r\nUpgrade: TLS/1.3, HTTP/1.1\r\nConnection: close\r\n"
                + "Content-Type: text/plain; charset=utf-8\r\nContent-Length: \(words.utf8.count)\r\n\r\n" + words
            context.writeAndFlush(NIOAny(context.channel.allocator.buffer(string: answer)), promise: nil)
            read = nil
            return context.close(promise: nil)
        }
        let compared = min(bytes.count, Self.preface.count)
        let http2 = bytes.prefix(compared).elementsEqual(Self.preface.prefix(compared))
        // Too early to tell: a preface begun.
        if http2, compared < Self.preface.count { return }
        let make = connection, secure = secure
        handOn(context) { pipeline in
            if http2 {
                try pipeline.addHandler(IdleConnectionCloser())
                _ = try pipeline.configureHTTP2Pipeline(
                    mode: .server, connectionConfiguration: .init(), streamConfiguration: .init()
                ) { stream in
                    stream.eventLoop.makeCompletedFuture {
                        try stream.pipeline.syncOperations.addHandlers([AuthorityFromHost(), HTTP2FramePayloadToHTTP1ServerCodec(), make(secure)])
                    }
                }
            } else {
                try pipeline.configureHTTPServerPipeline(withErrorHandling: true)
                try pipeline.addHandler(make(secure))
            }
        }
    }

    /// Adds what `setUp` adds behind this handler, hands on the bytes read and steps
    /// aside; a pipeline that cannot be set up ends the connection.
    private func handOn(_ context: ChannelHandlerContext, _ setUp: (ChannelPipeline.SynchronousOperations) throws -> Void) {
        do {
            try setUp(context.pipeline.syncOperations)
        } catch {
            context.close(promise: nil)
            return
        }
        let whole = read!
        read = nil
        context.fireChannelRead(wrapInboundOut(whole))
        context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
    }
}

/// Closes an HTTP/2 connection on `IdleStateHandler`'s event: no stream's handler sees it.
private final class IdleConnectionCloser: ChannelInboundHandler {
    typealias InboundIn = HTTP2Frame

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is IdleStateHandler.IdleStateEvent { return context.close(promise: nil) }
        context.fireUserInboundEventTriggered(event)
    }
}
