/// A string shown to the user, as Foundation's `LocalizedStringResource` on Apple's
/// systems (Linux's Foundation has none): plain English here, no localisation tables.
/// Every module that brings Foundation to widget code brings this too.
public struct LocalizedStringResource: Sendable, Hashable, ExpressibleByStringInterpolation, CustomStringConvertible {
    /// The text.
    public let key: String

    public init(_ key: String) { self.key = key }
    /// A localisable string as Apple's tables name it; here the default value is the text.
    public init(_ key: String, defaultValue: String, table: String? = nil, comment: String? = nil) { self.key = defaultValue }
    public init(stringLiteral value: String) { key = value }
    public var description: String { key }
}

