import Canvas

/// A secret kept in a file of its own — a token, a password — read when it is used, so a
/// new one needs no restart. One reading for every place that takes one: the HTTP API's
/// token, Home Assistant's, a tap's, a web widget's header, the broker's password.
package enum SecretFile {
    /// The most read: a token or a password is a line, never kilobytes.
    package static let limit = 4_096

    /// The file's text without the white space and line breaks around it; nil when the
    /// file is missing, not a regular file, over `limit`, or holds only white space.
    package static func read(_ path: String) -> String? {
        guard let bytes = RegularFile.read(path, limit: limit) else { return nil }
        let text = String(decoding: bytes, as: UTF8.self).trimmed()
        return text.isEmpty ? nil : text
    }
}

extension HTTPFetcher {
    /// The fetcher with `Authorization: Bearer <the token in tokenFile>`; nil when the file
    /// cannot be read (`SecretFile.read`).
    package func authorized(byTokenIn tokenFile: String) -> HTTPFetcher? {
        guard let token = SecretFile.read(tokenFile) else { return nil }
        var fetcher = self
        fetcher.headers["Authorization"] = "Bearer " + token
        return fetcher
    }
}
