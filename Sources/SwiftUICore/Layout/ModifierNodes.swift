import Canvas

/// Insets its child by fixed amounts.
final class PaddingNode: LayoutNode {
    let insets: EdgeInsets
    let child: LayoutNode

    init(insets: EdgeInsets, child: LayoutNode) {
        self.insets = insets
        self.child = child
        super.init()
        layoutPriority = child.layoutPriority
    }

    override func measure(_ proposal: ProposedSize) -> Size {
        let h = insets.leading + insets.trailing, v = insets.top + insets.bottom
        let inner = child.sizeThatFits(ProposedSize(width: proposal.width.map { max(0, $0 - h) }, height: proposal.height.map { max(0, $0 - v) }))
        return Size(width: inner.width + h, height: inner.height + v)
    }

    override func place(in frame: Rect) -> PlacedView {
        let inner = frame.inset(top: insets.top, leading: insets.leading, bottom: insets.bottom, trailing: insets.trailing)
        let size = child.sizeThatFits(ProposedSize(inner.size))
        return PlacedView(frame: frame, children: [child.place(in: Rect(origin: inner.origin, size: size))], name: "Padding")
    }
}

/// A fixed or flexible frame around a child, as `.frame(width:height:)` and
/// `.frame(minWidth:maxWidth:…)`, aligning the child inside.
package final class FrameNode: LayoutNode {
    struct Limits {
        var min: Double?
        var ideal: Double?
        var max: Double?
        var fixed: Double?
    }

    let width: Limits
    let height: Limits
    let alignment: Alignment
    let child: LayoutNode

    init(width: Limits, height: Limits, alignment: Alignment, child: LayoutNode) {
        self.width = width
        self.height = height
        self.alignment = alignment
        self.child = child
        super.init()
        layoutPriority = child.layoutPriority
    }

    /// What the child is offered along one axis.
    private static func childProposal(_ p: Double?, _ l: Limits) -> Double? {
        if let fixed = l.fixed { return fixed }
        guard var value = p ?? l.ideal else { return nil }
        if let lo = l.min { value = Swift.max(value, lo) }
        if let hi = l.max { value = Swift.min(value, hi) }
        return value
    }

    /// The frame's own length along one axis given the proposal and the child's length.
    private static func length(_ p: Double?, _ l: Limits, child: Double) -> Double {
        if let fixed = l.fixed { return fixed }
        if l.min == nil && l.max == nil { return child }
        let lower = l.min ?? Swift.min(child, l.max ?? child)
        let upper = l.max ?? Swift.max(child, lower)
        let wanted = (p.flatMap { $0.isFinite ? $0 : nil }) ?? l.ideal ?? child
        return Swift.min(Swift.max(wanted, lower), Swift.max(upper, lower))
    }

    override package func measure(_ proposal: ProposedSize) -> Size {
        let inner = child.sizeThatFits(ProposedSize(width: Self.childProposal(proposal.width, width), height: Self.childProposal(proposal.height, height)))
        return Size(width: Self.length(proposal.width, width, child: inner.width), height: Self.length(proposal.height, height, child: inner.height))
    }

    override package func place(in frame: Rect) -> PlacedView {
        let size = child.sizeThatFits(ProposedSize(width: Self.childProposal(frame.width, width), height: Self.childProposal(frame.height, height)))
        let x = alignment.horizontal.offset(size.width, in: frame.width)
        let y = alignment.vertical.offset(size.height, in: frame.height)
        let placed = child.place(in: Rect(x: frame.minX + x, y: frame.minY + y, width: size.width, height: size.height))
        return PlacedView(frame: frame, children: [placed], name: "Frame")
    }
}

/// Passes layout through and wraps what its child draws: opacity or clipping.
final class EffectNode: LayoutNode {
    let content: PlacedView.Content
    let child: LayoutNode

    init(content: PlacedView.Content, child: LayoutNode) {
        self.content = content
        self.child = child
        super.init()
        layoutPriority = child.layoutPriority
    }

    override func measure(_ proposal: ProposedSize) -> Size { child.sizeThatFits(proposal) }

    override func place(in frame: Rect) -> PlacedView {
        PlacedView(frame: frame, content: content, children: [child.place(in: frame)], name: "Effect")
    }
}

/// Clips its child to a shape (`clipShape`), leaving its size alone.
final class ShapeClipNode: LayoutNode {
    let shape: FillShape
    let child: LayoutNode

    init(shape: FillShape, child: LayoutNode) {
        self.shape = shape
        self.child = child
        super.init()
        layoutPriority = child.layoutPriority
    }

    override func measure(_ proposal: ProposedSize) -> Size { child.sizeThatFits(proposal) }

    override func place(in frame: Rect) -> PlacedView {
        let (clip, radius) = shape.clip(in: frame)
        let clipped = PlacedView(frame: clip, content: .roundedClip(cornerRadius: radius), children: [child.place(in: frame)], name: "ClipShape")
        return PlacedView(frame: frame, children: [clipped], name: "Effect")
    }
}

/// Sets the layout priority of its child, leaving everything else alone.
final class PriorityNode: LayoutNode {
    let child: LayoutNode

    init(priority: Double, child: LayoutNode) {
        self.child = child
        super.init()
        layoutPriority = priority
    }

    override func measure(_ proposal: ProposedSize) -> Size { child.sizeThatFits(proposal) }
    override func place(in frame: Rect) -> PlacedView { child.place(in: frame) }
}

/// A shape filling all the space it is offered.
package final class FillNode: LayoutNode {
    let shape: FillShape
    let paint: ShapePaint
    let name: String
    /// Set when the shape's outline is drawn instead of its inside.
    let line: LineStyle?
    let trim: ClosedRange<Double>?

    init(shape: FillShape, paint: ShapePaint, name: String = "Fill", line: LineStyle? = nil, trim: ClosedRange<Double>? = nil) {
        self.shape = shape
        self.paint = paint
        self.name = name
        self.line = line
        self.trim = trim
    }

    package convenience init(shape: FillShape, color: RGBA, name: String = "Fill") {
        self.init(shape: shape, paint: .color(color), name: name)
    }

    override package func measure(_ proposal: ProposedSize) -> Size {
        proposal.replacingUnspecified(with: Size(width: 10, height: 10))
    }

    override package func place(in frame: Rect) -> PlacedView {
        // A plain fill keeps its own, cheaper drawing; anything else is a path.
        if line == nil, trim == nil, case let .color(color) = paint {
            return PlacedView(frame: frame, content: .fill(shape, color), name: name)
        }
        let drawing = ShapeDrawing(path: shape.path(in: frame.size), paint: paint.paint(in: frame.size), line: line, trim: trim)
        return PlacedView(frame: frame, content: .shape(drawing), name: name)
    }
}

/// Shows the first child whose ideal size fits the space on the given axes.
final class ViewThatFitsNode: LayoutNode {
    let axes: Axis.Set
    let children: [LayoutNode]

    init(axes: Axis.Set, children: [LayoutNode]) {
        self.axes = axes
        self.children = children
    }

    func choice(for proposal: ProposedSize) -> LayoutNode? {
        for child in children {
            let ideal = child.sizeThatFits(ProposedSize(
                width: axes.contains(.horizontal) ? nil : proposal.width,
                height: axes.contains(.vertical) ? nil : proposal.height))
            let fitsWidth = !axes.contains(.horizontal) || ideal.width <= (proposal.width ?? .infinity) + 0.5
            let fitsHeight = !axes.contains(.vertical) || ideal.height <= (proposal.height ?? .infinity) + 0.5
            if fitsWidth && fitsHeight { return child }
        }
        return children.last
    }

    override func measure(_ proposal: ProposedSize) -> Size {
        choice(for: proposal)?.sizeThatFits(proposal) ?? .zero
    }

    override func place(in frame: Rect) -> PlacedView {
        guard let child = choice(for: ProposedSize(frame.size)) else { return PlacedView(frame: frame) }
        return child.place(in: frame)
    }
}
