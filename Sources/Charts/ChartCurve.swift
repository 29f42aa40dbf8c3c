import Canvas

/// The outlines of lines and areas through points, by interpolation method.
enum ChartCurve {
    /// A line through `points` in order.
    static func path(through points: [Point], method: InterpolationMethod) -> Path {
        var path = Path()
        guard let first = points.first else { return path }
        path.move(to: first)
        append(points, method: method, to: &path)
        return path
    }

    /// The area between a line through `points` and the baselines under them, closed.
    static func area(through points: [Point], bases: [Double], method: InterpolationMethod) -> Path {
        var path = Path()
        guard let first = points.first, let last = points.last else { return path }
        path.move(to: Point(x: first.x, y: bases.first ?? first.y))
        path.addLine(to: first)
        append(points, method: method, to: &path)
        path.addLine(to: Point(x: last.x, y: bases.last ?? last.y))
        // Back along the baselines, which are straight between the marks.
        for (point, base) in zip(points, bases).reversed().dropFirst() { path.addLine(to: Point(x: point.x, y: base)) }
        path.closeSubpath()
        return path
    }

    /// Adds the segments from the first point on (the path is at the first point).
    private static func append(_ points: [Point], method: InterpolationMethod, to path: inout Path) {
        guard points.count > 1 else { return }
        switch method {
        case .linear:
            for p in points.dropFirst() { path.addLine(to: p) }
        case .stepStart, .stepEnd, .stepCenter:
            for (a, b) in zip(points, points.dropFirst()) {
                switch method {
                case .stepStart:
                    path.addLine(to: Point(x: a.x, y: b.y))
                case .stepEnd:
                    path.addLine(to: Point(x: b.x, y: a.y))
                default:
                    let mid = (a.x + b.x) / 2
                    path.addLine(to: Point(x: mid, y: a.y))
                    path.addLine(to: Point(x: mid, y: b.y))
                }
                path.addLine(to: b)
            }
        case .catmullRom:
            // Uniform Catmull-Rom, each span as a cubic Bézier.
            for i in 0..<(points.count - 1) {
                let p0 = points[max(0, i - 1)], p1 = points[i], p2 = points[i + 1], p3 = points[min(points.count - 1, i + 2)]
                let c1 = Point(x: p1.x + (p2.x - p0.x) / 6, y: p1.y + (p2.y - p0.y) / 6)
                let c2 = Point(x: p2.x - (p3.x - p1.x) / 6, y: p2.y - (p3.y - p1.y) / 6)
                path.addCurve(to: p2, control1: c1, control2: c2)
            }
        case .monotone:
            // Fritsch–Carlson: tangents limited so the curve never overshoots a point.
            let n = points.count
            var slopes = (0..<(n - 1)).map { i in
                let dx = points[i + 1].x - points[i].x
                return dx != 0 ? (points[i + 1].y - points[i].y) / dx : 0
            }
            var tangents = [Double](repeating: 0, count: n)
            tangents[0] = slopes[0]
            tangents[n - 1] = slopes[n - 2]
            for i in 1..<(n - 1) { tangents[i] = slopes[i - 1] * slopes[i] <= 0 ? 0 : (slopes[i - 1] + slopes[i]) / 2 }
            for i in 0..<(n - 1) where slopes[i] == 0 {
                tangents[i] = 0
                tangents[i + 1] = 0
                slopes[i] = 0
            }
            for i in 0..<(n - 1) where slopes[i] != 0 {
                let a = tangents[i] / slopes[i], b = tangents[i + 1] / slopes[i]
                let s = a * a + b * b
                if s > 9 {
                    let t = 3 / s.squareRoot()
                    tangents[i] = t * a * slopes[i]
                    tangents[i + 1] = t * b * slopes[i]
                }
            }
            for i in 0..<(n - 1) {
                let (p1, p2) = (points[i], points[i + 1])
                let dx = (p2.x - p1.x) / 3
                path.addCurve(to: p2, control1: Point(x: p1.x + dx, y: p1.y + tangents[i] * dx), control2: Point(x: p2.x - dx, y: p2.y - tangents[i + 1] * dx))
            }
        }
    }
}
