import FoundationEssentials

/// One request (a GET unless told) with a deadline and a cap on the body, checked as bytes arrive, so a huge
/// answer is cut off rather than read whole: what to ask, as the configuration says it;
/// Providers makes the request (`fetch()`).
///
/// The transfer is libcurl's, loaded when the first fetch happens rather than linked:
/// Foundation's URLSession would map libcurl and its TLS libraries into every daemon,
/// about 6 MB, though most screens fetch nothing.
package struct HTTPFetcher: Sendable, Equatable {
    package var url: URL
    package var headers: [String: String] = [:]
    /// "GET" for widgets; a tap's action may POST, PUT or DELETE, with `body`.
    package var method = "GET"
    package var body: [UInt8] = []
    package var timeout: TimeInterval = 10
    package var limit = defaultLimit
    /// The largest body read unless a widget says otherwise: 1 MiB.
    package static let defaultLimit = 1 << 20

    package init(url: URL) {
        self.url = url
    }
}
