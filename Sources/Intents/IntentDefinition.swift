import AppIntentsCore
import Foundation

/// What an app's intent definition says of one intent class: its title, description and
/// parameters. The classes `IntentClassGeneration` writes declare it; nothing else
/// needs to.
public struct IntentDefinition: Sendable {
    public var title: String
    public var description: String
    public var parameters: [Parameter]
    /// The intent extension's principal class by its full name (`Module.IntentHandler`),
    /// as Info.plist's `NSExtensionPrincipalClass` names it: asked for the objects a
    /// custom-type parameter may take.
    public var handlerClass: String?

    public init(title: String, description: String = "", parameters: [Parameter] = [], handlerClass: String? = nil) {
        (self.title, self.description, self.parameters, self.handlerClass) = (title, description, parameters, handlerClass)
    }

    /// One parameter: the property's name, its title, its type, its default as the
    /// config file would write it ("" for none) and whether a user may set it.
    public struct Parameter: Sendable {
        public var name: String
        public var title: String
        public var type: ParameterType
        public var defaultText: String
        public var isConfigurable: Bool
        /// The objects the handler offered when last asked (once, at start).
        let offered = OfferedObjects()

        public init(name: String, title: String, type: ParameterType, defaultText: String = "", isConfigurable: Bool = true) {
            (self.name, self.title, self.type, self.defaultText, self.isConfigurable) = (name, title, type, defaultText, isConfigurable)
        }
    }

    /// The objects an intent handler offers for a parameter.
    public typealias ObjectOptions = @Sendable (_ handler: Any, _ intent: INIntent) async throws -> [INObject]?

    /// The parameter types a widget's configuration uses, each kept as the generated
    /// property gives it out: `String`, `NSNumber` (integers, decimals, booleans,
    /// durations in seconds), `URL`, an enumeration's `Int` raw value, an `INObject`.
    public enum ParameterType: Sendable {
        case string, integer, decimal, boolean, url, duration
        /// A string whose values the handler lists (`provide…OptionsCollection` of
        /// `NSString`s).
        case listedString(options: @Sendable (_ handler: Any, _ intent: INIntent) async throws -> [String]?)
        /// An enumeration's cases but `unknown`: their names, titles and raw values.
        case enumeration(cases: [String], titles: [String], values: [Int])
        /// A custom type: an `INObject` subclass made from an identifier and a title, and
        /// the handler's `provide…OptionsCollection` when the parameter has one.
        case object(make: @Sendable (_ identifier: String, _ display: String) -> INObject, options: ObjectOptions? = nil)
        /// A type a configuration file cannot give (a person, a place, a file): the
        /// property exists and stays nil.
        case unsupported(String)
        /// Several values of one type (a parameter that supports multiple values): the
        /// configuration file gives an array; kept as an array, an enumeration's raw
        /// values as `NSNumber`s, as the generated `[NSNumber]` property reads them.
        indirect case list(ParameterType)

        /// The type of each value: the list's element, else the type itself.
        var element: ParameterType {
            if case let .list(element) = self { element } else { self }
        }

        /// The value `text` stands for (for a custom type, the offered object of that
        /// identifier, else one made of the text); nil when it stands for none.
        func value(of text: String, offered: [INObject] = []) -> Any? {
            switch self {
            case .string, .listedString: return text
            case .integer: return Int(text).map { NSNumber(value: $0) }
            case .decimal, .duration: return Double(text).flatMap { $0.isFinite ? NSNumber(value: $0) : nil }
            case .boolean: return ["true": true, "false": false][text].map { NSNumber(value: $0) }
            case .url: return URL(string: text).flatMap { $0.scheme == nil ? nil : $0 }
            case let .enumeration(cases, _, values): return cases.firstIndex(of: text).map { values[$0] }
            case let .object(make, _):
                return text.isEmpty ? nil : offered.first { $0.identifier == text } ?? make(text, text)
            case .unsupported: return nil
            case let .list(element):
                guard let texts = IntentListText.elements(of: text) else { return nil }
                var values: [Any] = []
                for text in texts {
                    guard let value = element.value(of: text, offered: offered) else { return nil }
                    // An enumeration's raw value as the `NSNumber` its generated property reads.
                    if case .enumeration = element, let raw = value as? Int { values.append(NSNumber(value: raw)) } else { values.append(value) }
                }
                return values
            }
        }

        /// `value` as the config file would write it.
        func text(of value: Any) -> String {
            switch (self, value) {
            case let (.string, string as String), let (.listedString, string as String): string
            case let (.integer, number as NSNumber): String(number.intValue)
            case let (.decimal, number as NSNumber), let (.duration, number as NSNumber): String(number.doubleValue)
            case let (.boolean, number as NSNumber): number.boolValue ? "true" : "false"
            case let (.url, url as URL): url.absoluteString
            case let (.enumeration(cases, _, values), raw as Int): values.firstIndex(of: raw).map { cases[$0] } ?? ""
            case let (.enumeration(cases, _, values), raw as NSNumber): values.firstIndex(of: raw.intValue).map { cases[$0] } ?? ""
            case let (.list(element), list as [Any]): IntentListText.text(of: list.map(element.text(of:)))
            case let (.object, object as INObject): object.identifier ?? object.displayString
            default: ""
            }
        }

        /// What the config file may write, for listings and messages.
        var valueKind: IntentValueKind {
            switch self {
            case .string, .listedString, .url, .object, .unsupported: .optional(.string)
            case .integer: .optional(.integer)
            case .decimal, .duration: .optional(.double)
            case .boolean: .optional(.boolean)
            case let .enumeration(cases, titles, _): .optional(.enumeration(cases: cases, titles: titles))
            case let .list(element): .optional(.list(element.valueKind.unwrapped))
            }
        }
    }
}

/// The objects a handler offered for one parameter, kept for the placements set after.
final class OfferedObjects: @unchecked Sendable {
    private let lock = NSLock()
    private var objects: [INObject] = []

    var current: [INObject] {
        get { lock.withLock { objects } }
        set { lock.withLock { objects = newValue } }
    }
}
