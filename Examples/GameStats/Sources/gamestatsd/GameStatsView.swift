import Accessory

struct GameStatsView: View {
    @Environment(\.widgetFamily) var family
    @Environment(\.widgetRenderingMode) var renderingMode
    var entry: GameEntry

    var progress: Double { Double(entry.score) / Double(entry.best) }

    var body: some View {
        switch family {
        case .accessoryCircular:
            Gauge(value: progress) {
                Image(systemName: "gamecontroller")
            } currentValueLabel: {
                Text("\(entry.level)")
            } minimumValueLabel: {
                Text("0")
            } maximumValueLabel: {
                Text("10k")
            }
            .gaugeStyle(.accessoryCircular)
            .widgetLabel("Level \(entry.level)")
        case .accessoryRectangular:
            VStack(alignment: .leading, spacing: 2) {
                Label(entry.player, systemImage: "person.fill")
                    .font(.headline)
                    .widgetAccentable()
                Text("\(entry.score) points")
                Text(progress, format: .percent)
                    .foregroundStyle(.secondary)
                    .privacySensitive()
            }
        case .accessoryInline:
            Text("\(Image(systemName: "trophy.fill")) \(entry.score, format: .number) points")
        case .systemSmall:
            VStack(alignment: .leading) {
                HStack {
                    Label("Level \(entry.level)", systemImage: "star.fill")
                        .lineLimit(1)
                        .font(.caption)
                        .foregroundStyle(renderingMode == .fullColor ? Color.yellow : Color.primary)
                    Spacer()
                    Image("medal")
                        .resizable()
                        .scaledToFit()
                        .frame(width: 28, height: 28)
                }
                Spacer()
                Text(entry.score, format: .number)
                    .font(.system(size: 34, weight: .bold, design: .rounded))
                    .minimumScaleFactor(0.5)
                Text("of \(entry.best, format: .number)")
                    .font(.caption)
                    .foregroundStyle(.secondary)
                ProgressView(value: progress)
                    .tint(.orange)
            }
            .containerBackground(for: .widget) {
                Color.indigo
            }
        default:
            HStack(alignment: .top) {
                VStack(alignment: .leading) {
                    Text(entry.player)
                        .font(.headline)
                    Text(entry.date, format: .dateTime.weekday().hour().minute())
                        .font(.caption)
                        .foregroundStyle(.secondary)
                    Spacer()
                    Link(destination: URL(string: "gamestats://leaderboard")!) {
                        Label("Leaderboard", systemImage: "list.number")
                    }
                }
                Divider()
                GroupBox("Progress") {
                    Gauge(value: progress) {
                        Text("Score")
                    }
                    .gaugeStyle(.accessoryLinearCapacity)
                    Text("\(Int(progress * 100))% of best")
                        .font(.caption)
                }
            }
            .padding()
            .background(Color.indigo.opacity(0.3))
            .widgetURL(URL(string: "gamestats://open"))
        }
    }
}
