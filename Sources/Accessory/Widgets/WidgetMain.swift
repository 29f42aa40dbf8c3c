import CAccessoryHooks
import Glibc

extension Widget {
    /// Makes `@main` on a widget work as in WidgetKit: the program is the stock
    /// `lockscreend` command line with this widget's kind added. The program must link
    /// the `LockscreendCLI` product, which provides that command line.
    public static func main() {
        WidgetMain.run(Self().catalog)
    }
}

extension WidgetBundle {
    /// Makes `@main` on a bundle work as in WidgetKit: the program is the stock
    /// `lockscreend` command line with the bundle's kinds added. The program must link
    /// the `LockscreendCLI` product, which provides that command line.
    public static func main() {
        WidgetMain.run(Self().catalog)
    }
}

/// Hands the widgets of a `@main` type to the stock command line, which sits above this
/// module and so is reached through a C symbol it defines.
/// The `@main` type's widgets wait in the process's host (`WidgetHost.process`).
package enum WidgetMain {
    static func run(_ catalog: WidgetCatalog) -> Never {
        WidgetHost.install(catalog, assetDirectories: [])
        _ = accessory_run_widget_main()
        let message = """
            error: this program's @main widget needs the lockscreend command line: add \
            .product(name: "LockscreendCLI", package: "lockscreend") to its target's dependencies.

            """
        _ = message.withCString { write(STDERR_FILENO, $0, strlen($0)) }
        exit(1)
    }
}
