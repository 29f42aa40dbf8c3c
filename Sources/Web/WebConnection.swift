import FoundationEssentials
import NIOCore
import NIOHTTP1

/// One client's connection: its request read whole (a body over `WebServer.maximumBody`
/// is refused with 413 as soon as it is announced or arrives), answered by the API off
/// the event loop, then closed. A client silent for `idleTimeout`, or not done within
/// `requestTimeout`, is disconnected (with 408 when it had begun a request), so a slow or
/// stuck client never holds the server. An early answer (413, 408) is followed by a
/// lingering close, as web servers do: the server stops writing but reads and drops what
/// the client is still sending for up to `WebServer.linger` seconds, so the client, busy
/// sending its body, reads the answer instead of a reset connection.
final class WebConnection: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let api: WebAPI
    /// Tells the server the request is whole, so its slot is not given to a newcomer.
    private let requested: @Sendable () -> Void
    /// Whether the connection is TLS.
    private let secure: Bool
    private var head: HTTPRequestHead?
    private var body: [UInt8] = []
    private var answered = false
    private var deadline: Scheduled<Void>?
    /// The task feeding a stream's chunks to the client, cancelled when it leaves.
    private var streaming: Task<Void, Never>?
    /// Set when the connection is gone: chunks still on their way are dropped.
    private var removed = false

    init(api: WebAPI, secure: Bool = false, requested: @escaping @Sendable () -> Void = {}) {
        self.api = api
        self.secure = secure
        self.requested = requested
    }

    func handlerAdded(context: ChannelHandlerContext) {
        let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
        deadline = context.eventLoop.scheduleTask(in: .seconds(WebServer.requestTimeout)) { bound.value.close(promise: nil) }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        deadline?.cancel()
        streaming?.cancel()
        removed = true
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !answered else { return }
        switch unwrapInboundIn(data) {
        case let .head(request):
            head = request
            if let length = request.headers.first(name: "Content-Length").flatMap(Int.init), length > WebServer.maximumBody {
                send(.error(413, "the body is larger than \(WebServer.maximumBody) bytes"), context: context)
            }
        case var .body(chunk):
            guard chunk.readableBytes + body.count <= WebServer.maximumBody else {
                return send(.error(413, "the body is larger than \(WebServer.maximumBody) bytes"), context: context)
            }
            body += chunk.readBytes(length: chunk.readableBytes) ?? []
        case .end:
            guard let head else { return }
            answered = true
            requested()
            let path = String(head.uri.prefix { $0 != "?" })
            let query = String(head.uri.dropFirst(path.count + 1))
            var made = WebRequest(method: head.method.rawValue, path: path, query: query, headers: head.headers.map { ($0.name, $0.value) }, body: body)
            made.secure = secure
            let request = made
            body = []
            let api = self.api
            let promise = context.eventLoop.makePromise(of: WebResponse.self)
            promise.completeWithTask { await api.respond(to: request) }
            let bound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
            promise.futureResult.whenSuccess { response in
                let (connection, context) = bound.value
                connection.write(response, context: context)
            }
        }
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is IdleStateHandler.IdleStateEvent, !answered {
            send(.error(408, "no complete request within \(WebServer.idleTimeout) s"), context: context)
        } else {
            context.fireUserInboundEventTriggered(event)
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        // NIO's error handler has answered a request HTTP cannot parse with 400.
        context.close(promise: nil)
    }

    /// Sends the stream's chunks as they come, with no deadline: a live page may stay
    /// open for hours. It ends when the stream does or the client leaves.
    private func stream(_ stream: AsyncStream<[UInt8]>, context: ChannelHandlerContext) {
        deadline?.cancel()
        context.flush()
        let loop = context.eventLoop
        let bound = NIOLoopBound((self, context), eventLoop: loop)
        streaming = Task {
            for await chunk in stream {
                loop.execute {
                    let (connection, context) = bound.value
                    guard !connection.removed else { return }
                    var buffer = context.channel.allocator.buffer(capacity: chunk.count)
                    buffer.writeBytes(chunk)
                    context.writeAndFlush(connection.wrapOutboundOut(.body(.byteBuffer(buffer))), promise: nil)
                }
            }
            loop.execute {
                let (connection, context) = bound.value
                guard !connection.removed else { return }
                let channel = context.channel
                context.writeAndFlush(connection.wrapOutboundOut(.end(nil))).whenComplete { _ in channel.close(promise: nil) }
            }
        }
    }

    /// Answers before the request is complete (too large, too slow). Before its head
    /// there is no request to answer (NIO allows no response then): the client is let go.
    private func send(_ response: WebResponse, context: ChannelHandlerContext) {
        answered = true
        guard head != nil else { return context.close(promise: nil) }
        write(response, context: context, lingering: true)
    }

    /// Sent with every answer: no page of this server is shown inside another site's frame,
    /// where a click on a hidden picture of the panel would post a tap with the
    /// credentials a browser shares (clickjacking). `X-Frame-Options` for old browsers,
    /// CSP's `frame-ancestors` for the rest; the type of a body is never guessed.
    static let framing = [
        ("X-Frame-Options", "DENY"), ("Content-Security-Policy", "frame-ancestors 'none'"), ("X-Content-Type-Options", "nosniff"),
    ]

    private func write(_ response: WebResponse, context: ChannelHandlerContext, lingering: Bool = false) {
        var headers = HTTPHeaders([("Content-Type", response.contentType), ("Connection", "close")] + Self.framing)
        if response.stream == nil { headers.add(name: "Content-Length", value: String(response.body.count)) }
        for (name, value) in response.headers { headers.add(name: name, value: value) }
        let status = HTTPResponseStatus(statusCode: response.status)
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: status, headers: headers))), promise: nil)
        if let stream = response.stream, head?.method != .HEAD { return self.stream(stream, context: context) }
        if head?.method != .HEAD {
            var buffer = context.channel.allocator.buffer(capacity: response.body.count)
            buffer.writeBytes(response.body)
            context.write(wrapOutboundOut(.body(.byteBuffer(buffer))), promise: nil)
        }
        let channel = context.channel
        let written = context.writeAndFlush(wrapOutboundOut(.end(nil)))
        guard lingering else { return written.whenComplete { _ in channel.close(promise: nil) } }
        written.whenComplete { _ in
            channel.close(mode: .output, promise: nil)
            channel.eventLoop.scheduleTask(in: .seconds(WebServer.linger)) { channel.close(promise: nil) }
        }
    }
}
