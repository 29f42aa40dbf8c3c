import AppIntentsCore
import Canvas

/// A control a tap performs: its intent, and for a toggle the state it shows.
package struct PlacedControl: Sendable {
    package var action: ControlAction
    /// The state a toggle shows (its own, or the one a tap just chose); nil for a button.
    package var isOn: Bool?

    package init(action: ControlAction, isOn: Bool? = nil) {
        self.action = action
        self.isOn = isOn
    }
}

/// Lays out a control's look and marks its frame as a place a tap performs its intent;
/// draws the focus ring when keys have moved the focus to it.
package final class ControlNode: LayoutNode {
    let child: LayoutNode
    let control: PlacedControl
    let name: String
    let focusRing: RGBA?

    package init(child: LayoutNode, control: PlacedControl, name: String, focusRing: RGBA?) {
        self.child = child
        self.control = control
        self.name = name
        self.focusRing = focusRing
        super.init()
        layoutPriority = child.layoutPriority
    }

    /// A control whose focus ring, in the ink, shows when keys have focused it.
    package convenience init(child: LayoutNode, control: PlacedControl, name: String, environment: EnvironmentValues) {
        let focused = environment.focusedControl == control.action.id
        self.init(child: child, control: control, name: name, focusRing: focused ? environment.primaryInk : nil)
    }

    /// The ring's width and its distance outside the control, in points.
    static let ringWidth = 1.5
    static let ringGap = 1.5

    package override func measure(_ proposal: ProposedSize) -> Size { child.sizeThatFits(proposal) }

    package override func place(in frame: Rect) -> PlacedView {
        var children = [child.place(in: frame)]
        if let focusRing {
            let outset = Self.ringGap + Self.ringWidth / 2
            let ring = Rect(x: frame.minX - outset, y: frame.minY - outset, width: frame.width + 2 * outset, height: frame.height + 2 * outset)
            let path = Path(roundedRect: Rect(origin: .zero, size: ring.size), cornerRadius: min(ring.height / 2, 10))
            children.append(PlacedView(frame: ring, content: .shape(ShapeDrawing(path: path, paint: .color(focusRing), line: LineStyle(width: Self.ringWidth))), name: "FocusRing"))
        }
        var placed = PlacedView(frame: frame, children: children, name: name)
        placed.control = control
        return placed
    }
}

extension PlacedView {
    /// The topmost control whose frame holds `point` (in the tree's points), with its frame.
    package func control(at point: Point) -> (control: PlacedControl, frame: Rect)? {
        for child in children.reversed() {
            if let found = child.control(at: point) { return found }
        }
        guard let control, frame.contains(point) else { return nil }
        return (control, frame)
    }

    /// Every control in the tree in reading order (top to bottom, then left to right),
    /// with its frame: the order keys move the focus in.
    package var controls: [(control: PlacedControl, frame: Rect)] {
        var found: [(PlacedControl, Rect)] = []
        func walk(_ view: PlacedView) {
            if let control = view.control { found.append((control, view.frame)) }
            view.children.forEach(walk)
        }
        walk(self)
        // Controls whose middles are within half the shorter one's height share a line.
        return found.sorted { a, b in
            abs(a.1.midY - b.1.midY) > min(a.1.height, b.1.height) / 2 ? a.1.midY < b.1.midY : a.1.minX < b.1.minX
        }
    }
}
