/// Several views treated as one for modifiers, contributing each view to the
/// enclosing container.
public struct Group<Content: View>: View, PrimitiveView {
    let content: Content

    public init(@ViewBuilder content: () -> Content) {
        self.content = content()
    }

    public var body: Never { bodyNever() }

    package func makeNode(in environment: EnvironmentValues) -> LayoutNode {
        GroupNode(children: flattenedNodes(content, in: environment))
    }
}
