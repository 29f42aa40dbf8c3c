import FoundationEssentials
import JSON

/// The provider tokens APNs clients sign (RFC 7519 JWTs, ES256): a header naming the
/// signing key (`kid`), claims naming the team (`iss`) and when it was signed (`iat`),
/// signed with the key's private half. The daemon keeps only the public half of each key
/// it trusts and checks a token as APNs does: the key known, the team the key's, the
/// signature good, and signed within the last hour.
package struct ProviderTokens: Sendable {
    /// A key a server signs its tokens with: its 10-character ID, its team's, its public half.
    package struct Key: Sendable {
        package var id: String
        package var team: String
        /// The public half, as SubjectPublicKeyInfo (DER).
        package var publicKey: [UInt8]

        /// `pem` is the key file as Apple hands it out (`AuthKey_<ID>.p8`, the private key
        /// in PKCS #8) or its public half (`-----BEGIN PUBLIC KEY-----`): of a private key
        /// only the public half is kept.
        package init(id: String, team: String, pem: String) throws(ProviderTokenError) {
            self.id = id
            self.team = team
            if pem.contains("PRIVATE KEY-----") {
                guard let key = P256Key.read(pem: pem) else { throw .unreadableKey("not a P-256 private key in PEM (Apple's .p8 file)") }
                publicKey = key.publicDER
            } else {
                guard let key = P256Key.read(pem: pem, public: true) else {
                    throw .unreadableKey("neither a P-256 private key (.p8) nor a public key in PEM")
                }
                publicKey = key.publicDER
            }
        }
    }

    /// APNs refuses a token signed more than an hour ago.
    package static let lifetime: Double = 3_600
    /// A clock ahead of the daemon's by this much is still believed.
    package static let skew: Double = 300
    /// A token longer than this is not read.
    package static let maximumLength = 2_048

    private let keys: [String: Key]

    package init(_ keys: [Key]) {
        self.keys = Dictionary(keys.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    package var isEmpty: Bool { keys.isEmpty }

    /// Nil when `token` is a provider token of a trusted key, signed within the hour
    /// before `now`; else APNs's reason for refusing it.
    package func refusal(of token: String, now: Date) -> ProviderTokenError? {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard token.utf8.count <= Self.maximumLength, parts.count == 3,
              let headerBytes = Self.base64URL(parts[0]), let claimBytes = Self.base64URL(parts[1]),
              let signatureBytes = Self.base64URL(parts[2]),
              case let .object(header)? = JSONValue.parse(Data(headerBytes)),
              case let .object(claims)? = JSONValue.parse(Data(claimBytes)) else {
            return .invalid("not a JWT (header.claims.signature, base64url)")
        }
        guard case .string("ES256")? = header["alg"] else { return .invalid("a provider token is signed with ES256") }
        guard case let .string(id)? = header["kid"], let key = keys[id] else {
            return .invalid("the token's key (kid) is not one of [apns] keys")
        }
        guard case let .string(team)? = claims["iss"], team == key.team else {
            return .invalid("the token's team (iss) is not key \(id)'s")
        }
        // Seconds since 1970: a number, or a number in a string (as kalyke-apns signs it).
        let issued: Double? = switch claims["iat"] {
        case let .number(value)?: value
        case let .string(text)?: Double(text)
        default: nil
        }
        guard let issued, issued.isFinite else { return .invalid("the token has no iat (seconds since 1970)") }
        let signed = Array(token.utf8.prefix(parts[0].utf8.count + 1 + parts[1].utf8.count))
        guard let publicKey = P256Key.read(publicDER: key.publicKey), publicKey.isValidES256(signature: signatureBytes, for: signed) else {
            return .invalid("the signature is not key \(id)'s")
        }
        let age = now.timeIntervalSince1970 - issued
        if age > Self.lifetime { return .expired }
        if age < -Self.skew { return .invalid("the token is signed in the future (iat)") }
        return nil
    }

    /// Base64url without padding (RFC 7515), as JWTs write their parts.
    static func base64URL(_ text: Substring) -> [UInt8]? {
        var plain = String(text.map { $0 == "-" ? "+" : $0 == "_" ? "/" : $0 })
        plain += String(repeating: "=", count: (4 - plain.utf8.count % 4) % 4)
        return Data(base64Encoded: plain).map(Array.init)
    }
}

/// Why a provider token or a key is refused, in APNs's reasons where APNs has one.
package enum ProviderTokenError: Error, Equatable, CustomStringConvertible {
    /// APNs's `InvalidProviderToken`, and why.
    case invalid(String)
    /// APNs's `ExpiredProviderToken`: signed over an hour ago.
    case expired
    /// A configured key file that is not a P-256 key.
    case unreadableKey(String)

    /// APNs's `reason` for the refusal.
    package var reason: String {
        switch self {
        case .expired: "ExpiredProviderToken"
        case .invalid, .unreadableKey: "InvalidProviderToken"
        }
    }

    package var description: String {
        switch self {
        case let .invalid(why): why
        case .expired: "the provider token was signed over an hour ago: sign a new one"
        case let .unreadableKey(why): why
        }
    }
}
