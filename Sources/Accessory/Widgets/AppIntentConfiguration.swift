/// A widget with parameters set per instance, as WidgetKit's `AppIntentConfiguration`:
/// the intent's `@Parameter` properties are what the config file's keys set.
public struct AppIntentConfiguration<Intent: WidgetConfigurationIntent, Content: View>: WidgetConfiguration, PrimitiveWidgetConfiguration {
    let descriptor: WidgetDescriptor

    /// A widget of `kind`, configured by `intent`, its entries from `provider`.
    public init<Provider: AppIntentTimelineProvider>(
        kind: String, intent: Intent.Type = Intent.self, provider: Provider,
        @ViewBuilder content: @escaping (Provider.Entry) -> Content
    ) where Provider.Intent == Intent {
        let factory = ViewFactory(make: content)
        descriptor = WidgetDescriptor(
            kind: kind, displayName: Intent.title.key, description: Intent.description.text,
            supportedFamilies: WidgetFamily.accessoryFamilies, parameters: IntentParameters.describe(Intent()),
            instantiate: { (values: [String: String]) throws(ParameterError) in
                let configuration = Intent()
                try IntentParameters.assign(values, to: configuration)
                return WidgetInstance(
                    content: factory,
                    placeholder: { provider.placeholder(in: $0) },
                    snapshot: { await provider.snapshot(for: configuration, in: $0) },
                    timeline: { await provider.timeline(for: configuration, in: $0) })
            }, draw: factory.draw, optionSources: IntentParameters.optionSources(Intent()))
    }
}

/// Supplies a configurable widget's entries through completion handlers, as WidgetKit's
/// `IntentTimelineProvider` of the SiriKit era. Here the intent is a
/// `WidgetConfigurationIntent` (its `@Parameter`s set from the config file), and the
/// provider runs on the same path as an `AppIntentTimelineProvider`.
@preconcurrency
public protocol IntentTimelineProvider: Sendable {
    associatedtype Entry: TimelineEntry
    associatedtype Intent: WidgetConfigurationIntent
    typealias Context = TimelineProviderContext

    /// Sample data, returned at once; drawn redacted until the first timeline arrives.
    func placeholder(in context: Context) -> Entry
    /// One entry for previews, for a configuration.
    func getSnapshot(for configuration: Intent, in context: Context, completion: @escaping @Sendable (Entry) -> Void)
    /// The entries to show for a configuration and when to ask again.
    func getTimeline(for configuration: Intent, in context: Context, completion: @escaping @Sendable (Timeline<Entry>) -> Void)
}

/// A widget configured by an intent with a completion-handler provider, as WidgetKit's
/// `IntentConfiguration`.
public struct IntentConfiguration<Intent: WidgetConfigurationIntent, Content: View>: WidgetConfiguration, PrimitiveWidgetConfiguration {
    let descriptor: WidgetDescriptor

    /// A widget of `kind`, configured by `intent`, its entries from `provider`.
    public init<Provider: IntentTimelineProvider>(
        kind: String, intent: Intent.Type, provider: Provider,
        @ViewBuilder content: @escaping (Provider.Entry) -> Content
    ) where Provider.Intent == Intent {
        descriptor = AppIntentConfiguration<Intent, Content>(
            kind: kind, intent: intent, provider: IntentProviderBridge(provider: provider), content: content
        ).descriptor
    }
}

/// An `IntentTimelineProvider` seen as an `AppIntentTimelineProvider`.
struct IntentProviderBridge<Provider: IntentTimelineProvider>: AppIntentTimelineProvider {
    let provider: Provider

    func placeholder(in context: Context) -> Provider.Entry { provider.placeholder(in: context) }

    func snapshot(for configuration: Provider.Intent, in context: Context) async -> Provider.Entry {
        await CompletionBridge.call { provider.getSnapshot(for: configuration, in: context, completion: $0) }
    }

    func timeline(for configuration: Provider.Intent, in context: Context) async -> Timeline<Provider.Entry> {
        await CompletionBridge.call { provider.getTimeline(for: configuration, in: context, completion: $0) }
    }
}
