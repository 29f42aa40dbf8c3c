import SwiftUICore
/// One mark as the chart lays it out: its kind, where it sits and how it is drawn.
struct MarkSpec {
    enum Kind { case line, area, bar, point, rule }

    var kind: Kind
    var x: _PlotValue?
    var y: _PlotValue?
    /// A bar or area from `yStart` to `yEnd`, a rule across from `xStart` to `xEnd`.
    var xStart: _PlotValue?
    var xEnd: _PlotValue?
    var yStart: _PlotValue?
    var yEnd: _PlotValue?
    /// The span of a date value set with `unit:`.
    var xUnit: Calendar.Component?
    var xLabel = ""
    var yLabel = ""
    var style: AnyShapeStyle?
    /// The series a mark belongs to, from `foregroundStyle(by:)` or `series:`.
    var series: String?
    /// Whether `series` came from `foregroundStyle(by:)`, which also picks the colour.
    var seriesColours = false
    var interpolation: InterpolationMethod = .linear
    var lineStyle: StrokeStyle?
    var symbolSize: Double?
    var opacity = 1.0
    var cornerRadius = 0.0

    init(kind: Kind) {
        self.kind = kind
    }

    /// A mark at a point.
    init<X, Y>(kind: Kind, x: PlottableValue<X>, y: PlottableValue<Y>) {
        self.init(kind: kind)
        setX(x)
        setY(y)
    }

    /// A mark spanning two values at an x: a floating bar, a band.
    init<X, Y>(kind: Kind, x: PlottableValue<X>, yStart: PlottableValue<Y>, yEnd: PlottableValue<Y>) {
        self.init(kind: kind, x: x, y: yEnd)
        self.yStart = yStart.value
        self.yEnd = yEnd.value
    }

    mutating func setX<V>(_ value: PlottableValue<V>) {
        x = value.value
        xLabel = value.label
        xUnit = value.unit
    }

    mutating func setY<V>(_ value: PlottableValue<V>) {
        y = value.value
        yLabel = value.label
    }
}

/// How a line or an area runs between its points, as Swift Charts'.
public enum InterpolationMethod: Hashable, Sendable {
    /// Straight lines between points (the default).
    case linear
    /// A smooth curve through every point that never overshoots between them.
    case monotone
    /// A smooth curve through every point.
    case catmullRom
    /// Steps that change at each point.
    case stepStart
    /// Steps that change half-way between points.
    case stepCenter
    /// Steps that change at the next point.
    case stepEnd
}
