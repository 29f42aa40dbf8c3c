import Canvas
import Glibc
import ProviderOptions

/// A secret kept in a file of its own — a token, a password — read when it is used, so a
/// new one needs no restart. One reading for every place that takes one: the HTTP API's
/// token, Home Assistant's, a tap's, a web widget's header, the broker's password.
///
/// The file's permissions are checked at every read, not only when the configuration is
/// read: a token file made readable by every user after the start is refused from then
/// on, and the reason is what the caller logs.
package enum SecretFile {
    /// The most read: a token or a password is a line, never kilobytes.
    package static let limit = 4_096

    /// Why a secret was not read, in words a user can act on.
    package struct Failure: Error, Equatable, CustomStringConvertible {
        package let description: String
    }

    /// The file's text without the white space and line breaks around it; fails when the
    /// file is missing, readable by every user, not a regular file, over `limit`, or holds
    /// only white space.
    package static func text(of path: String) throws(Failure) -> String {
        var info = stat()
        guard stat(path, &info) == 0 else { throw Failure(description: "cannot read \(path): \(String(cString: strerror(errno)))") }
        guard info.st_mode & 0o004 == 0 else {
            throw Failure(description: "\(path) is readable by every user, so it is not used: chmod 600 it (or 640 with the daemon's group)")
        }
        guard let bytes = RegularFile.read(path, limit: limit) else {
            throw Failure(description: "\(path) is not a regular file of at most \(limit) bytes")
        }
        let text = String(decoding: bytes, as: UTF8.self).trimmed()
        guard !text.isEmpty else { throw Failure(description: "\(path) is empty") }
        return text
    }

    /// `text(of:)`, nil where it fails.
    package static func read(_ path: String) -> String? { try? text(of: path) }
}

extension HTTPFetcher {
    /// The fetcher with `Authorization: Bearer <the token in tokenFile>`; fails as
    /// `SecretFile.text(of:)` does.
    package func authorized(byTokenIn tokenFile: String) throws(SecretFile.Failure) -> HTTPFetcher {
        let token = try SecretFile.text(of: tokenFile)
        var fetcher = self
        fetcher.headers["Authorization"] = "Bearer " + token
        return fetcher
    }
}
