@testable import Accessory
@testable import SwiftUICore
@testable import Canvas
@testable import Config
@testable import ControlProtocol
import DaemonInterface
@testable import DaemonRuntime
import DaemonTestSupport
import Foundation
@testable import LockScreen
import LockScreenModel  // for .colorScheme
@testable import Panel
import PanelOptions
@testable import Providers
import Synchronization
import TestSupport
import Testing
@testable import TimelineEngine
@testable import Web

/// Client screens, TRMNL's device API, the page's editor and sign-in, without a socket
/// (Tests/web/run.py and Tests/web/browser.py run them over one).
@Suite("HTTP clients and page", .serialized)
struct WebClientTests {
    let registry = WidgetRegistry.standard(systemRoot: fixtureRoot)

    @Test("[http.clients.NAME]: a size, appearance, inks, a TRMNL's MAC, refresh bounds; mistakes named by file:line and key")
    func profiles() throws {
        let config = try RunningConfig.parse("""
            [http]
            [http.clients.kitchen]
            size = "800x480"
            trmnl_id = "a1:b2:c3:d4:e5:f6"
            refresh_min = 120
            [http.clients.kindle]
            size = "600x800"
            depth = "16grey"
            appearance = "dark"
            """, file: "c.toml", registry: registry)
        let clients = try #require(config.web?.clients)
        #expect(clients["kitchen"]?.trmnlID == "A1:B2:C3:D4:E5:F6" && clients["kitchen"]?.depth == .mono && clients["kitchen"]?.colorScheme == .light)
        #expect(clients["kitchen"]?.refreshMin == 120 && clients["kitchen"]?.refreshMax == 3_600)
        #expect(clients["kindle"]?.width == 600 && clients["kindle"]?.depth == .gray16 && clients["kindle"]?.colorScheme == .dark)
        let issues = { (text: String) in configIssues("[http]\n" + text, file: "c.toml") }
        #expect(issues("[http.clients.a]\ndepth = \"1bit\"\n").contains("c.toml:2: http.clients.a.size: no size"))
        #expect(issues("[http.clients.a]\nsize = \"4000x100\"\n").contains("c.toml:3: http.clients.a.size: at most 2000x2000"))
        #expect(issues("[http.clients.a]\nsize = \"80x40\"\ntrmnl_id = \"kitchen\"\n").contains("c.toml:4: http.clients.a.trmnl_id: expected the device's MAC address"))
        #expect(issues("[http.clients.a]\nsize = \"80x40\"\ntrmnl_id = \"01:02:03:04:05:06\"\n[http.clients.b]\nsize = \"80x40\"\ntrmnl_id = \"01:02:03:04:05:06\"\n")
            .contains("c.toml:7: http.clients.b.trmnl_id: 01:02:03:04:05:06 is already the client a"))
        #expect(issues("[http.clients.a]\nsize = \"80x40\"\ndepth = \"2bit\"\n").contains("http.clients.a.depth: expected one of"))
        #expect(issues("[http.clients.a]\nsize = \"80x40\"\nrefresh_min = 900\nrefresh_max = 600\n").contains("c.toml:5: http.clients.a.refresh_max: is below refresh_min (900)"))
        #expect(issues("[http.clients.a]\nsize = \"80x40\"\ncolour = 1\n").contains("http.clients.a.colour"))
        var profile = ClientProfile(name: "x", width: 1, height: 1)
        profile.refreshMin = 300
        #expect(profile.refreshRate(untilNextChange: 900.2) == 901 && profile.refreshRate(untilNextChange: 5) == 300 && profile.refreshRate(untilNextChange: nil) == 3_600)
    }

    /// A daemon with a push widget and a text widget, one step on, and the API in front of it.
    func running(_ listen: String = "127.0.0.1", keys: ClientKeys, token: String? = nil) async throws -> (LockScreenDaemon, WebAPI, RunningConfig) {
        let config = try RunningConfig.parse("""
            [http]
            names = ["pi", "pi.local"]
            [http.clients.kitchen]
            size = "800x480"
            trmnl_id = "A1:B2:C3:D4:E5:F6"
            [http.clients.kindle]
            size = "600x800"
            depth = "16grey"
            [layout]
            inline = "note"
            row = ["word"]
            [widgets.note]
            kind = "push"
            [widgets.word]
            kind = "text"
            text = "Hello"
            family = "rectangular"
            """, file: "c.toml", registry: registry)
        let clock = ManualClock(start: testNow)
        let daemon = LockScreenDaemon(content: config.content, renderer: LockScreenApplication.renderer(testOptions(width: 400, height: 240)),
                                      display: MemoryDisplay(width: 400, height: 240), clock: clock, logger: quietLogger)
        daemon.frames.open()
        daemon.screens.open()
        try await daemon.step(now: testNow)
        let handler = ControlHandler(engine: daemon.engine, board: config.pushBoard, frames: daemon.frames, clock: clock, screens: daemon.screens)
        var web = try #require(WebConfig.listen(listen + ":8080"))
        web.clients = config.web?.clients ?? [:]
        web.tokenFile = token
        web.names = config.web?.names ?? []
        return (daemon, WebAPI(daemon: handler, config: web, keys: keys, logger: quietLogger), config)
    }

    @Test("/screen/<client>: the lock screen drawn for the client from the engine's entries, in its size and inks, no provider asked again")
    func screens() async throws {
        let (daemon, api, _) = try await running(keys: ClientKeys(file: nil))
        let calls = await daemon.engine.report(at: testNow).map(\.providerCalls)
        let png = await api.respond(to: WebRequest(method: "GET", path: "/screen/kindle.png"))
        #expect(png.status == 200 && png.contentType == "image/png")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("kindle-\(UUID()).png").path
        try Data(png.body).write(to: URL(fileURLWithPath: file))
        defer { try? FileManager.default.removeItem(atPath: file) }
        let image = try Bitmap(contentsOfPNG: file)
        #expect(image.width == 600 && image.height == 800)
        // Sixteen greys at most: the Kindle's inks.
        var greys = Set<UInt8>()
        for y in 0..<image.height { for x in 0..<image.width { greys.insert(image.pixels[y * image.bytesPerRow + x * 4]) } }
        #expect(greys.count <= 16 && greys.count > 2)
        let bmp = await api.respond(to: WebRequest(method: "GET", path: "/screen/kitchen.bmp"))
        #expect(bmp.status == 200 && bmp.body.count == 48_062 && bmp.body.prefix(2) == [0x42, 0x4D])
        #expect(await daemon.engine.report(at: testNow).map(\.providerCalls) == calls)
        // What the row shows is on the client's screen: the same screen without the text differs.
        var blank = try #require(daemon.screens.latest)
        blank.widgets = blank.widgets.map { _ in TimelineEngine.Shown(entry: RenderableEntry(date: testNow) { Text("") }, isPlaceholder: false, isStale: false, key: "") }
        let withText = try #require(daemon.screens.latest).lockScreen(width: 800, height: 480, colorScheme: .light, now: testNow)
        let without = blank.lockScreen(width: 800, height: 480, colorScheme: .light, now: testNow)
        #expect(zip(withText.pixels, without.pixels).filter { $0 != $1 }.count > 200)
        // At the daemon's own size and appearance the client's screen is the daemon's frame:
        // both walk the same slots.
        let own = try #require(daemon.screens.latest).lockScreen(width: 400, height: 240, colorScheme: daemon.renderer.face.colorScheme, now: testNow)
        #expect(zip(own.pixels, daemon.compositor.frame.pixels).filter { $0 != $1 }.count == 0)
        #expect(await api.respond(to: WebRequest(method: "GET", path: "/screen/kindle.gif")).status == 404)
        // On loopback too, the list of keys needs the token.
        #expect(await api.respond(to: WebRequest(method: "GET", path: "/api/clients")).status == 401)
        #expect(await api.respond(to: WebRequest(method: "GET", path: "/screen/nobody.png")).status == 404)
    }

    @Test("beyond loopback a client screen needs its key or the token; a wrong key is 401")
    func screenKeys() async throws {
        let folder = try TemporaryFolder("web-clients")
        defer { folder.remove() }
        let dir = folder.path
        let token = dir + "/token"
        try Data("secret".utf8).write(to: URL(fileURLWithPath: token))
        chmod(token, 0o600)
        let keys = ClientKeys(file: dir + "/clients.json")
        let (_, api, _) = try await running("0.0.0.0", keys: keys, token: token)
        #expect(await api.respond(to: WebRequest(method: "GET", path: "/screen/kindle.png")).status == 401)
        #expect(await api.respond(to: WebRequest(method: "GET", path: "/screen/kindle.png", query: "key=guess")).status == 401)
        let key = keys.key(for: "kindle")
        #expect(key.count == 32 && key != keys.key(for: "kitchen"))
        #expect(await api.respond(to: WebRequest(method: "GET", path: "/screen/kindle.png", query: "key=\(key)")).status == 200)
        // The kitchen's key is not the Kindle's.
        #expect(await api.respond(to: WebRequest(method: "GET", path: "/screen/kindle.png", query: "key=\(keys.key(for: "kitchen"))")).status == 401)
        #expect(await api.respond(to: WebRequest(method: "GET", path: "/screen/kindle.png", authorization: "Bearer secret")).status == 200)
        // Kept across restarts: another instance reads the same keys.
        #expect(ClientKeys(file: dir + "/clients.json").matches(key, client: "kindle"))
        let mode = try FileManager.default.attributesOfItem(atPath: dir + "/clients.json")[.posixPermissions] as? Int
        #expect(mode == 0o600)
        // The list of addresses with keys needs the token even where reads are open.
        #expect(await api.respond(to: WebRequest(method: "GET", path: "/api/clients")).status == 401)
        let list = await api.respond(to: WebRequest(method: "GET", path: "/api/clients", headers: [("Authorization", "Bearer secret"), ("Host", "pi.local:8080")]))
        #expect(String(decoding: list.body, as: UTF8.self).contains("http://pi.local:8080/screen/kindle.png?key=\(key)"))
    }

    @Test("TRMNL: setup gives a configured MAC its key; display answers with the picture's address, name and a refresh rate from the timeline; log is accepted")
    func trmnl() async throws {
        let (daemon, api, config) = try await running(keys: ClientKeys(file: nil))
        func get(_ path: String, _ headers: [(String, String)]) async -> (Int, [String: Any]) {
            let response = await api.respond(to: WebRequest(method: "GET", path: path, headers: headers))
            return (response.status, (try? JSONSerialization.jsonObject(with: Data(response.body))) as? [String: Any] ?? [:])
        }
        let (unknown, refused) = await get("/api/setup", [("ID", "00:00:00:00:00:01")])
        #expect(unknown == 404 && refused["status"] as? Int == 404 && refused["api_key"] == nil)
        let (code, setup) = await get("/api/setup", [("ID", "a1:b2:c3:d4:e5:f6")])
        let key = try #require(setup["api_key"] as? String)
        #expect(code == 200 && setup["status"] as? Int == 200 && (setup["friendly_id"] as? String)?.count == 6)
        // No Host: no picture's address to give; the set-up itself holds.
        #expect(setup["image_url"] == nil)
        // Set-up from firmware up to 1.6.9, with a slash; a picture to show beside the friendly ID.
        let (old, again) = await get("/api/setup/", [("ID", "A1:B2:C3:D4:E5:F6"), ("Host", "pi:8080")])
        #expect(old == 200 && again["api_key"] as? String == key)
        #expect((again["image_url"] as? String)?.hasPrefix("http://pi:8080/screen/kitchen.bmp?key=\(key)") == true)
        // A forgotten key: a 200 whose reset_firmware makes the firmware set up again (it
        // reads no body of a 401, and retried the dead key forever), with an address it can
        // open (status 500 gave none, and the firmware ended on "unable to connect").
        let (forgotten, reset) = await get("/api/display", [("ID", "A1:B2:C3:D4:E5:F6"), ("Access-Token", "wrong"), ("Host", "pi:8080")])
        #expect(forgotten == 200 && reset["status"] as? Int == 0 && reset["reset_firmware"] as? Bool == true && reset["image_url"] as? String == "http://pi:8080/api/setup")
        // A pushed timeline whose next entry is 20 minutes on: the device is told to come back then.
        let timeline = #"{"entries": [{"text": "now"}, {"date": "\#(ISO8601DateFormatter().string(from: testNow + 1_200))", "text": "later"}]}"#
        #expect(config.pushBoard.push(try TimelineJSON.decode(Data(timeline.utf8), now: testNow), to: "note"))
        await daemon.reload(kind: nil)
        try await daemon.step(now: testNow)
        let (shown, display) = await get("/api/display", [("ID", "A1:B2:C3:D4:E5:F6"), ("Access-Token", key), ("Host", "pi:8080")])
        #expect(shown == 200 && display["status"] as? Int == 0)
        let url = try #require(display["image_url"] as? String)
        #expect(url.hasPrefix("http://pi:8080/screen/kitchen.bmp?key=\(key)&v="))
        let rate = try #require(display["refresh_rate"] as? Int)
        #expect((1_195...1_201).contains(rate), "\(rate)")
        #expect((display["filename"] as? String)?.hasPrefix("kitchen-") == true)
        // The same picture keeps its name, so the device need not fetch it again.
        #expect(await get("/api/display", [("ID", "A1:B2:C3:D4:E5:F6"), ("Access-Token", key), ("Host", "pi:8080")]).1["filename"] as? String == display["filename"] as? String)
        // The picture at image_url is the one the name was made from, drawn once for both.
        let picture = await api.respond(to: WebRequest(method: "GET", path: "/screen/kitchen.bmp"))
        #expect(display["filename"] as? String == "kitchen-" + FNV1a.hex(picture.body))
        // The daemon's next step shows something else: a new picture and name, not the kept one.
        #expect(config.pushBoard.push(try TimelineJSON.decode(Data(#"{"entries": [{"text": "something else entirely"}]}"#.utf8), now: testNow), to: "note"))
        await daemon.reload(kind: nil)
        try await daemon.step(now: testNow)
        let changed = await get("/api/display", [("ID", "A1:B2:C3:D4:E5:F6"), ("Access-Token", key), ("Host", "pi:8080")]).1["filename"] as? String
        #expect(changed != nil && changed != display["filename"] as? String)
        let log = await api.respond(to: WebRequest(method: "POST", path: "/api/log", headers: [("ID", "A1:B2:C3:D4:E5:F6"), ("Access-Token", key)], body: Array(#"{"log":{"message":"low battery"}}"#.utf8)))
        #expect(log.status == 200)
        // Firmware from 1.5.2 on gets PNG, which it keeps by filename; older ones the BMP.
        // (Past the device's burst of calls: time passes between wakes.)
        let clock = try #require(api.daemon.clock as? ManualClock)
        clock.advance(by: 30)
        let device = [("ID", "A1:B2:C3:D4:E5:F6"), ("Access-Token", key), ("Host", "pi:8080")]
        #expect((await get("/api/display", device + [("FW-Version", "1.8.15")]).1["image_url"] as? String)?.hasPrefix("http://pi:8080/screen/kitchen.png?key=") == true)
        #expect((await get("/api/display", device + [("FW-Version", "1.5.1")]).1["image_url"] as? String)?.contains("/screen/kitchen.bmp?") == true)
        let last = await get("/api/display", device + [("FW-Version", "garbage")]).1
        #expect((last["image_url"] as? String)?.contains("/screen/kitchen.bmp?") == true)
        // A double press asks for its special function: sleep, for refresh_max, keeping the
        // picture it has by its filename (without one, the firmware's "wrong image size"):
        // the one it was last given, though the screen has changed since.
        #expect(config.pushBoard.push(try TimelineJSON.decode(Data(#"{"entries": [{"text": "changed after its last wake"}]}"#.utf8), now: testNow), to: "note"))
        await daemon.reload(kind: nil)
        try await daemon.step(now: testNow)
        let (_, sleep) = await get("/api/display", device + [("special_function", "true")])
        #expect(sleep["status"] as? Int == 0 && sleep["action"] as? String == "sleep" && sleep["refresh_rate"] as? Int == 3_600)
        #expect(sleep["filename"] as? String == last["filename"] as? String && sleep["image_url"] as? String == last["image_url"] as? String)
        #expect(await get("/api/display", device + [("FW-Version", "garbage")]).1["filename"] as? String != last["filename"] as? String)
        // Waking too often: a 429 whose body the firmware reads as a display answer, so it
        // carries the kept picture (without an address to open, "unable to connect").
        var hurried: [String: Any]?
        for _ in 0..<20 where hurried == nil {
            let response = await api.respond(to: WebRequest(method: "GET", path: "/api/display", headers: device + [("FW-Version", "1.8.15")]))
            if response.status == 429 { hurried = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any] }
        }
        #expect(hurried?["status"] as? Int == 0 && (hurried?["refresh_rate"] as? Int ?? 0) >= 1)
        #expect((hurried?["filename"] as? String)?.hasPrefix("kitchen-") == true && (hurried?["image_url"] as? String)?.hasPrefix("http://pi:8080/screen/kitchen.png?") == true)
        #expect(await api.respond(to: WebRequest(method: "POST", path: "/api/log", headers: [("ID", "A1:B2:C3:D4:E5:F6")])).status == 401)
    }

    @Test("TRMNL: calls with the device's MAC and a wrong key, ten a second, leave the device's own calls answered (issue 59, attack 7)")
    func trmnlWrongKeys() async throws {
        let (_, api, _) = try await running(keys: ClientKeys(file: nil))
        let clock = try #require(api.daemon.clock as? ManualClock)
        let setup = await api.respond(to: WebRequest(method: "GET", path: "/api/setup", headers: [("ID", "A1:B2:C3:D4:E5:F6")]))
        let key = try #require((try JSONSerialization.jsonObject(with: Data(setup.body)) as? [String: Any])?["api_key"] as? String)
        var answered = 0
        for second in 0..<80 {
            for _ in 0..<10 {
                _ = await api.respond(to: WebRequest(method: "GET", path: "/api/display", headers: [("ID", "A1:B2:C3:D4:E5:F6"), ("Access-Token", "wrong")]))
            }
            // The real device wakes every ten seconds.
            if second % 10 == 0 {
                let own = await api.respond(to: WebRequest(method: "GET", path: "/api/display", headers: [("ID", "A1:B2:C3:D4:E5:F6"), ("Access-Token", key)]))
                answered += own.status == 429 ? 0 : 1
            }
            clock.advance(by: 1)
        }
        #expect(answered == 8)
    }

    @Test("TRMNL: 5,000 set-up calls from unknown devices get 429 after a burst and one log line, counted in the next (attack 12)")
    func trmnlFlood() async throws {
        let (_, running, _) = try await running(keys: ClientKeys(file: nil))
        let log = CapturedLog()
        let api = WebAPI(daemon: running.daemon, config: running.config, keys: running.keys, logger: log.logger)
        let clock = try #require(api.daemon.clock as? ManualClock)
        var statuses: [Int: Int] = [:]
        var slowedDown: WebResponse?
        for n in 0..<5_000 {
            let id = String(format: "00:00:00:%02X:%02X:00", n / 256, n % 256)
            let response = await api.respond(to: WebRequest(method: "GET", path: "/api/setup", headers: [("ID", id)]))
            statuses[response.status, default: 0] += 1
            if response.status == 429 { slowedDown = response }
        }
        #expect(statuses[404] == 10 && statuses[429] == 4_990)
        // The firmware reads a 429's body: how long to sleep, not 0 s (it woke at once).
        let told = try JSONSerialization.jsonObject(with: Data(try #require(slowedDown).body)) as? [String: Any]
        #expect(told?["status"] as? Int == 0 && (told?["refresh_rate"] as? Int ?? 0) >= 1 && told?["image_url"] == nil)
        let unknown = { log.all.filter { $0.contains("asked to be set up") } }
        #expect(unknown().count == 1)
        // A configured device still gets its answer: unknown ones have a bucket of their own.
        #expect(await api.respond(to: WebRequest(method: "GET", path: "/api/setup", headers: [("ID", "A1:B2:C3:D4:E5:F6")])).status == 200)
        clock.advance(by: 61)
        #expect(await api.respond(to: WebRequest(method: "GET", path: "/api/setup", headers: [("ID", "00:00:00:00:00:09")])).status == 404)
        #expect(unknown().count == 2 && unknown().last?.contains("and 4999 more") == true)
        let refused = await api.respond(to: WebRequest(method: "GET", path: "/api/setup", headers: [("ID", "00:00:00:00:00:0A")]))
        #expect(refused.status == 404 || refused.headers.contains { $0.0 == "Retry-After" })
    }

    @Test("sign-in: Bearer or Basic with the token as password; a change from another site's page is 403")
    func signIn() async throws {
        let folder = try TemporaryFolder("web-clients")
        defer { folder.remove() }
        let dir = folder.path
        let token = dir + "/token"
        try Data("secret".utf8).write(to: URL(fileURLWithPath: token))
        chmod(token, 0o600)
        let (_, api, _) = try await running("0.0.0.0", keys: ClientKeys(file: nil), token: token)
        let basic = "Basic " + Data("me:secret".utf8).base64EncodedString()
        #expect(await api.respond(to: WebRequest(method: "GET", path: "/", authorization: basic)).status == 200)
        let page = await api.respond(to: WebRequest(method: "GET", path: "/"))
        #expect(page.status == 401 && page.headers.contains { $0.0 == "WWW-Authenticate" && $0.1.hasPrefix("Basic") })
        #expect(await api.respond(to: WebRequest(method: "GET", path: "/", authorization: "Basic " + Data("me:guess".utf8).base64EncodedString())).status == 401)
        #expect(await api.respond(to: WebRequest(method: "POST", path: "/api/reload", headers: [("Authorization", basic), ("Origin", "http://evil.example"), ("Host", "pi:8080")])).status == 403)
        #expect(await api.respond(to: WebRequest(method: "POST", path: "/api/reload", headers: [("Authorization", basic), ("Sec-Fetch-Site", "cross-site")])).status == 403)
        #expect(await api.respond(to: WebRequest(method: "POST", path: "/api/reload", headers: [("Authorization", basic), ("Origin", "http://pi:8080"), ("Host", "pi:8080")])).status == 200)
    }

    @Test("the page: the panel, each widget's state and the file's check as HTML, text escaped")
    func page() async throws {
        let (_, api, config) = try await running(keys: ClientKeys(file: nil))
        #expect(config.pushBoard.push(try TimelineJSON.decode(Data(#"{"entries": [{"text": "<b>tag</b>"}]}"#.utf8), now: testNow), to: "note"))
        let html = String(decoding: await api.respond(to: WebRequest(method: "GET", path: "/")).body, as: UTF8.self)
        #expect(html.contains("<img id=shot src=\"/api/screen.png"))
        #expect(html.contains("<b>word</b>") && html.contains("<b>note</b>"))
        #expect(html.contains("/screen/kindle.png") && !html.contains("<b>tag</b>"))
        // Nothing fetched from elsewhere: every address on the page is this server's.
        #expect(html.contains("name=viewport") && !html.contains("src=\"http") && !html.contains("href=\"http") && !html.contains("url("))
        // HEAD takes no watcher; a page's GET does, and gives it back when it leaves.
        #expect(await api.respond(to: WebRequest(method: "HEAD", path: "/api/events")).stream == nil && api.daemon.frames.watchers == 0)
        let events = await api.respond(to: WebRequest(method: "GET", path: "/api/events"))
        #expect(api.daemon.frames.watchers == 1)
        #expect(events.contentType == "text/event-stream")
        // Read as the connection reads it, in a task cancelled when the client leaves.
        let stream = try #require(events.stream)
        let chunks = Mutex<[String]>([])
        let reader = Task { for await chunk in stream { chunks.withLock { $0.append(String(decoding: chunk, as: UTF8.self)) } } }
        // Waited for by what it waits for, never by a count of turns (a busy machine gives fewer).
        _ = try await eventually { !chunks.withLock { $0.isEmpty } }
        #expect(chunks.withLock { $0.first?.hasPrefix("event: frame\ndata: {\"n\":1,\"w\":400,\"h\":240,") } == true)
        reader.cancel()
        _ = try await eventually { api.daemon.frames.watchers == 0 }
        #expect(api.daemon.frames.watchers == 0)
    }

    @Test("the editor: a text with mistakes changes nothing; a good one keeps the old file as .previous, is written whole and reloaded")
    func editor() throws {
        let folder = try TemporaryFolder("web-clients")
        defer { folder.remove() }
        let dir = folder.path
        let path = dir + "/config.toml"
        try Data("[layout]\ninline = \"a\"\n[widgets.a]\nkind = \"text\"\ntext = \"one\"\n".utf8).write(to: URL(fileURLWithPath: path))
        chmod(path, 0o640)
        let reloads = ReloadCount()
        let registry = self.registry
        let editor = ConfigEditor(path: path, check: { text, worldReadable in
            do throws(ConfigErrors) {
                _ = try RunningConfig.parse(text, file: path, registry: registry, worldReadable: worldReadable)
                return ([], [])
            } catch {
                return (error.issues.map(\.description), [])
            }
        }, reload: { reloads.add() })
        #expect(editor.current().errors.isEmpty && editor.current().text?.contains("one") == true)
        let bad = editor.apply("[layout]\ninline = \"b\"\n")
        #expect(!bad.applied && bad.errors == ["\(path):2: layout.inline: no [widgets.b] table"])
        #expect(try String(contentsOfFile: path, encoding: .utf8).contains("one") && reloads.value == 0)
        #expect(!FileManager.default.fileExists(atPath: path + ".previous"))
        let good = editor.apply("[layout]\ninline = \"a\"\n[widgets.a]\nkind = \"text\"\ntext = \"two\"\n")
        #expect(good.applied && reloads.value == 1)
        #expect(try String(contentsOfFile: path, encoding: .utf8).contains("two"))
        #expect(try String(contentsOfFile: path + ".previous", encoding: .utf8).contains("one"))
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int == 0o640)
        #expect(!FileManager.default.fileExists(atPath: path + ".tmp"))
    }

    @Test("the editor writes through a new temporary of its own: a hard link left at FILE.tmp is not written through; a symlinked file is edited where it points (attack 13)")
    func editorLinks() throws {
        let folder = try TemporaryFolder("web-clients")
        defer { folder.remove() }
        let dir = folder.path
        let path = dir + "/config.toml"
        try Data("# one\n".utf8).write(to: URL(fileURLWithPath: path))
        let victim = dir + "/victim"
        try Data("keep me\n".utf8).write(to: URL(fileURLWithPath: victim))
        #expect(link(victim, path + ".tmp") == 0)
        #expect(link(victim, path + ".previous.tmp") == 0)
        let editor = ConfigEditor(path: path, check: { _, _ in ([], []) }, reload: {})
        #expect(editor.apply("# two\n").applied)
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "keep me\n")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "# two\n")
        #expect(try String(contentsOfFile: path + ".previous", encoding: .utf8) == "# one\n")

        // A symlinked configuration: the link stays, its target changes.
        try FileManager.default.createDirectory(atPath: dir + "/real", withIntermediateDirectories: true)
        let target = dir + "/real/screen.toml"
        try Data("# three\n".utf8).write(to: URL(fileURLWithPath: target))
        let linked = dir + "/linked.toml"
        #expect(symlink(target, linked) == 0)
        let viaLink = ConfigEditor(path: linked, check: { _, _ in ([], []) }, reload: {})
        #expect(viaLink.apply("# four\n").applied)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: linked) == target)
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "# four\n")
        #expect(try String(contentsOfFile: target + ".previous", encoding: .utf8) == "# three\n")
        // No temporary left behind anywhere.
        let left = try FileManager.default.contentsOfDirectory(atPath: dir) + FileManager.default.contentsOfDirectory(atPath: dir + "/real")
        #expect(left.filter { $0.contains(".tmp.") }.isEmpty)
    }

    @Test("applying from the page is off unless [http] edit = true; the page then shows the file read-only")
    func editingOff() async throws {
        let folder = try TemporaryFolder("web-clients")
        defer { folder.remove() }
        let dir = folder.path
        let path = dir + "/config.toml"
        try Data("[http]\n".utf8).write(to: URL(fileURLWithPath: path))
        chmod(path, 0o600)
        let (_, running, _) = try await running(keys: ClientKeys(file: nil), token: path)
        let editor = ConfigEditor(path: path, check: { _, _ in ([], []) }, reload: {})
        for edit in [false, true] {
            var web = running.config
            web.edit = edit
            let api = WebAPI(daemon: running.daemon, config: web, editor: editor, logger: quietLogger)
            let applied = await api.respond(to: WebRequest(method: "POST", path: "/api/config", authorization: "Bearer [http]", body: Array("[http]\n#\n".utf8)))
            #expect(applied.status == (edit ? 200 : 403))
            let html = String(decoding: await api.respond(to: WebRequest(method: "GET", path: "/")).body, as: UTF8.self)
            #expect(html.contains("id=apply") == edit && html.contains("readonly") == !edit)
        }
        #expect(try RunningConfig.parse("[http]\nedit = true\n", file: "c.toml", registry: registry).web?.edit == true)
        #expect(try RunningConfig.parse("[http]\n", file: "c.toml", registry: registry).web?.edit == false)
    }

    @Test("query parameters are decoded; malformed escapes are refused")
    func query() {
        let request = WebRequest(method: "GET", path: "/", query: "a=1&key=ab%2Bc+d&empty=&bad=%zz")
        #expect(request.parameter("key") == "ab+c d" && request.parameter("a") == "1" && request.parameter("empty") == "")
        #expect(request.parameter("bad") == nil && request.parameter("none") == nil)
        #expect(WebAPI.credential("Basic " + Data("u:p:q".utf8).base64EncodedString()) == "p:q" && WebAPI.credential("Basic !!") == nil)
    }
}

/// Counts calls from any thread.
private final class ReloadCount: Sendable {
    private let count = Mutex(0)
    func add() { count.withLock { $0 += 1 } }
    var value: Int { count.withLock { $0 } }
}
