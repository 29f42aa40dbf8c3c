import ControlProtocol
import FoundationEssentials

/// An answer: status, content type, body, and extra headers.
package struct WebResponse: Sendable {
    package var status: Int
    package var contentType: String
    package var body: [UInt8]
    package var headers: [(String, String)] = []

    package init(status: Int, contentType: String, body: [UInt8], headers: [(String, String)] = []) {
        self.status = status
        self.contentType = contentType
        self.body = body
        self.headers = headers
    }

    /// A control reply as JSON: 200 when it succeeded, `failure` (400 by default) when not.
    static func reply(_ reply: ControlReply, failure: Int = 400) -> WebResponse {
        let body = (try? JSONEncoder().encode(reply)).map(Array.init) ?? Array(#"{"ok":false}"#.utf8)
        return WebResponse(status: reply.ok ? 200 : failure, contentType: "application/json", body: body)
    }

    /// An error with its message as JSON, the control protocol's shape.
    static func error(_ status: Int, _ message: String, headers: [(String, String)] = []) -> WebResponse {
        var response = reply(.failure(message), failure: status)
        response.headers = headers
        return response
    }

    /// The reason phrase of the statuses the server gives.
    var reason: String {
        switch status {
        case 200: "OK"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 408: "Request Timeout"
        case 413: "Content Too Large"
        case 503: "Service Unavailable"
        default: "Error"
        }
    }
}
