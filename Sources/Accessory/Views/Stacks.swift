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

    func makeNode(in environment: EnvironmentValues) -> LayoutNode {
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

    func makeNode(in environment: EnvironmentValues) -> LayoutNode {
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

    func makeNode(in environment: EnvironmentValues) -> LayoutNode {
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

    func makeNode(in environment: EnvironmentValues) -> LayoutNode { SpacerNode(minLength: minLength) }
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

    func makeNode(in environment: EnvironmentValues) -> LayoutNode {
        ViewThatFitsNode(axes: axes, children: flattenedNodes(content, in: environment))
    }
}

/// The standard translucent backdrop of an accessory widget: a disc in the circular
/// family, a rounded rectangle in the rectangular one.
public struct AccessoryWidgetBackground: View, PrimitiveView {
    public init() {}

    public var body: Never { bodyNever() }

    /// The backdrop's opacity of the ink colour.
    static let opacity = 0.18

    func makeNode(in environment: EnvironmentValues) -> LayoutNode {
        let shape: FillShape = environment.widgetFamily == .accessoryCircular ? .circle : .roundedRectangle(cornerRadius: 12)
        let color = environment.primaryInk.multiplyingAlpha(environment.isRedacted ? Self.opacity / 2 : Self.opacity)
        return FillNode(shape: shape, color: color, name: "AccessoryWidgetBackground")
    }
}

/// Shapes that fill the space they are offered, as `Circle().fill(.secondary)`.
public struct ShapeView: View, PrimitiveView {
    let shape: FillShape
    var style: AnyShapeStyle?
    /// Set by `stroke`: the outline is drawn this wide instead of the inside.
    var lineWidth: Double?
    /// `strokeBorder` keeps the line inside the frame; `stroke` centres it on the edge.
    var insetsStroke = false

    public var body: Never { bodyNever() }

    /// This shape filled with a style.
    public func fill(_ style: some ShapeStyle) -> ShapeView {
        var copy = self
        copy.style = AnyShapeStyle(style)
        copy.lineWidth = nil
        return copy
    }

    /// The shape's outline, drawn with a style and centred on its edge.
    public func stroke(_ style: some ShapeStyle, lineWidth: Double = 1) -> ShapeView {
        var copy = self
        copy.style = AnyShapeStyle(style)
        copy.lineWidth = max(0, lineWidth)
        return copy
    }

    /// The shape's outline in the foreground style.
    public func stroke(lineWidth: Double = 1) -> ShapeView {
        var copy = self
        copy.lineWidth = max(0, lineWidth)
        return copy
    }

    /// The shape's outline kept inside its frame.
    public func strokeBorder(_ style: some ShapeStyle = HierarchicalShapeStyle.primary, lineWidth: Double = 1) -> ShapeView {
        var copy = stroke(style, lineWidth: lineWidth)
        copy.insetsStroke = true
        return copy
    }

    func makeNode(in environment: EnvironmentValues) -> LayoutNode {
        let node = FillNode(shape: shape, color: environment.resolve(style ?? environment.foregroundStyle), name: "Shape", lineWidth: lineWidth)
        guard insetsStroke, let lineWidth else { return node }
        return PaddingNode(insets: EdgeInsets(top: lineWidth / 2, leading: lineWidth / 2, bottom: lineWidth / 2, trailing: lineWidth / 2), child: node)
    }
}

/// A circle filling the shorter side of its space.
public func Circle() -> ShapeView { ShapeView(shape: .circle) }
/// A rectangle filling its space.
public func Rectangle() -> ShapeView { ShapeView(shape: .rectangle) }
/// A capsule filling its space.
public func Capsule() -> ShapeView { ShapeView(shape: .capsule) }
/// A rectangle with rounded corners.
public func RoundedRectangle(cornerRadius: Double) -> ShapeView { ShapeView(shape: .roundedRectangle(cornerRadius: cornerRadius)) }
/// A rectangle with rounded corners of a style; both styles are drawn as circular arcs
/// (a continuous corner's curve differs from one by less than a pixel at widget sizes).
public func RoundedRectangle(cornerRadius: Double, style: RoundedCornerStyle) -> ShapeView { RoundedRectangle(cornerRadius: cornerRadius) }

/// How a rounded rectangle's corners curve, as SwiftUI's.
public enum RoundedCornerStyle: Sendable, Hashable {
    case circular
    case continuous
}
