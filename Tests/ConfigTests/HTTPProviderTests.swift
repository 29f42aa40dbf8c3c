import Accessory
import Foundation
import LockScreenModel  // for .row
@testable import TOML
import Testing
@testable import Config
@testable import ControlProtocol
@testable import JSON
@testable import LockScreen
@testable import Providers
@testable import DaemonRuntime
@testable import TimelineEngine
import TestSupport
import ProviderOptions
import DaemonTestSupport
import LockscreendCommand

@Suite("HTTP provider", .serialized)
struct HTTPProviderTests {
    let registry = WidgetRegistry.standard(systemRoot: fixtureRoot)

    func widget(_ server: LoopbackHTTPServer, _ path: String, extra: String = "", timeout: Int = 2) throws -> TimelineEngine.Widget {
        let config = try RunningConfig.parse("""
            [layout]
            row = ["w"]
            [widgets.w]
            kind = "http"
            family = "rectangular"
            url = "\(server.url(path))"
            every = 15
            timeout = \(timeout)
            text = "{$.name} {$.main.temp}°"
            lines = ["{$.list[0].weather[0].description}"]
            gauge = { value = "$.main.humidity", max = 100, label = "RH" }
            \(extra)
            """, file: "t.toml", registry: registry)
        return config.content.row[0].widgets[0]
    }

    /// One reload of `widget` at `testNow`, waiting for its answer (the engine's manual
    /// clock never ends the grace: the step returns when the fetch has answered or failed).
    func reload(_ widget: TimelineEngine.Widget) async throws -> TimelineEngine {
        let engine = TimelineEngine(widgets: [widget], now: testNow, clock: ManualClock(start: testNow), logger: quietLogger)
        await engine.reloadDue(now: testNow)
        return engine
    }

    @Test("values are picked by JSON path into the family template, asked again after the interval")
    func good() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        var reader = ConfigReader(file: "t.toml", files: SystemFiles())
        let source = try #require(HTTPWidgetSource.read(
            try TOMLParser.parse("url = \"\(server.url("/ok"))\"\ntext = \"{$.name} {$.main.temp}°\"\nlines = [\"{$.list[0].weather[0].description}\"]\ngauge = { value = \"$.main.humidity\", max = 100 }"),
            at: "w", reader: &reader))
        let timeline = try await source.timeline(fetcher: source.fetcher, now: testNow)
        let entry = try #require(timeline.entries.first?.content)
        #expect(entry["text"] == JSONValue.string("London 12.5°"))
        #expect(entry["lines"] == JSONValue.array([.string("light rain")]))
        #expect(entry["gauge"]?["value"] == JSONValue.number(81))
        #expect(timeline.policy == .after(testNow + 900))
        let engine = try await reload(try widget(server, "/ok"))
        #expect(await engine.status(0, at: testNow).failures == 0)
        #expect(await engine.shown(0, at: testNow).isPlaceholder == false)
    }

    @Test("a failing server marks the widget stale and says why", arguments: [
        ("/error", "HTTP 500"),
        ("/invalid", "the response is not JSON"),
        ("/huge", "the response is larger than 1048576 bytes"),
        ("/missing", "HTTP 404"),
    ])
    func failures(path: String, message: String) async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        let engine = try await reload(try widget(server, path))
        let status = await engine.status(0, at: testNow)
        #expect(status.failures == 1)
        #expect(status.lastError == message)
        #expect(status.nextReload == testNow + 30)
    }

    @Test("a slow server runs into the time-out")
    func slow() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        let clock = ManualClock(start: testNow)
        let engine = TimelineEngine(widgets: [try widget(server, "/slow", timeout: 1)], now: testNow, clock: clock, logger: quietLogger)
        let reloaded = Task { await engine.reloadDue(now: testNow) }
        await clock.sleeping()
        // The step's grace and the request's time-out pass; the engine hears of the
        // failure after the step stopped waiting.
        clock.advance(by: 1)
        _ = await reloaded.value
        for await _ in engine.changes { break }
        let status = await engine.status(0, at: testNow)
        #expect(status.failures == 1)
        #expect(status.lastError == "no complete response within 1 s")
    }

    @Test("a path the response lacks is an error naming it")
    func missingPath() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        let engine = try await reload(try widget(server, "/echo"))
        #expect(await engine.status(0, at: testNow).lastError == "the response has no $.name")
    }

    @Test("secret headers come from the environment or a file its owner alone reads; inline ones are refused in a world-readable file")
    func secrets() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("token-\(UUID())").path
        try "s3cret\n".write(toFile: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: file) }
        // Readable by all whatever the umask: the control socket's tests and its server
        // change the process's umask for a moment while other suites run.
        chmod(file, 0o644)
        var open = ConfigReader(file: "t.toml", files: SystemFiles())
        _ = HTTPWidgetSource.read(try TOMLParser.parse("url = \"https://example.org\"\ntext = \"x\"\nheaders = { Authorization = { file = \"\(file)\" } }"), at: "w", reader: &open)
        #expect(open.issues.map(\.key) == ["w.headers.Authorization.file"], "a header file every user reads is refused when the configuration is read")
        chmod(file, 0o600)
        var table = try TOMLParser.parse("url = \"\(server.url("/echo"))\"\ntext = \"{$.auth}\"\nheaders = { Authorization = { file = \"\(file)\", prefix = \"Bearer \" } }")
        var reader = ConfigReader(file: "t.toml", files: SystemFiles())
        let source = try #require(HTTPWidgetSource.read(table, at: "w", reader: &reader))
        let echoed = try await source.timeline(fetcher: source.fetcher, now: testNow).entries.first?.content["text"]
        #expect(echoed == JSONValue.string("Bearer s3cret"))

        table = try TOMLParser.parse("url = \"https://example.org\"\ntext = \"x\"\nheaders = { Authorization = \"Bearer inline\" }")
        reader.worldReadable = true
        _ = HTTPWidgetSource.read(table, at: "w", reader: &reader)
        #expect(reader.issues.map(\.key) == ["w.headers.Authorization"])
    }
}
