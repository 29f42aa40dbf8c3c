import CAccessoryHooks
import Glibc
import Synchronization

extension Widget {
    /// Makes `@main` on a widget work as in WidgetKit: the program is the stock
    /// `lockscreend` command line with this widget's kind added. The program must link
    /// the `LockscreendCLI` product, which provides that command line.
    public static func main() {
        WidgetMain.run(Self().descriptors)
    }
}

extension WidgetBundle {
    /// Makes `@main` on a bundle work as in WidgetKit: the program is the stock
    /// `lockscreend` command line with the bundle's kinds added. The program must link
    /// the `LockscreendCLI` product, which provides that command line.
    public static func main() {
        WidgetMain.run(Self().descriptors)
    }
}

/// Hands the widgets of a `@main` type to the stock command line, which sits above this
/// module and so is reached through a C symbol it defines.
package enum WidgetMain {
    private static let widgets = Mutex<[WidgetDescriptor]>([])

    /// The widgets the program declared: its `@main` type's, or the bundles it handed
    /// `LockScreenDaemon.main(bundles:)`.
    package static var registered: [WidgetDescriptor] { widgets.withLock { $0 } }

    /// Records the widgets a program hands the stock command line, for what reads them
    /// outside the configuration (the Live Activities' presenters).
    package static func register(_ descriptors: [WidgetDescriptor]) {
        widgets.withLock { if $0.isEmpty { $0 = descriptors } }
    }

    static func run(_ descriptors: [WidgetDescriptor]) -> Never {
        widgets.withLock { $0 = descriptors }
        _ = accessory_run_widget_main()
        let message = """
            error: this program's @main widget needs the lockscreend command line: add \
            .product(name: "LockscreendCLI", package: "lockscreend") to its target's dependencies.

            """
        _ = message.withCString { write(STDERR_FILENO, $0, strlen($0)) }
        exit(1)
    }
}
