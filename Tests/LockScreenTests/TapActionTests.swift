import Canvas
import ControlProtocol
import Foundation
import LockScreenModel
import Panel
import Testing
@testable import Config
@testable import LockScreen
@testable import DaemonRuntime
import TestSupport
import DaemonTestSupport
import Providers

/// `[widgets.NAME.tap]`'s actions beyond a command: an HTTP request, an MQTT message, a
/// Home Assistant service; read from the file with their bounds, and performed by a tap.
@Suite("Tap actions")
struct TapActionTests {
    static let house = """
        [homeassistant]
        url = "http://homeassistant.local:8123/"
        token_file = "TOKEN"
        [mqtt]
        url = "mqtt://127.0.0.1:1883"
        [layout]
        row = ["porch"]
        [widgets.porch]
        kind = "text"
        text = "Porch"

        """

    /// A token file only its owner reads, as the reader insists.
    static func tokenFile(_ token: String) throws -> String {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("token-\(UUID())").path
        try token.write(toFile: file, atomically: true, encoding: .utf8)
        chmod(file, 0o600)
        return file
    }

    static func parse(_ tap: String, token: String) throws -> WidgetTap? {
        let text = house.replacingOccurrences(of: "TOKEN", with: token) + "[widgets.porch.tap]\n" + tap
        return try RunningConfig.parse(text, file: "t.toml", registry: .standard(systemRoot: fixtureRoot)).content.taps["porch"]
    }

    static func issues(_ tap: String, token: String = "/nonexistent", house: String = house) -> String {
        configIssues(house.replacingOccurrences(of: "TOKEN", with: token) + "[widgets.porch.tap]\n" + tap, file: "t.toml")
    }

    @Test("http, publish and service are read with their details and defaults")
    func reading() throws {
        let token = try Self.tokenFile("good-token")
        defer { try? FileManager.default.removeItem(atPath: token) }
        #expect(try Self.parse("http = \"https://hooks.example/porch\"\n", token: token)
            == .http(.init(url: URL(string: "https://hooks.example/porch")!)))
        #expect(try Self.parse("http = \"http://plug.local/relay\"\nmethod = \"PUT\"\nbody = \"on\"\ncontent_type = \"text/plain\"\ntoken_file = \"\(token)\"\n", token: token)
            == .http(.init(url: URL(string: "http://plug.local/relay")!, method: "PUT", body: "on", contentType: "text/plain", tokenFile: token)))
        #expect(try Self.parse("publish = \"home/porch/set\"\npayload = \"TOGGLE\"\n", token: token) == .publish(.init(topic: "home/porch/set", payload: "TOGGLE")))
        #expect(try Self.parse("publish = \"a/b\"\nqos = 0\nretain = true\n", token: token) == .publish(.init(topic: "a/b", qos: 0, retain: true)))
        let call = try #require(try Self.parse("service = \"light.turn_on\"\nentity = \"light.porch\"\ndata = { brightness_pct = 40, color_name = \"red\" }\n", token: token))
        guard case let .service(service) = call else { Issue.record("not a service: \(call)"); return }
        #expect(service.request.url.absoluteString == "http://homeassistant.local:8123/api/services/light/turn_on")
        #expect(service.tokenFile == token)
        let data = try JSONSerialization.jsonObject(with: Data(service.data.utf8)) as? [String: Any]
        #expect(data?["entity_id"] as? String == "light.porch")
        #expect(data?["brightness_pct"] as? Int == 40)
        #expect(data?["color_name"] as? String == "red")
    }

    @Test("mistakes name the file, line and key: two actions, a bad address, wildcards, no broker, no Home Assistant, too much")
    func mistakes() throws {
        let token = try Self.tokenFile("good-token")
        defer { try? FileManager.default.removeItem(atPath: token) }
        #expect(Self.issues("page = \"next\"\nreload = true\n", token: token).contains("t.toml:11: widgets.porch.tap: give one action, not page and reload"))
        #expect(Self.issues("pge = \"next\"\n", token: token).contains("widgets.porch.tap: give one of command, page, reload, http, publish, service"))
        #expect(Self.issues("http = \"ftp://x/y\"\n", token: token).contains("t.toml:12: widgets.porch.tap.http: expected an http:// or https:// address"))
        #expect(Self.issues("http = \"http://x/y\"\nmethod = \"GET\"\nbody = \"a\"\n", token: token).contains("widgets.porch.tap.body: a GET sends no body"))
        #expect(Self.issues("http = \"http://x/y\"\npayload = \"a\"\n", token: token).contains("widgets.porch.tap.payload: unknown key"))
        #expect(Self.issues("publish = \"home/+/set\"\n", token: token).contains("widgets.porch.tap.publish: expected a topic without wildcards"))
        #expect(Self.issues("publish = \"a/b\"\nqos = 3\n", token: token).contains("widgets.porch.tap.qos"))
        #expect(Self.issues("publish = \"a/b\"\npayload = \"\(String(repeating: "x", count: 70_000))\"\n", token: token)
            .contains("widgets.porch.tap.payload: 70000 bytes is over the 65536-byte limit"))
        #expect(Self.issues("service = \"light\"\n", token: token).contains("widgets.porch.tap.service: expected a Home Assistant service as domain.service"))
        let bare = "[layout]\nrow = [\"porch\"]\n[widgets.porch]\nkind = \"text\"\ntext = \"Porch\"\n"
        #expect(Self.issues("publish = \"a/b\"\n", house: bare).contains("t.toml:7: widgets.porch.tap.publish: publishing needs a broker: add [mqtt]"))
        #expect(Self.issues("service = \"light.toggle\"\n", house: bare).contains("widgets.porch.tap.service: calling a service needs Home Assistant's API: add [homeassistant]"))
    }

    /// A daemon showing one text widget whose tap is `tap`; taps it and waits (bounded:
    /// the request is real) for the intent's report: true when it failed.
    static func tapped(_ tap: WidgetTap, logs: CapturedLog? = nil) async throws -> Bool {
        let bare = "[layout]\nrow = [\"porch\"]\n[widgets.porch]\nkind = \"text\"\ntext = \"Porch\"\n"
        var content = try RunningConfig.parse(bare, file: "t.toml", registry: .standard(systemRoot: fixtureRoot)).content
        content.taps["porch"] = tap
        let daemon = LockScreenDaemon(
            content: content, renderer: LockScreenApplication.renderer(testOptions()), display: MemoryDisplay(width: 800, height: 480), clock: ManualClock(start: testNow),
            behaviour: LockScreenDaemon.Behaviour(), logger: logs?.logger ?? quietLogger)
        _ = try await daemon.step(now: testNow)
        let widget = try #require(daemon.pageControls().first)
        await daemon.perform(.tap(x: widget.frame.midX, y: widget.frame.midY), now: testNow)
        guard case let .performed(_, _, failed) = try await daemon.performed(realTime: true) else { return true }
        return failed
    }

    @Test("a tap POSTs to a webhook with its body and type, and calls Home Assistant's service with the token")
    func performing() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        let token = try Self.tokenFile("good-token\n")
        defer { try? FileManager.default.removeItem(atPath: token) }
        #expect(try await Self.tapped(.http(.init(url: URL(string: server.url("/hook"))!, body: #"{"porch": "toggle"}"#))) == false)
        let hook = try #require(server.requests.last)
        #expect(hook.hasPrefix("POST /hook HTTP/1.1\r\n"))
        #expect(hook.contains("\r\nContent-Type: application/json\r\n"))
        #expect(hook.hasSuffix("\r\n\r\n{\"porch\": \"toggle\"}"))

        let call = WidgetTap.ServiceCall(api: URL(string: server.url("/"))!, tokenFile: token, domain: "light", service: "toggle", data: #"{"entity_id":"light.porch"}"#)
        #expect(try await Self.tapped(.service(call)) == false)
        let request = try #require(server.requests.last)
        #expect(request.hasPrefix("POST /api/services/light/toggle HTTP/1.1\r\n"))
        #expect(request.contains("\r\nAuthorization: Bearer good-token\r\n"))
        #expect(request.hasSuffix(#"{"entity_id":"light.porch"}"#))
    }

    @Test("a refused token, an error status, a command's exit and a broker that is away are failures in the log as what they were, never as time-outs")
    func failing() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        let wrong = try Self.tokenFile("bad-token")
        defer { try? FileManager.default.removeItem(atPath: wrong) }
        let logs = CapturedLog()
        let call = WidgetTap.ServiceCall(api: URL(string: server.url(""))!, tokenFile: wrong, domain: "light", service: "toggle")
        #expect(try await Self.tapped(.service(call), logs: logs) == true)
        #expect(logs.all.contains { $0.contains("Home Assistant refused the token in \(wrong) (HTTP 401)") })
        #expect(try await Self.tapped(.http(.init(url: URL(string: server.url("/error"))!)), logs: logs) == true)
        #expect(logs.all.contains { $0.contains("POST \(server.url("/error")): HTTP 500") })
        #expect(try await Self.tapped(.publish(.init(topic: "home/porch/set")), logs: logs) == true)
        #expect(logs.all.contains { $0.contains("not connected to the [mqtt] broker: 'home/porch/set' was not published") })
        #expect(try await Self.tapped(.command(["sh", "-c", "exit 3"]), logs: logs) == true)
        #expect(logs.all.contains { $0.contains("'porch: sh' failed:") })
        // Each failed at once: before, each was also logged as not returning within 30 s.
        #expect(!logs.all.contains { $0.contains("did not return") }, "\(logs.all)")
    }

    @Test("lockscreenctl tap NAME taps the widget's middle; one with nothing to tap there is refused with the reason; the status gives each shown widget's frame")
    func tapByName() async throws {
        let bare = "[layout]\nrow = [\"porch\", \"hall\"]\n[widgets.porch]\nkind = \"text\"\ntext = \"Porch\"\n[widgets.hall]\nkind = \"text\"\ntext = \"Hall\"\n[widgets.hall.tap]\nreload = true\n"
        let config = try RunningConfig.parse(bare, file: "t.toml", registry: .standard(systemRoot: fixtureRoot))
        let clock = ManualClock(start: testNow)
        let daemon = LockScreenDaemon(content: config.content, renderer: LockScreenApplication.renderer(testOptions()), display: MemoryDisplay(width: 800, height: 480),
                                      clock: clock, logger: quietLogger)
        daemon.screens.open()
        try await daemon.step(now: testNow)
        let handler = ControlHandler(engine: daemon.engine, board: config.pushBoard, frames: daemon.frames, clock: clock, inbox: daemon.inbox, screens: daemon.screens)
        let status = await handler.handle(ControlRequest.status)
        let frames = Dictionary(uniqueKeysWithValues: (status.widgets ?? []).map { ($0.name, $0.frame) })
        let porch = try #require(frames["porch"] ?? nil)
        let hall = try #require(frames["hall"] ?? nil)
        #expect(porch.count == 4 && porch[2] > 0 && porch[3] > 0 && porch[0] + porch[2] <= hall[0] && porch[1] == hall[1])
        #expect(await handler.handle(ControlRequest.tap(widget: "hall")).ok)
        let asked = daemon.requests.take()
        guard case let .tap(x, y)? = asked.first else { Issue.record("expected a tap, got \(asked)"); return }
        #expect(abs(x - Double(hall[0] + hall[2] / 2)) <= 2 && abs(y - Double(hall[1] + hall[3] / 2)) <= 2)
        let refused = await handler.handle(ControlRequest.tap(widget: "attic"))
        #expect(refused.error == "'attic' is not on the page shown")
        // Before, this said ok and nothing ran.
        let nothing = await handler.handle(ControlRequest.tap(widget: "porch"))
        #expect(nothing.error == "'porch' has nothing to tap at its middle: give it an action in [widgets.porch.tap]")
        #expect(daemon.requests.take().isEmpty)
        #expect(try ControlRequest.decode(Data(#"{"request": "tap", "widget": "hall"}"#.utf8)) == .tap(widget: "hall"))
        #expect(throws: ControlRequest.Malformed.incomplete("tap needs a widget, or x and y in the panel's pixels")) { try ControlRequest.decode(Data(#"{"request": "tap"}"#.utf8)) }
    }
}
