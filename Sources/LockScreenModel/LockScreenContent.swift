import Accessory
import TimelineEngine

/// What the lock screen holds: the widget (or stack) after the date, in the
/// accessoryInline family, and the row below the clock. A plain value: the configuration
/// produces it, the daemon shows it.
package struct LockScreenContent: Sendable {
    /// The widget (or stack) after the date, in the accessoryInline family.
    package var inline: WidgetStack?
    /// The row below the clock, left to right.
    package var row: [WidgetStack]
    /// The home-screen page's widgets (system families), in reading order.
    package var home: [WidgetStack] = []
    /// The photo page's widget (or stack), drawn over the whole panel.
    package var photo: WidgetStack?
    /// Which page the display shows.
    package var page: Page = .lock
    /// What a tap on a widget does, by widget name (`[widgets.NAME.tap]`).
    package var taps: [String: WidgetTap] = [:]
    /// What a tap on a `Link` or a `.widgetURL` does, by address (`[urls]`): an exact
    /// address, or a prefix ending in `*`.
    package var urls: [String: WidgetTap] = [:]

    /// The action `[urls]` gives an address: the exact one, else the longest prefix.
    package func action(forURL url: String) -> WidgetTap? {
        if let exact = urls[url] { return exact }
        return urls.filter { $0.key.hasSuffix("*") && url.hasPrefix(String($0.key.dropLast())) }.max { $0.key.count < $1.key.count }?.value
    }

    /// The pages a display can show.
    package enum Page: String, Sendable, CaseIterable {
        /// The lock screen: date line, clock, row.
        case lock
        /// Home-screen widgets in a grid.
        case home
        /// One widget, a picture frame's photo, edge to edge.
        case photo
    }

    package init(inline: WidgetStack?, row: [WidgetStack], home: [WidgetStack] = [], photo: WidgetStack? = nil, page: Page = .lock) {
        self.inline = inline
        self.row = row
        self.home = home
        self.photo = photo
        self.page = page
    }

    /// The pages this content has, in the order "next" walks them.
    package var pages: [Page] { [.lock] + (home.isEmpty ? [] : [.home]) + (photo == nil ? [] : [.photo]) }

    /// The page after `page` among those this content has.
    package func page(after page: Page) -> Page {
        let pages = self.pages
        return pages[((pages.firstIndex(of: page) ?? 0) + 1) % pages.count]
    }

    /// Single widgets, no stacks.
    package init(inline: TimelineEngine.Widget?, row: [TimelineEngine.Widget]) {
        self.init(inline: inline.map { WidgetStack([$0]) }, row: row.map { WidgetStack([$0]) })
    }

    /// Every stack, in the engine's order: inline, row, home, photo.
    package var stacks: [WidgetStack] { (inline.map { [$0] } ?? []) + row + home + (photo.map { [$0] } ?? []) }
}
