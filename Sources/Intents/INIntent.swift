import AppIntentsCore
import Foundation

/// A request described by an app's intent definition, as SiriKit's `INIntent`: widgets
/// configured with `IntentConfiguration` get a subclass of it, generated from the
/// `.intentdefinition` file with a property for each parameter. The daemon sets those
/// properties from the widget's keys in the config file, or from the definition's
/// defaults, before the provider first sees the intent.
open class INIntent: NSObject {
    let storage = ParameterStorage()

    /// An identifier of this request; nil until someone sets one.
    public internal(set) var identifier: String?
    /// The phrase a user would say to run it; kept, never spoken.
    public var suggestedInvocationPhrase: String?

    /// An intent with no parameter set.
    public override required init() {
        super.init()
    }

    /// The definition this class was generated from: its title, description and
    /// parameters. Overridden by each generated class.
    open class var intentDefinition: IntentDefinition { IntentDefinition(title: String(describing: self)) }

    /// The value a generated property keeps under `key`.
    public func parameterValue(forKey key: String) -> Any? { storage[key] }

    /// Sets the value a generated property keeps under `key`; nil clears it.
    public func setParameterValue(_ value: Any?, forKey key: String) { storage[key] = value }

    /// Sets a parameter from the text the config file gives; false when the text is not
    /// a value of the parameter's type (or names no parameter).
    public func setParameter(_ name: String, text: String) -> Bool {
        guard let parameter = Self.intentDefinition.parameters.first(where: { $0.name == name }),
              let value = parameter.type.value(of: text, offered: parameter.offered.current) else { return false }
        storage[name] = value
        return true
    }

    /// A parameter's value as the config file would write it; "" when unset.
    public func parameterText(_ name: String) -> String {
        guard let parameter = Self.intentDefinition.parameters.first(where: { $0.name == name }) else { return "" }
        return storage[name].map(parameter.type.text(of:)) ?? ""
    }

    open override var description: String {
        let definition = Self.intentDefinition
        let values = definition.parameters.map { "\($0.name)=\(parameterText($0.name))" }
        return "<\(definition.title): \(values.joined(separator: ", "))>"
    }
}

extension INIntent: ConfigurableIntent {
    public static var configurationTitle: String { intentDefinition.title }
    public static var configurationDescription: String { intentDefinition.description }

    public var configurableParameters: [ConfigurableIntentParameter] {
        let box = IntentReference(intent: self)
        let definition = Self.intentDefinition
        return definition.parameters.filter(\.isConfigurable).map { parameter in
            let name = parameter.name
            return ConfigurableIntentParameter(
                name: name, title: parameter.title, kind: parameter.type.valueKind, defaultText: parameter.defaultText,
                options: Self.offered(parameter, by: definition.handlerClass),
                read: { box.intent.parameterText(name) }, write: { box.intent.setParameter(name, text: $0) })
        }
    }

    /// Where a custom-type or listed-string parameter's values come from: the intent
    /// extension's handler, asked with a fresh intent, as iOS asks when the user edits the
    /// widget. None for a parameter without options. The principal class is looked up by
    /// its name only when the options are asked (once, at start), not each time the
    /// parameters are listed; without such a class they are empty, which leaves the
    /// parameter free.
    private static func offered(_ parameter: IntentDefinition.Parameter, by handlerClass: String?) -> IntentOptionsSource? {
        guard let handlerClass else { return nil }
        let intentClass = IntentClass(type: self)
        let ask = { @Sendable () -> (handler: Any, intent: INIntent)? in
            guard let principal = NSClassFromString(handlerClass) as? INExtension.Type else { return nil }
            let intent = intentClass.type.init()
            return principal.init().handler(for: intent).map { ($0, intent) }
        }
        switch parameter.type.element {
        case let .object(_, options?):
            return IntentOptionsSource {
                guard let (handler, intent) = ask(), let objects = try? await options(handler, intent) else { return [] }
                parameter.offered.current = objects
                return objects.map { IntentOption(text: $0.identifier ?? $0.displayString, title: $0.displayString) }
            }
        case let .listedString(options):
            return IntentOptionsSource {
                guard let (handler, intent) = ask(), let strings = try? await options(handler, intent) else { return [] }
                return strings.map { IntentOption(text: $0, title: $0) }
            }
        default:
            return nil
        }
    }
}

/// An intent class handed to a task that makes an intent of it.
private struct IntentClass: @unchecked Sendable {
    let type: INIntent.Type
}

/// An intent handed to the daemon's reading and setting of its parameters, which the
/// intent's lock makes safe from any task.
private struct IntentReference: @unchecked Sendable {
    let intent: INIntent
}
