import AppIntentsCore
import Accessory
import FoundationEssentials
import ZoneInfo

/// The time in another zone: "Tokyo 23:04".
struct WorldClockWidget: Widget {
    struct Configuration: WidgetConfigurationIntent {
        static let title: LocalizedStringResource = "World clock"
        static let description = IntentDescription("The time in a chosen time zone.")

        @Parameter(title: "Time zone (e.g. Asia/Tokyo)", default: "UTC")
        var zone: String

        @Parameter(title: "Label (default: the zone's city)")
        var label: String
    }

    struct Entry: TimelineEntry, Codable {
        let date: Date
        let zone: String
        let label: String
    }

    struct Provider: AppIntentTimelineProvider {
        func placeholder(in context: Context) -> Entry { Entry(date: context.date, zone: "UTC", label: "UTC") }

        func snapshot(for configuration: Configuration, in context: Context) async -> Entry {
            let city = configuration.zone.split(separator: "/").last.map { String($0.replacing("_", with: " ")) } ?? configuration.zone
            return Entry(date: context.date, zone: configuration.zone, label: configuration.label.isEmpty ? city : configuration.label)
        }

        /// An entry for each minute of the next hour, then a new timeline: what a
        /// WidgetKit clock widget hands over, since `Text(date, style: .time)` shows the
        /// date it is given, not the time now.
        func timeline(for configuration: Configuration, in context: Context) async -> Timeline<Entry> {
            let now = await snapshot(for: configuration, in: context)
            let minute = (context.date.timeIntervalSince1970 / 60).rounded(.down) * 60
            let entries = (0..<Self.minutesPerTimeline).map { step in
                Entry(date: Date(timeIntervalSince1970: minute + Double(step) * 60), zone: now.zone, label: now.label)
            }
            return Timeline(entries: entries, policy: .atEnd)
        }

        static let minutesPerTimeline = 60
    }

    struct EntryView: View {
        let entry: Entry
        @Environment(\.widgetFamily) var family

        var body: some View {
            let zone = ZoneRules.named(entry.zone) ?? .utc
            Group {
                switch family {
                case .accessoryInline:
                    HStack {
                        Image(systemName: "public")
                        Text("\(entry.label) \(entry.date, format: .dateTime.hour().minute())")
                    }
                case .accessoryCircular:
                    ZStack {
                        AccessoryWidgetBackground()
                        VStack(spacing: 0) {
                            Text(entry.label).font(.caption2).lineLimit(1).minimumScaleFactor(0.6)
                            Text(entry.date, format: .dateTime.hour().minute()).font(.system(size: 17, weight: .semibold)).monospacedDigit()
                        }
                    }
                case .systemSmall, .systemMedium, .systemLarge, .systemExtraLarge:
                    // As iOS's Clock widget: the city, then the time large.
                    VStack(alignment: .leading, spacing: 4) {
                        Label(entry.label, systemImage: "globe").font(.headline)
                        Spacer()
                        Text(entry.date, format: .dateTime.hour().minute())
                            .font(.system(size: 44, weight: .semibold, design: .rounded)).monospacedDigit()
                            .lineLimit(1).minimumScaleFactor(0.5)
                        Text(entry.date, format: .dateTime.weekday(.wide)).font(.subheadline).foregroundStyle(.secondary)
                    }
                    .padding(16)
                    .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .leading)
                default:
                    VStack(alignment: .leading, spacing: 0) {
                        HStack {
                            Image(systemName: "public")
                            Text(entry.label).font(.headline)
                        }
                        Text(entry.date, format: .dateTime.hour().minute()).font(.system(size: 28, weight: .semibold)).monospacedDigit()
                    }
                }
            }
            .environment(\.zone, zone)
        }
    }

    var body: some WidgetConfiguration {
        AppIntentConfiguration(kind: "clock", intent: Configuration.self, provider: Provider()) { entry in
            EntryView(entry: entry)
        }
        .configurationDisplayName("World clock")
        .description("The time in another time zone.")
        .supportedFamilies([.accessoryInline, .accessoryCircular, .accessoryRectangular, .systemSmall, .systemMedium])
    }
}
