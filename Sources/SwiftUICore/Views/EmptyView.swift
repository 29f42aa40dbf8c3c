/// A view that shows nothing and takes no space.
public struct EmptyView: View, PrimitiveView {
    public init() {}
    public var body: Never { bodyNever() }
    package func makeNode(in environment: EnvironmentValues) -> LayoutNode { GroupNode(children: []) }
}
