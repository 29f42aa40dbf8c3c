import FoundationEssentials

/// An `http` widget: a URL asked every so often, and templates that pick values out of
/// its JSON answer with JSON paths into a family template (docs/CONFIG.md).
package struct HTTPWidgetSource: Sendable, Equatable {
    /// A header's value: written in the file, or read at each request from an
    /// environment variable or a file (secrets).
    package enum HeaderValue: Sendable, Equatable {
        case literal(String)
        case environment(String, prefix: String)
        case file(String, prefix: String)
    }

    package var fetcher: HTTPFetcher
    package var headers: [String: HeaderValue] = [:]
    package var interval: TimeInterval = 900
    /// What the entry shows, picked out of the answer.
    package var template = EntryTemplate()

    package init(fetcher: HTTPFetcher) {
        self.fetcher = fetcher
    }

    /// Header names whose values are secrets.
    package static func isSecret(_ name: String) -> Bool {
        let lower = name.lowercased()
        return ["authorization", "cookie", "token", "key", "secret", "password"].contains { lower.contains($0) }
    }
}
