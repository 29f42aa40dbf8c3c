import SwiftUI
import WidgetKit

struct BatteryEntry: TimelineEntry {
    let date: Date
    let charge: Double
    let capacity: Double
}

struct BatteryProvider: TimelineProvider {
    func placeholder(in context: Context) -> BatteryEntry {
        BatteryEntry(date: context.date, charge: 0.64, capacity: EnergyStore.batteryCapacity)
    }

    func getSnapshot(in context: Context, completion: @escaping @Sendable (BatteryEntry) -> Void) {
        completion(entry(at: context.date))
    }

    func getTimeline(in context: Context, completion: @escaping @Sendable (Timeline<BatteryEntry>) -> Void) {
        let entries = (0..<4).map { entry(at: context.date.addingTimeInterval(Double($0) * 900)) }
        completion(Timeline(entries: entries, policy: .atEnd))
    }

    private func entry(at date: Date) -> BatteryEntry {
        BatteryEntry(date: date, charge: BatteryMonitor().charge(at: date), capacity: EnergyStore.batteryCapacity)
    }
}

/// The charge as a ring from 12 o'clock, the way such apps draw it on the lock screen.
struct BatteryView: View {
    let entry: BatteryEntry
    @Environment(\.widgetRenderingMode) private var renderingMode

    private let ringWidth: CGFloat = 5

    var body: some View {
        ZStack {
            AccessoryWidgetBackground()
            Circle()
                .inset(by: ringWidth / 2)
                .stroke(.tertiary, lineWidth: ringWidth)
            Circle()
                .inset(by: ringWidth / 2)
                .trim(from: 0, to: entry.charge)
                .stroke(renderingMode == .fullColor ? AnyShapeStyle(Color.green) : AnyShapeStyle(.primary), style: StrokeStyle(lineWidth: ringWidth, lineCap: .round))
                .rotationEffect(.degrees(-90))
            VStack(spacing: 0) {
                Image(systemName: entry.charge > 0.2 ? "battery.75" : "battery.25")
                    .imageScale(.small)
                Text("\(Int((entry.charge * 100).rounded()))%")
                    .font(.system(size: 15, weight: .semibold, design: .rounded))
                    .minimumScaleFactor(0.6)
            }
            .scaleEffect(x: 1, y: 1, anchor: .center)
        }
        .widgetAccentable()
    }
}

struct BatteryWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "Battery", provider: BatteryProvider()) { entry in
            BatteryView(entry: entry)
        }
        .configurationDisplayName(EnergyStore.text("battery.name"))
        .description(Text("How full the home battery is."))
        .supportedFamilies([.accessoryCircular])
    }
}
