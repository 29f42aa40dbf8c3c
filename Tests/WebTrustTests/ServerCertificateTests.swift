import Foundation
import Testing
@testable import WebTrust

/// The certificate the daemon makes for its HTTP face: an authority kept across starts, a
/// server certificate it signs for the names and addresses the daemon is reached by.
@Suite("Server certificate")
struct ServerCertificateTests {
    static let now = Date(timeIntervalSince1970: 1_795_356_297)

    @Test("a server certificate covers its names and addresses while it has a month left, and no other name, authority or later day")
    func covers() throws {
        let authority = try ServerCertificate.authority(host: "kitchen", now: Self.now)
        let names = ["localhost", "kitchen", "kitchen.local"], addresses = ["127.0.0.1", "::1", "192.0.2.7"]
        let server = try ServerCertificate.server(names: names, addresses: addresses, authority: authority, now: Self.now)
        #expect(ServerCertificate.covers(server, names: names, addresses: addresses, authority: authority, now: Self.now))
        #expect(ServerCertificate.covers(server, names: ["KITCHEN"], addresses: ["::1"], authority: authority, now: Self.now))
        #expect(!ServerCertificate.covers(server, names: names + ["lockscreen.home.arpa"], addresses: addresses, authority: authority, now: Self.now))
        #expect(!ServerCertificate.covers(server, names: names, addresses: addresses + ["192.0.2.8"], authority: authority, now: Self.now))
        let other = try ServerCertificate.authority(host: "kitchen", now: Self.now)
        #expect(!ServerCertificate.covers(server, names: names, addresses: addresses, authority: other, now: Self.now))
        let late = Self.now.addingTimeInterval(ServerCertificate.serverLifetime - ServerCertificate.renewal + 60)
        #expect(!ServerCertificate.covers(server, names: names, addresses: addresses, authority: authority, now: late))
        #expect(!ServerCertificate.covers(.init(certificate: "", key: ""), names: names, addresses: addresses, authority: authority, now: Self.now))
    }

    @Test("the chain and key make a TLS context offering h2; the fingerprint is the authority's, as openssl prints it")
    func context() throws {
        let authority = try ServerCertificate.authority(host: "kitchen", now: Self.now)
        let server = try ServerCertificate.server(names: ["localhost"], addresses: ["127.0.0.1"], authority: authority, now: Self.now)
        let tls = try ServerTLS(chain: server.certificate + authority.certificate, key: server.key, trusted: authority.certificate)
        #expect(tls.fingerprint.count == 32 * 3 - 1 && tls.fingerprint.allSatisfy { $0 == ":" || $0.isHexDigit && !$0.isLowercase })
        #expect(tls.fingerprint == ServerCertificate.fingerprint(ofPEM: authority.certificate + server.certificate))
        #expect(tls.fingerprint != ServerCertificate.fingerprint(ofPEM: server.certificate))
        #expect(throws: ServerTLSError.self) { try ServerTLS(chain: "not a certificate", key: server.key, trusted: "") }
        #expect(throws: ServerTLSError.self) { try ServerTLS(chain: server.certificate, key: authority.key + "x", trusted: "") }
    }

    @Test("addresses are IPv4 and IPv6 literals, names are not")
    func octets() {
        #expect(ServerCertificate.octets("192.0.2.7") == [192, 0, 2, 7])
        #expect(ServerCertificate.octets("::1") == Array(repeating: 0, count: 15) + [1])
        #expect(ServerCertificate.octets("kitchen") == nil && ServerCertificate.octets("1.2.3") == nil)
    }
}
