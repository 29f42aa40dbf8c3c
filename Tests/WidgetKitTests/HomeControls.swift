// Lock-screen Controls written as a smart-home app writes them (iOS 18): a lamp toggle
// whose value a provider reads and whose intent sets it, a scene button configured by an
// intent, both offered in the widget bundle beside a widget.
import AppIntents
import SwiftUI
import WidgetKit

/// What the app's shared store says; a real app reads its App Group or its server.
enum LampStore {
    nonisolated(unsafe) static var isOn = false
    nonisolated(unsafe) static var scenesRun: [String] = []
}

struct LampControl: ControlWidget {
    static let kind = "org.example.home.lamp"

    var body: some ControlWidgetConfiguration {
        StaticControlConfiguration(kind: Self.kind, provider: LampValueProvider()) { isOn in
            ControlWidgetToggle("Desk lamp", isOn: isOn, action: SetLampIntent()) { isOn in
                Label(isOn ? "On" : "Off", systemImage: isOn ? "lightbulb.fill" : "lightbulb")
            }
            .tint(.yellow)
        }
        .displayName("Desk lamp")
        .description("Turns the desk lamp on and off.")
    }
}

struct LampValueProvider: ControlValueProvider {
    var previewValue: Bool { false }

    func currentValue() async throws -> Bool {
        LampStore.isOn
    }
}

struct SetLampIntent: SetValueIntent {
    static let title: LocalizedStringResource = "Set the desk lamp"

    @Parameter(title: "Lamp is on")
    var value: Bool

    func perform() async throws -> some IntentResult {
        LampStore.isOn = value
        return .result()
    }
}

struct SceneControl: ControlWidget {
    var body: some ControlWidgetConfiguration {
        AppIntentControlConfiguration(kind: "org.example.home.scene", provider: SceneValueProvider()) { scene in
            ControlWidgetButton(action: RunSceneIntent(scene.name)) {
                Label(scene.name, systemImage: "sparkles")
            }
            .controlWidgetActionHint("Runs the scene")
            .controlWidgetStatus("Scene started")
        }
        .displayName("Scene")
        .promptsForUserConfiguration()
    }
}

struct SceneConfiguration: ControlConfigurationIntent {
    static let title: LocalizedStringResource = "Scene"

    @Parameter(title: "Scene", default: "Evening")
    var sceneName: String
}

struct SceneValueProvider: AppIntentControlValueProvider {
    struct Value {
        var name: String
    }

    func previewValue(configuration: SceneConfiguration) -> Value {
        Value(name: configuration.sceneName)
    }

    func currentValue(configuration: SceneConfiguration) async throws -> Value {
        Value(name: configuration.sceneName)
    }
}

struct RunSceneIntent: AppIntent {
    static let title: LocalizedStringResource = "Run a scene"

    @Parameter(title: "Scene")
    var name: String

    init() {}

    init(_ name: String) {
        self.name = name
    }

    func perform() async throws -> some IntentResult & OpensIntent {
        LampStore.scenesRun.append(name)
        ControlCenter.shared.reloadControls(ofKind: LampControl.kind)
        return .result()
    }
}

struct HomeBundle: WidgetBundle {
    var body: some Widget {
        DeliveryActivity()
        LampControl()
        SceneControl()
    }
}
