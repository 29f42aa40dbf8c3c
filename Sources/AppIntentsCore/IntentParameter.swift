import Synchronization

/// A configurable property of a widget's configuration intent, as AppIntents'
/// `@Parameter(title:default:)`. A reference, as in AppIntents, so the daemon can set
/// it from the config file.
@propertyWrapper
public final class IntentParameter<Value: IntentValue>: Sendable {
    /// The parameter's title, for listings and messages.
    public let title: String
    /// The value used when the config file does not set one; nil when none was stated.
    public let defaultValue: Value?
    /// Where the valid values come from when only some are valid.
    let options: IntentOptionsSource?
    private let value: Mutex<Value?>

    public init(title: LocalizedStringResource, default defaultValue: Value) {
        self.title = title.key
        self.defaultValue = defaultValue
        options = Value.intentOptions
        value = Mutex(defaultValue)
    }

    /// A parameter with no stated default: empty, zero, false, the first case, nil, or
    /// for an entity the first its query suggests.
    public init(title: LocalizedStringResource) {
        self.title = title.key
        defaultValue = nil
        options = Value.intentOptions
        value = Mutex(nil)
    }

    /// A parameter whose valid values a `DynamicOptionsProvider` lists, as
    /// `@Parameter(title: "Line", optionsProvider: LineOptions())`.
    public init<Provider: DynamicOptionsProvider>(title: LocalizedStringResource, default defaultValue: Value? = nil, optionsProvider: Provider)
    where Provider.Result: Sequence, Provider.Result.Element: IntentValue {
        self.title = title.key
        self.defaultValue = defaultValue
        options = IntentOptionsSource {
            guard let results = try? await optionsProvider.results() else { return [] }
            return results.map { IntentOption(text: $0.intentText, title: $0.intentText) }
        }
        value = Mutex(defaultValue)
    }

    /// The value set, else the stated default, else the type's. The daemon checks when
    /// it configures a widget that one of these exists (`hasValue`).
    public var wrappedValue: Value {
        get {
            guard let current = value.withLock({ $0 }) ?? Value.intentDefault else {
                preconditionFailure("@Parameter '\(title)' has no value: it has no default and none was configured")
            }
            return current
        }
        set { value.withLock { $0 = newValue } }
    }

    /// The parameter itself (`$team`): what a `ParameterSummary` names.
    public var projectedValue: IntentParameter<Value> { self }
}

/// AppIntents' name for `IntentParameter`.
public typealias Parameter = IntentParameter

/// What the daemon reads of any parameter, whatever its value type.
protocol AnyIntentParameter: AnyObject {
    var title: String { get }
    var kind: IntentValueKind { get }
    var defaultText: String { get }
    var options: IntentOptionsSource? { get }
    /// Whether reading the value would find one.
    var hasValue: Bool { get }
    /// The value as the config file would write it.
    var valueText: String { get }
    func assign(text: String) -> Bool
}

extension IntentParameter: AnyIntentParameter {
    var kind: IntentValueKind { Value.intentValueKind }
    var defaultText: String { (defaultValue ?? Value.intentDefault)?.intentText ?? "" }
    var hasValue: Bool { value.withLock { $0 } != nil || Value.intentDefault != nil }
    var valueText: String { (value.withLock { $0 } ?? Value.intentDefault)?.intentText ?? "" }

    func assign(text: String) -> Bool {
        guard let parsed = Value(intentText: text) else { return false }
        wrappedValue = parsed
        return true
    }
}

/// A parameter as the config file sees it.
package struct ParameterDescriptor: Sendable, Hashable {
    /// The property name, which is the config key.
    package let name: String
    package let title: String
    /// What the config file may give; an enumeration once dynamic options are known.
    package var kind: IntentValueKind
    package var defaultText: String
}

/// Why parameter values could not be applied.
package enum ParameterError: Error, Hashable, CustomStringConvertible {
    case unknown(name: String, known: [String])
    case invalid(name: String, value: String, expected: String)
    /// A parameter with no default that the config file must set.
    case missing(name: String, expected: String)

    /// The parameter the error is about.
    package var name: String {
        switch self {
        case let .unknown(name, _), let .invalid(name, _, _), let .missing(name, _): name
        }
    }

    package var description: String {
        switch self {
        case let .unknown(name, known):
            known.isEmpty ? "'\(name)' is not a parameter: this widget has none" : "'\(name)' is not a parameter; expected one of \(known.joined(separator: ", "))"
        case let .invalid(name, value, expected):
            "'\(name)' must be \(expected), found '\(value)'"
        case let .missing(name, expected):
            "'\(name)' has no default: set it to \(expected)"
        }
    }
}

/// Reads and sets an intent's `@Parameter` properties by name.
package enum IntentParameters {
    /// The parameters of an App Intent (its `@Parameter` properties) or of a
    /// `ConfigurableIntent` (as it lists them).
    private static func parameters(of intent: Any) -> [(String, any AnyIntentParameter)] {
        if let listed = intent as? any ConfigurableIntent {
            return listed.configurableParameters.map { ($0.name, $0) }
        }
        return Mirror(reflecting: intent).children.compactMap { child in
            guard let label = child.label, let parameter = child.value as? any AnyIntentParameter else { return nil }
            return (label.hasPrefix("_") ? String(label.dropFirst()) : label, parameter)
        }
    }

    /// Each parameter's name and value, as the config file would write them.
    package static func values(of intent: Any) -> [(String, String)] {
        parameters(of: intent).map { ($0.0, $0.1.valueText) }
    }

    package static func describe(_ intent: Any) -> [ParameterDescriptor] {
        parameters(of: intent).map { ParameterDescriptor(name: $0.0, title: $0.1.title, kind: $0.1.kind, defaultText: $0.1.defaultText) }
    }

    /// The parameters whose valid values come from a provider or a query, by name.
    package static func optionSources(_ intent: Any) -> [String: IntentOptionsSource] {
        var sources: [String: IntentOptionsSource] = [:]
        for (name, parameter) in parameters(of: intent) { sources[name] = parameter.options }
        return sources
    }

    package static func assign(_ values: [String: String], to intent: Any) throws(ParameterError) {
        let known = Dictionary(parameters(of: intent), uniquingKeysWith: { a, _ in a })
        // A listed parameter the config file leaves out takes the definition's default,
        // as a widget the user has not edited does on iOS.
        for case let (name, parameter as ConfigurableIntentParameter) in known where values[name] == nil && !parameter.defaultText.isEmpty {
            _ = parameter.assign(text: parameter.defaultText)
        }
        for (name, text) in values.sorted(by: { $0.key < $1.key }) {
            guard let parameter = known[name] else { throw .unknown(name: name, known: known.keys.sorted()) }
            guard parameter.assign(text: text) else { throw .invalid(name: name, value: text, expected: parameter.kind.expectation) }
        }
        for (name, parameter) in known.sorted(by: { $0.key < $1.key }) where !parameter.hasValue {
            throw .missing(name: name, expected: parameter.kind.expectation)
        }
    }
}
