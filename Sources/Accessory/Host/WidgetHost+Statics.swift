import ActivityKitCore  // for .process
import Synchronization

/// The one place WidgetKit's and SwiftUI's statics are declared: each reaches the
/// process's host (ActivityKit's are ActivityCenter+Statics.swift, over the same center).
extension WidgetHost {
    /// Its activity center is ActivityKit's process center (ActivityCenter+Statics.swift),
    /// which `Activity`'s statics reach.
    private static let installed = Mutex(WidgetHost(catalog: WidgetCatalog(), assetDirectories: [], reloads: WidgetCenter(), activities: .process))

    /// The process's host: the one its statics reach, and the running daemon's.
    package static var process: WidgetHost { installed.withLock { $0 } }

    /// Fills the process's host with what the program declared; its centers stay, so
    /// widget code that subscribed or asked before still reaches the daemon.
    @discardableResult
    package static func install(_ catalog: WidgetCatalog, assetDirectories: [String]) -> WidgetHost {
        installed.withLock { host in
            host.catalog = catalog
            host.assetDirectories = assetDirectories
            return host
        }
    }
}

extension WidgetCenter {
    /// The center of the daemon that runs this widget.
    public static var shared: WidgetCenter { WidgetHost.process.reloads }
}

extension AssetCatalog {
    /// Where `Color("name")` and `UIColor(named:)` look: colours are made before any view
    /// has an environment to say where.
    static var colorDirectories: [String] { WidgetHost.process.assetDirectories }
}
