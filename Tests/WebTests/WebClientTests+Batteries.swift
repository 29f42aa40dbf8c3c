import Foundation
import Testing
@testable import Web
import TestSupport
import DaemonTestSupport

/// What client devices report when they fetch their screens (the e-reader script's battery).
extension WebClientTests {
    @Test("a client's fetch with ?battery=N is its battery in /api/clients; nonsense is ignored, the last good level kept; falling low is said once")
    func batteries() async throws {
        let reports = ClientReports()
        #expect(reports.report(of: "kindle") == nil)
        #expect(!reports.fetched("kindle", at: testNow, battery: "87"))
        #expect(reports.report(of: "kindle") == ClientReports.Report(seen: testNow, battery: 87))
        for nonsense in ["-1", "101", "1e9", "ninety", "", "99999999999999999999"] {
            #expect(!reports.fetched("kindle", at: testNow + 1, battery: nonsense))
        }
        #expect(reports.report(of: "kindle")?.battery == 87 && reports.report(of: "kindle")?.seen == testNow + 1)
        #expect(reports.fetched("kindle", at: testNow + 2, battery: "14"), "just went low")
        #expect(!reports.fetched("kindle", at: testNow + 3, battery: "9"), "said once")
        #expect(!reports.fetched("kindle", at: testNow + 4, battery: "80") && reports.fetched("kindle", at: testNow + 5, battery: "10"), "charged, then low again")
        let folder = try TemporaryFolder("web-batteries")
        defer { folder.remove() }
        let token = folder.path + "/token"
        try Data("t".utf8).write(to: URL(fileURLWithPath: token))
        chmod(token, 0o600)
        let (_, api, _) = try await running(keys: ClientKeys(file: nil), token: token)
        #expect(await api.respond(to: WebRequest(method: "GET", path: "/screen/kindle.png", query: "battery=42")).status == 200)
        let list = await api.respond(to: WebRequest(method: "GET", path: "/api/clients", headers: [("Authorization", "Bearer t")]))
        let clients = try JSONSerialization.jsonObject(with: Data(list.body)) as? [[String: Any]]
        let kindle = clients?.first { $0["name"] as? String == "kindle" }
        #expect(kindle?["battery"] as? Int == 42 && kindle?["seen"] as? String == "2026-11-22T14:04:57Z", "\(String(decoding: list.body, as: UTF8.self))")
        #expect(clients?.first { $0["name"] as? String == "kitchen" }?["battery"] == nil)
    }
}
