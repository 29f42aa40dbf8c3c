import Accessory
import AppIntentsCore
import FoundationEssentials

/// A control with no settings, as WidgetKit's `StaticControlConfiguration`.
public struct StaticControlConfiguration<Content: ControlWidgetTemplate>: ControlWidgetConfiguration, PrimitiveControlConfiguration {
    let descriptor: WidgetDescriptor?

    /// A control whose template does not depend on a value.
    public init(kind: String, @ControlWidgetTemplateBuilder content: () -> Content) {
        let template = AnyControlWidgetTemplate(content())
        descriptor = .control(kind: kind, template: { (_: Bool) in template }) { (values: [String: String]) throws(ParameterError) in
            if let name = values.keys.sorted().first { throw ParameterError.unknown(name: name, known: []) }
            return (preview: { false }, current: { false })
        }
    }

    /// A control whose template shows the provider's value (a toggle's state).
    public init<Provider: ControlValueProvider>(kind: String, provider: Provider, @ControlWidgetTemplateBuilder content: @escaping (Provider.Value) -> Content) {
        descriptor = .control(kind: kind, template: { AnyControlWidgetTemplate(content($0)) }) { (values: [String: String]) throws(ParameterError) in
            if let name = values.keys.sorted().first { throw ParameterError.unknown(name: name, known: []) }
            return (preview: { provider.previewValue }, current: { try await provider.currentValue() })
        }
    }
}

/// A control with settings, as WidgetKit's `AppIntentControlConfiguration`: its
/// intent's `@Parameter`s are what the config file's keys set.
public struct AppIntentControlConfiguration<Intent: ControlConfigurationIntent, Content: ControlWidgetTemplate>: ControlWidgetConfiguration, PrimitiveControlConfiguration {
    let descriptor: WidgetDescriptor?

    /// A control whose template shows the provider's value for its configuration.
    public init<Provider: AppIntentControlValueProvider>(
        kind: String, provider: Provider, @ControlWidgetTemplateBuilder content: @escaping (Provider.Value) -> Content
    ) where Provider.Configuration == Intent {
        descriptor = .control(
            kind: kind, parameters: IntentParameters.describe(Intent()), optionSources: IntentParameters.optionSources(Intent()),
            template: { AnyControlWidgetTemplate(content($0)) }
        ) { (values: [String: String]) throws(ParameterError) in
            let configuration = Intent()
            try IntentParameters.assign(values, to: configuration)
            return (preview: { provider.previewValue(configuration: configuration) }, current: { try await provider.currentValue(configuration: configuration) })
        }
    }

    /// A control whose template is made from its configuration directly.
    public init(kind: String, intent: Intent.Type, @ControlWidgetTemplateBuilder content: @escaping (Intent) -> Content) {
        descriptor = .control(
            kind: kind, parameters: IntentParameters.describe(Intent()), optionSources: IntentParameters.optionSources(Intent()),
            template: { (configuration: ConfiguredIntent<Intent>) in AnyControlWidgetTemplate(content(configuration.intent)) }
        ) { (values: [String: String]) throws(ParameterError) in
            let configuration = Intent()
            try IntentParameters.assign(values, to: configuration)
            let value = ConfiguredIntent(intent: configuration)
            return (preview: { value }, current: { value })
        }
    }
}

/// An intent as a control's value.
struct ConfiguredIntent<Intent: AppIntent>: Sendable {
    let intent: Intent
}

/// Gives a control its value, as WidgetKit's `ControlValueProvider`.
public protocol ControlValueProvider: Sendable {
    associatedtype Value: Sendable
    /// The value shown before the current one is known, and in previews.
    var previewValue: Value { get }
    /// The value now: a lamp's state, a door's position.
    func currentValue() async throws -> Value
}

/// Gives a configured control its value, as WidgetKit's `AppIntentControlValueProvider`.
public protocol AppIntentControlValueProvider: Sendable {
    associatedtype Value: Sendable
    associatedtype Configuration: ControlConfigurationIntent
    func previewValue(configuration: Configuration) -> Value
    func currentValue(configuration: Configuration) async throws -> Value
}

/// Asks the daemon for controls' values again, as WidgetKit's `ControlCenter`.
public struct ControlCenter: Sendable {
    /// Where the reloads go: a control's value is its widget's timeline.
    let reloads: WidgetCenter

    /// Asks every control of `kind` for its value again.
    public func reloadControls(ofKind kind: String) { reloads.reloadTimelines(ofKind: kind) }

    /// Asks every control for its value again.
    public func reloadAllControls() { reloads.reloadAllTimelines() }
}

extension WidgetBundleBuilder {
    /// A control in a bundle: placed as a widget of its kind.
    public static func buildExpression<C: ControlWidget>(_ control: C) -> WidgetList {
        WidgetList(catalog: WidgetCatalog(widgets: makeControlDescriptor(control.body).map { [$0] } ?? []))
    }
}
