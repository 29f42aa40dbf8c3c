import Charts
import SwiftUI
import WidgetKit

struct HourlyUse: Identifiable {
    let hour: Date
    let kilowattHours: Double
    var id: Date { hour }
}

struct UsageEntry: TimelineEntry {
    let date: Date
    let hours: [HourlyUse]

    var total: Double { hours.reduce(0) { $0 + $1.kilowattHours } }

    static func at(_ date: Date) -> UsageEntry {
        let start = EnergyStore.startOfDay(date)
        let done = Int(date.timeIntervalSince(start) / 3600)
        let hours = (0..<max(1, done)).map { i -> HourlyUse in
            let hour = start.addingTimeInterval(Double(i) * 3600)
            return HourlyUse(hour: hour, kilowattHours: EnergyStore.use(inHourStarting: hour))
        }
        return UsageEntry(date: date, hours: hours)
    }
}

struct UsageProvider: TimelineProvider {
    func placeholder(in context: Context) -> UsageEntry { UsageEntry.at(context.date) }

    func getSnapshot(in context: Context, completion: @escaping @Sendable (UsageEntry) -> Void) {
        completion(UsageEntry.at(context.date))
    }

    func getTimeline(in context: Context, completion: @escaping @Sendable (Timeline<UsageEntry>) -> Void) {
        let nextHour = Calendar.current.nextDate(after: context.date, matching: DateComponents(minute: 0), matchingPolicy: .nextTime) ?? context.date.addingTimeInterval(3600)
        completion(Timeline(entries: [UsageEntry.at(context.date)], policy: .after(nextHour)))
    }
}

/// Today's use by the hour, with Swift Charts' default x axis and no y axis.
struct UsageView: View {
    let entry: UsageEntry

    var body: some View {
        VStack(alignment: .leading, spacing: 2) {
            HStack {
                Text(EnergyStore.text("use.title"))
                Spacer()
                Text("\(entry.total, specifier: "%.1f") kWh")
            }
            .font(.caption)
            Chart(entry.hours) { hour in
                BarMark(x: .value("Hour", hour.hour, unit: .hour), y: .value("kWh", hour.kilowattHours))
                    .foregroundStyle(hour.kilowattHours > 1 ? Color.white : Color.white.opacity(0.6))
                    .cornerRadius(1)
            }
            .chartYAxis(.hidden)
        }
    }
}

@available(iOS 17.0, *)
struct UsageWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "Usage", provider: UsageProvider()) { entry in
            UsageView(entry: entry)
        }
        .configurationDisplayName(EnergyStore.text("use.title"))
        .description("Electricity used today, hour by hour.")
        .supportedFamilies([.accessoryRectangular])
    }
}
