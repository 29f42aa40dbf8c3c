import Canvas
import Config
import ControlProtocol
import DaemonRuntime
import FoundationEssentials
import Glibc
import JSON
import DaemonInterface
import Logging
import Providers
import WebTrust

/// The HTTP face: the operations of `lockscreenctl` (`GET /api/status`, `POST /api/reload`,
/// `POST /api/push/<widget>`, `POST /api/page/<page>`, `GET /api/screen.png`), the live
/// page (`/`, `/api/events`, `/api/config`), screens for client devices
/// (`/screen/<client>.png|.bmp`) and TRMNL's device API (`/api/setup`, `/api/display`,
/// `/api/log`).
///
/// Every state change needs the token, as `Authorization: Bearer …` or as the password
/// of HTTP Basic (what a browser asks for); on an address other than loopback, every
/// request does, except a client device's own screen with its key and TRMNL's calls with
/// theirs. The token is read from its file at each request, so a new one needs no
/// restart, and compared in constant time. A change sent from another site's page
/// (`Origin` not this server) is refused, so a browser that remembers the password
/// cannot be made to use it by a page elsewhere.
package struct WebAPI: Sendable {
    /// The daemon: requests answered, frames and what its last step showed.
    let daemon: any DaemonControl
    let config: WebConfig
    /// The configuration file, for the page's editor; nil when the daemon runs without one.
    let editor: ConfigEditor?
    let keys: ClientKeys
    /// Client screens drawn at the daemon's last step.
    let pictures = ClientPictures()
    /// When each client last fetched its screen, and its battery.
    let reports = ClientReports()
    let logger: Logger
    /// TRMNL's calls: 10 at once, then one every 2 s per device, with unknown devices
    /// sharing one bucket (their IDs are whatever a sender makes up).
    let deviceCalls: RateLimiter
    /// Log lines about unknown devices: one a minute, counting the ones left out.
    let unknownDeviceLines: RateLimiter
    /// The keys whose provider tokens may push Live Activities (`[apns]`).
    let providerTokens: ProviderTokens
    /// The machine's host name, lower case, as the composition root read it: a `Host`
    /// header may name it (or it under the network's domain); "" for none.
    let machine: String

    package init(daemon: any DaemonControl, config: WebConfig, editor: ConfigEditor? = nil, keys: ClientKeys = ClientKeys(file: nil),
                 providerTokens: ProviderTokens = ProviderTokens([]), machine: String = "", logger: Logger = Logger(label: "lockscreend.http")) {
        self.daemon = daemon
        self.machine = machine.lowercased()
        self.providerTokens = providerTokens
        self.config = config
        self.editor = editor
        self.keys = keys
        self.logger = logger
        deviceCalls = RateLimiter(burst: 10, interval: 2, maximumKeys: 64, clock: daemon.clock)
        unknownDeviceLines = RateLimiter(burst: 1, interval: 60, maximumKeys: 1, clock: daemon.clock)
    }

    /// Widget names in a path: letters, digits, `_`, `-` and `.`, at most 64.
    static func isName(_ text: Substring) -> Bool {
        !text.isEmpty && text.count <= 64 && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "_-.".contains($0)) }
    }

    package func respond(to request: WebRequest) async -> WebResponse {
        let parts = request.path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
        // HEAD is GET without the body, which the connection leaves out.
        let method = request.method == "HEAD" ? "GET" : request.method
        if let refusal = knownHost(request) { return refusal }
        // TRMNL's firmware up to 1.6.9 asks for `/api/setup/`, with the slash.
        if parts.count == 2 || parts.count == 3 && parts[2].isEmpty, parts[0] == "api", ["setup", "display", "log"].contains(parts[1]) {
            return trmnl(parts[1], method: method, request: request)
        }
        let changes = method != "GET"
        if changes, let refusal = sameSite(request) { return refusal }
        // APNs's provider API, answered as APNs answers (its own statuses and reasons).
        if parts.count == 3, parts[0] == "3", parts[1] == "device" {
            return await apns(token: parts[2], method: method, request: request)
        }
        if parts.count == 2, parts[0] == "screen", method == "GET" {
            return screen(parts[1], request: request)
        }
        // A Live Activity push: the token, or a provider token of a key in [apns].
        if method == "POST", parts.count == 3, parts[0] == "api", parts[1] == "activities" {
            if let refusal = pushRefusal(request) { return refusal }
            return await activity(token: parts[2], request: request)
        }
        // The clients' keys open their screens from anywhere: the list needs the token even
        // here. The configuration holds secrets and commands: its text needs the token too,
        // whoever can reach loopback (the file's permissions are not the server's).
        if changes || !config.isLoopback || parts == ["api", "clients"] || parts == ["api", "config"] {
            if let refusal = check(request.authorization, change: changes, page: parts == [""]) { return refusal }
        }
        switch (method, parts) {
        case ("GET", [""]):
            return .text(await page(request), contentType: "text/html")
        case ("GET", ["api", "events"]):
            // HEAD gets the head alone: no watcher is taken that nobody would read.
            return request.method == "HEAD" ? WebResponse(status: 200, contentType: "text/event-stream", body: []) : events()
        case ("GET", ["api", "config"]):
            guard let editor else { return .error(404, "this daemon runs without a configuration file") }
            return .json(editor.current())
        case ("POST", ["api", "config"]):
            guard let editor else { return .error(404, "this daemon runs without a configuration file: start it with --config FILE") }
            guard config.edit else { return .error(403, "editing from the page is off: set edit = true in [http] (docs/WEB.md)") }
            let text = String(decoding: request.body, as: UTF8.self)
            let outcome = editor.apply(text)
            return .json(outcome, status: outcome.applied ? 200 : 422)
        case ("GET", ["api", "clients"]):
            return .json(clients(request))
        case ("GET", ["api", "status"]):
            return .reply(await daemon.handle(ControlRequest.status))
        case ("POST", ["api", "reload"]):
            return .reply(await daemon.handle(ControlRequest.reloadAll))
        case ("POST", ["api", "refresh"]):
            return .reply(await daemon.handle(ControlRequest.refresh))
        case ("POST", ["api", "tap"]):
            return await tap(request.body)
        case let ("POST", parts) where parts.count == 3 && parts[0] == "api" && parts[1] == "push":
            guard Self.isName(Substring(parts[2])) else { return .error(400, "a widget name is letters, digits, _, - and ., at most 64") }
            guard let timeline = JSONValue.parse(Data(request.body)) else {
                return .error(400, "the body is \(JSONFailure.of(request.body) ?? .invalid): send a timeline (docs/TIMELINE-JSON.md)")
            }
            return .reply(await daemon.handle(ControlRequest.push(widget: parts[2], timeline: timeline)))
        case let ("POST", parts) where parts.count == 3 && parts[0] == "api" && parts[1] == "page":
            guard ControlRequest.pages.contains(parts[2]) else { return .error(400, "the page is lock, home, photo or next") }
            return .reply(await daemon.handle(ControlRequest.page(parts[2])))
        case let ("POST", parts) where parts.count == 3 && parts[0] == "api" && parts[1] == "power":
            guard ControlRequest.powers.contains(parts[2]) else { return .error(400, "the screen is switched on, off or auto") }
            return .reply(await daemon.handle(ControlRequest.screen(power: parts[2])))
        case ("GET", ["api", "screen.png"]):
            guard let frame = daemon.frames.latestShown, let png = try? frame.pngData() else { return .error(503, "nothing has been presented yet") }
            return WebResponse(status: 200, contentType: "image/png", body: Array(png), headers: [("Cache-Control", "no-store")])
        case (_, ["api", "status"]), (_, ["api", "reload"]), (_, ["api", "screen.png"]), (_, ["api", "config"]), (_, [""]):
            return .error(405, "\(request.method) is not allowed on \(request.path)")
        default:
            return .error(404, "no such page: \(String(request.path.prefix(100)))")
        }
    }

    /// `POST /api/activities/<token>` with a Live Activity push as APNs takes it: the body
    /// `{"aps": {"event": …, "timestamp": …, "content-state": …}}`, the priority in
    /// `apns-priority` (10 at once, 5 may wait for the panel's next update).
    /// Answered in APNs's shape (`apns-id`, an error's `reason`), with the daemon's own
    /// reasons where APNs has none: WebAPI+APNs.swift.
    func activity(token: String, request: WebRequest) async -> WebResponse {
        .reply(await push(token: token, request: request)).withAPNsID(request)
    }

    /// The push in `request`'s body handed to the daemon, and what it said.
    func push(token: String, request: WebRequest) async -> ControlReply {
        guard !request.body.isEmpty else { return .failure("the body is empty: send {\"aps\": {\"event\": \"update\", …}}", reason: "PayloadEmpty") }
        guard request.body.count <= Self.maximumPushBytes else {
            return .failure("an activity push is at most 8 KB (its content state at most 4 KB)", status: 413, reason: "PayloadTooLarge")
        }
        guard let payload = JSONValue.parse(Data(request.body)) else {
            return .failure("the body is \(JSONFailure.of(request.body) ?? .invalid): send {\"aps\": {\"event\": \"update\", …}}", reason: "BadPayload")
        }
        let priority = request.header("apns-priority").flatMap { Int($0.filter { $0 != " " }) }
        return await daemon.handle(ControlRequest.activity(token: token, payload: payload, priority: priority))
    }

    /// `POST /api/tap` with `{"x": …, "y": …}` in the panel's pixels: the control there
    /// is performed, as a tap on a touch screen (the page's picture sends these).
    func tap(_ body: [UInt8]) async -> WebResponse {
        guard body.count <= 256, case let .object(fields)? = JSONValue.parse(Data(body)),
              case let .number(x)? = fields["x"], case let .number(y)? = fields["y"], x.isFinite, y.isFinite else {
            return .error(400, "send {\"x\": …, \"y\": …}: a point of the panel in pixels")
        }
        return .reply(await daemon.handle(ControlRequest.tapAt(x: x, y: y)))
    }

    /// Nil when `header` carries the token (Bearer, or Basic with it as the password);
    /// else the 401 to send. The page's 401 asks a browser for the password.
    func check(_ header: String?, change: Bool, page: Bool = false) -> WebResponse? {
        let challenge = [("WWW-Authenticate", page ? "Basic realm=\"lockscreend\", charset=\"UTF-8\"" : "Bearer realm=\"lockscreend\"")]
        guard let file = config.tokenFile else {
            return .error(401, "changes need a token: set token_file in [http]", headers: challenge)
        }
        let token: String
        do { token = try SecretFile.text(of: file) } catch {
            logger.error("[http] token_file: \(error); every request that needs the token is refused")
            return .error(401, "the token file cannot be used: the daemon's log says why", headers: challenge)
        }
        guard let given = header.flatMap(Self.credential) else {
            return .error(401, change ? "a change needs the token: Authorization: Bearer …" : "this address needs the token: Authorization: Bearer …", headers: challenge)
        }
        return Self.equal(Array(given.utf8), Array(token.utf8)) ? nil : .error(401, "wrong token", headers: challenge)
    }


    /// The secret an Authorization header carries: a Bearer token, or a Basic password.
    /// The scheme's name is matched in any case (RFC 9110: `bearer`, as APNs clients
    /// write it, is `Bearer`).
    static func credential(_ header: String) -> String? {
        guard let space = header.firstIndex(of: " ") else { return nil }
        let scheme = header[..<space].lowercased(), value = header[header.index(after: space)...].drop { $0 == " " }
        if scheme == "bearer" { return String(value) }
        guard scheme == "basic", let data = Data(base64Encoded: String(value)),
              let pair = String(data: data, encoding: .utf8), let colon = pair.firstIndex(of: ":") else { return nil }
        return String(pair[pair.index(after: colon)...])
    }

    /// A 403 when the `Host` header names neither an address nor a name this server
    /// answers to (`localhost`, the machine's own name, `[http] names`): a page elsewhere
    /// that points a name of its own at this address (DNS rebinding) gets nothing. A
    /// request without `Host` (HTTP/1.0, small devices) is not a browser's, and passes.
    func knownHost(_ request: WebRequest) -> WebResponse? {
        guard let header = request.header("Host") else { return nil }
        var host = Substring(header.lowercased())
        if host.hasPrefix("[") {
            // "[::1]:8080": an IPv6 literal.
            guard let close = host.firstIndex(of: "]") else { return .error(400, "a malformed Host header") }
            host = host[host.index(after: host.startIndex)..<close]
        } else if let colon = host.lastIndex(of: ":") {
            host = host[..<colon]
        }
        if host.hasSuffix(".") { host = host.dropLast() }
        let name = String(host)
        if WebConfig.isAddress(name) { return nil }
        let own = machine
        if name == "localhost" || config.names.contains(name) || (!own.isEmpty && (name == own || name == own + ".local")) { return nil }
        // Beyond loopback every request needs the token or a key, which a page elsewhere
        // does not have; the machine's name under the network's own domain
        // (kitchen.fritz.box, kitchen.lan) is taken without listing it.
        if !config.isLoopback, !own.isEmpty, name.hasPrefix(own + ".") { return nil }
        return .error(403, "this server does not answer to the name \"\(String(header.prefix(100)))\": use its address, or add the name to names in [http] (docs/WEB.md)")
    }

    /// A 403 for a change a page of another site sent: its `Origin` is not this server.
    func sameSite(_ request: WebRequest) -> WebResponse? {
        if request.header("Sec-Fetch-Site") == "cross-site" { return .error(403, "a change from another site's page is refused") }
        guard let origin = request.header("Origin") else { return nil }
        let host = origin.split(separator: "/", omittingEmptySubsequences: true).dropFirst().first.map(String.init)
        return host != nil && host == request.header("Host") ? nil : .error(403, "a change from another site's page (\(origin.prefix(100))) is refused")
    }

    /// Compares without stopping at the first difference, so the time taken says nothing
    /// about how much of a guess was right.
    /// Lengths are compared whole: a guess that is the token followed by 256 NULs differs
    /// in length only, and must differ.
    static func equal(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        var difference = a.count ^ b.count
        for i in 0..<max(a.count, b.count) {
            difference |= Int((i < a.count ? a[i] : 0) ^ (i < b.count ? b[i] : 0))
        }
        return difference == 0
    }
}
