import FoundationEssentials

/// One HTTP request as the API reads it: method, path and query, the headers, and the
/// body (at most `WebServer.maximumBody` bytes).
package struct WebRequest: Sendable {
    package var method: String
    package var path: String
    /// What follows `?`, undecoded; empty when none.
    package var query: String
    package var headers: [(String, String)]
    package var body: [UInt8]
    /// Whether it came over TLS.
    package var secure = false

    package init(method: String, path: String, query: String = "", headers: [(String, String)] = [], body: [UInt8] = []) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
    }

    /// A request carrying `Authorization: authorization`.
    package init(method: String, path: String, authorization: String?, body: [UInt8] = []) {
        self.init(method: method, path: path, headers: authorization.map { [("Authorization", $0)] } ?? [], body: body)
    }

    /// The first header of that name, compared without case.
    package func header(_ name: String) -> String? {
        headers.first { $0.0.lowercased() == name.lowercased() }?.1
    }

    package var authorization: String? { header("Authorization") }

    /// "https" over TLS, else "http": the scheme of the addresses the answer gives.
    package var scheme: String { secure ? "https" : "http" }

    /// A query parameter's value (`+` and `%XX` decoded), the first of that name.
    package func parameter(_ name: String) -> String? {
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts[0] == name else { continue }
            return parts.count == 2 ? Self.decoded(parts[1]) : ""
        }
        return nil
    }

    /// `%XX` and `+` decoded; nil when an escape is malformed or the bytes are not UTF-8.
    static func decoded(_ text: Substring) -> String? {
        var bytes: [UInt8] = []
        var i = text.utf8.startIndex
        let utf8 = text.utf8
        while i < utf8.endIndex {
            let byte = utf8[i]
            if byte == UInt8(ascii: "%") {
                let hex = utf8[utf8.index(after: i)...].prefix(2)
                guard hex.count == 2, let value = UInt8(String(decoding: hex, as: UTF8.self), radix: 16) else { return nil }
                bytes.append(value)
                i = utf8.index(i, offsetBy: 3)
            } else {
                bytes.append(byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
                i = utf8.index(after: i)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }
}
