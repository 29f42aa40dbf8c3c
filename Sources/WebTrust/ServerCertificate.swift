import Crypto
import FoundationEssentials
import Glibc
import SwiftASN1
import X509

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
    package static func authority(host: String, now: Date) throws -> Pair {
        let key = P256.Signing.PrivateKey()
        let name = try DistinguishedName {
            OrganizationName("lockscreend")
            CommonName("lockscreend on \(host)")
        }
        let publicKey = Certificate.PublicKey(key.publicKey)
        let certificate = try Certificate(
            version: .v3, serialNumber: .init(), publicKey: publicKey,
            notValidBefore: now.addingTimeInterval(-3_600), notValidAfter: now.addingTimeInterval(authorityLifetime),
            issuer: name, subject: name, signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: 0))
                Critical(KeyUsage(keyCertSign: true, cRLSign: true))
                SubjectKeyIdentifier(hash: publicKey)
            },
            issuerPrivateKey: .init(key))
        return Pair(certificate: try certificate.serializeAsPEM().pemString + "\n", key: key.pemRepresentation + "\n")
    }

    /// A server certificate for `names` (DNS names) and `addresses` (numeric IPv4 and
    /// IPv6), signed by `authority`.
    package static func server(names: [String], addresses: [String], authority: Pair, now: Date) throws -> Pair {
        let issuerKey = try P256.Signing.PrivateKey(pemRepresentation: authority.key)
        let issuer = try Certificate(pemEncoded: authority.certificate)
        let key = P256.Signing.PrivateKey()
        let publicKey = Certificate.PublicKey(key.publicKey)
        let subject = try DistinguishedName {
            OrganizationName("lockscreend")
            CommonName(names.first ?? addresses.first ?? "lockscreend")
        }
        var alternatives: [GeneralName] = names.map { .dnsName($0) }
        alternatives += addresses.compactMap(Self.octets).map { .ipAddress(ASN1OctetString(contentBytes: $0[...])) }
        let certificate = try Certificate(
            version: .v3, serialNumber: .init(), publicKey: publicKey,
            notValidBefore: now.addingTimeInterval(-3_600), notValidAfter: now.addingTimeInterval(serverLifetime),
            issuer: issuer.subject, subject: subject, signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.notCertificateAuthority)
                Critical(KeyUsage(digitalSignature: true))
                try ExtendedKeyUsage([.serverAuth])
                SubjectAlternativeNames(alternatives)
                SubjectKeyIdentifier(hash: publicKey)
                AuthorityKeyIdentifier(keyIdentifier: SubjectKeyIdentifier(hash: issuer.publicKey).keyIdentifier)
            },
            issuerPrivateKey: .init(issuerKey))
        return Pair(certificate: try certificate.serializeAsPEM().pemString + "\n", key: key.pemRepresentation + "\n")
    }

    /// Whether `pair`'s certificate names every one of `names` and `addresses`, was
    /// signed by `authority`, and has more than `renewal` left after `now`.
    package static func covers(_ pair: Pair, names: [String], addresses: [String], authority: Pair, now: Date) -> Bool {
        guard let certificate = try? Certificate(pemEncoded: first(pair.certificate)),
              let issuer = try? Certificate(pemEncoded: authority.certificate),
              certificate.issuer == issuer.subject,
              issuer.publicKey.isValidSignature(certificate.signature, for: certificate),
              certificate.notValidAfter.timeIntervalSince(now) > renewal,
              let alternatives = try? certificate.extensions.subjectAlternativeNames else { return false }
        let listed = Set(alternatives.map { name -> [UInt8] in
            switch name {
            case let .dnsName(text): Array(text.lowercased().utf8)
            case let .ipAddress(octets): Array(octets.bytes)
            default: []
            }
        })
        return names.allSatisfy { listed.contains(Array($0.lowercased().utf8)) }
            && addresses.compactMap(Self.octets).allSatisfy(listed.contains)
    }

    /// The SHA-256 fingerprint of the first certificate in `pem`, as browsers and
    /// `openssl x509 -fingerprint -sha256` show it: "AB:CD:…".
    package static func fingerprint(ofPEM pem: String) -> String? {
        guard let certificate = try? Certificate(pemEncoded: first(pem)) else { return nil }
        var serializer = DER.Serializer()
        guard (try? serializer.serialize(certificate)) != nil else { return nil }
        return SHA256.hash(data: serializer.serializedBytes).map { byte in
            let hex = String(byte, radix: 16, uppercase: true)
            return hex.count == 1 ? "0" + hex : hex
        }.joined(separator: ":")
    }

    /// The first certificate of a chain in PEM.
    static func first(_ pem: String) -> String {
        let lines = pem.split(separator: "\n", omittingEmptySubsequences: false)
        guard let end = lines.firstIndex(where: { $0.hasPrefix("-----END CERTIFICATE-----") }) else { return pem }
        return lines[...end].joined(separator: "\n")
    }

    /// An address's bytes: 4 for IPv4, 16 for IPv6; nil for anything else.
    static func octets(_ address: String) -> [UInt8]? {
        var v4 = in_addr(), v6 = in6_addr()
        if address.withCString({ inet_pton(AF_INET, $0, &v4) }) == 1 { return withUnsafeBytes(of: &v4) { Array($0) } }
        if address.withCString({ inet_pton(AF_INET6, $0, &v6) }) == 1 { return withUnsafeBytes(of: &v6) { Array($0) } }
        return nil
    }
}
