import AppIntentsCore
/// Supplies a widget's entries, as WidgetKit's `TimelineProvider`: a placeholder drawn
/// redacted at once, a quick snapshot, and timelines, handed over through completion
/// handlers.
@preconcurrency
public protocol TimelineProvider: Sendable {
    associatedtype Entry: TimelineEntry
    typealias Context = TimelineProviderContext

    /// Sample data, returned at once; drawn redacted until the first timeline arrives.
    func placeholder(in context: Context) -> Entry
    /// One entry for previews; should be quick.
    func getSnapshot(in context: Context, completion: @escaping @Sendable (Entry) -> Void)
    /// The entries to show and when to ask again.
    func getTimeline(in context: Context, completion: @escaping @Sendable (Timeline<Entry>) -> Void)
}

/// Supplies a configurable widget's entries with async functions, as WidgetKit's
/// `AppIntentTimelineProvider`: the configuration (`Intent`) holds the widget's
/// parameters as the config file sets them.
public protocol AppIntentTimelineProvider: Sendable {
    associatedtype Entry: TimelineEntry
    associatedtype Intent: WidgetConfigurationIntent
    typealias Context = TimelineProviderContext

    /// Sample data, returned at once; drawn redacted until the first timeline arrives.
    func placeholder(in context: Context) -> Entry
    /// One entry for previews, for a configuration.
    func snapshot(for configuration: Intent, in context: Context) async -> Entry
    /// The entries to show for a configuration and when to ask again.
    func timeline(for configuration: Intent, in context: Context) async -> Timeline<Entry>
    /// Ready-made configurations, which watchOS offers instead of an editor. A desk panel
    /// is configured in its file (`[widgets.X]`), so none is offered; accepted so that
    /// providers written for both systems compile unchanged.
    func recommendations() -> [AppIntentRecommendation<Intent>]
}

extension AppIntentTimelineProvider {
    public func recommendations() -> [AppIntentRecommendation<Intent>] { [] }
}

/// A configuration offered ready-made with a description, as WidgetKit's
/// `AppIntentRecommendation` for an App Intent.
public struct AppIntentRecommendation<Intent: WidgetConfigurationIntent>: Sendable {
    public let intent: Intent
    /// The description shown for it, as a plain string.
    public let description: String

    public init(intent: Intent, description: Text) {
        self.intent = intent
        self.description = description.words
    }

    @_disfavoredOverload
    public init<S: StringProtocol>(intent: Intent, description: S) {
        self.intent = intent
        self.description = String(description)
    }

    public init(intent: Intent, description: LocalizedStringResource) {
        self.intent = intent
        self.description = description.key
    }
}

/// A configuration offered ready-made with a description, as WidgetKit's
/// `IntentRecommendation` for a SiriKit intent (an `IntentTimelineProvider`'s).
public struct IntentRecommendation<T: ConfigurableIntent> {
    public let intent: T
    /// The description shown for it, as a plain string.
    public let description: String

    public init(intent: T, description: Text) {
        self.intent = intent
        self.description = description.words
    }

    @_disfavoredOverload
    public init<S: StringProtocol>(intent: T, description: S) {
        self.intent = intent
        self.description = String(description)
    }
}
