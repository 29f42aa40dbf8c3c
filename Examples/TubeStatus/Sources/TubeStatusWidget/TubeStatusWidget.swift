import Accessory

/// The tube-status widget: place it in lockscreend's configuration as
/// `kind = "TubeStatus"`, with `line = "victoria"` to follow one line.
public struct TubeStatusWidget: Widget {
    public let kind = "TubeStatus"

    public init() {}

    public var body: some WidgetConfiguration {
        AppIntentConfiguration(kind: kind, intent: SelectLineIntent.self, provider: TubeStatusProvider()) { entry in
            TubeStatusEntryView(entry: entry)
        }
        .configurationDisplayName("Tube status")
        .description("How the London Underground is running.")
        .supportedFamilies([.accessoryInline, .accessoryCircular, .accessoryRectangular])
    }
}

/// The package's widgets, added to the stock daemon by `tubestatusd`.
public struct TubeStatusBundle: WidgetBundle {
    public init() {}

    public var body: some Widget {
        TubeStatusWidget()
    }
}
