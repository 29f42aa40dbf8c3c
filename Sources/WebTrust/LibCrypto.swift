import CCryptoLoader

/// OpenSSL's libcrypto, which WebTrust's functions reach through CCryptoLoader: opened on
/// the first call rather than linked, so a daemon that serves no TLS and signs no token
/// never maps it.
package enum LibCrypto {
    /// Opens the library, or throws why it cannot be: the composition root asks before
    /// making certificates or reading keys, so a machine without libcrypto gets HTTPS and
    /// provider tokens turned off with that reason instead of a process ended at the
    /// first call.
    package static func require() throws(ServerTLSError) {
        guard CCryptoLoader_open() == 0 else { throw ServerTLSError(String(cString: CCryptoLoader_error())) }
    }
}
