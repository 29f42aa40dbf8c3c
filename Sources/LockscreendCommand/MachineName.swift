import Glibc

/// The machine's name, read here in the composition root and handed to what needs it: the
/// broker's default client id and topics, the page's address, the HTTPS certificate.
package enum MachineName {
    /// `gethostname`, kept to letters, digits, `-` and `_` (a topic level and a client id
    /// take it as it is); "lockscreend" when there is none.
    package static var current: String {
        let safe = raw.filter { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
        return safe.isEmpty ? "lockscreend" : safe
    }

    /// `gethostname` as it is, lower case; "" when there is none: the name a browser's
    /// `Host` header may carry.
    package static var host: String { raw.lowercased() }

    private static var raw: String {
        var name = [CChar](repeating: 0, count: 256)
        guard gethostname(&name, name.count - 1) == 0 else { return "" }
        return String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
