/// VoiceOver's modifiers. A desk panel has no screen reader, so these draw nothing and
/// announce nothing; they are accepted so that widgets written for iOS compile unchanged.
extension View {
    /// How VoiceOver groups this view's children.
    public func accessibilityElement(children: AccessibilityChildBehavior = .ignore) -> some View { self }
    /// A value VoiceOver reads after the label.
    public func accessibilityValue(_ value: Text) -> some View { self }
    @_disfavoredOverload
    public func accessibilityValue<S: StringProtocol>(_ value: S) -> some View { self }
    /// A hint VoiceOver reads after the value.
    public func accessibilityHint(_ hint: Text) -> some View { self }
    @_disfavoredOverload
    public func accessibilityHint<S: StringProtocol>(_ hint: S) -> some View { self }
    /// Hides the view from VoiceOver.
    public func accessibilityHidden(_ hidden: Bool) -> some View { self }
    /// Traits VoiceOver announces (a header, a button).
    public func accessibilityAddTraits(_ traits: AccessibilityTraits) -> some View { self }
    /// An identifier for UI tests.
    public func accessibilityIdentifier(_ identifier: String) -> some View { self }
}

/// How VoiceOver treats a view's children, as SwiftUI's.
public struct AccessibilityChildBehavior: Sendable, Hashable {
    let name: String
    public static let ignore = AccessibilityChildBehavior(name: "ignore")
    public static let combine = AccessibilityChildBehavior(name: "combine")
    public static let contain = AccessibilityChildBehavior(name: "contain")
}

/// Traits VoiceOver announces, as SwiftUI's.
public struct AccessibilityTraits: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let isHeader = AccessibilityTraits(rawValue: 1)
    public static let isButton = AccessibilityTraits(rawValue: 2)
    public static let isStaticText = AccessibilityTraits(rawValue: 4)
    public static let updatesFrequently = AccessibilityTraits(rawValue: 8)
}
