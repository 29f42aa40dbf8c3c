import ActivityKitCore  // for .process
import SwiftUICore  // for .process
import Synchronization

/// The one place WidgetKit's statics are declared: each reaches the process's host
/// (ActivityKit's are ActivityCenter+Statics.swift and SwiftUI's AppServices+Statics.swift,
/// over the centers that host holds).
extension WidgetHost {
    /// Its activity center is ActivityKit's process center (ActivityCenter+Statics.swift),
    /// which `Activity`'s statics reach; its services SwiftUI's (AppServices+Statics.swift).
    private static let installed = Mutex(WidgetHost(catalog: WidgetCatalog(), app: .process, reloads: WidgetCenter(), activities: .process))

    /// The process's host: the one its statics reach, and the running daemon's.
    package static var process: WidgetHost { installed.withLock { $0 } }

    /// Fills the process's host with what the program declared; its centers stay, so
    /// widget code that subscribed or asked before still reaches the daemon.
    @discardableResult
    package static func install(_ catalog: WidgetCatalog, assetDirectories: [String]) -> WidgetHost {
        installed.withLock { host in
            host.catalog = catalog
            host.app.assetDirectories = assetDirectories
            return host
        }
    }
}

extension WidgetCenter {
    /// The center of the daemon that runs this widget.
    public static var shared: WidgetCenter { WidgetHost.process.reloads }
}
