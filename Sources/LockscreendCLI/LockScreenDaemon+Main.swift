import Accessory
import Config
import LockScreen

extension LockScreenDaemon {
    /// Runs the stock `lockscreend` command line — the daemon and its `snapshot`,
    /// `check`, `preview` and `bench` subcommands — with the widgets of `bundles` added
    /// to the kinds a configuration file can name.
    ///
    /// This is how Swift widgets reach a lock screen without a fork: a package depends on
    /// lockscreend, declares its widgets and a bundle as in WidgetKit, and its executable's
    /// entry point calls this. A bundle's kind replaces a stock kind of the same name.
    /// Returns when the daemon stops; exits the process with status 1 on a usage error, a
    /// configuration mistake or a display that cannot be opened.
    public static func main(bundles: [any WidgetBundle] = []) async {
        await WidgetRegistry.$added.withValue(bundles.flatMap(\.descriptors)) {
            await Lockscreend.main()
        }
    }

    /// Runs the stock `lockscreend` command line with the widgets of `bundle` added; see
    /// `main(bundles:)`.
    public static func main(bundle: some WidgetBundle) async {
        await main(bundles: [bundle])
    }
}
