import NIOCore
import NIOEmbedded
import Testing
@testable import Web

/// What the first bytes of a connection decide: TLS, HTTP/2 with prior knowledge, HTTP/1.1,
/// or, where plain HTTP is refused to the client, a 426.
@Suite("HTTP version sniffer")
struct HTTPVersionSnifferTests {
    func channel(cleartext: Bool) throws -> EmbeddedChannel {
        let api = WebAPITests().api(tokenFile: nil, host: "0.0.0.0")
        let channel = EmbeddedChannel()
        try channel.pipeline.syncOperations.addHandler(HTTPVersionSniffer(cleartext: cleartext) { WebConnection(api: api, secure: $0) })
        try channel.connect(to: SocketAddress(ipAddress: "192.0.2.7", port: 40_000)).wait()
        return channel
    }

    @Test("plain HTTP from elsewhere, where cleartext = false, is answered 426 and closed")
    func refused() throws {
        let channel = try channel(cleartext: false)
        try channel.writeInbound(channel.allocator.buffer(string: "GET /api/status HTTP/1.1\r\nHost: kitchen\r\n\r\n"))
        let answer = try #require(try channel.readOutbound(as: ByteBuffer.self))
        #expect(String(buffer: answer).hasPrefix("HTTP/1.1 426 Upgrade Required\r\n"))
        #expect(!channel.isActive)
    }

    @Test("plain HTTP, where it is taken, is handed to HTTP/1.1")
    func taken() throws {
        let channel = try channel(cleartext: true)
        try channel.writeInbound(channel.allocator.buffer(string: "GET /nothing HTTP/1.1\r\nHost: kitchen\r\n\r\n"))
        #expect(channel.isActive)
        #expect(throws: Never.self) { try channel.pipeline.syncOperations.handler(type: WebConnection.self) }
        _ = try? channel.finish()
    }
}
