import ActivityKitCore
import Accessory

// A Live Activity for a match in progress, as a sports app writes one: the score and the
// minute in the lock screen's band, the Dynamic Island's presentations beside it. The
// app's server pushes each goal as it pushes to APNs; here to the daemon's
// `POST /api/activities/<token>` or its MQTT topic (docs/ACTIVITIES.md).

struct MatchAttributes: ActivityAttributes {
    public struct ContentState: Codable, Hashable {
        var homeScore: Int
        var awayScore: Int
        var minute: Int
        var lastEvent: String?
    }

    var home: String
    var away: String
}

struct MatchActivityView: View {
    let context: ActivityViewContext<MatchAttributes>

    var body: some View {
        VStack(spacing: 6) {
            HStack {
                Text(context.attributes.home).font(.headline)
                Spacer()
                Text("\(context.state.homeScore) – \(context.state.awayScore)")
                    .font(.title.weight(.bold))
                    .monospacedDigit()
                Spacer()
                Text(context.attributes.away).font(.headline)
            }
            HStack {
                Text(context.isStale ? "Not live" : "\(context.state.minute)′")
                    .foregroundStyle(.secondary)
                Spacer()
                if let event = context.state.lastEvent {
                    Text(event).lineLimit(1)
                }
            }
            .font(.subheadline)
        }
    }
}

struct MatchActivity: Widget {
    var body: some WidgetConfiguration {
        ActivityConfiguration(for: MatchAttributes.self) { context in
            MatchActivityView(context: context)
                .activityBackgroundTint(Color("PitchGreen"))
        } dynamicIsland: { context in
            DynamicIsland {
                DynamicIslandExpandedRegion(.leading) { Text(context.attributes.home) }
                DynamicIslandExpandedRegion(.trailing) { Text(context.attributes.away) }
                DynamicIslandExpandedRegion(.center) {
                    Text("\(context.state.homeScore) – \(context.state.awayScore)").font(.title2.weight(.bold))
                }
            } compactLeading: {
                Text("\(context.attributes.home.prefix(3).uppercased()) \(context.state.homeScore)")
            } compactTrailing: {
                Text("\(context.state.awayScore) \(context.attributes.away.prefix(3).uppercased())")
            } minimal: {
                Text("\(context.state.homeScore)–\(context.state.awayScore)")
            }
        }
    }
}

extension MatchAttributes {
    static let preview = MatchAttributes(home: "Arsenal", away: "Spurs")
}

#Preview("Match", as: .content, using: MatchAttributes.preview) {
    MatchActivity()
} contentStates: {
    MatchAttributes.ContentState(homeScore: 0, awayScore: 0, minute: 1, lastEvent: nil)
    MatchAttributes.ContentState(homeScore: 2, awayScore: 1, minute: 67, lastEvent: "Goal! Saka")
}
