import SwiftData
import SwiftUI
import WidgetKit

// A trip planner's lock-screen widget as apps write it with SwiftData: the app's `@Model`
// class, a container the app fills and the widget opens read-only, a `FetchDescriptor`
// with `#Predicate` and `SortDescriptor` in the provider. Imports unchanged.

@Model
final class Trip {
    var name: String
    var destination: String
    var startDate: Date
    var endDate: Date
    var isFavorite: Bool = false
    var notes: String?
    /// Set once when made; kept, never read back.
    let created = Date(timeIntervalSince1970: 0)
    @Transient var isExpanded: Bool = false
    @Relationship(deleteRule: .cascade, inverse: \Leg.trip) var legs: [Leg]? = []
    var rating: Int = 0 {
        didSet { rating = min(max(rating, 0), 5) }
    }

    init(name: String, destination: String, startDate: Date, endDate: Date, notes: String? = nil) {
        self.name = name
        self.destination = destination
        self.startDate = startDate
        self.endDate = endDate
        self.notes = notes
    }

    var days: Int {
        Calendar.current.dateComponents([.day], from: startDate, to: endDate).day ?? 0
    }
}

@Model
final class Leg {
    var from: String
    var to: String
    var trip: Trip?
    // var ignored: Int — a comment, not a property
    var label: String = "{ not a block }"
    var kind: Kind = Kind.train
    static var sample: Leg { Leg(from: "A", to: "B") }

    enum Kind: String, Codable {
        case train, bus
    }

    func describe() -> String { "\(from)–\(to) by \(kind.rawValue)" }

    init(from: String, to: String) {
        self.from = from
        self.to = to
    }
}

struct NextTripEntry: TimelineEntry {
    let date: Date
    let name: String?
    let destination: String?
    let daysAway: Int
}

struct NextTripProvider: TimelineProvider {
    let storeURL: URL

    @MainActor
    func nextTrip(after now: Date) -> NextTripEntry {
        let configuration = ModelConfiguration(url: storeURL, allowsSave: false)
        guard let container = try? ModelContainer(for: Trip.self, configurations: configuration) else {
            return NextTripEntry(date: now, name: nil, destination: nil, daysAway: 0)
        }
        var descriptor = FetchDescriptor<Trip>(predicate: #Predicate { $0.startDate > now }, sortBy: [SortDescriptor(\.startDate)])
        descriptor.fetchLimit = 1
        let trip = try? container.mainContext.fetch(descriptor).first
        let days = trip.map { Int(($0.startDate.timeIntervalSince(now) / 86_400).rounded(.up)) } ?? 0
        return NextTripEntry(date: now, name: trip?.name, destination: trip?.destination, daysAway: days)
    }

    func placeholder(in context: Context) -> NextTripEntry {
        NextTripEntry(date: .now, name: "Lisbon", destination: "Portugal", daysAway: 12)
    }

    func getSnapshot(in context: Context, completion: @escaping @Sendable (NextTripEntry) -> Void) {
        Task { @MainActor in completion(nextTrip(after: context.date)) }
    }

    func getTimeline(in context: Context, completion: @escaping @Sendable (Timeline<NextTripEntry>) -> Void) {
        Task { @MainActor in
            let entry = nextTrip(after: context.date)
            completion(Timeline(entries: [entry], policy: .after(context.date.addingTimeInterval(3_600))))
        }
    }
}

struct NextTripView: View {
    var entry: NextTripEntry

    var body: some View {
        VStack(alignment: .leading) {
            if let name = entry.name {
                Text(name)
                    .font(.headline)
                Text("in \(entry.daysAway) days")
            } else {
                Text("No trips planned")
            }
        }
    }
}

struct NextTripWidget: Widget {
    let kind = "NextTrip"
    let storeURL: URL

    init() {
        storeURL = FileManager.default.temporaryDirectory.appendingPathComponent("trips-\(ProcessInfo.processInfo.processIdentifier).store")
    }

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: kind, provider: NextTripProvider(storeURL: storeURL)) { entry in
            NextTripView(entry: entry)
                .modelContainer(for: Trip.self)
        }
        .supportedFamilies([.accessoryRectangular])
    }
}
