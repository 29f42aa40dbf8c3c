import ActivityKitCore
import Accessory  // for .record, .phase
import Foundation
import JSON
import LockScreenModel  // for .book
import Panel
import Testing
@testable import Config
@testable import ControlProtocol
@testable import LockScreen
@testable import Providers
@testable import DaemonRuntime
@testable import TimelineEngine
@testable import Web
@testable import WebTrust
import TestSupport
import DaemonTestSupport

/// APNs's provider API on the HTTP face (issue 60): `POST /3/device/<token>` with the
/// headers an APNs client sends, answered as APNs answers — `apns-id`, an error's status
/// and `reason` — against a daemon taking the pushes from its inbox.
@Suite("APNs provider API")
struct APNsProviderTests {
    static let token = "00aa11bb22cc33dd"
    static let start = #"{"aps": {"event": "start", "timestamp": 1795356300, "attributes-type": "LockScreenActivity", "attributes": {"title": "Delivery"}, "content-state": {"message": "2 stops away", "value": "12 min"}}}"#
    static let headers = [("authorization", "bearer t"), ("apns-push-type", "liveactivity"), ("apns-topic", "com.example.pizza.push-type.liveactivity"),
                          ("apns-priority", "10"), ("apns-expiration", "0")]

    func daemon(_ folder: TemporaryFolder) throws -> (LockScreenDaemon, WebAPI) {
        let token = folder.url.appendingPathComponent("token").path
        try Data("t\n".utf8).write(to: URL(fileURLWithPath: token))
        chmod(token, 0o600)
        let clock = ManualClock(start: testNow)
        let options = testOptions(width: 480, height: 800)
        let daemon = LockScreenDaemon(content: .init(inline: nil, row: [TimelineEngine.Widget]()), renderer: LockScreenApplication.renderer(options),
                                      display: MemoryDisplay(width: 480, height: 800), clock: clock, behaviour: options.behaviour, logger: quietLogger)
        let handler = ControlHandler(engine: daemon.engine, board: PushBoard(names: []), frames: daemon.frames, clock: clock, inbox: daemon.inbox)
        return (daemon, WebAPI(daemon: handler, config: WebConfig(host: "127.0.0.1", port: 8080, tokenFile: token)))
    }

    /// The answer to `request`, the daemon taking what it queues as its loop would.
    func send(_ request: WebRequest, to api: WebAPI, daemon: LockScreenDaemon) async throws -> WebResponse {
        try await daemon.answering { await api.respond(to: request) }
    }

    func post(_ path: String, _ body: String, headers: [(String, String)] = headers) -> WebRequest {
        WebRequest(method: "POST", path: path, query: "", headers: headers, body: Array(body.utf8))
    }

    func reason(_ response: WebResponse) -> String? {
        guard case let .object(body)? = JSONValue.parse(Data(response.body)), case let .string(reason)? = body["reason"] else { return nil }
        return reason
    }

    @Test("a push as an APNs client sends it (lower-case bearer, the liveactivity headers) is taken: 200 with the request's apns-id")
    func delivered() async throws {
        let folder = try TemporaryFolder("apns")
        defer { folder.remove() }
        let (daemon, api) = try daemon(folder)
        let id = "1F2E3D4C-5B6A-4978-8695-A4B3C2D1E0F9"
        let answer = try await send(post("/3/device/\(Self.token)", Self.start, headers: Self.headers + [("apns-id", id)]), to: api, daemon: daemon)
        #expect(answer.status == 200)
        #expect(answer.headers.contains { $0.0 == "apns-id" && $0.1 == id.lowercased() } && answer.headers.contains { $0.0 == "apns-unique-id" })
        #expect(daemon.activities.book.record(Self.token)?.phase == .active)
        let gone = try await send(post("/3/device/ffff0000ffff0000", #"{"aps": {"event": "update", "timestamp": 1795356400, "content-state": {}}}"#), to: api, daemon: daemon)
        #expect(gone.status == 410 && reason(gone) == "Unregistered")
        #expect(String(decoding: gone.body, as: UTF8.self).contains("\"timestamp\""))
        // Sent out of order: APNs takes it and the device drops it; the daemon's own
        // address says why.
        let older = #"{"aps": {"event": "update", "timestamp": 1795356000, "content-state": {}}}"#
        let late = try await send(post("/3/device/\(Self.token)", older), to: api, daemon: daemon)
        #expect(late.status == 200 && late.headers.contains { $0.0 == "apns-id" })
        let lateHere = try await send(post("/api/activities/\(Self.token)", older, headers: [("Authorization", "Bearer t")]), to: api, daemon: daemon)
        #expect(lateHere.status == 409 && reason(lateHere) == "OutOfOrder")
        // The same shape on the daemon's own address.
        let own = try await send(post("/api/activities/\(Self.token)", #"{"aps": {"event": "start", "attributes-type": "Nope", "attributes": {}, "content-state": {}}}"#,
                                      headers: [("Authorization", "Bearer t")]), to: api, daemon: daemon)
        #expect(own.status == 400 && reason(own) == "UnknownAttributesType" && own.headers.contains { $0.0 == "apns-id" })
    }

    @Test("what APNs refuses is refused with APNs's status and reason, before the daemon sees it")
    func refused() async throws {
        let folder = try TemporaryFolder("apns")
        defer { folder.remove() }
        let (daemon, api) = try daemon(folder)
        func without(_ name: String, adding extra: [(String, String)] = []) -> [(String, String)] {
            Self.headers.filter { $0.0 != name } + extra
        }
        let cases: [(WebRequest, Int, String)] = [
            (post("/3/device/\(Self.token)", Self.start, headers: without("authorization")), 403, "MissingProviderToken"),
            (post("/3/device/\(Self.token)", Self.start, headers: without("authorization", adding: [("authorization", "bearer nope")])), 403, "InvalidProviderToken"),
            (post("/3/device/\(Self.token)", Self.start, headers: without("apns-push-type", adding: [("apns-push-type", "alert")])), 400, "InvalidPushType"),
            (post("/3/device/\(Self.token)", Self.start, headers: without("apns-topic")), 400, "MissingTopic"),
            (post("/3/device/\(Self.token)", Self.start, headers: without("apns-topic", adding: [("apns-topic", "com.example.pizza")])), 400, "TopicDisallowed"),
            (post("/3/device/\(Self.token)", Self.start, headers: without("apns-priority", adding: [("apns-priority", "7")])), 400, "BadPriority"),
            (post("/3/device/\(Self.token)", Self.start, headers: without("apns-expiration", adding: [("apns-expiration", "soon")])), 400, "BadExpirationDate"),
            (post("/3/device/\(Self.token)", Self.start, headers: Self.headers + [("apns-id", "not-a-uuid")]), 400, "BadMessageId"),
            (post("/3/device/\(Self.token)", ""), 400, "PayloadEmpty"),
            (post("/3/device/\(Self.token)", String(repeating: " ", count: 9000)), 413, "PayloadTooLarge"),
            (post("/3/device/zz", Self.start), 400, "BadDeviceToken"),
            (post("/3/device/\(Self.token)", #"{"aps": {"event": "start", "timestamp": 1795356300, "attributes-type": "LockScreenActivity", "attributes": {}, "content-state": {"title": 5}}}"#), 400, "PayloadEmpty"),
            (post("/3/device/\(Self.token)", #"{"aps": {"event": "start", "timestamp": 1795356300, "attributes-type": "Nope", "attributes": {}, "content-state": {}}}"#), 400, "BadTopic"),
            (WebRequest(method: "GET", path: "/3/device/\(Self.token)", query: "", headers: Self.headers, body: []), 405, "MethodNotAllowed"),
        ]
        for (request, status, expected) in cases {
            // Only reasons APNs's clients know: kalyke-apns and pyapns_client raise the
            // exception a reason names, and have none for another.
            #expect(WebAPI.apnsReasons.contains(expected))
            let answer = try await send(request, to: api, daemon: daemon)
            #expect(answer.status == status && reason(answer) == expected, "\(expected): \(answer.status) \(String(decoding: answer.body, as: UTF8.self))")
            #expect(answer.headers.contains { $0.0 == "apns-id" })
        }
        #expect(daemon.activities.book.records.isEmpty)
    }
}

/// Provider tokens (ES256 JWTs) of the keys in `[apns]`, on the APNs route and the daemon's
/// own: taken when signed by a known key of its team within the hour, else refused with
/// APNs's reason.
@Suite("APNs provider tokens")
struct APNsProviderTokenTests {
    static let key = try! P256Key.generate()

    /// A token as APNs clients sign it.
    static func token(key: P256Key = key, id: String = "ABC123DEFG", team: String = "DEF123GHIJ", issued: String) throws -> String {
        func part(_ text: String) -> String {
            Data(text.utf8).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
        }
        let signed = part(#"{"alg":"ES256","kid":"\#(id)"}"#) + "." + part(#"{"iss":"\#(team)","iat":\#(issued)}"#)
        let signature = Data(try key.signES256(Array(signed.utf8)))
        return signed + "." + signature.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

    @Test("a token signed within the hour by a known key of its team pushes; any other is refused with APNs's reason")
    func tokens() async throws {
        let folder = try TemporaryFolder("apns-jwt")
        defer { folder.remove() }
        let (daemon, bare) = try APNsProviderTests().daemon(folder)
        let trusted = try ProviderTokens([ProviderTokens.Key(id: "ABC123DEFG", team: "DEF123GHIJ", pem: Self.key.privatePEM)])
        let api = WebAPI(daemon: bare.daemon, config: bare.config, providerTokens: trusted)
        let now = Int(testNow.timeIntervalSince1970)
        func push(_ token: String, path: String = "/3/device/\(APNsProviderTests.token)") async throws -> WebResponse {
            let headers = APNsProviderTests.headers.filter { $0.0 != "authorization" } + [("authorization", "bearer \(token)")]
            return try await daemon.answering { await api.respond(to: APNsProviderTests().post(path, APNsProviderTests.start, headers: headers)) }
        }
        let cases: [(String, Int, String?)] = [
            (try Self.token(issued: "\(now - 3_000)"), 200, nil),
            // kalyke-apns writes iat as a string.
            (try Self.token(issued: "\"\(now - 60)\""), 200, nil),
            (try Self.token(issued: "\(now - 3_700)"), 403, "ExpiredProviderToken"),
            (try Self.token(issued: "\(now + 3_600)"), 403, "InvalidProviderToken"),
            (try Self.token(id: "ZZZ9999999", issued: "\(now)"), 403, "InvalidProviderToken"),
            (try Self.token(team: "OTHER12345", issued: "\(now)"), 403, "InvalidProviderToken"),
            (try Self.token(key: P256Key.generate(), issued: "\(now)"), 403, "InvalidProviderToken"),
            ("a.b.c", 403, "InvalidProviderToken"),
        ]
        for (token, status, expected) in cases {
            let answer = try await push(token)
            #expect(answer.status == status && APNsProviderTests().reason(answer) == expected, "\(String(decoding: answer.body, as: UTF8.self))")
        }
        // The daemon's own address takes the same tokens; the token file's still works.
        let own = try await daemon.answering {
            await api.respond(to: WebRequest(method: "POST", path: "/api/activities/00aa11bb22cc33ee", authorization: "Bearer \(try! Self.token(issued: "\(now)"))",
                                             body: Array(APNsProviderTests.start.utf8)))
        }
        #expect(own.status == 200)
        // A provider token is for pushes alone: it changes nothing else.
        let reload = await api.respond(to: WebRequest(method: "POST", path: "/api/reload", authorization: "Bearer \(try Self.token(issued: "\(now)"))"))
        #expect(reload.status == 401)
    }

    @Test("a key file is read as Apple hands it out (.p8) or as its public half; anything else is refused with the reason")
    func keys() throws {
        let fromPrivate = try ProviderTokens.Key(id: "ABC123DEFG", team: "DEF123GHIJ", pem: Self.key.privatePEM)
        let fromPublic = try ProviderTokens.Key(id: "ABC123DEFG", team: "DEF123GHIJ", pem: Self.key.publicPEM)
        #expect(fromPrivate.publicKey == fromPublic.publicKey && fromPrivate.publicKey.count == 91)
        #expect(throws: ProviderTokenError.self) { try ProviderTokens.Key(id: "ABC123DEFG", team: "DEF123GHIJ", pem: "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n") }
        #expect(throws: ProviderTokenError.self) { try ProviderTokens.Key(id: "ABC123DEFG", team: "DEF123GHIJ", pem: "hello") }
    }
}
