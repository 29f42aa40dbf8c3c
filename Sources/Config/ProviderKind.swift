import Accessory
import Providers
import TOML
import TimelineEngine

/// A widget kind the configuration reads with tables and arrays rather than declared
/// `@Parameter`s (`command`, `http`, `calendar`, `push`, …): its name in `kind = "…"` and
/// how a `[widgets.NAME]` table of it becomes a widget. `WidgetRegistry` keeps these
/// beside the Swift widgets' descriptors, so every kind is one entry of one table and a
/// name without an entry is refused, never taken for another kind.
package struct ProviderKind: Sendable {
    /// What a kind's maker is given.
    package struct Widget {
        /// The widget's name, `NAME` of `[widgets.NAME]`.
        package let name: String
        /// The kind, as `kind = "…"` says it.
        package let kind: String
        package let table: TOMLTable
        /// `widgets.NAME`, for messages.
        package let path: String
        /// The family it is drawn in: given, or the one its place takes.
        package let family: WidgetFamily
        /// Where pushed timelines wait.
        package let board: PushBoard
    }

    package let name: String
    /// Reads `widget`'s table, reporting what is wrong to the reader; nil when it cannot run.
    let make: @Sendable (Widget, inout ConfigReader) -> TimelineEngine.Widget?

    init(name: String, make: @escaping @Sendable (Widget, inout ConfigReader) -> TimelineEngine.Widget?) {
        self.name = name
        self.make = make
    }
}
