import Canvas

/// A thin line, as SwiftUI's `Divider`: across a `VStack` it runs horizontally, in an
/// `HStack` vertically, one point thick in the tertiary level of the ink.
public struct Divider: View, PrimitiveView {
    public init() {}

    public var body: Never { bodyNever() }

    package func makeNode(in environment: EnvironmentValues) -> LayoutNode {
        DividerNode(vertical: environment.stackAxis == .horizontal, color: environment.resolve(AnyShapeStyle(HierarchicalShapeStyle.tertiary)))
    }
}

extension EnvironmentValues {
    /// This environment for the children of a stack along `axis` (nil: not a stack).
    func inStack(_ axis: Axis?) -> EnvironmentValues {
        var copy = self
        copy.stackAxis = axis
        return copy
    }
}

/// A line filling its container's cross axis.
final class DividerNode: LayoutNode {
    static let thickness = 1.0
    let vertical: Bool
    let color: RGBA

    init(vertical: Bool, color: RGBA) {
        self.vertical = vertical
        self.color = color
    }

    override func measure(_ proposal: ProposedSize) -> Size {
        func along(_ length: Double?) -> Double { length.flatMap { $0.isFinite ? $0 : nil } ?? 10 }
        return vertical
            ? Size(width: Self.thickness, height: along(proposal.height))
            : Size(width: along(proposal.width), height: Self.thickness)
    }

    override func place(in frame: Rect) -> PlacedView {
        PlacedView(frame: frame, content: .fill(.rectangle, color), name: "Divider")
    }
}
