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
            }, draw: factory.draw)
    }
}
