/// A piece of a widget's interface, described as a value, exactly as in SwiftUI:
/// a view's `body` builds it from other views, down to the primitives this module
/// draws (Text, Image, Gauge, stacks, …). Conformances are not actor-isolated, so the
/// daemon can render on any task.
public protocol View: SendableMetatype {
    /// The type of view this one is built from.
    associatedtype Body: View
    /// The content of the view; read once per render with the environment in effect.
    @ViewBuilder var body: Self.Body { get }
}

extension Never: View {
    public typealias Body = Never
    public var body: Never { fatalError("Never has no body") }
}

/// A view this module (or a framework's module above it, such as Charts) lays out and
/// draws itself rather than through a `body`.
package protocol PrimitiveView: SendableMetatype {
    func makeNode(in environment: EnvironmentValues) -> LayoutNode
}

extension PrimitiveView {
    /// Primitives have no body; SwiftUI's convention is `Never`.
    package func bodyNever() -> Never { fatalError("\(Self.self) is a primitive view and has no body") }
}

/// Resolves a view (with the given environment) to the node that lays it out and draws it.
package func makeNode<V: View>(_ view: V, in environment: EnvironmentValues) -> LayoutNode {
    if let primitive = PrimitiveTypes.view(V.self) {
        // `P` is `V`, as the runtime said: the view is read as what it is.
        func make<P: PrimitiveView>(_: P.Type) -> LayoutNode { unsafeBitCast(view, to: P.self).makeNode(in: environment) }
        return make(primitive)
    }
    let body = EnvironmentValues.$current.withValue(environment) { view.body }
    return makeNode(body, in: environment)
}
