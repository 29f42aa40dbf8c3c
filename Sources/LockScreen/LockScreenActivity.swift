import ActivityKitCore
import Accessory
import FoundationEssentials

/// The daemon's own Live Activity, for servers and scripts in any language: started with
/// `attributes-type` "LockScreenActivity" (or by `lockscreenctl activity start`), its
/// state plain JSON — a title, a message, a short value, a progress from 0 to 1, an end
/// time in seconds since 1970 for a countdown, an SF Symbol's name.
package struct LockScreenActivity: ActivityAttributes {
    package struct ContentState: Codable, Hashable {
        package var title: String?
        package var message: String?
        /// A few characters: "12 min", "2–1", "68%".
        package var value: String?
        /// 0 to 1: drawn as a bar.
        package var progress: Double?
        /// Seconds since 1970: counted down to.
        package var ends: Double?
        package var symbol: String?
    }

    /// The title when the state gives none.
    package var title: String?
    package var symbol: String?

    /// The attributes type a push names.
    package static let typeName = "LockScreenActivity"

    /// How the band draws it.
    package static var presenter: ActivityPresenter? { LockScreenActivityWidget().activityPresenters.first }
}

extension LockScreenActivity.ContentState {
    var endDate: Date? { ends.flatMap { $0.isFinite && $0 > 0 ? Date(timeIntervalSince1970: $0) : nil } }
    var fraction: Double? { progress.flatMap { $0.isFinite ? max(0, min(1, $0)) : nil } }
}

/// The built-in activity's views, written with the same API as any app's.
struct LockScreenActivityWidget: Widget {
    var body: some WidgetConfiguration {
        ActivityConfiguration(for: LockScreenActivity.self) { context in
            LockScreenActivityView(context: context)
        } dynamicIsland: { context in
            let symbol = context.state.symbol ?? context.attributes.symbol ?? "bell.fill"
            return DynamicIsland {
                DynamicIslandExpandedRegion(.leading) { Image(systemName: symbol) }
                DynamicIslandExpandedRegion(.center) {
                    Text(context.state.title ?? context.attributes.title ?? "").font(.headline).lineLimit(1)
                }
                DynamicIslandExpandedRegion(.bottom) {
                    Text(context.state.message ?? "").font(.subheadline).lineLimit(2)
                }
            } compactLeading: {
                Image(systemName: symbol)
            } compactTrailing: {
                LockScreenActivityValue(state: context.state)
            } minimal: {
                Image(systemName: symbol)
            }
        }
    }
}

/// The value, else the countdown, else the progress in per cent.
struct LockScreenActivityValue: View {
    let state: LockScreenActivity.ContentState

    var body: some View {
        if let value = state.value {
            Text(value).monospacedDigit()
        } else if let end = state.endDate {
            Text(timerInterval: Date(timeIntervalSince1970: 0)...end, countsDown: true).monospacedDigit()
        } else if let fraction = state.fraction {
            Text("\(Int((fraction * 100).rounded()))%")
        }
    }
}

/// The band: symbol, title and message, the value on the right, a bar under them; a
/// stale activity says so under its message.
struct LockScreenActivityView: View {
    let context: ActivityViewContext<LockScreenActivity>

    var body: some View {
        VStack(alignment: .leading, spacing: 6) {
            HStack(alignment: .center, spacing: 10) {
                Image(systemName: context.state.symbol ?? context.attributes.symbol ?? "bell.fill").font(.title2)
                VStack(alignment: .leading, spacing: 2) {
                    Text(context.state.title ?? context.attributes.title ?? "").font(.headline).lineLimit(1)
                    if let message = context.state.message {
                        Text(message).font(.subheadline).lineLimit(2)
                    }
                    if context.isStale {
                        Text("Not updated").font(.caption).foregroundStyle(.secondary)
                    }
                }
                Spacer(minLength: 4)
                LockScreenActivityValue(state: context.state).font(.title2.weight(.semibold))
            }
            if let fraction = context.state.fraction {
                ProgressView(value: fraction)
            }
        }
    }
}
