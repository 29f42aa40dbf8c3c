import CCryptoLoader

/// PEM text to and from libcrypto's readers and writers, through a memory BIO.
enum PEMText {
    /// What `reader` makes of `text`; nil (and libcrypto's error queue emptied) when it fails.
    static func read(_ text: String, _ reader: (OpaquePointer) -> OpaquePointer?) -> OpaquePointer? {
        defer { ERR_clear_error() }
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBytes { raw -> OpaquePointer? in
            guard raw.count <= Int(Int32.max), let bio = BIO_new_mem_buf(raw.baseAddress, Int32(raw.count)) else { return nil }
            defer { BIO_free(bio) }
            return reader(bio)
        }
    }

    /// What `writer` writes (it answers 1 when it succeeded), as text.
    static func write(_ writer: (OpaquePointer) -> Int32) -> String? {
        defer { ERR_clear_error() }
        guard let bio = BIO_new(BIO_s_mem()) else { return nil }
        defer { BIO_free(bio) }
        guard writer(bio) == 1 else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(BIO_ctrl_pending(bio)))
        guard BIO_read(bio, &bytes, Int32(bytes.count)) == Int32(bytes.count) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }
}

extension ServerTLSError {
    /// `what` failed in libcrypto, with libcrypto's reason when it gave one.
    static func libcrypto(_ what: String) -> ServerTLSError {
        let code = ERR_get_error()
        ERR_clear_error()
        guard code != 0 else { return ServerTLSError(what) }
        var text = [CChar](repeating: 0, count: 256)
        ERR_error_string_n(code, &text, text.count)
        return ServerTLSError("\(what): \(String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))")
    }
}
