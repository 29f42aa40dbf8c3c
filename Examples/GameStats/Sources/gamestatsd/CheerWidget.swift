import AppIntentsCore
import Accessory

// An interactive widget (iOS 17), as Apple's "Adding interactivity to widgets" writes
// one: a button and a toggle that perform App Intents in the widget's process, after
// which the widget's timeline reloads.

/// What the intents change and the provider reads: in a real app, the app's shared store.
actor CheerStore {
    static let shared = CheerStore()
    private(set) var cheers = 0
    private(set) var alerts = false
    private(set) var goalAlerts = false

    func cheer() { cheers += 1 }
    func setAlerts(_ on: Bool) { alerts = on }
    func setGoalAlerts(_ on: Bool) { goalAlerts = on }
}

struct CheerIntent: AppIntent {
    static let title: LocalizedStringResource = "Cheer"
    static let description = IntentDescription("Cheers the team on.")

    func perform() async throws -> some IntentResult {
        await CheerStore.shared.cheer()
        return .result()
    }
}

struct AlertsIntent: AppIntent {
    static let title: LocalizedStringResource = "Match alerts"

    @Parameter(title: "On")
    var on: Bool

    init() {}

    init(on: Bool) {
        self.on = on
    }

    func perform() async throws -> some IntentResult {
        await CheerStore.shared.setAlerts(on)
        return .result()
    }
}

struct CheerEntry: TimelineEntry {
    let date: Date
    let cheers: Int
    let alerts: Bool
}

struct CheerProvider: TimelineProvider {
    func placeholder(in context: Context) -> CheerEntry { CheerEntry(date: Date(), cheers: 0, alerts: false) }

    func getSnapshot(in context: Context, completion: @escaping @Sendable (CheerEntry) -> Void) {
        completion(placeholder(in: context))
    }

    func getTimeline(in context: Context, completion: @escaping @Sendable (Timeline<CheerEntry>) -> Void) {
        Task {
            let store = CheerStore.shared
            let entry = CheerEntry(date: Date(), cheers: await store.cheers, alerts: await store.alerts)
            completion(Timeline(entries: [entry], policy: .never))
        }
    }
}

struct CheerView: View {
    var entry: CheerEntry

    var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            HStack {
                Button(intent: CheerIntent()) {
                    Label("Cheer", systemImage: "hand.thumbsup")
                }
                .buttonStyle(.plain)
                Spacer()
                Text("\(entry.cheers)")
                    .font(.headline)
            }
            Toggle(isOn: entry.alerts, intent: AlertsIntent(on: !entry.alerts)) {
                Text("Alerts")
            }
            .toggleStyle(.button)
        }
    }
}

struct CheerWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "Cheer", provider: CheerProvider()) { entry in
            CheerView(entry: entry)
        }
        .configurationDisplayName("Cheer")
        .description("Cheer your team on and turn match alerts on or off.")
        .supportedFamilies([.accessoryRectangular])
    }
}

#Preview(as: .accessoryRectangular) {
    CheerWidget()
} timeline: {
    CheerEntry(date: .now, cheers: 3, alerts: false)
    CheerEntry(date: .now, cheers: 4, alerts: true)
}
