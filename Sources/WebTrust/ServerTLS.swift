import NIOSSL

/// TLS on the HTTP face: the server's certificate chain and key, offered with HTTP/2 and
/// HTTP/1.1 by ALPN (APNs clients ask for `h2`), TLS 1.2 at least.
package struct ServerTLS: Sendable {
    /// What every connection's handshake is made from.
    package let context: NIOSSLContext
    /// The SHA-256 fingerprint of the certificate a client trusts: the daemon's own
    /// authority when it made its certificate, else the configured certificate's.
    package let fingerprint: String

    /// `chain` is the server certificate and the certificates that sign it, in PEM;
    /// `key` its private key in PEM; `trusted` the certificate whose fingerprint is shown.
    package init(chain: String, key: String, trusted: String) throws(ServerTLSError) {
        do {
            let certificates = try NIOSSLCertificate.fromPEMBytes(Array(chain.utf8))
            guard !certificates.isEmpty else { throw ServerTLSError("the certificate file holds no certificate in PEM") }
            let privateKey = try NIOSSLPrivateKey(bytes: Array(key.utf8), format: .pem)
            var configuration = TLSConfiguration.makeServerConfiguration(
                certificateChain: certificates.map { .certificate($0) }, privateKey: .privateKey(privateKey))
            configuration.minimumTLSVersion = .tlsv12
            configuration.applicationProtocols = ["h2", "http/1.1"]
            context = try NIOSSLContext(configuration: configuration)
        } catch let error as ServerTLSError {
            throw error
        } catch {
            throw ServerTLSError("the certificate or its key cannot be used: \(error)")
        }
        fingerprint = ServerCertificate.fingerprint(ofPEM: trusted) ?? ""
    }
}

/// Why the HTTP face's certificate cannot be used, in words for the log.
package struct ServerTLSError: Error, CustomStringConvertible {
    package var description: String

    package init(_ description: String) {
        self.description = description
    }
}
