import Canvas

/// A resolved view: answers the size it takes for a proposal, then places itself and
/// its children in a rectangle. Nodes are built fresh for each render, so they may
/// cache measurements.
class LayoutNode {
    /// Higher priorities get space first in a stack.
    var layoutPriority: Double = 0
    private var cache: [ProposedSize: Size] = [:]

    /// The size this node takes when offered `proposal` (cached).
    final func sizeThatFits(_ proposal: ProposedSize) -> Size {
        if let size = cache[proposal] { return size }
        let size = measure(proposal)
        cache[proposal] = size
        return size
    }

    /// Computes the size for a proposal; subclasses override.
    func measure(_ proposal: ProposedSize) -> Size { .zero }

    /// Places the node in `frame` (whose size came from `sizeThatFits`).
    func place(in frame: Rect) -> PlacedView { PlacedView(frame: frame) }

    /// Spacers expand along a stack's axis and carry no spacing of their own.
    var isSpacer: Bool { false }
}

/// Several nodes with no layout of their own: a container lays out each separately.
final class GroupNode: LayoutNode {
    let children: [LayoutNode]

    init(children: [LayoutNode]) {
        self.children = children
    }

    /// Outside a container a group behaves as a vertical stack, as in SwiftUI's root.
    private lazy var stack = StackNode(axis: .vertical, alignment: .center, spacing: nil, children: children)

    override func measure(_ proposal: ProposedSize) -> Size {
        children.count == 1 ? children[0].sizeThatFits(proposal) : stack.sizeThatFits(proposal)
    }

    override func place(in frame: Rect) -> PlacedView {
        children.count == 1 ? children[0].place(in: frame) : stack.place(in: frame)
    }
}
