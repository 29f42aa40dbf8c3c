import Canvas

/// A resolved view: answers the size it takes for a proposal, then places itself and
/// its children in a rectangle. Nodes are built fresh for each render, so they may
/// cache measurements. Subclassed inside this module only (Swift lets another module
/// subclass only an `open`, that is public, class); a framework's module above it lays
/// out through `NodeLayout` instead.
package class LayoutNode {
    /// Higher priorities get space first in a stack.
    package var layoutPriority: Double = 0
    private var cache: [ProposedSize: Size] = [:]

    /// The size this node takes when offered `proposal` (cached).
    package final func sizeThatFits(_ proposal: ProposedSize) -> Size {
        if let size = cache[proposal] { return size }
        let size = measure(proposal)
        cache[proposal] = size
        return size
    }

    /// Computes the size for a proposal; subclasses override.
    package func measure(_ proposal: ProposedSize) -> Size { .zero }

    /// Places the node in `frame` (whose size came from `sizeThatFits`).
    package func place(in frame: Rect) -> PlacedView { PlacedView(frame: frame) }

    /// Spacers expand along a stack's axis and carry no spacing of their own.
    var isSpacer: Bool { false }
}

/// How a view of a framework's module above this one (Charts) lays out: what a
/// `LayoutNode` subclass would override, given to a `DelegatedNode`.
package protocol NodeLayout: AnyObject {
    /// The size taken for a proposal.
    func measure(_ proposal: ProposedSize) -> Size
    /// Places the view and its children in `frame`.
    func place(in frame: Rect) -> PlacedView
}

/// A node laid out by a `NodeLayout` of another module.
package final class DelegatedNode: LayoutNode {
    let layout: any NodeLayout

    package init(_ layout: any NodeLayout) {
        self.layout = layout
    }

    override package func measure(_ proposal: ProposedSize) -> Size { layout.measure(proposal) }

    override package func place(in frame: Rect) -> PlacedView { layout.place(in: frame) }
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
