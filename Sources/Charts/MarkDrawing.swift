import SwiftUICore
import Canvas

/// Turns marks into shapes on a plot: one shape per line or area series, one per colour
/// for bars, points and rules, each in coordinates from the plot's top-left corner.
struct MarkDrawing {
    let marks: [MarkSpec]
    let x: ChartScale
    let y: ChartScale
    let series: [String]
    let environment: EnvironmentValues

    /// Swift Charts' defaults: a 2-point line with round joins, 30 square points a symbol.
    static let lineWidth = 2.0
    static let symbolSize = 30.0

    /// The colour a mark is drawn in: its own style, its series' colour, or the first.
    func style(of mark: MarkSpec) -> AnyShapeStyle {
        if let style = mark.style { return style }
        let index = mark.seriesColours ? (mark.series.flatMap { series.firstIndex(of: $0) } ?? 0) : 0
        return AnyShapeStyle(ChartNode.palette[index % ChartNode.palette.count])
    }

    func views(in plot: Rect) -> [PlacedView] {
        var views: [PlacedView] = []
        let size = plot.size
        func px(_ v: _PlotValue?) -> Double? { v.flatMap { x.position($0) }.map { $0 * size.width } }
        func py(_ v: _PlotValue?) -> Double? { v.flatMap { y.position($0) }.map { (1 - $0) * size.height } }
        let baseline = y.domain.map { (1 - y.position(of: min(max(0, $0.lowerBound), $0.upperBound), in: $0)) * size.height } ?? size.height

        func add(_ path: Path, _ mark: MarkSpec, line: LineStyle?, name: String) {
            guard !path.isEmpty else { return }
            let drawing = ShapeDrawing(path: path, paint: environment.paint(style(of: mark)).paint(in: size), line: line)
            let shape = PlacedView(frame: plot, content: .shape(drawing), name: name)
            views.append(mark.opacity < 1 ? PlacedView(frame: plot, content: .opacity(mark.opacity), children: [shape], name: name) : shape)
        }

        // Marks of one kind and series form a layer, drawn in the order each first
        // appears; a line or an area joins its layer's marks in the order given.
        var layers: [(key: String, marks: [MarkSpec])] = []
        for mark in marks {
            let key = "\(mark.kind)|\(mark.series ?? "")|\(String(describing: mark.style))"
            if let i = layers.firstIndex(where: { $0.key == key }) { layers[i].marks.append(mark) } else { layers.append((key, [mark])) }
        }
        for layer in layers {
            guard let first = layer.marks.first else { continue }
            switch first.kind {
            case .line, .area:
                let placed = layer.marks.compactMap { m in px(m.x).flatMap { a in py(m.y).map { (Point(x: a, y: $0), py(m.yStart) ?? baseline) } } }
                guard !placed.isEmpty else { continue }
                if first.kind == .line {
                    let style = first.lineStyle?.lineStyle ?? LineStyle(width: Self.lineWidth, cap: .round, join: .round)
                    add(ChartCurve.path(through: placed.map(\.0), method: first.interpolation), first, line: style, name: "LineMark")
                } else {
                    add(ChartCurve.area(through: placed.map(\.0), bases: placed.map(\.1), method: first.interpolation), first, line: nil, name: "AreaMark")
                }
            case .bar, .point, .rule:
                for mark in layer.marks { addSingle(mark) }
            }
        }

        func addSingle(_ mark: MarkSpec) {
            switch mark.kind {
            case .bar:
                guard let rect = barRect(mark, size: size, baseline: baseline) else { return }
                add(Path(roundedRect: rect, cornerRadius: mark.cornerRadius), mark, line: nil, name: "BarMark")
            case .point:
                guard let cx = px(mark.x), let cy = py(mark.y) else { return }
                add(Path(circleCenter: Point(x: cx, y: cy), radius: Self.symbolRadius(mark)), mark, line: nil, name: "PointMark")
            case .rule:
                let style = mark.lineStyle?.lineStyle ?? LineStyle(width: 1)
                var path = Path()
                if let vy = py(mark.y) {
                    path.move(to: Point(x: px(mark.xStart) ?? 0, y: vy))
                    path.addLine(to: Point(x: px(mark.xEnd) ?? size.width, y: vy))
                } else if let vx = px(mark.x) {
                    path.move(to: Point(x: vx, y: py(mark.yEnd) ?? 0))
                    path.addLine(to: Point(x: vx, y: py(mark.yStart) ?? size.height))
                }
                add(path, mark, line: style, name: "RuleMark")
            case .line, .area:
                return
            }
        }
        return views
    }

    static func symbolRadius(_ mark: MarkSpec) -> Double { ((mark.symbolSize ?? symbolSize) / .pi).squareRoot() }

    /// How far a mark may reach past its point: a symbol's radius, half a line.
    static func overhang(of mark: MarkSpec) -> Double {
        switch mark.kind {
        case .point: symbolRadius(mark)
        case .line: (mark.lineStyle?.lineWidth ?? lineWidth) / 2
        case .rule: (mark.lineStyle?.lineWidth ?? 1) / 2
        case .bar, .area: 0
        }
    }

    /// A bar's rectangle: its band (less a gap), its unit of time, or a share of the
    /// spacing between bars on numbers; from the baseline or `yStart` to the value.
    private func barRect(_ mark: MarkSpec, size: Size, baseline: Double) -> Rect? {
        guard let value = mark.y, let top = y.position(value).map({ (1 - $0) * size.height }) else { return nil }
        let bottom = mark.yStart.flatMap { y.position($0) }.map { (1 - $0) * size.height } ?? baseline
        var left: Double, width: Double
        if x.bandWidth > 0, let centre = mark.x.flatMap({ x.position($0) }) {
            width = x.bandWidth * size.width * 0.8
            left = centre * size.width - width / 2
        } else if let start = mark.x?.quantity, let domain = x.domain {
            if let end = Self.unitEnd(of: mark, environment: environment) {
                left = x.position(of: start, in: domain) * size.width
                width = (x.position(of: end, in: domain) * size.width - left) * 0.85
            } else {
                let spacing = Self.spacing(of: marks.filter { $0.kind == .bar && $0.xUnit == nil }.compactMap { $0.x?.quantity }) ?? (domain.upperBound - domain.lowerBound)
                width = spacing / (domain.upperBound - domain.lowerBound) * size.width * 0.8
                left = x.position(of: start, in: domain) * size.width - width / 2
            }
        } else {
            return nil
        }
        return Rect(x: left, y: min(top, bottom), width: max(0, width), height: abs(bottom - top))
    }

    /// Where a bar at a date with `unit:` ends: one unit on in the widget's calendar.
    static func unitEnd(of mark: MarkSpec, environment: EnvironmentValues) -> Double? {
        guard let unit = mark.xUnit, case let .date(start)? = mark.x else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = environment.timeZone
        return calendar.date(byAdding: unit, value: 1, to: start)?.timeIntervalSinceReferenceDate
    }

    /// The smallest gap between distinct values, for bars on numbers.
    static func spacing(of values: [Double]) -> Double? {
        let sorted = Set(values).sorted()
        return zip(sorted, sorted.dropFirst()).map { $1 - $0 }.min() ?? (sorted.isEmpty ? nil : 1)
    }
}
