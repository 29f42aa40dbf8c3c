import Canvas

extension View {
    /// A line through the texts in this view.
    public func strikethrough(_ active: Bool = true, color: Color? = nil) -> some View { environmentChange { $0.strikethrough = active } }

    /// Extra space between the letters of the texts in this view, in points.
    public func tracking(_ tracking: Double) -> some View { environmentChange { $0.tracking = tracking } }

    /// Extra space between letters, in points, as `tracking`.
    public func kerning(_ kerning: Double) -> some View { environmentChange { $0.tracking = kerning } }

    /// The width of the letters of the texts in this view.
    public func fontWidth(_ width: Font.Width?) -> some View { environmentChange { $0.fontWidth = width } }

    /// Lets text squeeze its letters before truncating. Pango does not tighten, so the
    /// text truncates or scales (`minimumScaleFactor`) as it would without.
    public func allowsTightening(_ flag: Bool) -> some View { self }

    /// How content changes between two pictures. A panel redraws only what changed,
    /// without animation, so every transition is the new content at once.
    public func contentTransition(_ transition: ContentTransition) -> some View { self }

    /// The view at its ideal size along both axes, whatever it is offered.
    public func fixedSize() -> some View { fixedSize(horizontal: true, vertical: true) }

    /// The view at its ideal size along the axes asked for (a text on one line, a
    /// wrapped text at its full height), whatever it is offered.
    public func fixedSize(horizontal: Bool, vertical: Bool) -> some View {
        layout { child, _ in FixedSizeNode(child: child, horizontal: horizontal, vertical: vertical) }
    }
}

/// How content changes, as SwiftUI's `ContentTransition`; every kind is drawn at once.
public struct ContentTransition: Sendable, Hashable {
    let name: String
    public static let identity = ContentTransition(name: "identity")
    public static let opacity = ContentTransition(name: "opacity")
    public static let interpolate = ContentTransition(name: "interpolate")
    public static func numericText(countsDown: Bool = false) -> ContentTransition { ContentTransition(name: "numericText") }
    public static func numericText(value: Double) -> ContentTransition { ContentTransition(name: "numericText") }
    public static func symbolEffect<T>(_ effect: T) -> ContentTransition { ContentTransition(name: "symbolEffect") }
    public static let symbolEffect = ContentTransition(name: "symbolEffect")
}

/// Measures its child with no limit along the fixed axes: its ideal size there.
final class FixedSizeNode: LayoutNode {
    let child: LayoutNode
    let horizontal: Bool
    let vertical: Bool

    init(child: LayoutNode, horizontal: Bool, vertical: Bool) {
        self.child = child
        self.horizontal = horizontal
        self.vertical = vertical
        super.init()
        layoutPriority = child.layoutPriority
    }

    override func measure(_ proposal: ProposedSize) -> Size {
        child.sizeThatFits(ProposedSize(width: horizontal ? nil : proposal.width, height: vertical ? nil : proposal.height))
    }

    override func place(in frame: Rect) -> PlacedView {
        let size = measure(ProposedSize(frame.size))
        let placed = child.place(in: Rect(x: frame.minX + (frame.width - size.width) / 2, y: frame.minY + (frame.height - size.height) / 2, width: size.width, height: size.height))
        return PlacedView(frame: frame, children: [placed], name: "FixedSize")
    }
}

extension ShapeView {
    /// The shapes by their `Shape` names, as `.background(.blue, in: .circle)` writes them.
    public static var circle: ShapeView { Circle() }
    public static var capsule: ShapeView { Capsule() }
    public static var rect: ShapeView { Rectangle() }
    public static func rect(cornerRadius: Double, style: RoundedCornerStyle = .continuous) -> ShapeView { RoundedRectangle(cornerRadius: cornerRadius) }
    public static func capsule(style: RoundedCornerStyle) -> ShapeView { Capsule() }
}
