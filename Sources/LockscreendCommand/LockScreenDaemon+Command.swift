import Accessory
import DaemonRuntime
import LockScreen
import Providers

extension LockScreenDaemon {
    /// Runs the `lockscreend` command line — the daemon and its `snapshot`, `check`,
    /// `preview` and `bench` subcommands — with the widgets and activities of `catalog`
    /// added to the kinds a configuration file can name, and `face` as its HTTP face.
    package static func command(catalog: WidgetCatalog, face: (any HTTPFace)?) async {
        // Parameters whose values a DynamicOptionsProvider or an entity query lists are
        // asked once, before any configuration is read.
        var resolved = catalog
        resolved.widgets = []
        for descriptor in catalog.widgets { resolved.widgets.append(await descriptor.resolvingOptions()) }
        // The process's host: its Live Activities are drawn by whichever daemon the
        // command line starts, and `Color("name")` and `UIColor(named:)` read the asset
        // catalogs among the package's resources, as `Image("name")` does. Only widget
        // code reads them: the stock daemon does not list its program's folder (a crowded
        // one, /tmp or /usr/bin, cost up to 6 % of the start, docs/PERFORMANCE.md).
        let hasWidgetCode = !resolved.widgets.isEmpty || !resolved.activities.isEmpty
        WidgetHost.install(resolved, assetDirectories: hasWidgetCode ? PackageResources.running : [])
        await WidgetRegistry.$added.withValue(resolved.widgets) {
            await Lockscreend.$httpFace.withValue(face) {
                await Lockscreend.main()
            }
        }
    }

    /// `command(catalog:face:)` with all of the daemon's tasks on the calling thread
    /// instead of libdispatch's pool: the pool's first use starts a timer that wakes the
    /// process every second for its whole life. Never returns.
    package static func runCommand(catalog: WidgetCatalog = WidgetCatalog(), face: (any HTTPFace)?) -> Never {
        DaemonExecutor.run { await command(catalog: catalog, face: face) }
    }
}
