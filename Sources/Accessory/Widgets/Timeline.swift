import FoundationEssentials

/// The entries a provider hands over and when to ask it again.
public struct Timeline<EntryType: TimelineEntry>: Sendable {
    public let entries: [EntryType]
    public let policy: TimelineReloadPolicy

    public init(entries: [EntryType], policy: TimelineReloadPolicy) {
        self.entries = entries
        self.policy = policy
    }
}

/// When the daemon asks a provider for a new timeline.
public struct TimelineReloadPolicy: Sendable, Hashable, Codable {
    package enum Kind: Sendable, Hashable, Codable {
        case atEnd
        case after(Date)
        case never
    }

    package let kind: Kind

    /// After the last entry's date.
    public static let atEnd = TimelineReloadPolicy(kind: .atEnd)
    /// Only when `WidgetCenter` is asked to reload this kind.
    public static let never = TimelineReloadPolicy(kind: .never)
    /// At a given time.
    public static func after(_ date: Date) -> TimelineReloadPolicy { TimelineReloadPolicy(kind: .after(date)) }
}

/// What a provider learns about where its widget is shown.
public struct TimelineProviderContext: Sendable {
    /// The family the widget is drawn in.
    public let family: WidgetFamily
    /// The widget's size in points.
    public let displaySize: CGSize
    /// True while drawing a preview or snapshot rather than the live lock screen.
    public let isPreview: Bool
    /// The daemon's current time: the real time, or the simulated one under `--at` and
    /// `lockscreend bench`. Providers that date their entries from it play correctly in
    /// simulated days. (WidgetKit has no such field; widgets written for it call `Date()`,
    /// which works too, always with the real time.)
    public let date: Date

    /// A context as the daemon hands one to a provider, for testing a provider directly.
    public init(family: WidgetFamily, displaySize: CGSize, isPreview: Bool = false, date: Date = Date()) {
        self.family = family
        self.displaySize = displaySize
        self.isPreview = isPreview
        self.date = date
    }
}
