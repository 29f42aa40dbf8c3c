/// An outline made of straight lines and circular arcs: what shapes, strokes and chart
/// marks are drawn from. Coordinates are those of the canvas when it is drawn.
package struct Path: Hashable, Sendable {
    package enum Element: Hashable, Sendable {
        case move(Point)
        case line(Point)
        /// A circular arc, angles in radians clockwise from the positive x axis.
        case arc(center: Point, radius: Double, startAngle: Double, endAngle: Double)
        /// A cubic Bézier curve through two control points to a point.
        case curve(control1: Point, control2: Point, to: Point)
        case close
    }

    package private(set) var elements: [Element] = []

    package init() {}

    package var isEmpty: Bool { elements.isEmpty }

    package mutating func move(to point: Point) { elements.append(.move(point)) }
    package mutating func addLine(to point: Point) { elements.append(.line(point)) }
    package mutating func closeSubpath() { elements.append(.close) }
    package mutating func addCurve(to point: Point, control1: Point, control2: Point) {
        elements.append(.curve(control1: control1, control2: control2, to: point))
    }

    package mutating func addArc(center: Point, radius: Double, startAngle: Double, endAngle: Double) {
        elements.append(.arc(center: center, radius: max(0, radius), startAngle: startAngle, endAngle: endAngle))
    }

    /// Straight lines through `points`, open.
    package init(polyline points: [Point]) {
        guard let first = points.first else { return }
        move(to: first)
        for point in points.dropFirst() { addLine(to: point) }
    }

    /// A rectangle starting at its top-left corner, clockwise.
    package init(rect: Rect) {
        self.init(roundedRect: rect, cornerRadius: 0)
    }

    /// A rectangle with circular corners (the radius clamped to half the shorter side),
    /// starting at the end of its top-left corner and running clockwise, as SwiftUI's.
    package init(roundedRect rect: Rect, cornerRadius: Double) {
        let r = max(0, min(cornerRadius, rect.width / 2, rect.height / 2))
        let (x0, y0, x1, y1) = (rect.minX, rect.minY, rect.maxX, rect.maxY)
        move(to: Point(x: x0 + r, y: y0))
        addLine(to: Point(x: x1 - r, y: y0))
        if r > 0 { addArc(center: Point(x: x1 - r, y: y0 + r), radius: r, startAngle: -.pi / 2, endAngle: 0) }
        addLine(to: Point(x: x1, y: y1 - r))
        if r > 0 { addArc(center: Point(x: x1 - r, y: y1 - r), radius: r, startAngle: 0, endAngle: .pi / 2) }
        addLine(to: Point(x: x0 + r, y: y1))
        if r > 0 { addArc(center: Point(x: x0 + r, y: y1 - r), radius: r, startAngle: .pi / 2, endAngle: .pi) }
        addLine(to: Point(x: x0, y: y0 + r))
        if r > 0 { addArc(center: Point(x: x0 + r, y: y0 + r), radius: r, startAngle: .pi, endAngle: 3 * .pi / 2) }
        closeSubpath()
    }

    /// A circle, starting at its rightmost point and running clockwise (on screen), as
    /// SwiftUI's `Circle` does: `trim(from: 0, to: 0.25)` is the quarter from 3 to 6 o'clock.
    package init(circleCenter center: Point, radius: Double) {
        move(to: Point(x: center.x + radius, y: center.y))
        addArc(center: center, radius: radius, startAngle: 0, endAngle: 2 * .pi)
        closeSubpath()
    }

    /// The same outline moved by (dx, dy).
    package func offsetBy(dx: Double, dy: Double) -> Path {
        func moved(_ p: Point) -> Point { Point(x: p.x + dx, y: p.y + dy) }
        var result = Path()
        result.elements = elements.map { element in
            switch element {
            case let .move(p): .move(moved(p))
            case let .line(p): .line(moved(p))
            case let .arc(c, r, a, b): .arc(center: moved(c), radius: r, startAngle: a, endAngle: b)
            case let .curve(c1, c2, p): .curve(control1: moved(c1), control2: moved(c2), to: moved(p))
            case .close: .close
            }
        }
        return result
    }
}

/// How a path's outline is drawn: SwiftUI's `StrokeStyle`.
package struct LineStyle: Hashable, Sendable {
    package enum Cap: Hashable, Sendable { case butt, round, square }
    package enum Join: Hashable, Sendable { case miter, round, bevel }

    package var width: Double
    package var cap: Cap
    package var join: Join
    package var miterLimit: Double
    /// Lengths of dashes and gaps, alternating; empty for a solid line.
    package var dash: [Double]
    package var dashPhase: Double

    package init(width: Double = 1, cap: Cap = .butt, join: Join = .miter, miterLimit: Double = 10, dash: [Double] = [], dashPhase: Double = 0) {
        self.width = max(0, width)
        self.cap = cap
        self.join = join
        self.miterLimit = miterLimit
        self.dash = dash
        self.dashPhase = dashPhase
    }
}

/// What a path is filled or stroked with: one colour, or colours along a line.
package enum Paint: Hashable, Sendable {
    case color(RGBA)
    /// Colours at positions 0…1 along the line from `start` to `end`; beyond either end
    /// the end colour continues.
    case linearGradient(stops: [GradientStop], start: Point, end: Point)

    /// The same paint moved by (dx, dy).
    package func offsetBy(dx: Double, dy: Double) -> Paint {
        guard case let .linearGradient(stops, start, end) = self else { return self }
        return .linearGradient(stops: stops, start: Point(x: start.x + dx, y: start.y + dy), end: Point(x: end.x + dx, y: end.y + dy))
    }
}

/// One colour of a gradient and where along it the colour is.
package struct GradientStop: Hashable, Sendable {
    package var color: RGBA
    package var location: Double

    package init(color: RGBA, location: Double) {
        self.color = color
        self.location = location
    }
}
