/// A link, as SwiftUI's `Link`: on a panel nothing can be tapped, so it draws its label
/// and keeps the destination only to compile as written.
public struct Link<Label: View>: View {
    let label: Label
    /// Where a tap would go.
    public let destination: URL

    /// A link drawn as `label`.
    public init(destination: URL, @ViewBuilder label: () -> Label) {
        self.destination = destination
        self.label = label()
    }

    public var body: some View { label }
}

extension Link where Label == Text {
    /// A link drawn as a text.
    public init(_ title: LocalizedStringKey, destination: URL) {
        self.init(destination: destination) { Text(title) }
    }

    /// A link drawn as a string.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, destination: URL) {
        self.init(destination: destination) { Text(title) }
    }
}
