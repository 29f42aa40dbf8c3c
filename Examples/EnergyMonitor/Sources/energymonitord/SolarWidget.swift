import Charts
import SwiftUI
import WidgetKit

struct SolarSample: Identifiable {
    let date: Date
    let kilowatts: Double
    var id: Date { date }
}

struct SolarEntry: TimelineEntry {
    let date: Date
    let samples: [SolarSample]

    var now: Double { EnergyStore.solar(at: date) }

    static func at(_ date: Date) -> SolarEntry {
        let start = EnergyStore.startOfDay(date)
        // One sample every 20 minutes up to now.
        let count = Int(date.timeIntervalSince(start) / 1200) + 1
        let samples = (0..<count).map { i -> SolarSample in
            let time = start.addingTimeInterval(Double(i) * 1200)
            return SolarSample(date: time, kilowatts: EnergyStore.solar(at: time))
        }
        return SolarEntry(date: date, samples: samples)
    }
}

struct SolarProvider: TimelineProvider {
    func placeholder(in context: Context) -> SolarEntry {
        SolarEntry.at(EnergyStore.startOfDay(context.date).addingTimeInterval(13 * 3600))
    }

    func getSnapshot(in context: Context, completion: @escaping @Sendable (SolarEntry) -> Void) {
        completion(SolarEntry.at(context.date))
    }

    func getTimeline(in context: Context, completion: @escaping @Sendable (Timeline<SolarEntry>) -> Void) {
        // A point every 20 minutes for the next hour.
        let entries = (0..<3).map { SolarEntry.at(context.date.addingTimeInterval(Double($0) * 1200)) }
        completion(Timeline(entries: entries, policy: .atEnd))
    }
}

struct SolarView: View {
    let entry: SolarEntry

    private var day: ClosedRange<Date> {
        let start = EnergyStore.startOfDay(entry.date)
        return start...start.addingTimeInterval(86_400)
    }

    var body: some View {
        VStack(alignment: .leading, spacing: 1) {
            HStack(spacing: 4) {
                Image(systemName: "sun.max.fill")
                Text(EnergyStore.text("solar.title"))
                Spacer()
                Text("\(entry.now, specifier: "%.1f") \(EnergyStore.text("unit.kw"))")
                    .monospacedDigit()
            }
            .font(.headline)
            Chart {
                ForEach(entry.samples) { sample in
                    AreaMark(x: .value("Time", sample.date), y: .value("kW", sample.kilowatts))
                        .foregroundStyle(LinearGradient(colors: [.white.opacity(0.6), .white.opacity(0.05)], startPoint: .top, endPoint: .bottom))
                        .interpolationMethod(.catmullRom)
                    LineMark(x: .value("Time", sample.date), y: .value("kW", sample.kilowatts))
                        .foregroundStyle(.primary)
                        .interpolationMethod(.catmullRom)
                }
                RuleMark(x: .value("Now", entry.date))
                    .lineStyle(StrokeStyle(lineWidth: 1, dash: [2, 3]))
                    .foregroundStyle(.secondary)
            }
            .chartXScale(domain: day)
            .chartYScale(domain: 0...EnergyStore.arrayPeak)
            .chartXAxis(.hidden)
            .chartYAxis(.hidden)
            .chartLegend(.hidden)
        }
    }
}

struct SolarWidget: Widget {
    let kind: String = "Solar"

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: kind, provider: SolarProvider()) { entry in
            SolarView(entry: entry)
                .containerBackground(.fill.tertiary, for: .widget)
        }
        .configurationDisplayName(EnergyStore.text("solar.title"))
        .description("Today's solar output.")
        .supportedFamilies([.accessoryRectangular])
    }
}
