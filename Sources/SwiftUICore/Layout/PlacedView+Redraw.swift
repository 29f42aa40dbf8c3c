import Canvas
import Gauge  // for .inkBounds

extension PlacedView {
    /// The part of the frame that drawing this tree where `old` was drawn changes, in
    /// the trees' points: the boxes of what either tree paints where the two differ;
    /// empty when they draw alike. Nil when it cannot be bounded (a path may reach
    /// anywhere): the whole area is drawn again. A drawing clipped to it leaves the
    /// pixels of a whole one, as both trees paint alike everywhere outside it.
    package func redrawBounds(over old: PlacedView) -> Rect? {
        switch changedInk(over: old) {
        case .nothing: return .zero
        case let .box(box): return box
        case .unbounded: return nil
        }
    }

    /// What a tree paints, or what changes between two, as one box.
    enum Ink: Equatable {
        case nothing
        case box(Rect)
        /// Nowhere that can be told without drawing: anywhere.
        case unbounded

        func union(_ other: Ink) -> Ink {
            switch (self, other) {
            case (.unbounded, _), (_, .unbounded): return .unbounded
            case (.nothing, let ink), (let ink, .nothing): return ink
            case let (.box(a), .box(b)):
                let (x0, y0) = (min(a.minX, b.minX), min(a.minY, b.minY))
                return .box(Rect(x: x0, y: y0, width: max(a.maxX, b.maxX) - x0, height: max(a.maxY, b.maxY) - y0))
            }
        }
    }

    /// Where painting changes: where the children's does, in a node alike in both
    /// trees; the whole ink of both, in a node that differs.
    func changedInk(over old: PlacedView) -> Ink {
        guard frame == old.frame, content == old.content, children.count == old.children.count else {
            return ink.union(old.ink)
        }
        var changed = Ink.nothing
        for (child, oldChild) in zip(children, old.children) {
            changed = changed.union(child.changedInk(over: oldChild))
            if changed == .unbounded { return .unbounded }
        }
        return moved(changed)
    }

    /// `ink` of the children as this node draws them: where a transform puts it.
    private func moved(_ ink: Ink) -> Ink {
        guard case let .transform(transform) = content, case let .box(box) = ink else { return ink }
        return .box(transform.bounds(of: box, in: frame))
    }

    /// A box around all the tree paints, one point wider on each side for anti-aliasing.
    var ink: Ink {
        var painted: Ink
        switch content {
        case .none, .opacity, .clip, .roundedClip, .knockout:
            // Draws nothing itself; a clip or a knock-out only takes away from its children.
            painted = .nothing
        case let .text(layout, _):
            let glyphs = layout.inkBounds
            painted = glyphs.isEmpty ? .nothing : .box(glyphs.offsetBy(dx: frame.minX, dy: frame.minY).inset(by: -1))
        case .placeholder, .bitmap, .fill:
            painted = .box(frame.inset(by: -1))
        case let .gauge(layout, _, _):
            painted = layout.inkBounds(at: frame.origin).map { .box($0.inset(by: -1)) } ?? .nothing
        case .transform:
            // Its children, where it puts them (below).
            painted = .nothing
        case .shape:
            // A path may reach anywhere.
            return .unbounded
        }
        var drawn = Ink.nothing
        for child in children {
            drawn = drawn.union(child.ink)
            if drawn == .unbounded { return .unbounded }
        }
        return painted.union(moved(drawn))
    }
}
