import AppIntentsCore
import Canvas

/// A switch that performs an intent when tapped, as SwiftUI's `Toggle(isOn:intent:)` in
/// an interactive widget: a tap shows the new state at once (the state iOS shows while
/// the intent runs), then the daemon runs `perform()` and reloads the widget, whose new
/// entry says the state from then on.
public struct Toggle<Label: View>: View, PrimitiveView {
    let isOn: Bool
    let label: Label
    let action: ControlAction

    public init<I: AppIntent>(isOn: Bool, intent: I, @ViewBuilder label: () -> Label) {
        self.isOn = isOn
        self.label = label()
        action = ControlAction(intent)
    }

    public var body: Never { bodyNever() }

    package func makeNode(in environment: EnvironmentValues) -> LayoutNode {
        let on = environment.controlStates[action.id] ?? isOn
        let look: LayoutNode
        switch environment.toggleStyle {
        case .button:
            var style = environment
            style.buttonStyle = on ? .borderedProminent : .bordered
            look = style.buttonStyle.look(of: label, in: style)
        case .automatic, .switch:
            look = SwiftUICore.makeNode(HStack(spacing: 6) {
                label
                Spacer(minLength: 0)
                ToggleSwitch(isOn: on)
            }, in: environment)
        }
        return ControlNode(child: look, control: PlacedControl(action: action, isOn: on), name: "Toggle", environment: environment)
    }
}

extension Toggle where Label == Text {
    /// A toggle titled with a text.
    public init<I: AppIntent>(_ title: LocalizedStringKey, isOn: Bool, intent: I) {
        self.init(isOn: isOn, intent: intent) { Text(title) }
    }

    /// A toggle titled with a string made at run time.
    @_disfavoredOverload
    public init<I: AppIntent, S: StringProtocol>(_ title: S, isOn: Bool, intent: I) {
        self.init(isOn: isOn, intent: intent) { Text(String(title)) }
    }
}

/// The switch of a toggle: a track with a knob at the end of its state. In one ink (the
/// lock screen, grey and two-colour panels) the knob is the full ink on a dimmer track
/// when on, and dimmer on a faint track, at the start, when off.
struct ToggleSwitch: View {
    let isOn: Bool

    var body: some View {
        ZStack(alignment: isOn ? .trailing : .leading) {
            Capsule().fill(isOn ? HierarchicalShapeStyle.secondary : HierarchicalShapeStyle.quaternary)
            Circle().fill(isOn ? HierarchicalShapeStyle.primary : HierarchicalShapeStyle.secondary).padding(2)
        }
        .frame(width: 34, height: 20)
    }
}

/// How a toggle is drawn.
enum ToggleStyleKind: Hashable, Sendable {
    case automatic, `switch`, button
}

/// A toggle style, as SwiftUI's: `.toggleStyle(.button)`.
public struct ToggleStyleValue: Sendable, Hashable {
    let kind: ToggleStyleKind

    public static let automatic = ToggleStyleValue(kind: .automatic)
    public static let `switch` = ToggleStyleValue(kind: .switch)
    public static let button = ToggleStyleValue(kind: .button)
}

extension View {
    /// How the toggles inside are drawn.
    public func toggleStyle(_ style: ToggleStyleValue) -> some View {
        environment(\.toggleStyle, style.kind)
    }
}
