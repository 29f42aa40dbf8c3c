import FoundationEssentials
import ZoneInfo

/// A type a `@Parameter` can hold: String, Int, Double, Bool, a `Date`, an `AppEnum`, an
/// `AppEntity`, an optional of one or an array of one. Values travel as text between the config file and the intent.
public protocol IntentValue: Sendable {
    /// What kind of value this is, for validating config files.
    static var intentValueKind: IntentValueKind { get }
    /// The value a parameter without a default starts from; nil when the type has
    /// none (an entity before its query has answered).
    static var intentDefault: Self? { get }
    /// Parses the config file's text; nil when it is not a value of this type.
    init?(intentText: String)
    /// The value as config-file text.
    var intentText: String { get }
    /// Where the values a config file may choose come from when only some are valid
    /// (an entity's query); nil for the plain types.
    static var intentOptions: IntentOptionsSource? { get }
}

extension IntentValue {
    public static var intentOptions: IntentOptionsSource? { nil }
}

/// One value a parameter can be set to: its config-file text and its title.
public struct IntentOption: Sendable, Hashable {
    public let text: String
    public let title: String

    public init(text: String, title: String) {
        self.text = text
        self.title = title
    }
}

/// Asks for a parameter's valid values once, when the program starts, as iOS asks when
/// the user edits a widget: a `DynamicOptionsProvider`'s results or an entity query's
/// suggestions.
public struct IntentOptionsSource: Sendable {
    package let fetch: @Sendable () async -> [IntentOption]

    public init(_ fetch: @escaping @Sendable () async -> [IntentOption]) {
        self.fetch = fetch
    }
}

/// The kinds of parameter value, with an enumeration's cases and their titles.
public enum IntentValueKind: Sendable, Hashable {
    case string, integer, double, boolean, date
    case enumeration(cases: [String], titles: [String])
    indirect case optional(IntentValueKind)
    /// An array: the config file gives a TOML array, each element of the kind.
    indirect case list(IntentValueKind)

    /// The kind inside any optionals.
    package var unwrapped: IntentValueKind {
        if case let .optional(wrapped) = self { return wrapped.unwrapped }
        return self
    }

    /// How the kind is named in error messages: "an integer", "one of a, b".
    public var expectation: String {
        switch self {
        case .string: "a string"
        case .integer: "an integer"
        case .double: "a number"
        case .boolean: "true or false"
        case .date: "a date and time (ISO 8601, e.g. 2026-12-24T18:00:00Z)"
        case let .enumeration(cases, _): "one of " + cases.joined(separator: ", ")
        case let .optional(wrapped): wrapped.expectation + " (optional)"
        case let .list(element): "an array, each " + element.expectation
        }
    }
}

extension String: IntentValue {
    public static var intentValueKind: IntentValueKind { .string }
    public static var intentDefault: String? { "" }
    public init?(intentText: String) { self = intentText }
    public var intentText: String { self }
}

extension Int: IntentValue {
    public static var intentValueKind: IntentValueKind { .integer }
    public static var intentDefault: Int? { 0 }
    public init?(intentText: String) { self.init(intentText) }
    public var intentText: String { String(self) }
}

extension Double: IntentValue {
    public static var intentValueKind: IntentValueKind { .double }
    public static var intentDefault: Double? { 0 }
    public init?(intentText: String) {
        guard let value = Double(intentText), value.isFinite else { return nil }
        self = value
    }
    public var intentText: String { String(self) }
}

extension Bool: IntentValue {
    public static var intentValueKind: IntentValueKind { .boolean }
    public static var intentDefault: Bool? { false }
    public init?(intentText: String) { self.init(intentText) }
    public var intentText: String { String(self) }
}

extension Date: IntentValue {
    public static var intentValueKind: IntentValueKind { .date }
    /// 1 January 1970: a parameter with no stated default should be given a date.
    public static var intentDefault: Date? { Date(timeIntervalSince1970: 0) }
    /// ISO 8601 with a zone ("2026-12-24T18:00:00Z", "2026-12-24T19:00:00+01:00").
    public init?(intentText: String) {
        guard let date = ISO8601.parse(intentText) else { return nil }
        self = date
    }
    public var intentText: String { ISO8601.format(self) }
}

extension Optional: IntentValue where Wrapped: IntentValue {
    public static var intentValueKind: IntentValueKind { .optional(Wrapped.intentValueKind) }
    public static var intentDefault: Wrapped?? { .some(nil) }
    public init?(intentText: String) {
        guard let value = Wrapped(intentText: intentText) else { return nil }
        self = value
    }
    public var intentText: String { self?.intentText ?? "" }
    public static var intentOptions: IntentOptionsSource? { Wrapped.intentOptions }
}

/// An enumeration a parameter can choose from, as AppIntents' `AppEnum`. The config
/// file names a case by its raw value (`String` raw values) or by its case name (other
/// raw values, whose text is accepted too).
public protocol AppEnum: IntentValue, RawRepresentable, CaseIterable, Hashable where RawValue: LosslessStringConvertible & Sendable {
    static var typeDisplayRepresentation: TypeDisplayRepresentation { get }
    static var caseDisplayRepresentations: [Self: DisplayRepresentation] { get }
}

extension AppEnum {
    public static var intentValueKind: IntentValueKind {
        let cases = allCases.map(\.intentText)
        let titles = allCases.map { caseDisplayRepresentations[$0]?.title ?? $0.intentText }
        return .enumeration(cases: cases, titles: titles)
    }
    public static var intentDefault: Self? { allCases.first }
    public init?(intentText: String) {
        if let match = Self.allCases.first(where: { $0.intentText == intentText }) {
            self = match
        } else if let raw = RawValue(intentText), let value = Self(rawValue: raw) {
            self = value
        } else {
            return nil
        }
    }
    public var intentText: String {
        if let text = rawValue as? String { return text }
        return String(describing: self)
    }
}
