// Widgets as Apple's documentation, WWDC sessions and the common tutorials write them,
// with `import WidgetKit`, `import SwiftUI` and `import AppIntents` replaced by
// `import Accessory` and nothing else changed. Every row docs/WIDGETS.md marks
// "supported" is used here at least once; if this file stops compiling, the table or the
// API is wrong. (The `@main` row is built by Examples/GameStats, which has a `main`.)
import AppIntentsCore
import TestSupport
import Accessory
import Foundation

// MARK: Swift 6 providers: completion handlers are @Sendable, captured in a Task

struct GameStatusEntry: TimelineEntry {
    let date: Date
    let score: Int
    let maximum: Int
    let player: String
}

struct GameStatusProvider: TimelineProvider {
    func placeholder(in context: Context) -> GameStatusEntry {
        GameStatusEntry(date: Date(), score: 50, maximum: 100, player: "Player")
    }

    func getSnapshot(in context: Context, completion: @escaping @Sendable (GameStatusEntry) -> Void) {
        completion(GameStatusEntry(date: Date(), score: 72, maximum: 100, player: "Ada"))
    }

    func getTimeline(in context: Context, completion: @escaping @Sendable (Timeline<GameStatusEntry>) -> Void) {
        Task {
            let entry = GameStatusEntry(date: Date(), score: await Self.fetchScore(), maximum: 100, player: "Ada")
            let next = Calendar.current.date(byAdding: .minute, value: 15, to: Date())!
            completion(Timeline(entries: [entry], policy: .after(next)))
        }
    }

    static func fetchScore() async -> Int { 72 }
}

struct GameStatusView: View {
    @Environment(\.widgetFamily) var family
    @Environment(\.widgetRenderingMode) var renderingMode
    var entry: GameStatusEntry

    var body: some View {
        switch family {
        case .accessoryCircular:
            Gauge(value: Double(entry.score), in: 0...Double(entry.maximum)) {
                Image(systemName: "gamecontroller")
            } currentValueLabel: {
                Text("\(entry.score)")
            } minimumValueLabel: {
                Text("0")
            } maximumValueLabel: {
                Text("\(entry.maximum)")
            }
            .gaugeStyle(.accessoryCircular)
            .widgetLabel("Score")
        case .accessoryRectangular:
            VStack(alignment: .leading) {
                Label(entry.player, systemImage: "person.fill")
                    .font(.headline)
                    .widgetAccentable()
                Divider()
                Text(Double(entry.score) / Double(entry.maximum), format: .percent)
                Text(entry.date, format: .dateTime.hour().minute())
                    .privacySensitive()
            }
        case .accessoryInline:
            Text("\(Image(systemName: "bolt.fill")) \(entry.score) points")
        case .systemSmall:
            VStack {
                Text(entry.player)
                    .font(.system(.title2, design: .rounded))
                Text("\(entry.score)")
                    .font(.system(size: 44, weight: .bold, design: .rounded))
                    .foregroundStyle(renderingMode == .fullColor ? Color.orange : Color.primary)
            }
            .containerBackground(for: .widget) {
                Color.indigo
            }
        default:
            GroupBox {
                HStack {
                    Text(entry.player)
                    Spacer()
                    Link(destination: URL(string: "game://stats")!) {
                        Text("Details")
                    }
                }
            }
            .widgetURL(URL(string: "game://open"))
        }
    }
}

struct GameStatusWidget: Widget {
    let kind: String = "GameStatus"

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: kind, provider: GameStatusProvider()) { entry in
            GameStatusView(entry: entry)
                .containerBackground(.fill.tertiary, for: .widget)
        }
        .configurationDisplayName("Game Status")
        .description("Shows your latest score.")
        .supportedFamilies([.accessoryCircular, .accessoryRectangular, .accessoryInline, .systemSmall, .systemMedium, .systemLarge])
    }
}

// MARK: Backgrounds, shapes and shadows from the tutorials

struct TodoEntry: TimelineEntry {
    let date: Date
    let items: [String]
}

struct TodoView: View {
    var entry: TodoEntry

    var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            ForEach(entry.items, id: \.self) { item in
                HStack {
                    Circle()
                        .stroke(lineWidth: 2)
                        .frame(width: 12, height: 12)
                    Text(item)
                        .lineLimit(1)
                }
            }
        }
        .padding()
        .background(Color.pink)
        .background(.blue)
        .background()
        .shadow(radius: 4)
        .overlay(RoundedRectangle(cornerRadius: 8).stroke(Color.gray, lineWidth: 1))
    }
}

// MARK: Jokes: an image the package ships, and older completion handlers

struct JokeEntry: TimelineEntry {
    let date: Date
    let joke: String
}

struct JokeProvider: TimelineProvider {
    func placeholder(in context: Context) -> JokeEntry { JokeEntry(date: Date(), joke: "…") }

    func getSnapshot(in context: Context, completion: @escaping (JokeEntry) -> ()) {
        completion(JokeEntry(date: Date(), joke: "Why did the widget cross the road?"))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<JokeEntry>) -> ()) {
        completion(Timeline(entries: [JokeEntry(date: Date(), joke: "To refresh its timeline.")], policy: .atEnd))
    }
}

struct JokeWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "Jokes", provider: JokeProvider()) { entry in
            HStack {
                Image("laugh")
                    .resizable()
                    .scaledToFit()
                Text(entry.joke)
            }
        }
        .configurationDisplayName("Jokes")
    }
}

// SiriKit-era configuration (IntentConfiguration over an intent definition's classes):
// Tests/WidgetKitTests/SiriKitWidgets.swift, where `import Intents` and the generated classes are.

// MARK: App Intents: enums with Int raw values, dynamic options, entities

enum RefreshRate: Int, AppEnum {
    case fast = 5
    case slow = 30

    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Refresh rate"
    static let caseDisplayRepresentations: [RefreshRate: DisplayRepresentation] = [
        .fast: "Every 5 minutes",
        .slow: "Every 30 minutes",
    ]
}

struct LineOptionsProvider: DynamicOptionsProvider {
    func results() async throws -> [String] {
        ["bakerloo", "central", "victoria"]
    }
}

struct CityEntity: AppEntity {
    let id: String
    let name: String

    static let typeDisplayRepresentation: TypeDisplayRepresentation = "City"
    static let defaultQuery = CityQuery()

    var displayRepresentation: DisplayRepresentation {
        DisplayRepresentation(title: "\(name)")
    }
}

struct CityQuery: EntityStringQuery {
    static let all = [CityEntity(id: "london", name: "London"), CityEntity(id: "paris", name: "Paris")]

    func entities(for identifiers: [CityEntity.ID]) async throws -> [CityEntity] {
        Self.all.filter { identifiers.contains($0.id) }
    }

    func entities(matching string: String) async throws -> [CityEntity] {
        Self.all.filter { $0.name.localizedCaseInsensitiveContains(string) }
    }

    func suggestedEntities() async throws -> [CityEntity] { Self.all }

    func defaultResult() async -> CityEntity? { Self.all.first }
}

struct CityIntent: WidgetConfigurationIntent {
    static let title: LocalizedStringResource = LocalizedStringResource("City", defaultValue: "City")
    static let description = IntentDescription("Weather for a city.")

    @Parameter(title: "City") var city: CityEntity?
    @Parameter(title: "Line", optionsProvider: LineOptionsProvider()) var line: String?
    @Parameter(title: "Refresh", default: .slow) var refresh: RefreshRate
}

struct CityEntry: TimelineEntry {
    let date: Date
    let city: String
}

struct CityProvider: AppIntentTimelineProvider {
    func placeholder(in context: Context) -> CityEntry { CityEntry(date: Date(), city: "City") }

    func snapshot(for configuration: CityIntent, in context: Context) async -> CityEntry {
        CityEntry(date: Date(), city: configuration.city?.name ?? "London")
    }

    func timeline(for configuration: CityIntent, in context: Context) async -> Timeline<CityEntry> {
        let entry = CityEntry(date: Date(), city: configuration.city?.name ?? "London")
        return Timeline(entries: [entry], policy: .after(Date().addingTimeInterval(Double(configuration.refresh.rawValue) * 60)))
    }
}

struct CityWidget: Widget {
    var body: some WidgetConfiguration {
        AppIntentConfiguration(kind: "City", intent: CityIntent.self, provider: CityProvider()) { entry in
            Text(entry.city)
        }
        .supportedFamilies([.accessoryInline, .systemSmall])
    }
}

struct GameWidgets: WidgetBundle {
    var body: some Widget {
        GameStatusWidget()
        JokeWidget()
        CityWidget()
    }
}

// MARK: Previews, both the PreviewProvider kind and the #Preview macro

struct GameStatusView_Previews: PreviewProvider {
    static var previews: some View {
        GameStatusView(entry: GameStatusEntry(date: Date(), score: 72, maximum: 100, player: "Ada"))
            .previewContext(WidgetPreviewContext(family: .accessoryCircular))
            .previewDisplayName("Circular")
    }
}

#Preview(as: .accessoryRectangular) {
    GameStatusWidget()
} timeline: {
    GameStatusEntry(date: .now, score: 10, maximum: 100, player: "Ada")
    GameStatusEntry(date: .now, score: 90, maximum: 100, player: "Ada")
}

#Preview(as: .systemSmall, widget: {
    CityWidget()
}, timeline: {
    CityEntry(date: .now, city: "Paris")
})
