// Lock-screen widgets written as a glucose monitor's widget extension writes them, with
// the imports such an extension has and nothing changed: localised strings, App Group
// defaults, CGFloat sizes, a Swift Charts sparkline, a trimmed ring, gradients.
import AppIntents
import Charts
import SwiftUI
import WidgetKit

struct GlucoseReading: Identifiable, Sendable {
    let date: Date
    let value: Double
    var id: Date { date }
}

struct GlucoseEntry: TimelineEntry {
    let date: Date
    let readings: [GlucoseReading]
    let timeInRange: Double

    var latest: GlucoseReading? { readings.last }
}

enum SharedDefaults {
    /// The App Group the app and its widgets share, as real extensions read it.
    static var suite: UserDefaults? { UserDefaults(suiteName: "group.org.example.glucose") }
    static var units: String { suite?.string(forKey: "units") ?? NSLocalizedString("mg/dL", comment: "Glucose units") }
    static var low: Double { suite?.object(forKey: "low") as? Double ?? 70 }
    static var high: Double { suite?.object(forKey: "high") as? Double ?? 180 }
}

struct GlucoseProvider: TimelineProvider {
    static func readings(until end: Date, values: [Double]) -> [GlucoseReading] {
        values.enumerated().map { i, value in
            GlucoseReading(date: end.addingTimeInterval(Double(i - values.count + 1) * 300), value: value)
        }
    }

    func placeholder(in context: Context) -> GlucoseEntry {
        GlucoseEntry(date: context.date, readings: Self.readings(until: context.date, values: [110, 112, 115]), timeInRange: 0.8)
    }

    func getSnapshot(in context: Context, completion: @escaping @Sendable (GlucoseEntry) -> Void) {
        completion(placeholder(in: context))
    }

    func getTimeline(in context: Context, completion: @escaping @Sendable (Timeline<GlucoseEntry>) -> Void) {
        completion(Timeline(entries: [placeholder(in: context)], policy: .after(context.date.addingTimeInterval(300))))
    }
}

/// The sparkline: the last readings, the target range as rules, the axes hidden.
struct GlucoseChartView: View {
    let entry: GlucoseEntry
    private let lineWidth: CGFloat = 2

    var body: some View {
        VStack(alignment: .leading, spacing: 2) {
            HStack {
                Text(entry.latest.map { "\(Int($0.value))" } ?? "--")
                    .font(.headline)
                Text(SharedDefaults.units)
                    .font(.caption2)
                    .foregroundStyle(.secondary)
            }
            Chart {
                RuleMark(y: .value("Low", SharedDefaults.low))
                    .lineStyle(StrokeStyle(lineWidth: 1, dash: [2, 2]))
                    .foregroundStyle(.secondary)
                RuleMark(y: .value("High", SharedDefaults.high))
                    .lineStyle(StrokeStyle(lineWidth: 1, dash: [2, 2]))
                    .foregroundStyle(.secondary)
                ForEach(entry.readings) { reading in
                    LineMark(x: .value("Time", reading.date), y: .value("Glucose", reading.value))
                        .interpolationMethod(.monotone)
                        .lineStyle(StrokeStyle(lineWidth: lineWidth, lineCap: .round))
                        .foregroundStyle(.primary)
                }
                if let latest = entry.latest {
                    PointMark(x: .value("Time", latest.date), y: .value("Glucose", latest.value))
                        .foregroundStyle(.primary)
                }
            }
            .chartXAxis(.hidden)
            .chartYAxis(.hidden)
            .chartYScale(domain: 40...300)
        }
    }
}

/// Time in range as a ring that starts at 12 o'clock, the way apps draw progress.
struct TimeInRangeView: View {
    let entry: GlucoseEntry

    var body: some View {
        ZStack {
            Circle()
                .stroke(Color.white.opacity(0.25), lineWidth: 5)
            Circle()
                .trim(from: 0, to: entry.timeInRange)
                .stroke(style: StrokeStyle(lineWidth: 5, lineCap: .round))
                .rotationEffect(.degrees(-90))
            Text("\(Int(entry.timeInRange * 100))%")
                .font(.system(size: 14, weight: .semibold))
                .scaleEffect(0.9)
        }
        .padding(3)
    }
}

/// A band under a reading whose width follows the space given, from GeometryReader.
struct RangeBandView: View {
    let entry: GlucoseEntry

    var body: some View {
        GeometryReader { geometry in
            let width = geometry.size.width * min(1, (entry.latest?.value ?? 0) / 300)
            VStack(alignment: .leading, spacing: 4) {
                Text(NSLocalizedString("Latest", comment: "Title above the band"))
                    .font(.caption)
                RoundedRectangle(cornerRadius: 4)
                    .fill(LinearGradient(colors: [.green, .yellow, .red], startPoint: .leading, endPoint: .trailing))
                    .frame(width: width, height: 10)
                Capsule()
                    .fill(Color.blue.gradient)
                    .frame(width: geometry.frame(in: .local).width / 2, height: 6)
            }
        }
    }
}

struct GlucoseChartWidget: Widget {
    let kind = "GlucoseChart"

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: kind, provider: GlucoseProvider()) { entry in
            GlucoseChartView(entry: entry)
        }
        .configurationDisplayName(NSLocalizedString("glucose.name", bundle: .module, comment: "Widget name"))
        .description(Text("Your latest readings."))
        .supportedFamilies([.accessoryRectangular])
    }
}

struct TimeInRangeWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "TimeInRange", provider: GlucoseProvider()) { entry in
            TimeInRangeView(entry: entry)
        }
        .configurationDisplayName("Time in Range")
        .supportedFamilies([.accessoryCircular])
    }
}

/// The configuration intent of a widget offered with ready-made choices (watchOS).
struct SensorIntent: WidgetConfigurationIntent {
    static let title: LocalizedStringResource = "Sensor"

    @Parameter(title: "Show trend", default: true)
    var showsTrend: Bool

    init() {}

    init(showsTrend: Bool) {
        self.showsTrend = showsTrend
    }
}

struct SensorProvider: AppIntentTimelineProvider {
    func placeholder(in context: Context) -> GlucoseEntry { GlucoseProvider().placeholder(in: context) }
    func snapshot(for configuration: SensorIntent, in context: Context) async -> GlucoseEntry { placeholder(in: context) }
    func timeline(for configuration: SensorIntent, in context: Context) async -> Timeline<GlucoseEntry> {
        Timeline(entries: [placeholder(in: context)], policy: .atEnd)
    }

    func recommendations() -> [AppIntentRecommendation<SensorIntent>] {
        [
            AppIntentRecommendation(intent: SensorIntent(showsTrend: true), description: Text("With trend")),
            AppIntentRecommendation(intent: SensorIntent(showsTrend: false), description: "Reading only"),
        ]
    }
}

@available(iOS 17.0, *)
struct SensorWidget: Widget {
    var body: some WidgetConfiguration {
        AppIntentConfiguration(kind: "Sensor", intent: SensorIntent.self, provider: SensorProvider()) { entry in
            RangeBandView(entry: entry)
        }
        .supportedFamilies([.accessoryRectangular])
    }
}

struct GlucoseBundle: WidgetBundle {
    var body: some Widget {
        GlucoseChartWidget()
        TimeInRangeWidget()
        if #available(iOS 17.0, *) {
            SensorWidget()
        }
    }
}

/// Logs carbohydrates from the lock screen, as glucose apps' iOS 17 widgets do.
struct LogCarbsIntent: AppIntent {
    static let title: LocalizedStringResource = "Log carbs"

    @Parameter(title: "Grams")
    var grams: Int

    init() {}

    init(grams: Int) {
        self.grams = grams
    }

    func perform() async throws -> some IntentResult {
        SharedDefaults.suite?.set(grams, forKey: "lastCarbs")
        return .result()
    }
}

struct SensorAlarmIntent: AppIntent {
    static let title: LocalizedStringResource = "Sensor alarm"

    func perform() async throws -> some IntentResult {
        .result()
    }
}

/// Quick-log buttons in each style, and the alarm as a switch.
struct QuickLogView: View {
    let alarmOn: Bool

    var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            HStack(spacing: 4) {
                Button("10 g", intent: LogCarbsIntent(grams: 10))
                    .buttonStyle(.bordered)
                Button("20 g", intent: LogCarbsIntent(grams: 20))
                    .buttonStyle(.borderedProminent)
                Button(intent: LogCarbsIntent(grams: 40)) { Text("40") }
                    .buttonStyle(.borderless)
            }
            Toggle("Alarm", isOn: alarmOn, intent: SensorAlarmIntent())
                .toggleStyle(.switch)
        }
    }
}
