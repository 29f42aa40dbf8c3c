import AppIntentsCore
/// Supplies a configurable widget's entries through completion handlers, as WidgetKit's
/// `IntentTimelineProvider` of the SiriKit era: the intent is an `INIntent` subclass an
/// intent definition generates (`import Intents`), its parameters set from the config file.
@preconcurrency
public protocol IntentTimelineProvider: Sendable {
    associatedtype Entry: TimelineEntry
    associatedtype Intent: ConfigurableIntent
    typealias Context = TimelineProviderContext

    /// Sample data, returned at once; drawn redacted until the first timeline arrives.
    func placeholder(in context: Context) -> Entry
    /// One entry for previews, for a configuration.
    func getSnapshot(for configuration: Intent, in context: Context, completion: @escaping @Sendable (Entry) -> Void)
    /// The entries to show for a configuration and when to ask again.
    func getTimeline(for configuration: Intent, in context: Context, completion: @escaping @Sendable (Timeline<Entry>) -> Void)
    /// Ready-made configurations, which watchOS offers instead of an editor; a desk panel
    /// is configured in its file, so none is offered.
    func recommendations() -> [IntentRecommendation<Intent>]
}

extension IntentTimelineProvider {
    public func recommendations() -> [IntentRecommendation<Intent>] { [] }
}

/// A widget configured by a SiriKit intent with a completion-handler provider, as
/// WidgetKit's `IntentConfiguration`: each placed widget gets an intent of its own, its
/// parameters from the config file's keys or the definition's defaults.
public struct IntentConfiguration<Intent: ConfigurableIntent, Content: View>: WidgetConfiguration, PrimitiveWidgetConfiguration {
    let descriptor: WidgetDescriptor
    var offer: WidgetOffer { .widget(descriptor) }

    /// A widget of `kind`, configured by `intent`, its entries from `provider`.
    public init<Provider: IntentTimelineProvider>(
        kind: String, intent: Intent.Type, provider: Provider,
        @ViewBuilder content: @escaping (Provider.Entry) -> Content
    ) where Provider.Intent == Intent {
        descriptor = .configured(
            kind: kind, title: Intent.configurationTitle, description: Intent.configurationDescription, make: { Intent() },
            content: ViewFactory(make: content), placeholder: { provider.placeholder(in: $0) },
            snapshot: { configuration, context in
                await CompletionBridge.call { provider.getSnapshot(for: configuration, in: context, completion: $0) }
            },
            timeline: { configuration, context in
                await CompletionBridge.call { provider.getTimeline(for: configuration, in: context, completion: $0) }
            })
    }
}
