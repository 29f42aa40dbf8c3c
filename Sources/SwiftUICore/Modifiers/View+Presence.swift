import Canvas

extension View {
    /// Keeps this view's place in the layout and draws nothing there, as SwiftUI's.
    public func hidden() -> some View {
        layout { child, _ in HiddenNode(child: child) }
    }

    /// Draws this view moved by `x` and `y` points, its place in the layout unchanged:
    /// what is around it does not move, as SwiftUI's.
    public func offset(x: Double = 0, y: Double = 0) -> some View {
        layout { child, _ in OffsetNode(dx: x, dy: y, child: child) }
    }

    /// Draws this view moved by `offset`.
    public func offset(_ offset: CGSize) -> some View {
        self.offset(x: offset.width, y: offset.height)
    }

    /// Proposes this view the largest size of its own shape that fits what it is
    /// offered, as SwiftUI's `scaledToFit()` on any view.
    public func scaledToFit() -> some View {
        layout { child, _ in AspectFitNode(child: child) }
    }

    /// Animates changes of `value` on iOS; a panel shows each state as it is drawn, so
    /// the view is drawn in its end state.
    public func animation<V: Equatable>(_ animation: Animation?, value: V) -> some View { self }

    /// How the view comes and goes on iOS; on a panel it is drawn where it is, without
    /// the transition.
    public func transition(_ transition: AnyTransition) -> some View { self }

    /// Blends the view with what is under it on iOS; drawn with the normal mode here (a
    /// lock screen's vibrant rendering ignores blend modes too).
    public func blendMode(_ blendMode: BlendMode) -> some View { self }
}

/// A node over one child: the child's size and priority unless it says otherwise.
class OneChildNode: LayoutNode {
    let child: LayoutNode

    init(child: LayoutNode) {
        self.child = child
        super.init()
        layoutPriority = child.layoutPriority
    }

    override func measure(_ proposal: ProposedSize) -> Size { child.sizeThatFits(proposal) }
}

/// Takes its child's place and draws nothing.
final class HiddenNode: OneChildNode {
    override func place(in frame: Rect) -> PlacedView { PlacedView(frame: frame, name: "Hidden") }
}

/// Lays its child out as it is and places it moved.
final class OffsetNode: OneChildNode {
    let dx: Double
    let dy: Double

    init(dx: Double, dy: Double, child: LayoutNode) {
        (self.dx, self.dy) = (dx, dy)
        super.init(child: child)
    }

    override func place(in frame: Rect) -> PlacedView {
        PlacedView(frame: frame, children: [child.place(in: frame).offsetBy(dx: dx, dy: dy)], name: "Offset")
    }
}

/// Proposes its child the largest size of the child's ideal shape within the proposal.
final class AspectFitNode: OneChildNode {

    private func fitted(_ proposal: ProposedSize) -> ProposedSize {
        let ideal = child.sizeThatFits(ProposedSize(width: nil, height: nil))
        guard ideal.width > 0, ideal.height > 0, proposal.width != nil || proposal.height != nil else { return proposal }
        let scale = min(proposal.width.map { $0 / ideal.width } ?? .infinity, proposal.height.map { $0 / ideal.height } ?? .infinity)
        return ProposedSize(width: ideal.width * scale, height: ideal.height * scale)
    }

    override func measure(_ proposal: ProposedSize) -> Size { child.sizeThatFits(fitted(proposal)) }

    override func place(in frame: Rect) -> PlacedView {
        PlacedView(frame: frame, children: [child.place(in: frame)], name: "ScaledToFit")
    }
}

/// How a view comes and goes, as SwiftUI's: accepted, and drawn without it.
public struct AnyTransition: Sendable {
    public static let identity = AnyTransition()
    public static let opacity = AnyTransition()
    public static let scale = AnyTransition()
    public static let slide = AnyTransition()
    public static func scale(scale: Double, anchor: UnitPoint = .center) -> AnyTransition { AnyTransition() }
    public static func move(edge: Edge) -> AnyTransition { AnyTransition() }
    public static func push(from edge: Edge) -> AnyTransition { AnyTransition() }
    public static func offset(x: Double = 0, y: Double = 0) -> AnyTransition { AnyTransition() }
    public static func asymmetric(insertion: AnyTransition, removal: AnyTransition) -> AnyTransition { AnyTransition() }
    public func combined(with other: AnyTransition) -> AnyTransition { self }
    public func animation(_ animation: Animation?) -> AnyTransition { self }
}

/// A timing curve, as SwiftUI's: accepted where views animate, drawn in the end state.
public struct Animation: Sendable, Equatable {
    public static let `default` = Animation()
    public static let linear = Animation()
    public static let easeIn = Animation()
    public static let easeOut = Animation()
    public static let easeInOut = Animation()
    public static let spring = Animation()
    public static let bouncy = Animation()
    public static let smooth = Animation()
    public static let snappy = Animation()
    public static func linear(duration: Double) -> Animation { Animation() }
    public static func easeIn(duration: Double) -> Animation { Animation() }
    public static func easeOut(duration: Double) -> Animation { Animation() }
    public static func easeInOut(duration: Double) -> Animation { Animation() }
    public static func spring(response: Double = 0.5, dampingFraction: Double = 0.825, blendDuration: Double = 0) -> Animation { Animation() }
    public static func spring(duration: Double = 0.5, bounce: Double = 0) -> Animation { Animation() }
    public func delay(_ delay: Double) -> Animation { self }
    public func speed(_ speed: Double) -> Animation { self }
    public func repeatCount(_ count: Int, autoreverses: Bool = true) -> Animation { self }
    public func repeatForever(autoreverses: Bool = true) -> Animation { self }
}

/// How a view's colours mix with what is under it, as SwiftUI's.
public enum BlendMode: Sendable, Hashable {
    case normal, multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, softLight, hardLight
    case difference, exclusion, hue, saturation, color, luminosity, sourceAtop, destinationOver, destinationOut
    case plusDarker, plusLighter
}
