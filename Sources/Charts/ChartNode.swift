import SwiftUICore
import Canvas

/// Lays out a chart in the space it is given: scales fitted to the marks, the axes'
/// labels outside the plot, grid lines, the marks and the legend.
final class ChartNode: NodeLayout {
    let marks: [MarkSpec]
    let environment: EnvironmentValues
    var options: ChartOptions { environment.chartOptions }

    /// Swift Charts' palette for series, in order.
    static let palette: [Color] = [.blue, .green, .orange, .purple, .red, .cyan, .yellow, .brown]
    /// Space between the plot and its labels, in points.
    static let labelGap = 4.0

    init(marks: [MarkSpec], environment: EnvironmentValues) {
        self.marks = marks
        self.environment = environment
    }

    func measure(_ proposal: ProposedSize) -> Size {
        proposal.replacingUnspecified(with: Size(width: 160, height: 80))
    }

    /// The series named by `foregroundStyle(by:)`, in the order they first appear.
    var colouredSeries: [String] {
        var names: [String] = []
        for mark in marks where mark.seriesColours {
            if let name = mark.series, !names.contains(name) { names.append(name) }
        }
        return names
    }

    /// A label as the axes draw them: the small caption size, secondary.
    func label(_ string: String) -> LayoutNode {
        SwiftUICore.makeNode(Text(verbatim: string).font(.caption2).foregroundStyle(.secondary), in: environment)
    }

    func place(in frame: Rect) -> PlacedView {
        var children: [PlacedView] = []
        var plot = frame
        // The legend: one "● name" per coloured series, along the bottom.
        let series = colouredSeries
        if options.legend != .hidden, !series.isEmpty {
            let legend = placeLegend(series, in: frame)
            children += legend.views
            plot.size.height = max(0, plot.height - legend.height - Self.labelGap)
        }
        let y = yScale(plotHeight: plot.height)
        let yTicks = ChartScale.numberTicks(in: y.domain ?? 0...1, count: yTickCount(plotHeight: plot.height))
        let showsY = options.yAxis != .hidden
        let yLabels = showsY ? yTicks.map { (value: $0.value, node: label($0.label)) } : []
        let yLabelWidth = yLabels.map { $0.node.sizeThatFits(.unspecified).width }.max() ?? 0
        if showsY { plot.size.width = max(0, plot.width - yLabelWidth - Self.labelGap) }
        let showsX = options.xAxis != .hidden
        let xLabelHeight = showsX ? label("0").sizeThatFits(.unspecified).height : 0
        if showsX { plot.size.height = max(0, plot.height - xLabelHeight - 2) }
        let x = xScale()
        // Points and line ends at the scale's edges stay inside the chart's frame.
        let overhang = marks.map(MarkDrawing.overhang).max() ?? 0
        plot = plot.inset(by: min(overhang, plot.width / 4, plot.height / 4))

        // Grid lines and labels first, the marks on top.
        let grid = environment.resolve(AnyShapeStyle(HierarchicalShapeStyle.quaternary))
        if showsY {
            var lines = Path()
            for (value, node) in yLabels {
                let py = plot.minY + (1 - y.position(of: value, in: y.domain ?? 0...1)) * plot.height
                lines.move(to: Point(x: 0, y: py - plot.minY))
                lines.addLine(to: Point(x: plot.width, y: py - plot.minY))
                let size = node.sizeThatFits(.unspecified)
                let top = min(max(frame.minY, py - size.height / 2), frame.maxY - size.height)
                children.append(node.place(in: Rect(x: plot.maxX + Self.labelGap, y: top, width: size.width, height: size.height)))
            }
            children.insert(PlacedView(frame: plot, content: .shape(ShapeDrawing(path: lines, paint: .color(grid), line: LineStyle(width: 0.5))), name: "ChartGrid"), at: 0)
        }
        if showsX { children += placeXAxis(x, plot: plot, frame: frame, labelHeight: xLabelHeight, grid: grid) }
        children += MarkDrawing(marks: marks, x: x, y: y, series: series, environment: environment).views(in: plot)
        return PlacedView(frame: frame, children: children, name: "Chart")
    }

    private func yTickCount(plotHeight: Double) -> Int { max(2, min(5, Int(plotHeight / 20))) }

    /// The y scale: the options' domain, or the marks' values with zero, rounded.
    func yScale(plotHeight: Double) -> ChartScale {
        if let domain = options.yDomain, domain.upperBound > domain.lowerBound { return ChartScale(kind: .linear(domain)) }
        let values = marks.flatMap { [$0.y, $0.yStart, $0.yEnd].compactMap { $0?.quantity } }
        let includesZero = options.yIncludesZero ?? true
        return ChartScale(kind: .linear(ChartScale.linear(values: values, includesZero: includesZero, nice: true, desiredTicks: yTickCount(plotHeight: plotHeight))))
    }

    /// The x scale: bands when any x is a category, else a linear or time scale over the
    /// marks' values, bars' units included, padded by half a bar where bars stand on numbers.
    func xScale() -> ChartScale {
        let values = marks.flatMap { [$0.x, $0.xStart, $0.xEnd].compactMap { $0 } }
        if values.contains(where: { if case .category = $0 { true } else { false } }) {
            var names: [String] = []
            for case let .category(name) in values where !names.contains(name) { names.append(name) }
            return ChartScale(kind: .bands(names))
        }
        let isDate = values.contains { if case .date = $0 { true } else { false } }
        if let domain = options.xDomain, domain.upperBound > domain.lowerBound { return ChartScale(kind: .linear(domain), isDate: isDate) }
        var quantities = values.compactMap(\.quantity)
        for mark in marks where mark.kind == .bar {
            if let end = MarkDrawing.unitEnd(of: mark, environment: environment) { quantities.append(end) }
        }
        var domain = ChartScale.linear(values: quantities, includesZero: false, nice: false, desiredTicks: 4)
        let unitless = marks.filter { $0.kind == .bar && $0.xUnit == nil }.compactMap { $0.x?.quantity }
        if let spacing = MarkDrawing.spacing(of: unitless) {
            domain = domain.lowerBound - spacing / 2...domain.upperBound + spacing / 2
        }
        return ChartScale(kind: .linear(domain), isDate: isDate)
    }

    private func placeXAxis(_ x: ChartScale, plot: Rect, frame: Rect, labelHeight: Double, grid: RGBA) -> [PlacedView] {
        var views: [PlacedView] = []
        let top = plot.maxY + 2
        switch x.kind {
        case let .bands(names):
            for name in names {
                guard let p = x.position(.category(name)) else { continue }
                let node = label(name)
                let size = node.sizeThatFits(.unspecified)
                let left = min(max(frame.minX, plot.minX + p * plot.width - size.width / 2), frame.maxX - size.width)
                views.append(node.place(in: Rect(x: left, y: top, width: size.width, height: size.height)))
            }
        case let .linear(domain):
            let widest = label(x.isDate ? "00:00" : "000").sizeThatFits(.unspecified).width
            let count = max(2, Int(plot.width / (widest + 8)))
            let ticks = x.isDate ? ChartScale.dateTicks(in: domain, count: count, environment: environment) : ChartScale.numberTicks(in: domain, count: count)
            var lines = Path()
            for tick in ticks {
                let px = plot.minX + x.position(of: tick.value, in: domain) * plot.width
                lines.move(to: Point(x: px - plot.minX, y: 0))
                lines.addLine(to: Point(x: px - plot.minX, y: plot.height))
                let node = label(tick.label)
                let size = node.sizeThatFits(.unspecified)
                // Swift Charts sets a time's label from its grid line rightwards.
                let left = min(max(frame.minX, x.isDate ? px + 1 : px - size.width / 2), frame.maxX - size.width)
                views.append(node.place(in: Rect(x: left, y: top, width: size.width, height: min(size.height, labelHeight))))
            }
            views.insert(PlacedView(frame: plot, content: .shape(ShapeDrawing(path: lines, paint: .color(grid), line: LineStyle(width: 0.5))), name: "ChartGrid"), at: 0)
        }
        return views
    }

    private func placeLegend(_ series: [String], in frame: Rect) -> (views: [PlacedView], height: Double) {
        var views: [PlacedView] = []
        var left = frame.minX
        var height = 0.0
        let nodes = series.map(label)
        for node in nodes { height = max(height, node.sizeThatFits(.unspecified).height) }
        let top = frame.maxY - height
        for (i, (name, node)) in zip(series, nodes).enumerated() {
            let dot = 6.0
            let colour = environment.resolve(AnyShapeStyle(Self.palette[i % Self.palette.count]))
            views.append(PlacedView(frame: Rect(x: left, y: top + (height - dot) / 2, width: dot, height: dot), content: .fill(.circle, colour), name: "LegendSymbol \(name)"))
            let size = node.sizeThatFits(.unspecified)
            let width = min(size.width, max(0, frame.maxX - left - dot - 3))
            views.append(node.place(in: Rect(x: left + dot + 3, y: top, width: width, height: size.height)))
            left += dot + 3 + size.width + 8
            if left >= frame.maxX { break }
        }
        return (views, height)
    }
}
