/// A reusable change to a view, as SwiftUI's: `body(content:)` wraps the content.
public protocol ViewModifier {
    associatedtype Body: View
    /// The content this modifier is applied to.
    typealias Content = _ViewModifier_Content<Self>
    @ViewBuilder func body(content: Content) -> Body
}

/// Stands for the modified view inside a `ViewModifier`'s body.
public struct _ViewModifier_Content<Modifier: ViewModifier>: View, PrimitiveView {
    let make: (EnvironmentValues) -> LayoutNode
    public var body: Never { bodyNever() }
    package func makeNode(in environment: EnvironmentValues) -> LayoutNode { make(environment) }
}

/// A view with a modifier applied.
public struct ModifiedContent<Content, Modifier> {
    public var content: Content
    public var modifier: Modifier

    public init(content: Content, modifier: Modifier) {
        self.content = content
        self.modifier = modifier
    }
}

extension ModifiedContent: View, PrimitiveView where Content: View, Modifier: ViewModifier {
    public var body: Never { bodyNever() }

    package func makeNode(in environment: EnvironmentValues) -> LayoutNode {
        let content = self.content
        let makeContent: (EnvironmentValues) -> LayoutNode = { SwiftUICore.makeNode(content, in: $0) }
        if let primitive = PrimitiveTypes.modifier(Modifier.self) {
            // `P` is `Modifier`, as the runtime said.
            let modifier = self.modifier
            func make<P: PrimitiveModifier>(_: P.Type) -> LayoutNode { unsafeBitCast(modifier, to: P.self).makeNode(content: makeContent, in: environment) }
            return make(primitive)
        }
        let body = EnvironmentValues.$current.withValue(environment) {
            modifier.body(content: _ViewModifier_Content(make: makeContent))
        }
        return SwiftUICore.makeNode(body, in: environment)
    }
}

extension View {
    /// Applies a modifier.
    public func modifier<M: ViewModifier>(_ modifier: M) -> ModifiedContent<Self, M> {
        ModifiedContent(content: self, modifier: modifier)
    }
}

/// A modifier this module implements directly.
protocol PrimitiveModifier: ViewModifier, SendableMetatype where Body == Never {
    func makeNode(content: (EnvironmentValues) -> LayoutNode, in environment: EnvironmentValues) -> LayoutNode
}

extension PrimitiveModifier {
    public func body(content: Content) -> Never { fatalError("\(Self.self) is a primitive modifier") }
}

/// Changes the environment for the content: fonts, styles, limits and flags.
public struct _EnvironmentModifier: ViewModifier, PrimitiveModifier {
    let change: (inout EnvironmentValues) -> Void

    func makeNode(content: (EnvironmentValues) -> LayoutNode, in environment: EnvironmentValues) -> LayoutNode {
        var env = environment
        change(&env)
        return content(env)
    }
}

/// Wraps the content's node: padding, frames, opacity, priority, backgrounds.
public struct _LayoutModifier: ViewModifier, PrimitiveModifier {
    let wrap: (LayoutNode, EnvironmentValues) -> LayoutNode

    func makeNode(content: (EnvironmentValues) -> LayoutNode, in environment: EnvironmentValues) -> LayoutNode {
        wrap(content(environment), environment)
    }
}
