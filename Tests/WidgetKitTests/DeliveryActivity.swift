// A Live Activity written as a delivery app's widget extension writes one, with the
// imports such an extension has and nothing changed: the attributes in a file that
// imports ActivityKit and Foundation only, the lock screen's view with a tint and a
// progress bar, the Dynamic Island's regions, `isStale`, a preview with content states,
// and UIKit's names reached through SwiftUI.
import AppIntents
import ActivityKit
import SwiftUI
import WidgetKit

struct DeliveryAttributes: ActivityAttributes {
    public struct ContentState: Codable, Hashable {
        var stage: Stage
        var eta: Date
        var stopsAway: Int

        enum Stage: String, Codable, Hashable {
            case preparing, onTheWay, arrived
        }
    }

    var orderNumber: String
    var restaurant: String
}

extension DeliveryAttributes {
    fileprivate static var preview: DeliveryAttributes {
        DeliveryAttributes(orderNumber: "A-1042", restaurant: "Luigi's")
    }
}

extension DeliveryAttributes.ContentState {
    fileprivate static var onTheWay: DeliveryAttributes.ContentState {
        .init(stage: .onTheWay, eta: Date(timeIntervalSince1970: 1_700_000_900), stopsAway: 2)
    }

    fileprivate static var arrived: DeliveryAttributes.ContentState {
        .init(stage: .arrived, eta: Date(timeIntervalSince1970: 1_700_000_900), stopsAway: 0)
    }
}

/// The brand colour, as apps keep it: a UIKit colour turned into SwiftUI's.
extension Color {
    static let brand = Color(uiColor: UIColor(red: 0.95, green: 0.45, blue: 0.1, alpha: 1))
}

struct DeliveryActivityView: View {
    let context: ActivityViewContext<DeliveryAttributes>
    @Environment(\.activityFamily) private var family

    private var progress: Double {
        switch context.state.stage {
        case .preparing: 0.2
        case .onTheWay: 0.6
        case .arrived: 1
        }
    }

    var body: some View {
        VStack(alignment: .leading, spacing: 6) {
            HStack {
                Image(systemName: "bicycle")
                    .accessibilityLabel("Order \(context.activityID.prefix(4))")
                Text(context.attributes.restaurant)
                    .font(.headline)
                    .fixedSize()
                Spacer()
                if context.isStale {
                    Text("Updating…")
                        .font(.caption)
                        .foregroundStyle(.secondary)
                } else {
                    Text(context.state.eta, style: .time)
                        .font(.headline)
                        .monospacedDigit()
                        .contentTransition(.numericText())
                }
            }
            ProgressView(value: progress)
                .tint(.brand)
            HStack {
                Text(context.state.stage == .arrived ? "Your order is here" : "\(context.state.stopsAway) stops away")
                    .font(.subheadline)
                    .tracking(0.5)
                    .strikethrough(context.isStale)
                if family == ActivityFamily.medium {
                    Spacer()
                    Button(intent: CallRiderIntent(order: context.attributes.orderNumber)) {
                        Image(systemName: "phone.fill")
                    }
                    .accessibilityHidden(false)
                }
            }
        }
        .padding()
    }
}

struct DeliveryActivity: Widget {
    var body: some WidgetConfiguration {
        ActivityConfiguration(for: DeliveryAttributes.self) { context in
            DeliveryActivityView(context: context)
                .activityBackgroundTint(Color.black.opacity(0.6))
                .activitySystemActionForegroundColor(.white)
        } dynamicIsland: { context in
            DynamicIsland {
                DynamicIslandExpandedRegion(.leading) {
                    Label("\(context.state.stopsAway)", systemImage: "bicycle")
                        .font(.title3)
                }
                DynamicIslandExpandedRegion(.trailing) {
                    Text(context.state.eta, style: .timer)
                        .frame(width: 60)
                        .monospacedDigit()
                }
                DynamicIslandExpandedRegion(.center, priority: 1) {
                    Text(context.attributes.restaurant)
                        .dynamicIsland(verticalPlacement: .belowIfTooWide)
                }
                DynamicIslandExpandedRegion(.bottom) {
                    Text("Order \(context.attributes.orderNumber)")
                        .font(.caption)
                        .fontWidth(.condensed)
                }
            } compactLeading: {
                Image(systemName: "bicycle")
            } compactTrailing: {
                Text(context.state.eta, style: .timer)
                    .frame(width: 44)
            } minimal: {
                Text("\(context.state.stopsAway)")
            }
            .widgetURL(URL(string: "delivery://order/\(context.attributes.orderNumber)"))
            .keylineTint(.brand)
            .contentMargins(.horizontal, 12, for: .expanded)
        }
        .supplementalActivityFamilies([.small])
    }
}

#Preview("Delivery", as: .content, using: DeliveryAttributes.preview) {
    DeliveryActivity()
} contentStates: {
    DeliveryAttributes.ContentState.onTheWay
    DeliveryAttributes.ContentState.arrived
}

/// Calls the rider from the band's button.
struct CallRiderIntent: LiveActivityIntent {
    static let title: LocalizedStringResource = "Call the rider"

    @Parameter(title: "Order")
    var order: String

    init() {}

    init(order: String) {
        self.order = order
    }

    func perform() async throws -> some IntentResult { .result() }
}

#Preview("Island", as: ActivityPreviewViewKind.dynamicIsland(.compact), using: DeliveryAttributes.preview) {
    DeliveryActivity()
} contentStates: {
    DeliveryAttributes.ContentState.onTheWay
}
