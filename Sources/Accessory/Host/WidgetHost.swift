import ActivityKitCore
/// What widget code reaches of the daemon that runs it: the widgets the program declared,
/// the folders its asset catalogs are in, and the centers WidgetKit's and ActivityKit's
/// statics hand out (reloads, Live Activities).
///
/// The running daemon's host is the process's (`WidgetHost.process`), which the program's
/// start fills (`LockScreenDaemon.main(bundles:)`) and DaemonAssembly hands down; any other
/// daemon — a test's, the bench's — is given a host of its own, so two daemons in one
/// process never take each other's reloads or activities. Apple's statics are facades over
/// the process's host, all declared in one file (WidgetHost+Statics.swift).
package struct WidgetHost: Sendable {
    /// The widgets the program declared: its `@main` type's, or the bundles it handed
    /// `LockScreenDaemon.main(bundles:)`.
    package var widgets: [WidgetDescriptor]
    /// How the program's Live Activities are drawn, one per `ActivityConfiguration` it
    /// declared, registered beside its widgets (no place takes them).
    package var activityPresenters: [ActivityPresenter]
    /// Where `Color("name")` and `UIColor(named:)` look for colour sets: the program's
    /// resource folders.
    package var assetDirectories: [String]
    /// Where `WidgetCenter`'s reloads and opened addresses go.
    package let reloads: WidgetCenter
    /// Where `Activity`'s requests go, and where the daemon says what runs.
    package let activities: ActivityCenter

    /// A host with centers of its own.
    package init(widgets: [WidgetDescriptor] = [], activityPresenters: [ActivityPresenter] = [], assetDirectories: [String] = []) {
        self.init(widgets: widgets, activityPresenters: activityPresenters, assetDirectories: assetDirectories, reloads: WidgetCenter(), activities: ActivityCenter())
    }

    init(widgets: [WidgetDescriptor], activityPresenters: [ActivityPresenter], assetDirectories: [String], reloads: WidgetCenter, activities: ActivityCenter) {
        self.widgets = widgets
        self.activityPresenters = activityPresenters
        self.assetDirectories = assetDirectories
        self.reloads = reloads
        self.activities = activities
    }
}
