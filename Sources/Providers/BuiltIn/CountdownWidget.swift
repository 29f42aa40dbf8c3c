import AppIntentsCore
import Accessory
import FoundationEssentials

/// Time left until a moment: a launch, a train, the end of the working day. The text and
/// the ring run by themselves, with no new entries.
struct CountdownWidget: Widget {
    struct Configuration: WidgetConfigurationIntent {
        static let title: LocalizedStringResource = "Countdown"
        static let description = IntentDescription("Time left until a date, as a running timer and a shrinking ring.")

        @Parameter(title: "Title")
        var title: String

        @Parameter(title: "The moment")
        var date: Date

        @Parameter(title: "When the ring starts full (default: when the timeline was made)")
        var start: Date?
    }

    struct Entry: TimelineEntry, Codable {
        let date: Date
        let title: String
        let start: Date
        let end: Date
    }

    struct Provider: AppIntentTimelineProvider {
        func placeholder(in context: Context) -> Entry {
            Entry(date: context.date, title: "Countdown", start: context.date, end: context.date.addingTimeInterval(3_600))
        }

        func snapshot(for configuration: Configuration, in context: Context) async -> Entry {
            let end = configuration.date
            let start = min(configuration.start ?? context.date, end)
            return Entry(date: context.date, title: configuration.title, start: start, end: end)
        }

        /// The text runs by itself; a second entry a day before the end switches the
        /// rectangular view from "in 3 days" to the running timer.
        func timeline(for configuration: Configuration, in context: Context) async -> Timeline<Entry> {
            let now = await snapshot(for: configuration, in: context)
            let lastDay = now.end.addingTimeInterval(-86_400)
            guard lastDay > now.date else { return Timeline(entries: [now], policy: .never) }
            return Timeline(entries: [now, Entry(date: lastDay, title: now.title, start: now.start, end: now.end)], policy: .never)
        }
    }

    struct EntryView: View {
        let entry: Entry
        @Environment(\.widgetFamily) var family

        var body: some View {
            switch family {
            case .accessoryInline:
                HStack {
                    Image(systemName: "timer")
                    Text("\(entry.title.isEmpty ? "Ends" : entry.title) \(entry.end, style: .relative)")
                }
            case .accessoryCircular:
                ZStack {
                    ProgressView(timerInterval: entry.start...entry.end, countsDown: true).progressViewStyle(.circular)
                    VStack(spacing: 0) {
                        if !entry.title.isEmpty { Text(entry.title).font(.caption2).lineLimit(1).minimumScaleFactor(0.6) }
                        if entry.end.timeIntervalSince(entry.date) > 86_400 {
                            // Days away: "31 days, 4 hr" on two lines, changing each hour.
                            Text(entry.end, style: .relative)
                                .font(.system(size: 12, weight: .semibold)).multilineTextAlignment(.center)
                                .lineLimit(2).minimumScaleFactor(0.6)
                        } else {
                            // The last day: a running H:MM:SS timer, as `.timer` reads.
                            Text(timerInterval: entry.start...entry.end, countsDown: true)
                                .font(.system(size: 13, weight: .semibold)).monospacedDigit()
                                .lineLimit(1).minimumScaleFactor(0.5)
                        }
                    }
                    .padding(.horizontal, 9)
                }
            default:
                VStack(alignment: .leading, spacing: 2) {
                    Text(entry.title.isEmpty ? "Countdown" : entry.title).font(.headline).lineLimit(1)
                    if entry.end.timeIntervalSince(entry.date) > 86_400 {
                        Text(entry.end, style: .relative).font(.system(size: 22, weight: .semibold))
                    } else {
                        Text(entry.end, style: .timer).font(.system(size: 22, weight: .semibold)).monospacedDigit()
                    }
                    ProgressView(timerInterval: entry.start...entry.end, countsDown: true)
                }
            }
        }
    }

    var body: some WidgetConfiguration {
        AppIntentConfiguration(kind: "countdown", intent: Configuration.self, provider: Provider()) { entry in
            EntryView(entry: entry)
        }
        .configurationDisplayName("Countdown")
        .description("Time left until a date.")
    }
}
