import Synchronization

/// A configurable property of a widget's configuration intent, as AppIntents'
/// `@Parameter(title:default:)`. A reference, as in AppIntents, so the daemon can set
/// it from the config file.
@propertyWrapper
public final class IntentParameter<Value: IntentValue>: Sendable {
    /// The parameter's title, for listings and messages.
    public let title: String
    /// The value used when the config file does not set one.
    public let defaultValue: Value
    private let value: Mutex<Value>

    public init(title: LocalizedStringResource, default defaultValue: Value) {
        self.title = title.key
        self.defaultValue = defaultValue
        value = Mutex(defaultValue)
    }

    /// A parameter with no stated default: empty, zero, false, the first case or nil.
    public convenience init(title: LocalizedStringResource) {
        self.init(title: title, default: Value.intentDefault)
    }

    public var wrappedValue: Value {
        get { value.withLock { $0 } }
        set { value.withLock { $0 = newValue } }
    }
}

/// AppIntents' name for `IntentParameter`.
public typealias Parameter = IntentParameter

/// What the daemon reads of any parameter, whatever its value type.
protocol AnyIntentParameter: AnyObject {
    var title: String { get }
    var kind: IntentValueKind { get }
    var defaultText: String { get }
    func assign(text: String) -> Bool
}

extension IntentParameter: AnyIntentParameter {
    var kind: IntentValueKind { Value.intentValueKind }
    var defaultText: String { defaultValue.intentText }

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
    package let kind: IntentValueKind
    package let defaultText: String
}

/// Why parameter values could not be applied.
package enum ParameterError: Error, Hashable, CustomStringConvertible {
    case unknown(name: String, known: [String])
    case invalid(name: String, value: String, expected: String)

    package var description: String {
        switch self {
        case let .unknown(name, known):
            known.isEmpty ? "'\(name)' is not a parameter: this widget has none" : "'\(name)' is not a parameter; expected one of \(known.joined(separator: ", "))"
        case let .invalid(name, value, expected):
            "'\(name)' must be \(expected), found '\(value)'"
        }
    }
}

/// Reads and sets an intent's `@Parameter` properties by name.
enum IntentParameters {
    private static func parameters(of intent: some WidgetConfigurationIntent) -> [(String, any AnyIntentParameter)] {
        Mirror(reflecting: intent).children.compactMap { child in
            guard let label = child.label, let parameter = child.value as? any AnyIntentParameter else { return nil }
            return (label.hasPrefix("_") ? String(label.dropFirst()) : label, parameter)
        }
    }

    static func describe(_ intent: some WidgetConfigurationIntent) -> [ParameterDescriptor] {
        parameters(of: intent).map { ParameterDescriptor(name: $0.0, title: $0.1.title, kind: $0.1.kind, defaultText: $0.1.defaultText) }
    }

    static func assign(_ values: [String: String], to intent: some WidgetConfigurationIntent) throws(ParameterError) {
        let known = Dictionary(parameters(of: intent), uniquingKeysWith: { a, _ in a })
        for (name, text) in values.sorted(by: { $0.key < $1.key }) {
            guard let parameter = known[name] else { throw .unknown(name: name, known: known.keys.sorted()) }
            guard parameter.assign(text: text) else { throw .invalid(name: name, value: text, expected: parameter.kind.expectation) }
        }
    }
}
