import Canvas

/// Lays out children one after another along an axis, sharing the space as SwiftUI's
/// stacks do: the least flexible child is offered its share first, what it leaves is
/// shared by the rest, and higher layout priorities go before lower ones.
final class StackNode: LayoutNode {
    let axis: Axis
    let alignment: Alignment
    let spacing: Double?
    let children: [LayoutNode]

    /// Space between two children when the stack does not say: 6 pt across, 2 pt down
    /// (widgets stack lines of text tightly).
    static func defaultSpacing(_ axis: Axis) -> Double { axis == .horizontal ? 6 : 2 }

    init(axis: Axis, alignment: Alignment, spacing: Double?, children: [LayoutNode]) {
        self.axis = axis
        self.alignment = alignment
        self.spacing = spacing
        self.children = children
        super.init()
        for case let spacer as SpacerNode in children { spacer.axis = axis }
    }

    private func main(_ s: Size) -> Double { axis == .horizontal ? s.width : s.height }
    private func cross(_ s: Size) -> Double { axis == .horizontal ? s.height : s.width }
    private func proposal(main: Double?, cross: Double?) -> ProposedSize {
        axis == .horizontal ? ProposedSize(width: main, height: cross) : ProposedSize(width: cross, height: main)
    }

    private var totalSpacing: Double {
        Double(max(children.count - 1, 0)) * (spacing ?? Self.defaultSpacing(axis))
    }

    /// The size of each child for a proposal.
    private func childSizes(_ p: ProposedSize) -> [Size] {
        let mainProposal = axis == .horizontal ? p.width : p.height
        let crossProposal = axis == .horizontal ? p.height : p.width
        guard let total = mainProposal, total.isFinite else {
            return children.map { $0.sizeThatFits(proposal(main: mainProposal, cross: crossProposal)) }
        }
        var sizes = [Size](repeating: .zero, count: children.count)
        let minimum = children.map { main($0.sizeThatFits(proposal(main: 0, cross: crossProposal))) }
        // A spacer grows without end, so it is served last (measured at an infinite
        // proposal it answers its minimum length, which would put it first).
        let flexibility = children.indices.map { i in
            children[i].isSpacer ? .infinity : main(children[i].sizeThatFits(proposal(main: .infinity, cross: crossProposal))) - minimum[i]
        }
        var remaining = total - totalSpacing
        // When every child fits at its ideal size, none is squeezed below it: a text
        // beside a `Spacer` keeps its whole width, as in SwiftUI, and the spacers and
        // other flexible children share what is left.
        let ideal = children.map { main($0.sizeThatFits(proposal(main: nil, cross: crossProposal))) }
        let idealsFit = ideal.reduce(0, +) <= remaining + 0.5
        let priorities = Set(children.map(\.layoutPriority)).sorted(by: >)
        for priority in priorities {
            let group = children.indices.filter { children[$0].layoutPriority == priority }
                .sorted { flexibility[$0] < flexibility[$1] }
            let reservedForLower = children.indices.filter { children[$0].layoutPriority < priority }.reduce(0) { $0 + minimum[$1] }
            var available = remaining - reservedForLower
            var left = group.count
            for i in group {
                let offer = max(0, available / Double(left), idealsFit ? min(ideal[i], available) : 0)
                let size = children[i].sizeThatFits(proposal(main: offer, cross: crossProposal))
                sizes[i] = size
                available -= main(size)
                remaining -= main(size)
                left -= 1
            }
        }
        return sizes
    }

    override func measure(_ proposal: ProposedSize) -> Size {
        let sizes = childSizes(proposal)
        let length = sizes.reduce(0) { $0 + main($1) } + totalSpacing
        let breadth = sizes.map(cross).max() ?? 0
        return axis == .horizontal ? Size(width: length, height: breadth) : Size(width: breadth, height: length)
    }

    override func place(in frame: Rect) -> PlacedView {
        let sizes = childSizes(ProposedSize(frame.size))
        var offset = 0.0
        var placed: [PlacedView] = []
        for (child, size) in zip(children, sizes) {
            let origin: Point
            if axis == .horizontal {
                let y = alignment.vertical.offset(size.height, in: frame.height)
                origin = Point(x: frame.minX + offset, y: frame.minY + y)
            } else {
                let x = alignment.horizontal.offset(size.width, in: frame.width)
                origin = Point(x: frame.minX + x, y: frame.minY + offset)
            }
            placed.append(child.place(in: Rect(origin: origin, size: size)))
            offset += main(size) + (spacing ?? Self.defaultSpacing(axis))
        }
        return PlacedView(frame: frame, children: placed, name: axis == .horizontal ? "HStack" : "VStack")
    }
}

/// Lays children over each other, each offered the whole space, aligned in the union.
final class OverlayNode: LayoutNode {
    let alignment: Alignment
    let children: [LayoutNode]
    /// When set, only this child decides the size (a `.background` or `.overlay`).
    let sizingChild: Int?

    init(alignment: Alignment, children: [LayoutNode], sizingChild: Int? = nil) {
        self.alignment = alignment
        self.children = children
        self.sizingChild = sizingChild
    }

    override func measure(_ proposal: ProposedSize) -> Size {
        if let sizingChild { return children[sizingChild].sizeThatFits(proposal) }
        let sizes = children.map { $0.sizeThatFits(proposal) }
        return Size(width: sizes.map(\.width).max() ?? 0, height: sizes.map(\.height).max() ?? 0)
    }

    override func place(in frame: Rect) -> PlacedView {
        let placed = children.map { child -> PlacedView in
            let size = child.sizeThatFits(ProposedSize(frame.size))
            let x = alignment.horizontal.offset(size.width, in: frame.width)
            let y = alignment.vertical.offset(size.height, in: frame.height)
            return child.place(in: Rect(x: frame.minX + x, y: frame.minY + y, width: size.width, height: size.height))
        }
        return PlacedView(frame: frame, children: placed, name: "ZStack")
    }
}

/// Empty space that grows along its stack's axis.
final class SpacerNode: LayoutNode {
    let minLength: Double
    var axis: Axis?

    init(minLength: Double?) {
        self.minLength = minLength ?? 8
    }

    override var isSpacer: Bool { true }

    override func measure(_ proposal: ProposedSize) -> Size {
        func length(_ p: Double?, _ grows: Bool) -> Double {
            guard grows else { return 0 }
            guard let p, p.isFinite else { return minLength }
            return max(minLength, p)
        }
        return Size(
            width: length(proposal.width, axis != .vertical),
            height: length(proposal.height, axis != .horizontal))
    }

    override func place(in frame: Rect) -> PlacedView { PlacedView(frame: frame, name: "Spacer") }
}
