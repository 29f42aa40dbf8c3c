import Canvas
/// Views side by side, aligned vertically.
public struct HStack<Content: View>: View, PrimitiveView {
    let alignment: VerticalAlignment
    let spacing: Double?
    let content: Content

    public init(alignment: VerticalAlignment = .center, spacing: Double? = nil, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.spacing = spacing
        self.content = content()
    }

    public var body: Never { bodyNever() }

    package func makeNode(in environment: EnvironmentValues) -> LayoutNode {
        StackNode(
            axis: .horizontal, alignment: Alignment(horizontal: .center, vertical: alignment), spacing: spacing,
            children: flattenedNodes(content, in: environment.inStack(.horizontal)))
    }
}

/// Views one above the other, aligned horizontally.
public struct VStack<Content: View>: View, PrimitiveView {
    let alignment: HorizontalAlignment
    let spacing: Double?
    let content: Content

    public init(alignment: HorizontalAlignment = .center, spacing: Double? = nil, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.spacing = spacing
        self.content = content()
    }

    public var body: Never { bodyNever() }

    package func makeNode(in environment: EnvironmentValues) -> LayoutNode {
        StackNode(
            axis: .vertical, alignment: Alignment(horizontal: alignment, vertical: .center), spacing: spacing,
            children: flattenedNodes(content, in: environment.inStack(.vertical)))
    }
}

/// Views on top of each other, later ones in front.
public struct ZStack<Content: View>: View, PrimitiveView {
    let alignment: Alignment
    let content: Content

    public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.content = content()
    }

    public var body: Never { bodyNever() }

    package func makeNode(in environment: EnvironmentValues) -> LayoutNode {
        OverlayNode(alignment: alignment, children: flattenedNodes(content, in: environment.inStack(nil)))
    }
}

/// Flexible empty space that pushes its neighbours apart in a stack.
public struct Spacer: View, PrimitiveView {
    let minLength: Double?

    public init(minLength: Double? = nil) {
        self.minLength = minLength
    }

    public var body: Never { bodyNever() }

    package func makeNode(in environment: EnvironmentValues) -> LayoutNode { SpacerNode(minLength: minLength) }
}

/// The first of several alternatives that fits the space, as SwiftUI's `ViewThatFits`:
/// a long and a short form of the same content.
public struct ViewThatFits<Content: View>: View, PrimitiveView {
    let axes: Axis.Set
    let content: Content

    public init(in axes: Axis.Set = [.horizontal, .vertical], @ViewBuilder content: () -> Content) {
        self.axes = axes
        self.content = content()
    }

    public var body: Never { bodyNever() }

    package func makeNode(in environment: EnvironmentValues) -> LayoutNode {
        ViewThatFitsNode(axes: axes, children: flattenedNodes(content, in: environment))
    }
}

