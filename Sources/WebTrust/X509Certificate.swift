import CCryptoLoader
import FoundationEssentials

/// An X.509 certificate as libcrypto holds it: read from PEM, or made and signed here.
/// Never changed once made.
final class X509Certificate: @unchecked Sendable {
    let pointer: OpaquePointer

    private init(owning pointer: OpaquePointer) {
        self.pointer = pointer
    }

    deinit { X509_free(pointer) }

    /// The first certificate in `pem`; nil when there is none.
    static func read(pem: String) -> X509Certificate? {
        PEMText.read(pem) { PEM_read_bio_X509($0, nil, nil, nil) }.map(X509Certificate.init(owning:))
    }

    /// A version 3 certificate for `key` named `commonName` (organisation "lockscreend"),
    /// valid between the two dates, with `extensions` as OpenSSL's configuration writes
    /// them (`x509v3_config`), signed with SHA-256 by `issuer`, or by `key` itself.
    static func make(commonName: String, key: P256Key, issuer: (certificate: X509Certificate, key: P256Key)?,
                     from start: Date, to end: Date, extensions: [(nid: Int32, value: String)]) throws(ServerTLSError) -> X509Certificate {
        defer { ERR_clear_error() }
        guard let made = X509_new() else { throw .libcrypto("cannot make a certificate") }
        let certificate = X509Certificate(owning: made)
        // A random positive serial of 128 bits, as RFC 5280 and the CA/Browser Forum ask.
        var serial = [UInt8](repeating: 0, count: 16)
        guard RAND_bytes(&serial, Int32(serial.count)) == 1 else { throw .libcrypto("no random bytes for a serial number") }
        serial[0] = serial[0] & 0x7f | 0x40
        guard let number = BN_bin2bn(serial, Int32(serial.count), nil) else { throw .libcrypto("cannot make a serial number") }
        defer { BN_free(number) }
        guard X509_set_version(made, 2) == 1, BN_to_ASN1_INTEGER(number, X509_get_serialNumber(made)) != nil,
              ASN1_TIME_set(X509_getm_notBefore(made), time_t(start.timeIntervalSince1970)) != nil,
              ASN1_TIME_set(X509_getm_notAfter(made), time_t(end.timeIntervalSince1970)) != nil,
              X509_set_pubkey(made, key.pointer) == 1 else { throw .libcrypto("cannot fill in a certificate") }
        guard let name = X509_NAME_new() else { throw .libcrypto("cannot make a name") }
        defer { X509_NAME_free(name) }
        for (field, value) in [("O", "lockscreend"), ("CN", commonName)] {
            let bytes = Array(value.utf8)
            guard X509_NAME_add_entry_by_txt(name, field, CCryptoLoader_UTF8, bytes, Int32(bytes.count), -1, 0) == 1 else {
                throw .libcrypto("cannot name a certificate \(value)")
            }
        }
        guard X509_set_subject_name(made, name) == 1,
              X509_set_issuer_name(made, issuer.map { X509_get_subject_name($0.certificate.pointer) } ?? name) == 1 else {
            throw .libcrypto("cannot name a certificate")
        }
        var context = X509V3_CTX()
        X509V3_set_ctx(&context, issuer?.certificate.pointer ?? made, made, nil, nil, 0)
        for (nid, value) in extensions {
            guard let ext = X509V3_EXT_nconf_nid(nil, &context, nid, value) else { throw .libcrypto("cannot add \(value) to a certificate") }
            defer { X509_EXTENSION_free(ext) }
            guard X509_add_ext(made, ext, -1) == 1 else { throw .libcrypto("cannot add \(value) to a certificate") }
        }
        guard X509_sign(made, (issuer?.key ?? key).pointer, EVP_sha256()) > 0 else { throw .libcrypto("cannot sign a certificate") }
        return certificate
    }

    /// The certificate in PEM.
    var pem: String {
        get throws(ServerTLSError) {
            guard let text = PEMText.write({ PEM_write_bio_X509($0, pointer) }) else { throw .libcrypto("cannot write a certificate") }
            return text
        }
    }

    /// Whether the certificate names `host` among its DNS names (in any case, no wildcards).
    func names(host: String) -> Bool {
        defer { ERR_clear_error() }
        return X509_check_host(pointer, host, host.utf8.count, CCryptoLoader_exactHost, nil) == 1
    }

    /// Whether the certificate names the numeric IPv4 or IPv6 `address`.
    func names(address: String) -> Bool {
        defer { ERR_clear_error() }
        return X509_check_ip_asc(pointer, address, 0) == 1
    }

    /// Whether `authority` issued and signed this certificate.
    func isSigned(by authority: X509Certificate) -> Bool {
        defer { ERR_clear_error() }
        return X509_NAME_cmp(X509_get_issuer_name(pointer), X509_get_subject_name(authority.pointer)) == 0
            && X509_verify(pointer, X509_get0_pubkey(authority.pointer)) == 1
    }

    /// Whether the certificate is still valid at `date`.
    func lasts(beyond date: Date) -> Bool {
        var limit = time_t(date.timeIntervalSince1970)
        return X509_cmp_time(X509_get0_notAfter(pointer), &limit) == 1
    }

    /// The SHA-256 of the certificate's DER, as browsers and `openssl x509 -fingerprint
    /// -sha256` show it: "AB:CD:…".
    var fingerprint: String? {
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        guard X509_digest(pointer, EVP_sha256(), &digest, &length) == 1 else { return nil }
        let hex = Array("0123456789ABCDEF".utf8)
        return digest.prefix(Int(length)).map { String(decoding: [hex[Int($0 >> 4)], hex[Int($0 & 15)]], as: UTF8.self) }.joined(separator: ":")
    }
}
