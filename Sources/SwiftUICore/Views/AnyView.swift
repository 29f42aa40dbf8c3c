/// A type-erased view, for returning different view types from one place.
public struct AnyView: View, PrimitiveView {
    let make: (EnvironmentValues) -> LayoutNode

    public init<V: View>(_ view: V) {
        make = { SwiftUICore.makeNode(view, in: $0) }
    }

    /// A type-erased view, as SwiftUI's `AnyView(erasing:)`.
    public init<V: View>(erasing view: V) {
        self.init(view)
    }

    public var body: Never { bodyNever() }

    package func makeNode(in environment: EnvironmentValues) -> LayoutNode { make(environment) }
}
