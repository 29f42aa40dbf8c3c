/// Builds a view from the statements of a closure: several views side by side,
/// `if`/`else`, `switch`, optional views and availability checks.
@resultBuilder
public enum ViewBuilder {
    public static func buildBlock() -> EmptyView { EmptyView() }

    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }

    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<(repeat each Content)> {
        TupleView(value: (repeat each content), children: { environment in
            var nodes: [LayoutNode] = []
            repeat nodes.append(contentsOf: flattenedNodes(each content, in: environment))
            return nodes
        })
    }

    public static func buildExpression<Content: View>(_ content: Content) -> Content { content }

    public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }

    public static func buildOptional<Content: View>(_ content: Content?) -> Content? { content }

    public static func buildEither<TrueContent: View, FalseContent: View>(first: TrueContent) -> ConditionalContent<TrueContent, FalseContent> {
        ConditionalContent(storage: .trueContent(first))
    }

    public static func buildEither<TrueContent: View, FalseContent: View>(second: FalseContent) -> ConditionalContent<TrueContent, FalseContent> {
        ConditionalContent(storage: .falseContent(second))
    }

    public static func buildLimitedAvailability<Content: View>(_ content: Content) -> AnyView { AnyView(content) }
}

/// Several views built by a `ViewBuilder`; a stack lays them out as its children.
public struct TupleView<T>: View, PrimitiveView {
    /// The views, as the builder received them.
    public let value: T
    let children: (EnvironmentValues) -> [LayoutNode]

    public var body: Never { bodyNever() }

    package func makeNode(in environment: EnvironmentValues) -> LayoutNode {
        GroupNode(children: children(environment))
    }
}

/// One of two views, chosen by an `if`/`else` or `switch` in a view builder.
public struct ConditionalContent<TrueContent: View, FalseContent: View>: View, PrimitiveView {
    enum Storage {
        case trueContent(TrueContent)
        case falseContent(FalseContent)
    }

    let storage: Storage

    public var body: Never { bodyNever() }

    package func makeNode(in environment: EnvironmentValues) -> LayoutNode {
        switch storage {
        case let .trueContent(view): SwiftUICore.makeNode(view, in: environment)
        case let .falseContent(view): SwiftUICore.makeNode(view, in: environment)
        }
    }
}

extension Optional: View where Wrapped: View {
    public var body: Never { fatalError("Optional is a primitive view and has no body") }
}

extension Optional: PrimitiveView where Wrapped: View {
    package func makeNode(in environment: EnvironmentValues) -> LayoutNode {
        switch self {
        case let .some(view): SwiftUICore.makeNode(view, in: environment)
        case .none: GroupNode(children: [])
        }
    }
}

/// The children a container sees for a view: a group, tuple or `ForEach` contributes
/// each of its views as a separate child, as in SwiftUI.
func flattenedNodes<V: View>(_ view: V, in environment: EnvironmentValues) -> [LayoutNode] {
    let node = makeNode(view, in: environment)
    if let group = node as? GroupNode { return group.children }
    return [node]
}
