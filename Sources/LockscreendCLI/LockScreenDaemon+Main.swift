import Accessory
import LockScreen
import LockscreendCommand

extension LockScreenDaemon {
    /// Runs the stock `lockscreend` command line — the daemon and its `snapshot`,
    /// `check`, `preview` and `bench` subcommands, with the HTTP face — with the widgets
    /// of `bundles` added to the kinds a configuration file can name.
    ///
    /// This is how Swift widgets reach a lock screen without a fork: a package depends on
    /// lockscreend, declares its widgets and a bundle as in WidgetKit, and its executable's
    /// entry point calls this. A bundle's kind replaces a stock kind of the same name.
    /// Returns when the daemon stops; exits the process with status 1 on a usage error, a
    /// configuration mistake or a display that cannot be opened.
    public static func main(bundles: [any WidgetBundle] = []) async {
        await command(catalog: bundles.map(\.catalog).reduce(WidgetCatalog(), +), face: WebFace())
    }

    /// Runs the stock `lockscreend` command line with the widgets of `bundle` added; see
    /// `main(bundles:)`.
    public static func main(bundle: some WidgetBundle) async {
        await main(bundles: [bundle])
    }

    /// `main(bundles:)` for a program's synchronous entry point, with all of the daemon's
    /// tasks on the calling thread instead of libdispatch's pool: the pool's first use
    /// starts a timer that wakes the process every second for its whole life. An idle
    /// daemon then wakes only when its screen changes. Never returns.
    ///
    /// Call it from a `main.swift` without `await` (an `await` at the top level already
    /// runs the program on the pool):
    ///
    /// ```swift
    /// LockScreenDaemon.run(bundles: [MyWidgets()])
    /// ```
    public static func run(bundles: [any WidgetBundle] = []) -> Never {
        runCommand(catalog: bundles.map(\.catalog).reduce(WidgetCatalog(), +), face: WebFace())
    }

    /// `run(bundles:)` with the widgets of one bundle.
    public static func run(bundle: some WidgetBundle) -> Never {
        run(bundles: [bundle])
    }
}

/// The stock command line for a program whose `@main` is a widget or a bundle
/// (Accessory's `Widget.main()` reaches it through this C name).
@_cdecl("lockscreend_widget_main")
func lockscreendWidgetMain() {
    LockScreenDaemon.runCommand(catalog: WidgetHost.process.catalog, face: WebFace())
}
