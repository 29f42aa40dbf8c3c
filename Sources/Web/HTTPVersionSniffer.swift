import NIOCore
import NIOHTTP1
import NIOHTTP2

/// Tells HTTP/2 spoken with prior knowledge (a client that opens with the connection
/// preface, as APNs clients on a trusted network and `curl --http2-prior-knowledge` do)
/// from HTTP/1.1 by the first bytes of a connection, sets the pipeline up for the one it
/// speaks, hands on what it read and steps aside. Each HTTP/2 stream is answered as an
/// HTTP/1 request is, by a `WebConnection` of its own behind NIO's HTTP/2-to-HTTP/1
/// codec; an HTTP/2 connection silent for `WebServer.idleTimeout` is closed, as an
/// HTTP/1 one is.
final class HTTPVersionSniffer: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    /// RFC 9113, 3.4: what an HTTP/2 client sends first.
    static let preface = Array("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".utf8)

    private let connection: @Sendable () -> WebConnection
    private var read: ByteBuffer?
    /// A client that has not said which it speaks within `WebServer.requestTimeout` is let go.
    private var deadline: Scheduled<Void>?

    /// `connection` makes the handler answering one request (one HTTP/1 connection's, or
    /// one HTTP/2 stream's).
    init(connection: @escaping @Sendable () -> WebConnection) {
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
        let compared = min(bytes.count, Self.preface.count)
        let http2 = bytes.prefix(compared).elementsEqual(Self.preface.prefix(compared))
        // Too early to tell: a preface begun.
        if http2, compared < Self.preface.count { return }
        do {
            let pipeline = context.pipeline.syncOperations
            if http2 {
                try pipeline.addHandler(IdleConnectionCloser())
                let make = connection
                _ = try pipeline.configureHTTP2Pipeline(
                    mode: .server, connectionConfiguration: .init(), streamConfiguration: .init()
                ) { stream in
                    stream.eventLoop.makeCompletedFuture {
                        try stream.pipeline.syncOperations.addHandlers([HTTP2FramePayloadToHTTP1ServerCodec(), make()])
                    }
                }
            } else {
                try pipeline.configureHTTPServerPipeline(withErrorHandling: true)
                try pipeline.addHandler(connection())
            }
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
