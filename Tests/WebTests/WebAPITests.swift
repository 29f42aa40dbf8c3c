import Canvas
import JSON
import DaemonInterface
import DaemonTestSupport
import Foundation
import LockScreenModel  // for .lock
import Testing
import TestSupport
@testable import Config
@testable import ControlProtocol
@testable import LockScreen
@testable import Panel
@testable import Providers
@testable import DaemonRuntime
@testable import TimelineEngine
@testable import Web

/// The HTTP API's rules, without a socket (Tests/web/run.py runs them over one).
@Suite("HTTP API", .serialized)
struct WebAPITests {
    @Test("listen addresses: numeric, IPv4 or IPv6, a port in range; names refused")
    func listen() {
        #expect(WebConfig.listen("127.0.0.1:8080") == WebConfig(host: "127.0.0.1", port: 8080))
        #expect(WebConfig.listen(":8080")?.isLoopback == true)
        #expect(WebConfig.listen("[::1]:80")?.isLoopback == true)
        #expect(WebConfig.listen("0.0.0.0:8080")?.isLoopback == false)
        #expect(WebConfig.listen("[::]:8080")?.host == "::")
        for bad in ["localhost:8080", "127.0.0.1", "127.0.0.1:0", "127.0.0.1:70000", "[::1]8080", "example.org:80", ""] {
            #expect(WebConfig.listen(bad) == nil, "\(bad)")
        }
    }

    @Test("a token file is checked like a password file; beyond loopback one is required")
    func config() throws {
        let issues = { (text: String) in configIssues(text, file: "h.toml") }
        #expect(issues("[http]\nlisten = \"0.0.0.0:8080\"\n").contains("h.toml:2: http.token_file: listening on 0.0.0.0"))
        #expect(issues("[http]\nlisten = \"lockscreen.local:8080\"\n").contains("http.listen: expected ADDRESS:PORT"))
        #expect(issues("[http]\ntoken_file = \"/nonexistent/token\"\n").contains("http.token_file: cannot read /nonexistent/token"))
        #expect(issues("[http]\n").isEmpty)
    }

    @Test("[http] tls, certificate, key and cleartext, and [apns] keys: each mistake with its line and key")
    func trustConfig() throws {
        let folder = try TemporaryFolder("web-tls")
        defer { folder.remove() }
        let key = folder.url.appendingPathComponent("AuthKey.p8").path
        try Data("k".utf8).write(to: URL(fileURLWithPath: key))
        chmod(key, 0o600)
        let issues = { (text: String) in configIssues(text, file: "h.toml") }
        #expect(issues("[http]\ncertificate = \"/etc/c.pem\"\n").contains("h.toml:2: http.key: a certificate needs its key"))
        #expect(issues("[http]\nkey = \"\(key)\"\n").contains("h.toml:2: http.certificate: a key needs its certificate"))
        #expect(issues("[http]\ntls = false\ncleartext = false\n").contains("h.toml:3: http.cleartext: cleartext = false needs TLS"))
        #expect(issues("[http]\ncertificate = \"/etc/c.pem\"\nkey = \"\(key)\"\n").isEmpty)
        #expect(issues("[http]\n[apns.keys.abc]\nteam_id = \"DEF123GHIJ\"\nkey_file = \"\(key)\"\n").contains("h.toml:2: apns.keys.abc: a key ID is Apple's 10"))
        #expect(issues("[http]\n[apns.keys.ABC123DEFG]\nkey_file = \"\(key)\"\n").contains("h.toml:2: apns.keys.ABC123DEFG.team_id: no team_id"))
        #expect(issues("[http]\n[apns.keys.ABC123DEFG]\nteam_id = \"DEF123GHIJ\"\n").contains("apns.keys.ABC123DEFG.key_file: no key_file"))
        #expect(issues("[apns.keys.ABC123DEFG]\nteam_id = \"DEF123GHIJ\"\nkey_file = \"\(key)\"\n").contains("apns: provider tokens are checked by the HTTP face"))
        let config = try RunningConfig.parse("[http]\ncleartext = false\n[apns.keys.ABC123DEFG]\nteam_id = \"DEF123GHIJ\"\nkey_file = \"\(key)\"\n", file: "h.toml", registry: .standard(systemRoot: fixtureRoot))
        #expect(config.web?.tls == true && config.web?.cleartext == false && config.web?.apnsKeys.map(\.id) == ["ABC123DEFG"])
    }

    func api(tokenFile: String?, host: String = "127.0.0.1") -> WebAPI {
        let engine = TimelineEngine(widgets: [], now: testNow, clock: ManualClock(start: testNow), logger: quietLogger)
        let handler = ControlHandler(engine: engine, board: PushBoard(names: ["note"]), frames: FrameMailbox(), clock: ManualClock(start: testNow))
        return WebAPI(daemon: handler, config: WebConfig(host: host, port: 8080, tokenFile: tokenFile))
    }

    @Test("each route reaches the daemon as one typed request, its body parsed once; a malformed body never reaches it")
    func typedRequests() async throws {
        let folder = try TemporaryFolder("web-typed")
        defer { folder.remove() }
        let token = folder.url.appendingPathComponent("token").path
        try Data("good\n".utf8).write(to: URL(fileURLWithPath: token))
        chmod(token, 0o600)
        let daemon = StandInDaemon(clock: ManualClock(start: testNow))
        let web = WebAPI(daemon: daemon, config: WebConfig(host: "127.0.0.1", port: 8080, tokenFile: token))
        func post(_ path: String, _ body: String = "") async -> Int {
            await web.respond(to: WebRequest(method: "POST", path: path, authorization: "Bearer good", body: Array(body.utf8))).status
        }
        let timeline = #"{"entries": [{"text": "hi"}]}"#
        #expect(await post("/api/push/note", timeline) == 200)
        #expect(await post("/api/push/note", "{\"entries\": [") == 400)
        #expect(await post("/api/page/home") == 200)
        #expect(await post("/api/page/attic") == 400)
        #expect(await post("/api/power/off") == 200)
        #expect(await post("/api/tap", #"{"x": 12, "y": 30.5}"#) == 200)
        #expect(await post("/api/tap", #"{"x": 12}"#) == 400)
        #expect(await post("/api/reload") == 200)
        #expect(await post("/api/refresh") == 200)
        #expect(await web.respond(to: WebRequest(method: "GET", path: "/api/status")).status == 200)
        #expect(await post("/api/activities/abc", #"{"aps": {"event": "end"}}"#) == 200)
        #expect(daemon.requests == [
            .push(widget: "note", timeline: try #require(JSONValue.parse(Data(timeline.utf8)))), .page("home"), .screen(power: "off"),
            .tapAt(x: 12, y: 30.5), .reloadAll, .refresh, .status,
            .activity(token: "abc", payload: try #require(JSONValue.parse(Data(#"{"aps": {"event": "end"}}"#.utf8))), priority: nil),
        ])
    }

    @Test("reads need no token on loopback; changes always do, compared whole; beyond loopback everything does")
    func tokens() async throws {
        let folder = try TemporaryFolder("web")
        defer { folder.remove() }
        let dir = folder.url
        let token = dir.appendingPathComponent("token").path
        try Data("good\n".utf8).write(to: URL(fileURLWithPath: token))
        chmod(token, 0o600)
        let local = api(tokenFile: token)
        #expect(await local.respond(to: WebRequest(method: "GET", path: "/api/status")).status == 200)
        #expect(await local.respond(to: WebRequest(method: "POST", path: "/api/reload")).status == 401)
        #expect(await local.respond(to: WebRequest(method: "POST", path: "/api/reload", authorization: "Bearer goo")).status == 401)
        #expect(await local.respond(to: WebRequest(method: "POST", path: "/api/reload", authorization: "Bearer goodd")).status == 401)
        #expect(await local.respond(to: WebRequest(method: "POST", path: "/api/reload", authorization: "Bearer good")).status == 200)
        #expect(await api(tokenFile: nil).respond(to: WebRequest(method: "POST", path: "/api/reload", authorization: "Bearer good")).status == 401)
        let house = api(tokenFile: token, host: "0.0.0.0")
        #expect(await house.respond(to: WebRequest(method: "GET", path: "/api/status")).status == 401)
        #expect(await house.respond(to: WebRequest(method: "GET", path: "/api/status", authorization: "Bearer good")).status == 200)
        #expect(WebAPI.equal(Array("abc".utf8), Array("abc".utf8)) && !WebAPI.equal(Array("abc".utf8), Array("abd".utf8)) && !WebAPI.equal([], Array("a".utf8)))
        // Round 4, attack 7: lengths 256 and 512 apart were equal when the difference was cut to 8 bits.
        for padding in [256, 512] {
            #expect(!WebAPI.equal(Array("good".utf8) + [UInt8](repeating: 0, count: padding), Array("good".utf8)))
            let nuls = "Bearer good" + String(repeating: "\0", count: padding)
            #expect(await local.respond(to: WebRequest(method: "POST", path: "/api/reload", authorization: nuls)).status == 401)
        }
        // Attack 8: the token file made readable by every user after the start.
        chmod(token, 0o644)
        #expect(await local.respond(to: WebRequest(method: "POST", path: "/api/reload", authorization: "Bearer good")).status == 401)
        chmod(token, 0o600)
        #expect(await local.respond(to: WebRequest(method: "POST", path: "/api/reload", authorization: "Bearer good")).status == 200)
    }

    @Test("the configuration's text needs the token even on loopback, in the API and on the page (attack 8)")
    func configNeedsToken() async throws {
        let folder = try TemporaryFolder("web")
        defer { folder.remove() }
        let dir = folder.url
        let token = dir.appendingPathComponent("token").path
        try Data("good".utf8).write(to: URL(fileURLWithPath: token))
        chmod(token, 0o600)
        let path = dir.appendingPathComponent("config.toml").path
        try Data("[mqtt]\npassword = \"hunter2\"\n".utf8).write(to: URL(fileURLWithPath: path))
        let plain = api(tokenFile: token)
        let web = WebAPI(daemon: plain.daemon, config: plain.config, editor: ConfigEditor(path: path, check: { _, _ in ([], []) }, reload: {}))
        let refused = await web.respond(to: WebRequest(method: "GET", path: "/api/config"))
        #expect(refused.status == 401 && !String(decoding: refused.body, as: UTF8.self).contains("hunter2"))
        let page = String(decoding: await web.respond(to: WebRequest(method: "GET", path: "/")).body, as: UTF8.self)
        #expect(page.contains("<b>") || page.contains("Configuration"))
        #expect(!page.contains("hunter2") && page.contains("need the token"))
        let granted = await web.respond(to: WebRequest(method: "GET", path: "/api/config", authorization: "Bearer good"))
        #expect(granted.status == 200 && String(decoding: granted.body, as: UTF8.self).contains("hunter2"))
        let signedIn = String(decoding: await web.respond(to: WebRequest(method: "GET", path: "/", authorization: "Bearer good")).body, as: UTF8.self)
        #expect(signedIn.contains("hunter2"))
    }

    @Test("a Host that is not an address, localhost, the machine's name or a configured name is refused (DNS rebinding, attack 8)")
    func hostNames() async throws {
        var config = WebConfig(host: "127.0.0.1", port: 8080)
        config.names = ["lockscreen.home.arpa"]
        let plain = api(tokenFile: nil)
        // The machine's name as the composition root hands it in.
        let web = WebAPI(daemon: plain.daemon, config: config, machine: "DeskPi")
        func status(_ host: String) async -> Int {
            await web.respond(to: WebRequest(method: "GET", path: "/api/status", headers: [("Host", host)])).status
        }
        for good in ["127.0.0.1:8080", "127.0.0.1", "localhost:8080", "LOCALHOST", "[::1]:8080", "192.168.1.20:8080", "lockscreen.home.arpa:8080",
                     "lockscreen.home.arpa.", "deskpi", "DeskPi.local:8080"] {
            #expect(await status(good) == 200, "\(good)")
        }
        for bad in ["evil.example:8080", "evil.example", "127.0.0.1.evil.example", "localhost.evil.example", "[::1", "deskpi2", "evil.deskpi"] {
            #expect(await status(bad) >= 400, "\(bad)")
        }
        #expect(await web.respond(to: WebRequest(method: "GET", path: "/api/status")).status == 200)
        #expect(await web.respond(to: WebRequest(method: "GET", path: "/api/setup", headers: [("Host", "evil.example"), ("ID", "AA")])).status == 403)
        let issues = { (text: String) in configIssues(text, file: "h.toml") }
        #expect(issues("[http]\nnames = [\"pi.local\", \"Screen.Home.Arpa\"]\n").isEmpty)
        #expect(issues("[http]\nnames = [\"bad name\"]\n").contains("h.toml:2: http.names: expected an array of at most 32 host names"))
        #expect(try RunningConfig.parse("[http]\nnames = [\"Screen.Home.Arpa\"]\n", file: "c.toml", registry: .standard(systemRoot: fixtureRoot)).web?.names == ["screen.home.arpa"])
    }

    @Test("paths: a push needs a name and a JSON body; wrong methods and unknown pages say so; no screen before the first frame")
    func routes() async throws {
        let folder = try TemporaryFolder("web")
        defer { folder.remove() }
        let dir = folder.url
        let token = dir.appendingPathComponent("token").path
        try Data("t".utf8).write(to: URL(fileURLWithPath: token))
        chmod(token, 0o600)
        let api = api(tokenFile: token)
        func post(_ path: String, _ body: String) async -> Int {
            await api.respond(to: WebRequest(method: "POST", path: path, authorization: "Bearer t", body: Array(body.utf8))).status
        }
        #expect(await post("/api/push/note", #"{"entries": [{"text": "hi"}]}"#) == 200)
        #expect(await post("/api/push/note", "not json") == 400)
        #expect(await post("/api/push/..", #"{"entries": []}"#) == 400)
        #expect(await post("/api/push/a%2Fb", #"{"entries": []}"#) == 400)
        #expect(await post("/api/push/" + String(repeating: "x", count: 65), #"{"entries": []}"#) == 400)
        #expect(await post("/api/push/other", #"{"entries": [{"text": "hi"}]}"#) == 400)
        #expect(await api.respond(to: WebRequest(method: "DELETE", path: "/api/status", authorization: "Bearer t")).status == 405)
        #expect(await api.respond(to: WebRequest(method: "HEAD", path: "/api/status")).status == 200)
        // One page only here: switching is refused by the daemon, a page nobody has by the API.
        #expect(await post("/api/page/home", "") == 400)
        #expect(await post("/api/page/settings", "") == 400)
        #expect(await api.respond(to: WebRequest(method: "POST", path: "/api/page/next")).status == 401)
        #expect(await api.respond(to: WebRequest(method: "GET", path: "/etc/passwd")).status == 404)
        #expect(await api.respond(to: WebRequest(method: "GET", path: "/api/screen.png")).status == 503)
    }

    @Test("a tap on the page's picture reaches the daemon as a point of the panel; bad points are refused")
    func tap() async throws {
        let folder = try TemporaryFolder("web")
        defer { folder.remove() }
        let dir = folder.url
        let token = dir.appendingPathComponent("token").path
        try Data("t".utf8).write(to: URL(fileURLWithPath: token))
        chmod(token, 0o600)
        let engine = TimelineEngine(widgets: [], now: testNow, clock: ManualClock(start: testNow), logger: quietLogger)
        let frames = FrameMailbox()
        frames.open()
        frames.update([], from: Frame(width: 800, height: 480))
        let queue = DaemonInbox.Queue(pages: [.lock])
        let handler = ControlHandler(engine: engine, board: PushBoard(names: []), frames: frames, clock: ManualClock(start: testNow),
                                     inbox: DaemonInbox(queue: queue, wake: WakeSignal()))
        let api = WebAPI(daemon: handler, config: WebConfig(host: "127.0.0.1", port: 8080, tokenFile: token))
        func post(_ body: String, token: String? = "Bearer t") async -> Int {
            await api.respond(to: WebRequest(method: "POST", path: "/api/tap", authorization: token, body: Array(body.utf8))).status
        }
        #expect(await post(#"{"x": 310.5, "y": 402}"#) == 200)
        #expect(queue.take().map { "\($0)" } == ["tap(x: 310.5, y: 402.0)"])
        #expect(await post(#"{"x": 310.5, "y": 402}"#, token: nil) == 401)
        #expect(await post(#"{"x": 800, "y": 10}"#) == 400)
        #expect(await post(#"{"x": -1, "y": 10}"#) == 400)
        #expect(await post(#"{"x": "a", "y": 10}"#) == 400)
        // Round 4, attack 2: the refusal's words made an Int of 1e308 and the daemon died.
        #expect(await post(#"{"x": 1e308, "y": 5}"#) == 400)
        #expect(await post(#"{"x": -1e308, "y": -1e308}"#) == 400)
        #expect(await post("[" + String(repeating: "1,", count: 200) + "1]") == 400)
        #expect(queue.take().isEmpty)
    }
}
