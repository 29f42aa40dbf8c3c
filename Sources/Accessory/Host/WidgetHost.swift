import ActivityKitCore
/// What widget code reaches of the daemon that runs it: the widgets the program declared,
/// the folders its asset catalogs are in, and the centers WidgetKit's, ActivityKit's and
/// SwiftUI's statics hand out (reloads, Live Activities, opened addresses).
///
/// The running daemon's host is the process's (`WidgetHost.process`), which the program's
/// start fills (`LockScreenDaemon.main(bundles:)`) and DaemonAssembly hands down; any other
/// daemon — a test's, the bench's — is given a host of its own, so two daemons in one
/// process never take each other's reloads or activities. Apple's statics are facades over
/// the process's host, all declared in one file (WidgetHost+Statics.swift).
package struct WidgetHost: Sendable {
    /// What the program declared, its `@main` type's or the bundles it handed
    /// `LockScreenDaemon.main(bundles:)`: the widgets, and how its Live Activities are
    /// drawn, one presenter per `ActivityConfiguration`, registered beside the widgets (no
    /// place takes them).
    package var catalog: WidgetCatalog
    /// Where `Color("name")` and `UIColor(named:)` look for colour sets (the program's
    /// resource folders), and where the addresses widget code opens go.
    package let app: AppServices
    /// Where `WidgetCenter`'s reloads go.
    package let reloads: WidgetCenter
    /// Where `Activity`'s requests go, and where the daemon says what runs.
    package let activities: ActivityCenter

    /// The program's resource folders, in which asset catalogs are looked for.
    package var assetDirectories: [String] { app.assetDirectories }

    /// A host with centers of its own.
    package init(catalog: WidgetCatalog = WidgetCatalog(), assetDirectories: [String] = []) {
        self.init(catalog: catalog, app: AppServices(assetDirectories: assetDirectories), reloads: WidgetCenter(), activities: ActivityCenter())
    }

    init(catalog: WidgetCatalog, app: AppServices, reloads: WidgetCenter, activities: ActivityCenter) {
        self.catalog = catalog
        self.app = app
        self.reloads = reloads
        self.activities = activities
    }
}
