import Accessory
import Foundation

/// The widget's view in each lock-screen family: a line and its status inline, the share
/// of lines running well as a ring, and the followed line (or the disrupted ones) with the
/// reason in the rectangle.
public struct TubeStatusEntryView: View {
    let entry: TubeStatusEntry
    @Environment(\.widgetFamily) var family

    public init(entry: TubeStatusEntry) {
        self.entry = entry
    }

    public var body: some View {
        switch family {
        case .accessoryInline:
            HStack {
                Image(systemName: "tram.fill")
                Text(inlineText)
            }
        case .accessoryCircular:
            if let line = entry.line {
                ZStack {
                    AccessoryWidgetBackground()
                    VStack(spacing: 0) {
                        Image(systemName: line.isDisrupted ? "exclamationmark.triangle.fill" : "checkmark.circle.fill")
                        Text(line.name).font(.caption2).lineLimit(1).minimumScaleFactor(0.6)
                    }
                }
            } else {
                let running = entry.lines.count - entry.disrupted.count
                Gauge(value: Double(running), in: 0...Double(max(entry.lines.count, 1))) {
                    Image(systemName: "tram.fill")
                } currentValueLabel: {
                    Text("\(running)")
                }
                .gaugeStyle(.accessoryCircular)
            }
        default:
            VStack(alignment: .leading, spacing: 0) {
                if let line = entry.line {
                    Text(line.name).font(.headline).widgetAccentable()
                    Text(line.summary).font(.body)
                    if let reason = line.reason {
                        Text(reason).font(.caption).lineLimit(2)
                    }
                } else if entry.disrupted.isEmpty {
                    Text("Tube").font(.headline).widgetAccentable()
                    Text("Good service on all lines").font(.body).lineLimit(2)
                } else {
                    Text("Tube").font(.headline).widgetAccentable()
                    ForEach(entry.disrupted.prefix(3)) { line in
                        Text("\(line.name): \(line.summary)").font(.caption).lineLimit(1)
                    }
                }
            }
            .frame(maxWidth: .infinity, alignment: .leading)
        }
    }

    private var inlineText: String {
        if let line = entry.line { return "\(line.name): \(line.summary)" }
        let disrupted = entry.disrupted
        switch disrupted.count {
        case 0: return "Good service on all lines"
        case 1: return "\(disrupted[0].name): \(disrupted[0].summary)"
        default: return "\(disrupted.count) lines disrupted"
        }
    }
}
