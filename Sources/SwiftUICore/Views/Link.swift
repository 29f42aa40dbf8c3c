import AppIntentsCore
/// A link, as SwiftUI's `Link`: its label, and a tap on it opens the destination — on a
/// desk panel, the action `[urls]` in the configuration maps the address to (a command, a
/// page, a reload); an address the file does not map is logged and nothing happens.
public struct Link<Label: View>: View, PrimitiveView {
    let label: Label
    /// Where a tap would go.
    public let destination: URL

    /// A link drawn as `label`.
    public init(destination: URL, @ViewBuilder label: () -> Label) {
        self.destination = destination
        self.label = label()
    }

    public var body: Never { bodyNever() }

    package func makeNode(in environment: EnvironmentValues) -> LayoutNode {
        let action = ControlAction(url: destination)
        return ControlNode(child: SwiftUICore.makeNode(label, in: environment), control: PlacedControl(action: action), name: "Link", environment: environment)
    }
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
