import Canvas

/// Shapes that fill the space they are offered, as `Circle().fill(.secondary)`: filled,
/// stroked in a `StrokeStyle`, or trimmed to part of their outline.
public struct ShapeView: View, PrimitiveView {
    let shape: FillShape
    var style: AnyShapeStyle?
    /// Set by `stroke`: the outline is drawn in this style instead of the inside.
    var line: LineStyle?
    /// `strokeBorder` keeps the line inside the frame; `stroke` centres it on the edge.
    var insetsStroke = false
    /// Set by `trim`: the fraction of the outline drawn, from where the shape's path starts.
    var trim: ClosedRange<Double>?
    /// Set by `inset(by:)`: how far the shape keeps inside its frame on every side.
    var inset = 0.0
    /// Set by `rotation(_:anchor:)`: the outline turned about a point of its frame.
    var turn: ViewTransform?

    public var body: Never { bodyNever() }

    /// This shape filled with a style.
    public func fill(_ style: some ShapeStyle) -> ShapeView {
        var copy = self
        copy.style = AnyShapeStyle(style)
        copy.line = nil
        return copy
    }

    /// The shape's outline, drawn with a style and centred on its edge.
    public func stroke(_ style: some ShapeStyle, lineWidth: Double = 1) -> ShapeView {
        stroke(style, style: StrokeStyle(lineWidth: lineWidth))
    }

    /// The shape's outline in the foreground style.
    public func stroke(lineWidth: Double = 1) -> ShapeView {
        stroke(style: StrokeStyle(lineWidth: lineWidth))
    }

    /// The shape's outline drawn with a style in a stroke style: width, caps, joins, dashes.
    public func stroke(_ content: some ShapeStyle, style: StrokeStyle) -> ShapeView {
        var copy = self.stroke(style: style)
        copy.style = AnyShapeStyle(content)
        return copy
    }

    /// The shape's outline in the foreground style and a stroke style.
    public func stroke(style: StrokeStyle) -> ShapeView {
        var copy = self
        copy.line = style.lineStyle
        return copy
    }

    /// The shape's outline kept inside its frame.
    public func strokeBorder(_ style: some ShapeStyle = HierarchicalShapeStyle.primary, lineWidth: Double = 1) -> ShapeView {
        strokeBorder(style, style: StrokeStyle(lineWidth: lineWidth))
    }

    /// The shape's outline in a stroke style, kept inside its frame.
    public func strokeBorder(_ content: some ShapeStyle = HierarchicalShapeStyle.primary, style: StrokeStyle) -> ShapeView {
        var copy = stroke(content, style: style)
        copy.insetsStroke = true
        return copy
    }

    /// Part of the shape's outline, from `from` to `to` as fractions of its length,
    /// starting where SwiftUI's path starts: a circle at 3 o'clock, clockwise (rotate it
    /// by -90° to start at 12), a rectangle at its top-left corner. Filled, the part is
    /// closed by a straight line; stroked, it is the progress ring widgets draw.
    public func trim(from: Double = 0, to: Double = 1) -> ShapeView {
        var copy = self
        let low = max(0, min(1, from)), high = max(0, min(1, to))
        copy.trim = low...max(low, high)
        return copy
    }

    /// The shape drawn `amount` inside its frame on every side, as SwiftUI's
    /// `InsettableShape.inset(by:)`: a ring stroked after it stays inside the frame.
    public func inset(by amount: Double) -> ShapeView {
        var copy = self
        copy.inset += amount
        return copy
    }

    /// The shape turned by `angle` about `anchor`, as SwiftUI's `Shape.rotation(_:anchor:)`:
    /// still a shape, filled or stroked after; its frame is unchanged.
    public func rotation(_ angle: Angle, anchor: UnitPoint = .center) -> ShapeView {
        var copy = self
        copy.turn = ViewTransform(rotation: (turn?.rotation ?? 0) + angle.radians, anchor: anchor)
        return copy
    }

    package func makeNode(in environment: EnvironmentValues) -> LayoutNode {
        var node: LayoutNode = FillNode(shape: shape, paint: environment.paint(style ?? environment.foregroundStyle), name: "Shape", line: line, trim: trim)
        if let turn { node = TransformNode(transform: turn, child: node) }
        let inset = self.inset + (insetsStroke ? (line?.width ?? 0) / 2 : 0)
        guard inset != 0 else { return node }
        return PaddingNode(insets: EdgeInsets(top: inset, leading: inset, bottom: inset, trailing: inset), child: node)
    }
}

/// How a shape's outline is drawn, as SwiftUI's `StrokeStyle`.
public struct StrokeStyle: Hashable, Sendable {
    public var lineWidth: Double
    public var lineCap: CGLineCap
    public var lineJoin: CGLineJoin
    public var miterLimit: Double
    /// Lengths of dashes and gaps, alternating, in points; empty for a solid line.
    public var dash: [Double]
    public var dashPhase: Double

    public init(lineWidth: Double = 1, lineCap: CGLineCap = .butt, lineJoin: CGLineJoin = .miter, miterLimit: Double = 10, dash: [Double] = [], dashPhase: Double = 0) {
        self.lineWidth = lineWidth
        self.lineCap = lineCap
        self.lineJoin = lineJoin
        self.miterLimit = miterLimit
        self.dash = dash
        self.dashPhase = dashPhase
    }

    package var lineStyle: LineStyle {
        let cap: LineStyle.Cap = switch lineCap { case .butt: .butt; case .round: .round; case .square: .square }
        let join: LineStyle.Join = switch lineJoin { case .miter: .miter; case .round: .round; case .bevel: .bevel }
        return LineStyle(width: lineWidth, cap: cap, join: join, miterLimit: miterLimit, dash: dash, dashPhase: dashPhase)
    }
}

/// How the ends of an open line look, as Core Graphics names them.
public enum CGLineCap: Int32, Sendable, Hashable {
    case butt, round, square
}

/// How the corners of a line look, as Core Graphics names them.
public enum CGLineJoin: Int32, Sendable, Hashable {
    case miter, round, bevel
}
/// A circle filling the shorter side of its space.
public func Circle() -> ShapeView { ShapeView(shape: .circle) }
/// A rectangle filling its space.
public func Rectangle() -> ShapeView { ShapeView(shape: .rectangle) }
/// A capsule filling its space.
public func Capsule() -> ShapeView { ShapeView(shape: .capsule) }
/// A capsule whose ends curve in a style; both are drawn as half circles.
public func Capsule(style: RoundedCornerStyle) -> ShapeView { Capsule() }
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
