// Widgets as Apple's WidgetKit articles and Xcode's templates write them, pasted with
// only the imports changed (and `static let` for the intent's statics, which Swift 6
// requires of any code). If these stop compiling, the API has drifted from WidgetKit's.
import AppIntentsCore
import TestSupport
import Accessory
import Foundation

// MARK: The Xcode widget template, completion-handler provider

struct SimpleEntry: TimelineEntry {
    let date: Date
    let emoji: String
}

struct Provider: TimelineProvider {
    func placeholder(in context: Context) -> SimpleEntry {
        SimpleEntry(date: Date(), emoji: "😀")
    }

    func getSnapshot(in context: Context, completion: @escaping (SimpleEntry) -> ()) {
        let entry = SimpleEntry(date: Date(), emoji: "😀")
        completion(entry)
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<Entry>) -> ()) {
        var entries: [SimpleEntry] = []

        // Generate a timeline consisting of five entries an hour apart, starting from the current date.
        let currentDate = Date()
        for hourOffset in 0 ..< 5 {
            let entryDate = Calendar.current.date(byAdding: .hour, value: hourOffset, to: currentDate)!
            let entry = SimpleEntry(date: entryDate, emoji: "😀")
            entries.append(entry)
        }

        let timeline = Timeline(entries: entries, policy: .atEnd)
        completion(timeline)
    }
}

struct EmojiWidgetEntryView : View {
    var entry: Provider.Entry
    @Environment(\.widgetFamily) var family

    var body: some View {
        switch family {
        case .accessoryCircular:
            ZStack {
                AccessoryWidgetBackground()
                Text(entry.emoji)
                    .font(.title)
            }
        case .accessoryRectangular:
            VStack(alignment: .leading) {
                Text("Time:")
                Text(entry.date, style: .time)
                Text("Emoji:")
                Text(entry.emoji)
            }
        case .accessoryInline:
            Text("\(entry.emoji) at \(entry.date, style: .time)")
        default:
            Text(entry.emoji)
        }
    }
}

struct EmojiWidget: Widget {
    let kind: String = "EmojiWidget"

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: kind, provider: Provider()) { entry in
            EmojiWidgetEntryView(entry: entry)
                .containerBackground(.fill.tertiary, for: .widget)
        }
        .configurationDisplayName("My Widget")
        .description("This is an example widget.")
        .supportedFamilies([.accessoryCircular, .accessoryRectangular, .accessoryInline])
    }
}

// MARK: Lock-screen gauges, as in "Creating accessory widgets and watch complications"

struct LevelEntry: TimelineEntry {
    let date: Date
    let level: Double
}

struct LevelProvider: TimelineProvider {
    func placeholder(in context: Context) -> LevelEntry { LevelEntry(date: Date(), level: 50) }

    func getSnapshot(in context: Context, completion: @escaping (LevelEntry) -> Void) {
        completion(LevelEntry(date: Date(), level: 72))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<LevelEntry>) -> Void) {
        let entry = LevelEntry(date: Date(), level: 72)
        completion(Timeline(entries: [entry], policy: .after(Date().addingTimeInterval(15 * 60))))
    }
}

struct LevelView: View {
    let entry: LevelEntry
    @Environment(\.widgetFamily) var family

    var body: some View {
        switch family {
        case .accessoryCircular:
            Gauge(value: entry.level, in: 0...100) {
                Image(systemName: "drop.fill")
            } currentValueLabel: {
                Text("\(Int(entry.level))")
            }
            .gaugeStyle(.accessoryCircular)
            .tint(Gradient(colors: [.red, .orange, .green]))
        case .accessoryRectangular:
            VStack(alignment: .leading) {
                Text("Water level")
                    .font(.headline)
                    .widgetAccentable()
                Gauge(value: entry.level, in: 0...100) {
                    Text("Level")
                } currentValueLabel: {
                    Text("\(entry.level, specifier: "%.0f")%")
                }
                .gaugeStyle(.accessoryLinear)
            }
        case .accessoryInline:
            ViewThatFits {
                Text("Water level \(Int(entry.level)) percent")
                Text("\(Int(entry.level))%")
            }
        default:
            EmptyView()
        }
    }
}

struct LevelWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "Level", provider: LevelProvider()) { entry in
            LevelView(entry: entry)
        }
        .configurationDisplayName("Water level")
        .supportedFamilies([.accessoryCircular, .accessoryRectangular, .accessoryInline])
    }
}

// MARK: The Xcode 15 App Intent template, async provider

struct ConfigurationAppIntent: WidgetConfigurationIntent {
    static let title: LocalizedStringResource = "Configuration"
    static let description = IntentDescription("This is an example widget.")

    // An example configurable parameter.
    @Parameter(title: "Favorite Emoji", default: "😃")
    var favoriteEmoji: String

    @Parameter(title: "Count", default: 3)
    var count: Int

    @Parameter(title: "Flavor", default: .vanilla)
    var flavor: Flavor

    @Parameter(title: "Show seconds")
    var showsSeconds: Bool
}

enum Flavor: String, AppEnum {
    case vanilla, chocolate, strawberry

    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Flavor"
    static let caseDisplayRepresentations: [Flavor: DisplayRepresentation] = [
        .vanilla: "Vanilla", .chocolate: "Chocolate", .strawberry: "Strawberry",
    ]
}

struct IntentEntry: TimelineEntry {
    let date: Date
    let configuration: ConfigurationAppIntent
}

struct IntentProvider: AppIntentTimelineProvider {
    func placeholder(in context: Context) -> IntentEntry {
        IntentEntry(date: Date(), configuration: ConfigurationAppIntent())
    }

    func snapshot(for configuration: ConfigurationAppIntent, in context: Context) async -> IntentEntry {
        IntentEntry(date: Date(), configuration: configuration)
    }

    func timeline(for configuration: ConfigurationAppIntent, in context: Context) async -> Timeline<IntentEntry> {
        var entries: [IntentEntry] = []
        let currentDate = Date()
        for hourOffset in 0 ..< 5 {
            let entryDate = Calendar.current.date(byAdding: .hour, value: hourOffset, to: currentDate)!
            let entry = IntentEntry(date: entryDate, configuration: configuration)
            entries.append(entry)
        }
        return Timeline(entries: entries, policy: .atEnd)
    }
}

struct IntentWidgetEntryView: View {
    var entry: IntentProvider.Entry

    var body: some View {
        VStack {
            Text("Time:")
            Text(entry.date, style: .time)
            Text("Favorite Emoji:")
            Text(entry.configuration.favoriteEmoji)
        }
    }
}

struct IntentWidget: Widget {
    let kind: String = "IntentWidget"

    var body: some WidgetConfiguration {
        AppIntentConfiguration(kind: kind, intent: ConfigurationAppIntent.self, provider: IntentProvider()) { entry in
            IntentWidgetEntryView(entry: entry)
                .containerBackground(.fill.tertiary, for: .widget)
        }
    }
}

extension ConfigurationAppIntent {
    fileprivate static var smiley: ConfigurationAppIntent {
        let intent = ConfigurationAppIntent()
        intent.favoriteEmoji = "😀"
        return intent
    }
}

// MARK: A photo widget, as photo-of-the-day tutorials write it

struct PhotoEntry: TimelineEntry {
    let date: Date
    let photoName: String
}

struct PhotoProvider: TimelineProvider {
    func placeholder(in context: Context) -> PhotoEntry {
        PhotoEntry(date: Date(), photoName: "beach")
    }

    func getSnapshot(in context: Context, completion: @escaping (PhotoEntry) -> ()) {
        completion(placeholder(in: context))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<PhotoEntry>) -> ()) {
        completion(Timeline(entries: [placeholder(in: context)], policy: .never))
    }
}

struct PhotoWidgetView: View {
    @Environment(\.widgetFamily) var family
    var entry: PhotoEntry

    var body: some View {
        if family == .accessoryCircular {
            Image(entry.photoName)
                .resizable()
                .scaledToFill()
                .clipShape(Circle())
        } else {
            Color.clear
                .containerBackground(for: .widget) {
                    Image(entry.photoName)
                        .resizable()
                        .scaledToFill()
                }
        }
    }
}

struct PhotoWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "Photo", provider: PhotoProvider()) { entry in
            PhotoWidgetView(entry: entry)
        }
        .configurationDisplayName("Photo of the day")
        .supportedFamilies([.systemSmall, .systemLarge, .accessoryCircular])
    }
}

struct TutorialBundle: WidgetBundle {
    var body: some Widget {
        EmojiWidget()
        LevelWidget()
        IntentWidget()
        PhotoWidget()
    }
}
