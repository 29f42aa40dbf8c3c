// The rest of AppleDocsWidgets.swift: a countdown widget written as Apple's documentation
// writes one, with only the imports changed; docs/WIDGETS.md's table is checked against
// both files.
import AppIntentsCore
import TestSupport
import Accessory
import Foundation

// MARK: The rest of docs/WIDGETS.md's table, as a countdown widget would use it

struct EventEntry: TimelineEntry {
    let date: Date
    let title: String
    let start: Date
    let end: Date
    let price: Double
    var relevance: TimelineEntryRelevance? { TimelineEntryRelevance(score: 10, duration: 900) }
}

struct EventView: View {
    @Environment(\.widgetFamily) var family: WidgetFamily
    @Environment(\.colorScheme) var colorScheme
    @Environment(\.redactionReasons) var redactionReasons
    @Environment(\.isLuminanceReduced) var isLuminanceReduced
    let entry: EventEntry

    var body: some View {
        Group {
            if family == .systemExtraLarge || family == .systemLarge {
                AnyView(details)
            } else {
                AnyView(summary)
            }
        }
        .redacted(reason: redactionReasons.isEmpty ? [] : .placeholder)
    }

    var summary: some View {
        VStack(alignment: .leading) {
            Text("Starts \(entry.start, style: .relative)")
            Text("\(entry.start, style: .offset) · \(entry.end, style: .timer)")
            Text(timerInterval: entry.start...entry.end, countsDown: true)
                .monospacedDigit()
            ProgressView(timerInterval: entry.start...entry.end, countsDown: false)
        }
    }

    var details: some View {
        HStack {
            Capsule()
                .strokeBorder(Color(red: 0.2, green: 0.5, blue: 0.9), lineWidth: 2)
                .frame(width: 8)
            VStack(alignment: .leading) {
                Label(entry.title, systemImage: "calendar")
                    .labelStyle(.titleOnly)
                    .fontWeight(.semibold)
                    .fontDesign(.serif)
                Text(LocalizedStringKey("Tickets from \(entry.price, specifier: "%.2f")"))
                    .foregroundColor(colorScheme == .dark ? .white : .black)
                    .multilineTextAlignment(.leading)
                    .layoutPriority(1)
                Text(entry.price, format: .currency(code: "EUR"))
                    .unredacted()
                Gauge(value: 0.3) {
                    Text("Sold")
                }
                .gaugeStyle(.accessoryLinearCapacity)
                .opacity(isLuminanceReduced ? 0.6 : 1)
            }
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
            .clipped()
        }
    }
}

struct EventProvider: TimelineProvider {
    func placeholder(in context: Context) -> EventEntry {
        EventEntry(date: .now, title: "Concert", start: .now.addingTimeInterval(3600), end: .now.addingTimeInterval(7200), price: 25)
    }

    func getSnapshot(in context: Context, completion: @escaping @Sendable (EventEntry) -> Void) {
        completion(placeholder(in: context))
    }

    func getTimeline(in context: Context, completion: @escaping @Sendable (Timeline<EventEntry>) -> Void) {
        completion(Timeline(entries: [placeholder(in: context)], policy: .never))
    }
}

struct EventWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "Event", provider: EventProvider()) { entry in
            EventView(entry: entry)
        }
        .contentMarginsDisabled()
        .supportedFamilies([.accessoryRectangular, .systemLarge, .systemExtraLarge])
    }

    static func ticketsSold() {
        WidgetCenter.shared.reloadTimelines(ofKind: "Event")
        WidgetCenter.shared.reloadAllTimelines()
    }
}

// MARK: An entity whose query only looks up and suggests

struct LineEntity: AppEntity {
    let id: Int
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Line"
    static let defaultQuery = LineQuery()
    var displayRepresentation: DisplayRepresentation { "Line \(id)" }
}

struct LineQuery: EntityQuery {
    func entities(for identifiers: [Int]) async throws -> [LineEntity] { identifiers.map(LineEntity.init(id:)) }
    func suggestedEntities() async throws -> [LineEntity] { [1, 2, 3].map(LineEntity.init(id:)) }
}
