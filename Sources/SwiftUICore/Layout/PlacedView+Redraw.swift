import Canvas
import Gauge  // for .inkBounds

extension PlacedView {
    /// The part of the frame that drawing this tree where `old` was drawn changes, in
    /// the trees' points: the boxes of what either tree paints where the two differ;
    /// empty when they draw alike. Nil when it cannot be bounded (a path may reach
    /// anywhere): the whole area is drawn again.
    package func redrawBounds(over old: PlacedView) -> Rect? {
        // A path's ink is not known: no box can be sure to hold it whole or miss it.
        guard !drawsPath else { return nil }
        switch changedInk(over: old) {
        case .nothing: return .zero
        case let .box(box): return box
        case .unbounded: return nil
        }
    }

    /// `box` grown to hold whole everything the tree paints that reaches into it: what a
    /// drawing of `box` is clipped to.
    ///
    /// Cairo, cutting a shape at a clip's edge, rasterizes it a level apart in places,
    /// inside the clip too. Clipped to a box that cuts nothing, a drawing leaves every
    /// pixel of the box as a whole drawing does, so only the changed `box` need be kept
    /// and compared.
    package func holdingWhole(_ box: Rect) -> Rect {
        var box = box
        while true {
            var grown = box
            // Two points more than the box: a pixel of it can reach one point out.
            addPainters(touching: box.inset(by: -2), to: &grown)
            if grown == box { return box }
            box = grown
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
            case let (.box(a), .box(b)): return .box(a.union(b))
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
        var drawn = Ink.nothing
        for child in children {
            drawn = drawn.union(child.ink)
            if drawn == .unbounded { return .unbounded }
        }
        return ownInk.union(moved(drawn))
    }

    /// A box around what the node paints itself, before its children.
    private var ownInk: Ink {
        switch content {
        case .none, .opacity, .clip, .roundedClip, .knockout, .transform:
            // Draws nothing itself; a clip or a knock-out only takes away from its children.
            return .nothing
        case let .text(layout, _):
            let glyphs = layout.inkBounds
            return glyphs.isEmpty ? .nothing : .box(glyphs.offsetBy(dx: frame.minX, dy: frame.minY).inset(by: -1))
        case .placeholder, .bitmap, .fill:
            return .box(frame.inset(by: -1))
        case let .gauge(layout, _, _):
            return layout.inkBounds(at: frame.origin).map { .box($0.inset(by: -1)) } ?? .nothing
        case .shape:
            // A path may reach anywhere.
            return .unbounded
        }
    }

    /// What of the node itself a clip to `box` must not cut, where `box` meets it: what
    /// it paints (a text, a shape, a picture), or the frame it clips its children to
    /// when `box` reaches that frame's straight or rounded edge.
    private func uncut(meeting box: Rect) -> Rect? {
        let whole: Rect
        switch content {
        case .text, .placeholder, .fill, .gauge, .shape, .bitmap:
            guard case let .box(own) = ownInk else { return nil }
            whole = own
        case .clip, .roundedClip:
            let radius = if case let .roundedClip(r) = content { r } else { 0.0 }
            // Wholly inside, away from the edge and its corners, a box cuts no edge.
            let inside = frame.inset(by: radius + 1)
            if let within = box.intersection(inside), within == box { return nil }
            whole = frame.inset(by: -1)
        case .none, .opacity, .knockout, .transform:
            return nil
        }
        return whole.intersection(box) != nil ? whole : nil
    }

    /// Whether the tree strokes or fills a path anywhere.
    private var drawsPath: Bool {
        if case .shape = content { return true }
        return children.contains { $0.drawsPath }
    }

    /// Adds to `grown` what of every node a clip to `box` must not cut (`uncut`); a
    /// turned or scaled subtree, which is not followed inside, whole.
    private func addPainters(touching box: Rect, to grown: inout Rect) {
        if case .transform = content {
            if case let .box(all) = ink, all.intersection(box) != nil { grown = grown.union(all) }
            return
        }
        if let own = uncut(meeting: box) { grown = grown.union(own) }
        for child in children { child.addPainters(touching: box, to: &grown) }
    }
}
