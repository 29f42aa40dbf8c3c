import AppIntentsCore
/// A widget with parameters set per instance, as WidgetKit's `AppIntentConfiguration`:
/// the intent's `@Parameter` properties are what the config file's keys set.
public struct AppIntentConfiguration<Intent: WidgetConfigurationIntent, Content: View>: WidgetConfiguration, PrimitiveWidgetConfiguration {
    let descriptor: WidgetDescriptor
    var offer: WidgetOffer { .widget(descriptor) }

    /// A widget of `kind`, configured by `intent`, its entries from `provider`.
    public init<Provider: AppIntentTimelineProvider>(
        kind: String, intent: Intent.Type = Intent.self, provider: Provider,
        @ViewBuilder content: @escaping (Provider.Entry) -> Content
    ) where Provider.Intent == Intent {
        descriptor = .configured(
            kind: kind, title: Intent.title.key, description: Intent.description.text, make: Intent.init,
            content: ViewFactory(make: content), placeholder: { provider.placeholder(in: $0) },
            snapshot: { await provider.snapshot(for: $0, in: $1) }, timeline: { await provider.timeline(for: $0, in: $1) })
    }
}

extension WidgetDescriptor {
    /// A widget whose every placement gets an intent of its own (`make`), its parameters
    /// set from the placement's config keys, and asks the provider with it.
    static func configured<Intent, Entry: TimelineEntry, Content: View>(
        kind: String, title: String, description: String, make: @escaping @Sendable () -> Intent,
        content: ViewFactory<Entry, Content>, placeholder: @escaping @Sendable (TimelineProviderContext) -> Entry,
        snapshot: @escaping @Sendable (Intent, TimelineProviderContext) async -> Entry,
        timeline: @escaping @Sendable (Intent, TimelineProviderContext) async -> Timeline<Entry>
    ) -> WidgetDescriptor {
        let sample = make()
        return WidgetDescriptor(
            kind: kind, displayName: title, description: description,
            supportedFamilies: WidgetFamily.accessoryFamilies, parameters: IntentParameters.describe(sample),
            instantiate: { (values: [String: String]) throws(ParameterError) in
                let placed = PlacedIntent(intent: make())
                try IntentParameters.assign(values, to: placed.intent)
                return WidgetInstance(
                    content: content, placeholder: placeholder,
                    snapshot: { await snapshot(placed.intent, $0) }, timeline: { await timeline(placed.intent, $0) })
            }, draw: content.draw, optionSources: IntentParameters.optionSources(sample))
    }
}

/// A placement's intent. A SiriKit intent is a class that is not `Sendable`, as on Apple's
/// systems; each placement's own is handed to its provider's calls, which may overlap (its
/// parameters are set once, before the first).
private struct PlacedIntent<Intent>: @unchecked Sendable {
    let intent: Intent
}
