import FoundationEssentials

/// One HTTP request as the API reads it: method, path (without the query), the
/// Authorization header, and the body (at most `WebServer.maximumBody` bytes).
package struct WebRequest: Sendable {
    package var method: String
    package var path: String
    package var authorization: String?
    package var body: [UInt8]

    package init(method: String, path: String, authorization: String? = nil, body: [UInt8] = []) {
        self.method = method
        self.path = path
        self.authorization = authorization
        self.body = body
    }
}
