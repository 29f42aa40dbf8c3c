import Accessory
import Intents

// A widget from before App Intents: an intent-configured widget with a completion-handler
// provider, as SiriKit-era tutorials wrote it. `ChallengeIntent` is generated from
// Challenge.intentdefinition, as Xcode generates it (the IntentClassGeneration plugin).

struct ChallengeEntry: TimelineEntry {
    let date: Date
    let done: Int
    let goal: Int
}

struct ChallengeProvider: IntentTimelineProvider {
    func placeholder(in context: Context) -> ChallengeEntry {
        ChallengeEntry(date: Date(), done: 1, goal: 3)
    }

    func getSnapshot(for configuration: ChallengeIntent, in context: Context, completion: @escaping (ChallengeEntry) -> ()) {
        completion(ChallengeEntry(date: Date(), done: 2, goal: configuration.goal?.intValue ?? 3))
    }

    func getTimeline(for configuration: ChallengeIntent, in context: Context, completion: @escaping (Timeline<Entry>) -> ()) {
        let midnight = Calendar.current.startOfDay(for: Date()).addingTimeInterval(86_400)
        let entry = ChallengeEntry(date: Date(), done: 2, goal: configuration.goal?.intValue ?? 3)
        completion(Timeline(entries: [entry], policy: .after(midnight)))
    }
}

struct ChallengeView: View {
    var entry: ChallengeEntry

    var body: some View {
        HStack {
            ZStack {
                Circle()
                    .stroke(lineWidth: 3)
                Text("\(entry.done)/\(entry.goal)")
                    .font(.system(.headline, design: .rounded))
            }
            .frame(width: 44, height: 44)
            VStack(alignment: .leading) {
                Text("Daily challenge")
                    .font(.headline)
                    .shadow(radius: 2)
                Text(entry.done >= entry.goal ? "Done!" : "\(entry.goal - entry.done) to go")
                    .font(.caption)
            }
        }
        .padding(4)
        .background(.blue.opacity(0.2))
        .background()
    }
}

struct ChallengeWidget: Widget {
    let kind: String = "Challenge"

    var body: some WidgetConfiguration {
        IntentConfiguration(kind: kind, intent: ChallengeIntent.self, provider: ChallengeProvider()) { entry in
            ChallengeView(entry: entry)
        }
        .configurationDisplayName("Daily challenge")
        .description("Today's games against your goal.")
        .supportedFamilies([.accessoryRectangular])
    }
}
