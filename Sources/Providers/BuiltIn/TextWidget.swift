import AppIntentsCore
import Accessory
import FoundationEssentials

/// A fixed line of text, an emoji, or an icon: a label, a favourite emoji, a to-do.
struct TextWidget: Widget {
    struct Configuration: WidgetConfigurationIntent {
        static let title: LocalizedStringResource = "Text"
        static let description = IntentDescription("A line of text, an emoji or an icon that stays as written.")

        @Parameter(title: "Text")
        var text: String

        @Parameter(title: "Emoji")
        var emoji: String

        @Parameter(title: "Icon (a Material Icons name, e.g. favorite)")
        var symbol: String
    }

    struct Entry: TimelineEntry, Codable {
        let date: Date
        let text: String
        let emoji: String
        let symbol: String
    }

    struct Provider: AppIntentTimelineProvider {
        func placeholder(in context: Context) -> Entry { Entry(date: context.date, text: "Text", emoji: "", symbol: "") }

        func snapshot(for configuration: Configuration, in context: Context) async -> Entry {
            Entry(date: context.date, text: configuration.text, emoji: configuration.emoji, symbol: configuration.symbol)
        }

        func timeline(for configuration: Configuration, in context: Context) async -> Timeline<Entry> {
            Timeline(entries: [await snapshot(for: configuration, in: context)], policy: .never)
        }
    }

    struct EntryView: View {
        let entry: Entry
        @Environment(\.widgetFamily) var family

        var body: some View {
            switch family {
            case .accessoryInline:
                HStack {
                    if !entry.symbol.isEmpty { Image(systemName: entry.symbol) }
                    Text([entry.emoji, entry.text].filter { !$0.isEmpty }.joined(separator: " "))
                }
            default:
                ZStack {
                    if family == .accessoryCircular { AccessoryWidgetBackground() }
                    VStack(spacing: 2) {
                        if !entry.emoji.isEmpty { Text(entry.emoji).font(.system(size: family == .accessoryCircular ? 30 : family.isHomeScreen ? 56 : 24)) }
                        if !entry.symbol.isEmpty { Image(systemName: entry.symbol).font(.system(size: family.isHomeScreen ? 48 : 24)) }
                        if !entry.text.isEmpty {
                            Text(entry.text).font(family == .accessoryCircular ? .caption : family.isHomeScreen ? .title2.weight(.semibold) : .headline)
                                .multilineTextAlignment(.center).lineLimit(family == .accessoryCircular ? 2 : 3).minimumScaleFactor(0.7)
                        }
                    }
                }
            }
        }
    }

    var body: some WidgetConfiguration {
        AppIntentConfiguration(kind: "text", intent: Configuration.self, provider: Provider()) { entry in
            EntryView(entry: entry)
        }
        .configurationDisplayName("Text")
        .description("A line of text, an emoji or an icon.")
        .supportedFamilies([.accessoryInline, .accessoryCircular, .accessoryRectangular, .systemSmall, .systemMedium])
    }
}
