import Foundation
import Testing
@testable import Config
@testable import LockscreendCLI
import Providers  // for OwnThread
import TestSupport
@testable import WebTrust

/// The HTTP face's certificate as the composition root keeps it in the state directory.
/// Runs `work` on a thread of its own: it makes keys and flushes files to disk, which on a
/// busy disk can take seconds, and the cooperative threads are every test's.
private func offPool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await OwnThread.run(named: "certificate test") { Result { try work() } }.get()
}

@Suite("The HTTP face's certificate, kept")
struct ServerTrustTests {
    @Test("made on first start (the keys 0600, the folder 0700); the same at the next; renewed near its end and for a new name, its authority kept")
    func kept() async throws {
        try await offPool { try keptOffPool() }
    }

    func keptOffPool() throws {
        let folder = try TemporaryFolder("tls")
        defer { folder.remove() }
        let tls = folder.url.appendingPathComponent("tls").path
        var web = WebConfig(host: "127.0.0.1", port: 8443)
        let first = try ServerTrust.kept(in: tls, web: web, now: testNow, logger: quietLogger)
        func text(_ name: String) throws -> String { try String(contentsOfFile: tls + "/" + name, encoding: .utf8) }
        func mode(_ name: String) throws -> Int { (try FileManager.default.attributesOfItem(atPath: tls + "/" + name)[.posixPermissions] as? Int) ?? -1 }
        #expect(try [mode(""), mode("ca-key.pem"), mode("key.pem"), mode("ca.pem")] == [0o700, 0o600, 0o600, 0o644])
        let (authority, server) = (try text("ca.pem"), try text("cert.pem"))
        #expect(first.fingerprint == ServerCertificate.fingerprint(ofPEM: authority))

        let again = try ServerTrust.kept(in: tls, web: web, now: testNow + 86_400, logger: quietLogger)
        let kept = try text("cert.pem")
        #expect(kept == server && again.fingerprint == first.fingerprint)

        let late = testNow + ServerCertificate.serverLifetime - ServerCertificate.renewal + 86_400
        _ = try ServerTrust.kept(in: tls, web: web, now: late, logger: quietLogger)
        let (renewed, sameAuthority) = (try text("cert.pem"), try text("ca.pem"))
        #expect(renewed != server && sameAuthority == authority, "renewed within its last month, by the same authority")

        web.names = ["screen.home.arpa"]
        _ = try ServerTrust.kept(in: tls, web: web, now: late, logger: quietLogger)
        let (named, stillAuthority) = (try text("cert.pem"), try text("ca.pem"))
        #expect(named != renewed && stillAuthority == authority, "made again for a new name")
        let pair = ServerCertificate.Pair(certificate: named, key: try text("key.pem")), issuer = ServerCertificate.Pair(certificate: authority, key: try text("ca-key.pem"))
        #expect(ServerCertificate.covers(pair, names: ["screen.home.arpa", "localhost"], addresses: ["127.0.0.1"], authority: issuer, now: late))
    }

    @Test("HTTPS is off, said why, without a state directory or with tls = false; a configured certificate that does not read is logged, not fatal")
    func off() async throws {
        try await offPool { try offOffPool() }
    }

    func offOffPool() throws {
        var web = WebConfig(host: "127.0.0.1", port: 8443)
        #expect(ServerTrust.tls(for: web, stateDirectory: nil, now: testNow, logger: quietLogger) == nil)
        web.tls = false
        let folder = try TemporaryFolder("tls-off")
        defer { folder.remove() }
        #expect(ServerTrust.tls(for: web, stateDirectory: folder.url.path, now: testNow, logger: quietLogger) == nil)
        web.tls = true
        (web.certificateFile, web.keyFile) = ("/nonexistent/cert.pem", "/nonexistent/key.pem")
        #expect(ServerTrust.tls(for: web, stateDirectory: folder.url.path, now: testNow, logger: quietLogger) == nil)
    }
}
