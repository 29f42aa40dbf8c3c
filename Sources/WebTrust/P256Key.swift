import CCryptoLoader

/// A P-256 key as OpenSSL's libcrypto holds it: the private key the daemon makes for its
/// certificates, or the public half of a provider's signing key. Freed with its last owner;
/// never changed once made, which is what OpenSSL 3 asks of a key shared between threads.
///
/// libcrypto rather than swift-crypto and swift-certificates: every Debian machine has it,
/// and the two packages it replaced compiled a second BoringSSL and 700 files into every
/// build (150 s of a cold debug build here) and 4.8 MB into the binary.
final class P256Key: @unchecked Sendable {
    let pointer: OpaquePointer

    private init(owning pointer: OpaquePointer) {
        self.pointer = pointer
    }

    deinit { EVP_PKEY_free(pointer) }

    /// A new private key.
    static func generate() throws(ServerTLSError) -> P256Key {
        guard let context = EVP_PKEY_CTX_new_from_name(nil, "EC", nil) else { throw .libcrypto("cannot make a key") }
        defer { EVP_PKEY_CTX_free(context) }
        var key: OpaquePointer?
        guard EVP_PKEY_keygen_init(context) == 1, EVP_PKEY_CTX_set_group_name(context, "P-256") == 1,
              EVP_PKEY_generate(context, &key) == 1, let key else { throw .libcrypto("cannot make a P-256 key") }
        return P256Key(owning: key)
    }

    /// The key in `pem`: a private key (PKCS #8 or SEC 1) or, with `publicOnly`, a public
    /// key; nil when it is neither or not on P-256.
    static func read(pem: String, public publicOnly: Bool = false) -> P256Key? {
        let key = PEMText.read(pem) { bio in
            publicOnly ? PEM_read_bio_PUBKEY(bio, nil, nil, nil) : PEM_read_bio_PrivateKey(bio, nil, nil, nil)
        }
        guard let key else { return nil }
        let owned = P256Key(owning: key)
        return owned.isP256 ? owned : nil
    }

    /// The public half alone, from its SubjectPublicKeyInfo (DER).
    static func read(publicDER der: [UInt8]) -> P256Key? {
        let key = der.withUnsafeBufferPointer { buffer -> OpaquePointer? in
            var cursor = buffer.baseAddress
            return d2i_PUBKEY(nil, &cursor, buffer.count)
        }
        guard let key else { ERR_clear_error(); return nil }
        let owned = P256Key(owning: key)
        return owned.isP256 ? owned : nil
    }

    private var isP256: Bool {
        var name = [CChar](repeating: 0, count: 64)
        var length = 0
        guard EVP_PKEY_is_a(pointer, "EC") == 1, EVP_PKEY_get_group_name(pointer, &name, name.count, &length) == 1 else { return false }
        return ["prime256v1", "P-256", "secp256r1"].contains(String(decoding: name.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }

    /// The private key in PEM (PKCS #8, "PRIVATE KEY"), as Apple's .p8 files and mkcert write it.
    var privatePEM: String {
        get throws(ServerTLSError) {
            guard let text = PEMText.write({ PEM_write_bio_PrivateKey($0, pointer, nil, nil, 0, nil, nil) }) else { throw .libcrypto("cannot write a key") }
            return text
        }
    }

    /// The public half in PEM ("PUBLIC KEY"), as `openssl pkey -pubout` writes it.
    var publicPEM: String {
        get throws(ServerTLSError) {
            guard let text = PEMText.write({ PEM_write_bio_PUBKEY($0, pointer) }) else { throw .libcrypto("cannot write a public key") }
            return text
        }
    }

    /// The public half as SubjectPublicKeyInfo (DER): what a provider's key is kept as.
    var publicDER: [UInt8] {
        let length = i2d_PUBKEY(pointer, nil)
        guard length > 0 else { return [] }
        var bytes = [UInt8](repeating: 0, count: Int(length))
        bytes.withUnsafeMutableBufferPointer { buffer in
            var cursor = buffer.baseAddress
            _ = i2d_PUBKEY(pointer, &cursor)
        }
        return bytes
    }

    /// Whether `signature` (JWS's ES256: r and s, 32 bytes each) signs `message` with
    /// SHA-256 under this key.
    func isValidES256(signature: [UInt8], for message: [UInt8]) -> Bool {
        defer { ERR_clear_error() }
        guard signature.count == 64, let pair = ECDSA_SIG_new() else { return false }
        defer { ECDSA_SIG_free(pair) }
        guard let r = BN_bin2bn(signature, 32, nil) else { return false }
        guard let s = BN_bin2bn(Array(signature[32...]), 32, nil) else { BN_free(r); return false }
        guard ECDSA_SIG_set0(pair, r, s) == 1 else { BN_free(r); BN_free(s); return false }
        let length = i2d_ECDSA_SIG(pair, nil)
        guard length > 0 else { return false }
        var der = [UInt8](repeating: 0, count: Int(length))
        der.withUnsafeMutableBufferPointer { buffer in
            var cursor = buffer.baseAddress
            _ = i2d_ECDSA_SIG(pair, &cursor)
        }
        guard let context = EVP_MD_CTX_new() else { return false }
        defer { EVP_MD_CTX_free(context) }
        return EVP_DigestVerifyInit(context, nil, EVP_sha256(), nil, pointer) == 1
            && EVP_DigestVerify(context, der, der.count, message, message.count) == 1
    }

    /// `message` signed with SHA-256 as JWS's ES256 writes it (r and s, 32 bytes each):
    /// how APNs clients sign their provider tokens, for the tests and tools that play one.
    func signES256(_ message: [UInt8]) throws(ServerTLSError) -> [UInt8] {
        defer { ERR_clear_error() }
        guard let context = EVP_MD_CTX_new() else { throw .libcrypto("cannot sign") }
        defer { EVP_MD_CTX_free(context) }
        var length = 0
        guard EVP_DigestSignInit(context, nil, EVP_sha256(), nil, pointer) == 1,
              EVP_DigestSign(context, nil, &length, message, message.count) == 1 else { throw .libcrypto("cannot sign") }
        var der = [UInt8](repeating: 0, count: length)
        guard EVP_DigestSign(context, &der, &length, message, message.count) == 1 else { throw .libcrypto("cannot sign") }
        let pair = der.withUnsafeBufferPointer { buffer -> OpaquePointer? in
            var cursor = buffer.baseAddress
            return d2i_ECDSA_SIG(nil, &cursor, length)
        }
        guard let pair else { throw .libcrypto("cannot read a signature") }
        defer { ECDSA_SIG_free(pair) }
        var raw = [UInt8](repeating: 0, count: 64)
        guard BN_bn2binpad(ECDSA_SIG_get0_r(pair), &raw, 32) == 32,
              raw.withUnsafeMutableBufferPointer({ BN_bn2binpad(ECDSA_SIG_get0_s(pair), $0.baseAddress! + 32, 32) }) == 32 else {
            throw .libcrypto("cannot write a signature")
        }
        return raw
    }
}
