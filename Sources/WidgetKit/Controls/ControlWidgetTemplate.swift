import Accessory
import AppIntentsCore
/// What a control shows and does, as WidgetKit's `ControlWidgetTemplate`: a button or a
/// toggle with a label. On the lock screen a control is a round button in a corner.
public protocol ControlWidgetTemplate {}

/// A template this module draws.
protocol PrimitiveControlTemplate: ControlWidgetTemplate {
    /// The control as a view: its symbol in a circle that performs the action when tapped.
    var view: AnyView { get }
}

/// A template changed by a modifier, or chosen by the builder; drawn as its view.
public struct AnyControlWidgetTemplate: ControlWidgetTemplate, PrimitiveControlTemplate {
    let view: AnyView

    init(_ template: some ControlWidgetTemplate) {
        view = (template as? any PrimitiveControlTemplate)?.view ?? AnyView(EmptyView())
    }

    init(view: AnyView) {
        self.view = view
    }
}

/// A button that performs an intent, as WidgetKit's `ControlWidgetButton`.
public struct ControlWidgetButton<Label: View>: ControlWidgetTemplate, PrimitiveControlTemplate {
    let label: Label
    let action: ControlAction

    public init<Action: AppIntent>(action: Action, @ViewBuilder label: () -> Label) {
        self.label = label()
        self.action = ControlAction(action)
    }

    /// A button whose label may change while its action runs (`actionLabel`); the
    /// panel shows the label.
    public init<Action: AppIntent, ActionLabel: View>(action: Action, @ViewBuilder label: () -> Label, @ViewBuilder actionLabel: (Bool) -> ActionLabel) {
        self.init(action: action, label: label)
    }

    var view: AnyView { AnyView(ControlCircleButton(label: label, action: action, isOn: nil)) }
}

extension ControlWidgetButton {
    /// A button titled `title` whose label may change while its action runs; the panel
    /// shows the label as it is when idle.
    public init<Action: AppIntent, S: StringProtocol>(_ title: S, action: Action, @ViewBuilder actionLabel: (Bool) -> Label) {
        self.init(action: action) { actionLabel(false) }
    }

    /// A button titled by a key whose label may change while its action runs.
    public init<Action: AppIntent>(_ titleKey: LocalizedStringKey, action: Action, @ViewBuilder actionLabel: (Bool) -> Label) {
        self.init(action: action) { actionLabel(false) }
    }
}

extension ControlWidgetButton where Label == SwiftUICore.Label<Text, Image> {
    /// A button titled with a symbol.
    public init<Action: AppIntent>(_ titleKey: LocalizedStringKey, systemImage: String, action: Action) {
        self.init(action: action) { SwiftUICore.Label(titleKey, systemImage: systemImage) }
    }
}

/// A switch that performs an intent, as WidgetKit's `ControlWidgetToggle`: drawn filled
/// when on.
public struct ControlWidgetToggle<Label: View>: ControlWidgetTemplate, PrimitiveControlTemplate {
    let label: Label
    let isOn: Bool
    let action: ControlAction

    public init<Action: AppIntent>(isOn: Bool, action: Action, @ViewBuilder label: () -> Label) {
        self.label = label()
        self.isOn = isOn
        self.action = ControlAction(Self.setting(action, to: !isOn))
    }

    var view: AnyView { AnyView(ControlCircleButton(label: label, action: action, isOn: isOn)) }

    /// A `SetValueIntent` with its `value` set to the state a tap chooses, as iOS sets it
    /// before performing; any other intent as it is.
    static func setting<Action: AppIntent>(_ action: Action, to value: Bool) -> Action {
        guard let settable = action as? any SetValueIntent else { return action }
        func set<S: SetValueIntent>(_ intent: S) -> S {
            var copy = intent
            if let value = value as? S.ValueType { copy.value = value }
            return copy
        }
        return set(settable) as? Action ?? action
    }
}

extension ControlWidgetToggle {
    /// A toggle whose label says the state (`valueLabel`), titled `title`.
    public init<Action: AppIntent, S: StringProtocol>(_ title: S, isOn: Bool, action: Action, @ViewBuilder valueLabel: (Bool) -> Label) {
        self.init(isOn: isOn, action: action) { valueLabel(isOn) }
    }

    /// A toggle whose label says the state, titled by a key.
    public init<Action: AppIntent>(_ titleKey: LocalizedStringKey, isOn: Bool, action: Action, @ViewBuilder valueLabel: (Bool) -> Label) {
        self.init(isOn: isOn, action: action) { valueLabel(isOn) }
    }

    /// A toggle with a label and a label for its state; the panel draws the state's.
    public init<Action: AppIntent, Title: View>(isOn: Bool, action: Action, @ViewBuilder label: () -> Title, @ViewBuilder valueLabel: (Bool) -> Label) {
        self.init(isOn: isOn, action: action) { valueLabel(isOn) }
    }
}

extension ControlWidgetToggle where Label == SwiftUICore.Label<Text, Image> {
    /// A toggle titled with a symbol.
    public init<Action: AppIntent>(_ titleKey: LocalizedStringKey, systemImage: String, isOn: Bool, action: Action) {
        self.init(isOn: isOn, action: action) { SwiftUICore.Label(titleKey, systemImage: systemImage) }
    }
}

extension ControlWidgetTemplate {
    private func wrapped(_ change: (AnyView) -> some View) -> AnyControlWidgetTemplate {
        AnyControlWidgetTemplate(view: AnyView(change(AnyControlWidgetTemplate(self).view)))
    }

    /// The colour of the control when on.
    public func tint(_ color: Color?) -> AnyControlWidgetTemplate { wrapped { $0.tint(color) } }

    /// What performing the action does, spoken by VoiceOver; kept for the label.
    public func controlWidgetActionHint(_ hint: Text) -> AnyControlWidgetTemplate { self.wrapped { $0 } }
    public func controlWidgetActionHint(_ hint: LocalizedStringKey) -> AnyControlWidgetTemplate { self.wrapped { $0 } }
    public func controlWidgetActionHint<S: StringProtocol>(_ hint: S) -> AnyControlWidgetTemplate { self.wrapped { $0 } }

    /// A status shown for a moment after the action; the panel's next picture says it.
    public func controlWidgetStatus(_ status: Text) -> AnyControlWidgetTemplate { self.wrapped { $0 } }
    public func controlWidgetStatus(_ status: LocalizedStringKey) -> AnyControlWidgetTemplate { self.wrapped { $0 } }
    public func controlWidgetStatus<S: StringProtocol>(_ status: S) -> AnyControlWidgetTemplate { self.wrapped { $0 } }

    /// A control that cannot be used now.
    public func disabled(_ disabled: Bool) -> AnyControlWidgetTemplate { self.wrapped { $0 } }
}

/// Builds a control's template; `if` and `else` choose between templates.
@resultBuilder
public enum ControlWidgetTemplateBuilder {
    public static func buildExpression<T: ControlWidgetTemplate>(_ template: T) -> AnyControlWidgetTemplate { AnyControlWidgetTemplate(template) }
    public static func buildBlock(_ template: AnyControlWidgetTemplate) -> AnyControlWidgetTemplate { template }
    public static func buildEither(first template: AnyControlWidgetTemplate) -> AnyControlWidgetTemplate { template }
    public static func buildEither(second template: AnyControlWidgetTemplate) -> AnyControlWidgetTemplate { template }
    public static func buildLimitedAvailability(_ template: AnyControlWidgetTemplate) -> AnyControlWidgetTemplate { template }
}

/// A control on the lock screen, as iOS draws one: its label's symbol in a disc, filled
/// when a toggle is on (in the tint, else the ink) with the symbol in the background's
/// colour, faint otherwise; performing its action when tapped.
struct ControlCircleButton: View, PrimitiveView {
    let label: AnyView
    let action: ControlAction
    /// nil for a button.
    let isOn: Bool?

    init(label: some View, action: ControlAction, isOn: Bool?) {
        self.label = AnyView(label.labelStyle(.iconOnly))
        self.action = action
        self.isOn = isOn
    }

    var body: Never { bodyNever() }

    package func makeNode(in environment: EnvironmentValues) -> LayoutNode {
        let on = isOn.map { environment.controlStates[action.id] ?? $0 }
        var look = environment
        let ink = environment.colorScheme == .dark ? Color.white : Color.black
        let paper = environment.colorScheme == .dark ? Color.black : Color.white
        let view: AnyView
        if on == true {
            // On: a disc of the tint (the ink without one) with the symbol cut out in the
            // background's colour, as the lock screen draws a control that is on: drawn in
            // full colour, or the cut-out would vanish in the vibrant mode's one channel.
            look.widgetRenderingMode = .fullColor
            view = AnyView(ZStack { Circle().fill(environment.tint ?? AnyShapeStyle(ink)); label.foregroundStyle(paper) })
        } else {
            view = AnyView(ZStack { Circle().fill(Color.primary.opacity(0.25)); label.foregroundStyle(Color.primary) })
        }
        return ControlNode(
            child: SwiftUICore.makeNode(view.font(.title3), in: look), control: PlacedControl(action: action, isOn: on),
            name: isOn == nil ? "ControlButton" : "ControlToggle", environment: environment)
    }
}
