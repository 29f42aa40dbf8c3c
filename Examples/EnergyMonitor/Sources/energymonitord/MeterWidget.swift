import EnergyData
import SwiftData
import SwiftUI
import WidgetKit

/// The latest meter reading the app recorded, read from the App Group's SwiftData store.
struct MeterEntry: TimelineEntry {
    let date: Date
    let total: Double?
    let readOn: Date?
}

struct MeterProvider: TimelineProvider {
    func placeholder(in context: Context) -> MeterEntry {
        MeterEntry(date: .now, total: 12_345.6, readOn: .now)
    }

    @MainActor
    func latest(at date: Date) -> MeterEntry {
        var newest = FetchDescriptor<MeterReading>(sortBy: [SortDescriptor(\.date, order: .reverse)])
        newest.fetchLimit = 1
        let reading = try? MeterReading.container(writing: false).mainContext.fetch(newest).first
        return MeterEntry(date: date, total: reading?.total, readOn: reading?.date)
    }

    func getSnapshot(in context: Context, completion: @escaping @Sendable (MeterEntry) -> Void) {
        Task { @MainActor in completion(latest(at: context.date)) }
    }

    func getTimeline(in context: Context, completion: @escaping @Sendable (Timeline<MeterEntry>) -> Void) {
        Task { @MainActor in
            completion(Timeline(entries: [latest(at: context.date)], policy: .after(context.date.addingTimeInterval(900))))
        }
    }
}

struct MeterView: View {
    var entry: MeterEntry

    var body: some View {
        VStack(alignment: .leading) {
            Text(EnergyStore.text("meter.title"))
                .font(.headline)
            if let total = entry.total {
                Text("\(total, specifier: "%.1f") kWh")
            } else {
                Text(EnergyStore.text("meter.none"))
            }
        }
    }
}

struct MeterWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "Meter", provider: MeterProvider()) { entry in
            MeterView(entry: entry)
        }
        .configurationDisplayName("Meter")
        .description("The latest meter reading.")
        .supportedFamilies([.accessoryRectangular])
    }
}
