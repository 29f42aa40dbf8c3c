import Config
import DaemonInterface
import DaemonRuntime
import Canvas
import Dispatch
import FoundationEssentials
import Glibc
import LockScreen
import LockScreenModel  // for .lock
import Logging
import Providers
import Synchronization
import TimelineEngine
import Web
import WebTrust

extension FuzzTarget {
    /// An HTTP request as the server hands it over once NIO has parsed it — request line,
    /// headers, body — through the API: routes, the token (Bearer and Basic), query
    /// parameters, client screens' names and keys, TRMNL's headers. No socket; the
    /// configuration editor is left out (it would write files).
    static let web = FuzzTarget(name: "web", seeds: [], inline: webSeeds) { bytes in
        let blank = bytes.indices.dropLast().first { bytes[$0] == 0x0A && bytes[$0 + 1] == 0x0A }
        let head = String(decoding: bytes[..<(blank ?? bytes.endIndex)], as: UTF8.self)
        let body = blank.map { Array(bytes[($0 + 2)...]) } ?? []
        let lines = head.split(separator: "\n", omittingEmptySubsequences: false)
        let start = (lines.first ?? "").split(separator: " ", maxSplits: 2)
        let uri = start.count > 1 ? String(start[1]) : "/"
        let path = String(uri.prefix { $0 != "?" })
        let headers = lines.dropFirst().compactMap { line -> (String, String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), String(line[line.index(after: colon)...].drop { $0 == " " }))
        }
        let request = WebRequest(method: start.first.map(String.init) ?? "GET", path: path, query: String(uri.dropFirst(path.count + 1)), headers: headers, body: body)
        let done = DispatchSemaphore(value: 0)
        Task {
            _ = await webAPI.respond(to: request)
            done.signal()
        }
        done.wait()
    }

    /// The API in front of an engine without widgets, two clients (one a TRMNL) and a
    /// token in the fuzzing directory.
    static let webAPI: WebAPI = {
        let now = Date(timeIntervalSince1970: 1_795_356_297)
        let token = (ProcessInfo.processInfo.environment["FUZZ_DIR"] ?? "/tmp") + "/web-token"
        _ = try? Data("fuzz-token\n".utf8).write(to: URL(fileURLWithPath: token))
        chmod(token, 0o600)
        let quiet = Logger(label: "fuzz") { _ in SwiftLogNoOpLogHandler() }
        let engine = TimelineEngine(widgets: [], now: now, clock: ManualClock(start: now), logger: quiet)
        // A panel has been presented, so taps are checked against its size.
        let frames = FrameMailbox()
        frames.open()
        frames.update([], from: Frame(width: 800, height: 480))
        let handler = ControlHandler(engine: engine, board: PushBoard(names: ["note"]), frames: frames, clock: ManualClock(start: now),
                                     inbox: DaemonInbox(pages: [.lock]))
        var config = WebConfig(host: "127.0.0.1", port: 8080, tokenFile: token)
        var kitchen = ClientProfile(name: "kitchen", width: 800, height: 480)
        kitchen.trmnlID = "A1:B2:C3:D4:E5:F6"
        config.clients = ["kitchen": kitchen, "kindle": ClientProfile(name: "kindle", width: 600, height: 800)]
        // One APNs key: the seeds' provider token is signed by it (iat an hour before `now`).
        let key = try! ProviderTokens.Key(id: "ABC123DEFG", team: "DEF123GHIJ", pem: """
            -----BEGIN PUBLIC KEY-----
            MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE3fnpOUyRQnULLkGP4P5UGP9t3fPl
            MVcEhwvYgbwJtOjCRkoD5knNCW8G8oHZz5Z4eD+n/eJOcoCAAz5XTEqC6g==
            -----END PUBLIC KEY-----
            """)
        return WebAPI(daemon: handler, config: config, keys: ClientKeys(file: nil), providerTokens: ProviderTokens([key]), logger: quiet)
    }()

    static let webSeeds = [
        "GET /api/status\nHost: pi:8080",
        "POST /api/push/note\nAuthorization: Bearer fuzz-token\nOrigin: http://pi:8080\nHost: pi:8080\n\n{\"entries\": [{\"text\": \"hi\"}]}",
        "POST /api/reload\nAuthorization: Basic bWU6ZnV6ei10b2tlbg==\nSec-Fetch-Site: same-origin",
        "GET /screen/kindle.png?key=ab%2Bc+d&v=1",
        "GET /api/display\nID: a1:b2:c3:d4:e5:f6\nAccess-Token: 00\nHost: [::1]:8080",
        "GET /api/setup\nID: A1:B2:C3:D4:E5:F6",
        "POST /api/tap\nAuthorization: Bearer fuzz-token\n\n{\"x\": 1e308, \"y\": -1e308}",
        "POST /api/tap\nAuthorization: Bearer fuzz-token\n\n{\"x\": 310.5, \"y\": 402}",
        "POST /api/log\nID: A1:B2:C3:D4:E5:F6\nAccess-Token: x\n\n{\"log\": {\"message\": \"low\"}}",
        "GET /\nAuthorization: Basic !!!",
        "HEAD /api/events", "GET /api/clients\nAuthorization: Bearer fuzz-token", "POST /api/page/next\nAuthorization: Bearer fuzz-token",
        "POST /api/config\nAuthorization: Bearer fuzz-token\n\n[layout]\n",
        "POST /3/device/00aa11bb22cc33dd\nauthorization: bearer eyJhbGciOiJFUzI1NiIsImtpZCI6IkFCQzEyM0RFRkciLCJ0eXAiOiJKV1QifQ.eyJpc3MiOiJERUYxMjNHSElKIiwiaWF0IjoxNzk1MzU2MDAwfQ."
            + "9qCNbbmT4D47-IUb2mAHQd0Wkx3cqqc6NznLxMnDnLd_Jq7MrDJBUUh6PWEf2X-N9XgX0zflXAIhYOSQRvvyHQ\napns-push-type: liveactivity\n"
            + "apns-topic: com.example.kettle.push-type.liveactivity\n\n{\"aps\": {\"event\": \"start\", \"timestamp\": 1795356300, \"attributes-type\": "
            + "\"LockScreenActivity\", \"attributes\": {\"title\": \"Kettle\"}, \"content-state\": {\"value\": \"40°\"}}}",
        "POST /api/activities/00aa11bb22cc33dd\nAuthorization: Bearer fuzz-token\napns-priority: 5\n\n{\"aps\": {\"event\": \"update\", \"timestamp\": 1795356300, \"content-state\": {\"value\": \"3 min\"}}}",
    ]
}
