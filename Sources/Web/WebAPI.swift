import Canvas
import Config
import ControlProtocol
import FoundationEssentials
import JSON
import LockScreen
import Providers

/// The HTTP API: the operations of `lockscreenctl` over HTTP. `GET /api/status`,
/// `POST /api/reload`, `POST /api/push/<widget>` (a JSON timeline), `POST /api/page/<page>`,
/// `GET /api/screen.png`.
/// Every state change needs the bearer token; on an address other than loopback, every
/// request does. The token is read from its file at each request, so a new one needs no
/// restart, and compared in constant time.
package struct WebAPI: Sendable {
    let handler: ControlHandler
    let config: WebConfig

    package init(handler: ControlHandler, config: WebConfig) {
        self.handler = handler
        self.config = config
    }

    /// Widget names in a path: letters, digits, `_`, `-` and `.`, at most 64.
    static func isName(_ text: Substring) -> Bool {
        !text.isEmpty && text.count <= 64 && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "_-.".contains($0)) }
    }

    package func respond(to request: WebRequest) async -> WebResponse {
        let changes = request.method != "GET" && request.method != "HEAD"
        if changes || !config.isLoopback {
            if let refusal = check(request.authorization, change: changes) { return refusal }
        }
        let path = request.path.split(separator: "/", omittingEmptySubsequences: false)
        // HEAD is GET without the body, which the connection leaves out.
        switch (request.method == "HEAD" ? "GET" : request.method, path.dropFirst().map(String.init)) {
        case ("GET", ["api", "status"]):
            return .reply(await handler.handle(ControlRequest.status.encoded().dropLast()))
        case ("POST", ["api", "reload"]):
            return .reply(await handler.handle(ControlRequest.reloadAll.encoded().dropLast()))
        case let ("POST", parts) where parts.count == 3 && parts[0] == "api" && parts[1] == "push":
            guard Self.isName(path[3]) else { return .error(400, "a widget name is letters, digits, _, - and ., at most 64") }
            guard let timeline = JSONValue.parse(Data(request.body)) else { return .error(400, "the body is not JSON: send a timeline (docs/TIMELINE-JSON.md)") }
            return .reply(await handler.handle(ControlRequest.push(widget: parts[2], timeline: timeline).encoded().dropLast()))
        case let ("POST", parts) where parts.count == 3 && parts[0] == "api" && parts[1] == "page":
            guard ControlRequest.pages.contains(parts[2]) else { return .error(400, "the page is lock, home, photo or next") }
            return .reply(await handler.handle(ControlRequest.page(parts[2]).encoded().dropLast()))
        case ("GET", ["api", "screen.png"]):
            guard let frame = handler.frames.latest, let png = try? frame.pngData() else { return .error(503, "nothing has been presented yet") }
            return WebResponse(status: 200, contentType: "image/png", body: Array(png), headers: [("Cache-Control", "no-store")])
        case (_, ["api", "status"]), (_, ["api", "reload"]), (_, ["api", "screen.png"]):
            return .error(405, "\(request.method) is not allowed on \(request.path)")
        default:
            return .error(404, "no such page: \(String(request.path.prefix(100)))")
        }
    }

    /// Nil when `header` carries the token; else the 401 to send.
    func check(_ header: String?, change: Bool) -> WebResponse? {
        let challenge = [("WWW-Authenticate", "Bearer realm=\"lockscreend\"")]
        guard let file = config.tokenFile else {
            return .error(401, "changes need a token: set token_file in [http]", headers: challenge)
        }
        guard let bytes = RegularFile.read(file, limit: 4_096),
              case let token = String(decoding: bytes, as: UTF8.self).trimmed(), !token.isEmpty else {
            return .error(401, "the token file \(file) cannot be read", headers: challenge)
        }
        guard let header, header.hasPrefix("Bearer ") else {
            return .error(401, change ? "a change needs the token: Authorization: Bearer …" : "this address needs the token: Authorization: Bearer …", headers: challenge)
        }
        return Self.equal(Array(header.dropFirst(7).utf8), Array(token.utf8)) ? nil : .error(401, "wrong token", headers: challenge)
    }

    /// Compares without stopping at the first difference, so the time taken says nothing
    /// about how much of a guess was right.
    static func equal(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        var difference = UInt8(truncatingIfNeeded: a.count ^ b.count)
        for i in 0..<max(a.count, b.count) {
            difference |= (i < a.count ? a[i] : 0) ^ (i < b.count ? b[i] : 0)
        }
        return difference == 0
    }
}
