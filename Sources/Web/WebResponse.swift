import ControlProtocol
import FoundationEssentials

/// An answer: status, content type, body, and extra headers.
package struct WebResponse: Sendable {
    package var status: Int
    package var contentType: String
    package var body: [UInt8]
    package var headers: [(String, String)] = []
    /// For a stream (server-sent events): the chunks sent after the head as they come,
    /// the connection held open until the stream ends or the client leaves.
    package var stream: AsyncStream<[UInt8]>?

    package init(status: Int, contentType: String, body: [UInt8], headers: [(String, String)] = [], stream: AsyncStream<[UInt8]>? = nil) {
        self.status = status
        self.contentType = contentType
        self.body = body
        self.headers = headers
        self.stream = stream
    }

    /// 200 with `text` in `contentType` (UTF-8), never cached.
    static func text(_ text: String, contentType: String) -> WebResponse {
        WebResponse(status: 200, contentType: contentType + "; charset=utf-8", body: Array(text.utf8), headers: [("Cache-Control", "no-store")])
    }

    /// A control reply as JSON: 200 when it succeeded, `failure` (400 by default) when not.
    static func reply(_ reply: ControlReply, failure: Int = 400) -> WebResponse {
        let body = (try? JSONEncoder().encode(reply)).map(Array.init) ?? Array(#"{"ok":false}"#.utf8)
        let status = reply.ok ? 200 : reply.status ?? failure
        // A daemon too busy to take it now: when to send it again.
        return WebResponse(status: status, contentType: "application/json", body: body, headers: status == 503 ? [("Retry-After", "1")] : [])
    }

    /// An error with its message as JSON, the control protocol's shape.
    static func error(_ status: Int, _ message: String, headers: [(String, String)] = []) -> WebResponse {
        var response = reply(.failure(message), failure: status)
        response.headers = headers
        return response
    }

    /// 200 (or `status`) with `value` as JSON.
    static func json(_ value: some Encodable, status: Int = 200, headers: [(String, String)] = []) -> WebResponse {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let body = (try? encoder.encode(value)).map(Array.init) ?? Array(#"{"ok":false}"#.utf8)
        return WebResponse(status: status, contentType: "application/json", body: body, headers: [("Cache-Control", "no-store")] + headers)
    }
}
