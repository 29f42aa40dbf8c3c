import Accessory
import Canvas
@testable import ControlSocket
import Foundation
import Panel
import Testing
@testable import Config
@testable import ControlProtocol
@testable import JSON
@testable import LockScreen
@testable import Providers
@testable import DaemonRuntime
@testable import TimelineEngine
import TestSupport
import DaemonTestSupport
import DaemonInterface
import ProviderOptions

@Suite("Control socket", .serialized)
struct ControlSocketTests {
    /// A daemon with a push widget and a system widget, its control socket in a fresh directory.
    func withDaemon(_ body: (ControlClient, LockScreenDaemon, String) async throws -> Void) async throws {
        let folder = try TemporaryFolder("ctl")
        defer { folder.remove() }
        let dir = folder.path
        let config = try RunningConfig.parse("""
            [layout]
            row = ["inbox", "mem"]
            [widgets.inbox]
            kind = "push"
            [widgets.mem]
            kind = "system"
            metric = "memory"
            """, file: "t.toml", registry: .standard(systemRoot: fixtureRoot))
        var options = testOptions(width: 250, height: 122)
        options.content = config.content
        let daemon = LockScreenApplication.daemon(options, display: MemoryDisplay(width: 250, height: 122, keepsHistory: false), logger: quietLogger)
        daemon.frames.open()
        try await daemon.step(now: testNow)
        // A silent client is let go only for a newcomer's slot, never by the 5 s deadline
        // while a test runs: what the tests below check is the order of events.
        let server = try ControlServer(path: dir + "/sock", requestSeconds: 600)
        defer { server.stop() }
        let handler = ControlHandler(engine: daemon.engine, board: config.pushBoard, frames: daemon.frames, clock: ManualClock(start: testNow))
        server.start(handler)
        // The client's own limit only guards against a hang; its calls block, so they run
        // off the cooperative pool (`blocking`), where the handler answers.
        try await body(ControlClient(path: dir + "/sock", timeout: 120), daemon, dir)
    }

    @Test("status lists every widget with what it shows")
    func status() async throws {
        try await withDaemon { client, _, _ in
            let reply = try await blocking { try client.send(.status) }
            #expect(reply.ok)
            #expect(reply.widgets?.map(\.name) == ["inbox", "mem"])
            #expect(reply.widgets?.first?.shown == "placeholder")
            #expect(reply.widgets?.last?.stale == false)
        }
    }

    @Test("a push replaces the widget's timeline; the next step draws it")
    func push() async throws {
        try await withDaemon { client, daemon, _ in
            let timeline = try #require(JSONValue.parse(Data(#"{"entries": [{"text": "3 new"}]}"#.utf8)))
            #expect(try await blocking { try client.send(.push(widget: "inbox", timeline: timeline)) }.ok)
            // The push is a reload request the engine serves at the next step.
            await daemon.engine.requestReload(kind: "push.inbox")
            try await daemon.step(now: testNow + 1)
            #expect(await daemon.engine.shown(0, at: testNow + 1).isPlaceholder == false)
        }
    }

    @Test("bad requests get an error reply and change nothing", arguments: [
        ("garbage\n", "not a request: expected one JSON object such as {\"request\": \"status\"}"),
        (#"{"request": "stats"}"# + "\n", "unknown request 'stats' (did you mean 'status'?); expected reload, push, status, snapshot, page, tap, refresh, screen or activity"),
        (#"{"request": "push", "widget": "nobody", "timeline": {"entries": []}}"# + "\n", "no push widget named 'nobody' (push widgets: inbox)"),
        (#"{"request": "push", "widget": "inbox", "timeline": {"entries": [{"gauge": {}}]}}"# + "\n", "the timeline is not valid: $.entries[0].gauge: no \"value\""),
        (#"{"request": "reload", "kind": "nokind"}"# + "\n", "no widget of kind 'nokind'"),
        // As deep as JSONTestSuite's deepest files: said so, not "expected one JSON object".
        (#"{"request": "push", "widget": "inbox", "timeline": "# + String(repeating: "[", count: 600) + String(repeating: "]", count: 600) + "}\n",
         "not a request: JSON nested more than 512 arrays and objects deep"),
        (String(repeating: "[", count: 100_000) + "\n", "not a request: JSON nested more than 512 arrays and objects deep"),
    ])
    func bad(request: String, error: String) async throws {
        try await withDaemon { client, daemon, _ in
            let reply = try await blocking { try client.exchange(Data(request.utf8)) }
            #expect(reply == .failure(error))
            #expect(await daemon.engine.shown(0, at: testNow).isPlaceholder)
        }
    }

    @Test("an oversized request is refused before it is read whole")
    func oversized() async throws {
        try await withDaemon { client, _, _ in
            let reply = try await blocking { try client.exchange(Data(repeating: 0x41, count: ControlRequest.maximumSize + 10)) }
            #expect(reply == .failure("the request is larger than \(ControlRequest.maximumSize) bytes"))
        }
    }

    @Test("a snapshot sends the presented frame as PNG; the daemon writes no file")
    func snapshot() async throws {
        try await withDaemon { client, daemon, dir in
            // A path in the request, as an older client sent, is not a file to write.
            let reply = try await blocking { try client.exchange(Data(#"{"request": "snapshot", "path": "\#(dir)/now.png"}"#.utf8 + [0x0A])) }
            #expect(reply.ok)
            #expect(!FileManager.default.fileExists(atPath: dir + "/now.png"))
            let png = try #require(reply.png)
            #expect(png.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
            try png.write(to: URL(fileURLWithPath: dir + "/now.png"))
            #expect(try Frame(contentsOfPNG: dir + "/now.png").width == daemon.currentFrame.width)
        }
    }

    @Test("clients that never send their request hold up no one: a status is answered while they wait")
    func silentClients() async throws {
        try await withDaemon { client, _, dir in
            // Fewer than one user's slots, so none is let go to make room.
            let silent = (0..<(ControlServer.maximumClientsPerUser - 2)).map { _ in UnixSocket.open() }
            defer { silent.forEach { close($0) } }
            for fd in silent { #expect(UnixSocket.connect(fd, to: dir + "/sock") == 0) }
            // Served one after another, the status would wait for the silent clients'
            // requests, which never come (their deadline is 600 s here): it is answered,
            // and every silent client is still connected, unanswered, after it.
            let reply = try await blocking { try client.send(.status) }
            #expect(reply.ok)
            for fd in silent { #expect(Self.waiting(fd)) }
        }
    }

    /// Whether a client's connection is still open with nothing to read: neither answered
    /// nor let go.
    static func waiting(_ fd: Int32) -> Bool {
        var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&pfd, 1, 0) == 0
    }

    @Test("100 clients of one user that connect and say nothing: a status still gets in, the longest silent let go (attack 11)")
    func silentFlood() async throws {
        try await withDaemon { client, _, dir in
            let silent = (0..<100).map { _ in UnixSocket.open() }
            defer { silent.forEach { close($0) } }
            for fd in silent { #expect(UnixSocket.connect(fd, to: dir + "/sock") == 0) }
            for _ in 0..<10 { #expect((try? await blocking { try client.send(.status) })?.ok == true) }
            // The first of them were let go to make room: reading finds the end (or a
            // reply) at once; the newest is still waiting (its deadline is 600 s here).
            #expect(!Self.waiting(silent[0]))
            #expect(Self.waiting(silent[99]))
        }
    }

    @Test("a second daemon cannot take a socket in use; a dead one's socket is replaced")
    func inUse() async throws {
        try await withDaemon { _, _, dir in
            #expect(throws: ControlServer.Failure.inUse(path: dir + "/sock")) { try ControlServer(path: dir + "/sock") }
        }
        let folder = try TemporaryFolder("ctl")
        defer { folder.remove() }
        let dir = folder.path
        // A socket nobody answers on: left by a daemon that died.
        let dead = UnixSocket.open()
        #expect(UnixSocket.withAddress(dir + "/sock") { bind(dead, $0, $1) } == 0)
        close(dead)
        let server = try ControlServer(path: dir + "/sock")
        server.stop()
        #expect(!FileManager.default.fileExists(atPath: dir + "/sock"))
    }

    @Test("a path that is not a socket is never removed; a socket is created 0660; a long path is refused")
    func pathSafety() throws {
        let folder = try TemporaryFolder("ctl")
        defer { folder.remove() }
        let dir = folder.path
        #expect(FileManager.default.createFile(atPath: dir + "/file", contents: Data("keep me".utf8)))
        #expect(throws: ControlServer.Failure.notASocket(path: dir + "/file")) { try ControlServer(path: dir + "/file") }
        #expect(FileManager.default.contents(atPath: dir + "/file") == Data("keep me".utf8))

        let previous = umask(0)
        defer { umask(previous) }
        let server = try ControlServer(path: dir + "/sock")
        var info = stat()
        #expect(lstat(dir + "/sock", &info) == 0 && info.st_mode & 0o777 == 0o660)
        // Replaced meanwhile by something else: stopping leaves it.
        unlink(dir + "/sock")
        #expect(FileManager.default.createFile(atPath: dir + "/sock", contents: Data("other".utf8)))
        server.stop()
        #expect(FileManager.default.contents(atPath: dir + "/sock") == Data("other".utf8))

        let long = dir + "/" + String(repeating: "s", count: 120)
        #expect(throws: ControlServer.Failure.self) { try ControlServer(path: long) }
        #expect(!FileManager.default.fileExists(atPath: String(long.utf8.prefix(107))!))
        #expect(throws: ControlClient.Failure.self) { try ControlClient(path: long).send(.status) }
    }
}

@Suite("Engine reload floor")
struct ReloadFloorTests {
    @Test("a timeline whose end is already past is asked for again after a second, not at once")
    func floor() async throws {
        let calls = Counter()
        let widget = Scripted.widget("past", budget: .unlimited, Scripted.instance(calls: calls) { call, now in
            RenderableTimeline(entries: [Scripted.entry(now - 60, "\(call)")], policy: .atEnd)
        })
        let engine = TimelineEngine(widgets: [widget], now: testNow, clock: ManualClock(start: testNow), logger: quietLogger)
        await engine.reloadDue(now: testNow)
        await engine.reloadDue(now: testNow + 0.5)
        #expect(calls.count == 1)
        #expect(await engine.nextEvent(after: testNow + 0.5) == testNow + 1)
        await engine.reloadDue(now: testNow + 1)
        #expect(calls.count == 2)
    }
}

/// What the socket hands the daemon, seen from a stand-in: each line read once into the
/// request it names, malformed lines refused at the socket.
@Suite("Control socket's requests")
struct ControlSocketRequestTests {
    @Test("a line reaches the daemon as the typed request it names; a malformed one never reaches it")
    func typed() async throws {
        let folder = try TemporaryFolder("socket-requests")
        defer { folder.remove() }
        let daemon = StandInDaemon(clock: ManualClock(start: testNow)) { request in
            request == .status ? ControlReply(ok: true, widgets: []) : .failure("refused by the stand-in", status: 409)
        }
        let server = try ControlServer(path: folder.path + "/sock", requestSeconds: 600)
        defer { server.stop() }
        server.start(daemon)
        let client = ControlClient(path: folder.path + "/sock", timeout: 120)
        #expect(try await blocking { try client.send(.status) } == ControlReply(ok: true, widgets: []))
        let line = #"{"request": "push", "widget": "inbox", "timeline": {"entries": [{"text": "hi", "date": 5}]}}"#
        #expect(try await blocking { try client.exchange(Data((line + "\n").utf8)) } == .failure("refused by the stand-in", status: 409))
        #expect(try await blocking { try client.exchange(Data((#"{"request": "stats"}"# + "\n").utf8)) }.error?.contains("did you mean 'status'") == true)
        #expect(try await blocking { try client.exchange(Data((#"{"request": "tap", "x": 3}"# + "\n").utf8)) }.ok == false)
        let timeline = try #require(JSONValue.parse(Data(#"{"entries": [{"text": "hi", "date": 5}]}"#.utf8)))
        #expect(daemon.requests == [.status, .push(widget: "inbox", timeline: timeline)])
    }
}
