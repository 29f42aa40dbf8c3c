import CCryptoLoader
import FoundationEssentials
import Glibc

/// The certificate the HTTP face shows when the configuration names none, made by the
/// daemon the way mkcert makes one for a development machine: an authority of the
/// daemon's own, made once and kept (the certificate a client is told to trust), and a
/// server certificate it signs, for the names and addresses the daemon is reached by,
/// made again when those change or it nears its end. A client that trusts the authority
/// keeps trusting the daemon across new names, addresses and renewals.
package struct ServerCertificate: Sendable {
    /// A certificate and its private key, in PEM.
    package struct Pair: Sendable, Equatable {
        package var certificate: String
        package var key: String

        package init(certificate: String, key: String) {
            self.certificate = certificate
            self.key = key
        }
    }

    /// How long the server certificate lasts: Apple's systems refuse server
    /// certificates of more than 825 days, browsers publicly trusted ones of over 398.
    package static let serverLifetime: Double = 397 * 86_400
    /// A server certificate this close to its end is made again.
    package static let renewal: Double = 30 * 86_400
    /// The authority lasts twenty years: trusting it is a step a person takes by hand.
    package static let authorityLifetime: Double = 20 * 365 * 86_400

    /// A new authority, named after the machine.
    package static func authority(host: String, now: Date) throws(ServerTLSError) -> Pair {
        let key = try P256Key.generate()
        let certificate = try X509Certificate.make(
            commonName: "lockscreend on \(host)", key: key, issuer: nil,
            from: now.addingTimeInterval(-3_600), to: now.addingTimeInterval(authorityLifetime),
            extensions: [(NID_basic_constraints, "critical,CA:TRUE,pathlen:0"), (NID_key_usage, "critical,keyCertSign,cRLSign"),
                         (NID_subject_key_identifier, "hash")])
        return Pair(certificate: try certificate.pem, key: try key.privatePEM)
    }

    /// A server certificate for `names` (DNS names) and `addresses` (numeric IPv4 and
    /// IPv6), signed by `authority`. Names that are not host names are left out.
    package static func server(names: [String], addresses: [String], authority: Pair, now: Date) throws(ServerTLSError) -> Pair {
        guard let issuerKey = P256Key.read(pem: authority.key), let issuer = X509Certificate.read(pem: authority.certificate) else {
            throw ServerTLSError("the certificate authority's certificate or key is unreadable")
        }
        let key = try P256Key.generate()
        let (names, addresses) = (names.filter(isHostName), addresses.filter { octets($0) != nil })
        let alternatives = names.map { "DNS:" + $0 } + addresses.map { "IP:" + $0 }
        let certificate = try X509Certificate.make(
            commonName: names.first ?? addresses.first ?? "lockscreend", key: key, issuer: (issuer, issuerKey),
            from: now.addingTimeInterval(-3_600), to: now.addingTimeInterval(serverLifetime),
            extensions: [(NID_basic_constraints, "critical,CA:FALSE"), (NID_key_usage, "critical,digitalSignature"),
                         (NID_ext_key_usage, "serverAuth")]
                + (alternatives.isEmpty ? [] : [(NID_subject_alt_name, alternatives.joined(separator: ","))])
                + [(NID_subject_key_identifier, "hash"), (NID_authority_key_identifier, "keyid:always")])
        return Pair(certificate: try certificate.pem, key: try key.privatePEM)
    }

    /// Whether `pair`'s certificate names every one of `names` and `addresses`, was
    /// signed by `authority`, and has more than `renewal` left after `now`.
    package static func covers(_ pair: Pair, names: [String], addresses: [String], authority: Pair, now: Date) -> Bool {
        guard let certificate = X509Certificate.read(pem: pair.certificate),
              let issuer = X509Certificate.read(pem: authority.certificate),
              certificate.isSigned(by: issuer), certificate.lasts(beyond: now.addingTimeInterval(renewal)) else { return false }
        return names.filter(isHostName).allSatisfy(certificate.names(host:))
            && addresses.filter { octets($0) != nil }.allSatisfy(certificate.names(address:))
    }

    /// The SHA-256 fingerprint of the first certificate in `pem`, as browsers and
    /// `openssl x509 -fingerprint -sha256` show it: "AB:CD:…".
    package static func fingerprint(ofPEM pem: String) -> String? {
        X509Certificate.read(pem: pem)?.fingerprint
    }

    /// Whether `name` can be a certificate's DNS name: letters, digits, hyphens and dots
    /// (RFC 1123), as a machine's name is.
    static func isHostName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= 253
            && name.utf8.allSatisfy { $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "_")
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0 | 0x20) }
    }

    /// An address's bytes: 4 for IPv4, 16 for IPv6; nil for anything else.
    static func octets(_ address: String) -> [UInt8]? {
        var v4 = in_addr(), v6 = in6_addr()
        if address.withCString({ inet_pton(AF_INET, $0, &v4) }) == 1 { return withUnsafeBytes(of: &v4) { Array($0) } }
        if address.withCString({ inet_pton(AF_INET6, $0, &v6) }) == 1 { return withUnsafeBytes(of: &v6) { Array($0) } }
        return nil
    }
}
