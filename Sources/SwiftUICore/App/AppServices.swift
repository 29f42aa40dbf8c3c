import FoundationEssentials
import Synchronization

/// What SwiftUI's and UIKit's statics reach of the program drawing the views: the folders
/// its asset catalogs are in (where `Color("name")` and `UIColor(named:)` look, as they
/// look in the main bundle on iOS) and where an address it opens goes (`openURL`, which
/// the daemon hands to the address's `[urls]` action).
///
/// The process's (`AppServices.process`, declared in AppServices+Statics.swift) is the one
/// those statics reach; the widget host of the running daemon holds it, and any other
/// host one of its own.
package final class AppServices: Sendable {
    private let folders: Mutex<[String]>
    private let opened = Subscribers<String>()

    /// Services whose asset catalogs are in `assetDirectories`.
    package init(assetDirectories: [String] = []) {
        folders = Mutex(assetDirectories)
    }

    /// The program's resource folders, in which asset catalogs are looked for.
    package var assetDirectories: [String] {
        get { folders.withLock { $0 } }
        set { folders.withLock { $0 = newValue } }
    }

    /// Hands an address widget code opened to the daemon listening.
    package func open(_ url: URL) { opened.send(url.absoluteString) }

    /// The addresses opened from now on, until the stream is dropped.
    package func openedURLs() -> AsyncStream<String> { opened.stream() }
}
