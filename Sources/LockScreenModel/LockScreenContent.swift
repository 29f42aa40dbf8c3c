import ProviderOptions

/// What the lock screen holds: the widget (or stack) after the date, in the
/// accessoryInline family, the row below the clock, the other pages and what taps do.
/// The configuration makes it of specifications (`LockScreenContent<WidgetSpecification>`,
/// plain values); the composition root makes each a running widget for the daemon
/// (`LockScreenContent<TimelineEngine.Widget>`) with `map`.
package struct LockScreenContent<Widget: PlacedWidget>: Sendable {
    /// The widget (or stack) after the date, in the accessoryInline family.
    package var inline: WidgetStack<Widget>?
    /// The row below the clock, left to right.
    package var row: [WidgetStack<Widget>]
    /// The home-screen page's widgets (system families), in reading order.
    package var home: [WidgetStack<Widget>] = []
    /// The photo page's widget (or stack), drawn over the whole panel.
    package var photo: WidgetStack<Widget>?
    /// Which page the display shows.
    package var page: LockScreenPage = .lock
    /// What a tap on a widget does, by widget name (`[widgets.NAME.tap]`).
    package var taps: [String: WidgetTap] = [:]
    /// What a tap on a `Link` or a `.widgetURL` does, by address (`[urls]`): an exact
    /// address, or a prefix ending in `*`.
    package var urls: [String: WidgetTap] = [:]

    /// The action `[urls]` gives an address: the exact one, else the longest prefix.
    @inlinable package func action(forURL url: String) -> WidgetTap? {
        if let exact = urls[url] { return exact }
        return urls.filter { $0.key.hasSuffix("*") && url.hasPrefix(String($0.key.dropLast())) }.max { $0.key.count < $1.key.count }?.value
    }

    @inlinable package init(inline: WidgetStack<Widget>?, row: [WidgetStack<Widget>], home: [WidgetStack<Widget>] = [], photo: WidgetStack<Widget>? = nil, page: LockScreenPage = .lock) {
        self.inline = inline
        self.row = row
        self.home = home
        self.photo = photo
        self.page = page
    }

    /// The pages this content has, in the order "next" walks them.
    @inlinable package var pages: [LockScreenPage] { [.lock] + (home.isEmpty ? [] : [.home]) + (photo == nil ? [] : [.photo]) }

    /// The page after `page` among those this content has.
    @inlinable package func page(after page: LockScreenPage) -> LockScreenPage {
        let pages = self.pages
        return pages[((pages.firstIndex(of: page) ?? 0) + 1) % pages.count]
    }

    /// Single widgets, no stacks.
    @inlinable package init(inline: Widget?, row: [Widget]) {
        self.init(inline: inline.map { WidgetStack([$0]) }, row: row.map { WidgetStack([$0]) })
    }

    /// Every stack, in the engine's order: inline, row, home, photo.
    @inlinable package var stacks: [WidgetStack<Widget>] { (inline.map { [$0] } ?? []) + row + home + (photo.map { [$0] } ?? []) }

    /// The same page with each widget made into another form (a specification into a
    /// running widget); a widget that cannot be is left out, and a place left empty
    /// with it. Taps, addresses and the page shown stay.
    @inlinable package func map<Other>(_ transform: (Widget) throws -> Other?) rethrows -> LockScreenContent<Other> {
        var made = LockScreenContent<Other>(
            inline: try inline.flatMap { try $0.map(transform) }, row: try row.compactMap { try $0.map(transform) },
            home: try home.compactMap { try $0.map(transform) }, photo: try photo.flatMap { try $0.map(transform) }, page: page)
        made.taps = taps
        made.urls = urls
        return made
    }
}

extension LockScreenContent: Equatable where Widget: Equatable {}

/// The pages a display can show.
package enum LockScreenPage: String, Sendable, CaseIterable {
    /// The lock screen: date line, clock, row.
    case lock
    /// Home-screen widgets in a grid.
    case home
    /// One widget, a picture frame's photo, edge to edge.
    case photo
}
