import FoundationEssentials

/// Opens an address, as SwiftUI's `OpenURLAction` (`@Environment(\.openURL)`): on a desk
/// panel there is no browser, so the address is handed to the daemon as a tap on a
/// `Link` would be (its `[urls]` action runs), and nothing else happens.
public struct OpenURLAction: Sendable {
    let open: @Sendable (URL) -> Void

    public func callAsFunction(_ url: URL) { open(url) }

    public func callAsFunction(_ url: URL, completion: @escaping (Bool) -> Void) {
        open(url)
        completion(true)
    }
}
