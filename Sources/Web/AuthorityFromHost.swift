import NIOCore
import NIOHPACK
import NIOHTTP2

/// Gives an HTTP/2 request that names its server in `host` rather than `:authority` the
/// `:authority` NIO's HTTP/2-to-HTTP/1 codec requires: RFC 9113, 8.3.1 lets a client send
/// either, and aioapns, as APNs's own server takes, sends `host`. Without it the codec
/// refused the request and reset its stream (CANCEL), and aioapns retried for ever.
final class AuthorityFromHost: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTP2Frame.FramePayload
    typealias InboundOut = HTTP2Frame.FramePayload

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case var .headers(block) = unwrapInboundIn(data), !block.headers.contains(name: ":authority"),
              let host = block.headers.first(name: "host") else {
            return context.fireChannelRead(data)
        }
        block.headers.add(name: ":authority", value: host)
        context.fireChannelRead(wrapInboundOut(.headers(block)))
        // Only a stream's first block is its request's head.
        context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
    }
}
