import AppIntentsCore
import WidgetKit

// A lock-screen Control (iOS 18) as Apple's template writes one: a toggle whose value a
// provider reads and whose `SetValueIntent` sets it. Placed in a corner slot, it is a
// round button; a tap sets the value and asks the provider again.

struct GoalAlertsControl: ControlWidget {
    static let kind = "GoalAlerts"

    var body: some ControlWidgetConfiguration {
        StaticControlConfiguration(kind: Self.kind, provider: GoalAlertsProvider()) { isOn in
            ControlWidgetToggle("Goal alerts", isOn: isOn, action: SetGoalAlertsIntent()) { isOn in
                Label(isOn ? "On" : "Off", systemImage: isOn ? "bell.fill" : "bell.slash")
            }
            .tint(.green)
        }
        .displayName("Goal alerts")
        .description("Turns goal alerts on and off.")
    }
}

struct GoalAlertsProvider: ControlValueProvider {
    var previewValue: Bool { false }

    func currentValue() async throws -> Bool {
        await CheerStore.shared.goalAlerts
    }
}

struct SetGoalAlertsIntent: SetValueIntent {
    static let title: LocalizedStringResource = "Goal alerts"

    @Parameter(title: "Goal alerts are on")
    var value: Bool

    func perform() async throws -> some IntentResult {
        await CheerStore.shared.setGoalAlerts(value)
        return .result()
    }
}
