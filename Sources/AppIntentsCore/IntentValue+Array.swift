import FoundationEssentials

/// A list a parameter holds, as App Intents' array parameters (`@Parameter var stops:
/// [String]`, `[SomeEntity]`) and SiriKit's parameters that support multiple values: the
/// config file gives a TOML array, and each element must be a value of the element's
/// type, or the whole list is refused.
extension Array: IntentValue where Element: IntentValue {
    public static var intentValueKind: IntentValueKind { .list(Element.intentValueKind) }
    /// An empty list, as a parameter the user has not edited holds.
    public static var intentDefault: [Element]? { [] }

    public init?(intentText: String) {
        guard let texts = IntentListText.elements(of: intentText) else { return nil }
        var values: [Element] = []
        for text in texts {
            guard let value = Element(intentText: text) else { return nil }
            values.append(value)
        }
        self = values
    }

    public var intentText: String { IntentListText.text(of: map(\.intentText)) }

    /// The element's: an entity query's suggestions are what each element may be.
    public static var intentOptions: IntentOptionsSource? { Element.intentOptions }
}

/// How a list travels as one text between the config file and a parameter: a JSON array
/// of its elements' texts, at most `maximumCount` of them.
package enum IntentListText {
    /// More elements than any widget's configuration needs: a longer list is refused.
    package static let maximumCount = 256

    /// The one text of a list of element texts.
    package static func text(of elements: [String]) -> String {
        guard let data = try? JSONEncoder().encode(elements) else { return "[]" }
        return String(decoding: data, as: UTF8.self)
    }

    /// The element texts of a list's text; nil when it is not a list's text or holds more
    /// than `maximumCount` elements.
    package static func elements(of text: String) -> [String]? {
        guard let elements = try? JSONDecoder().decode([String].self, from: Data(text.utf8)), elements.count <= maximumCount else { return nil }
        return elements
    }
}
