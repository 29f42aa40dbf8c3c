/// A line through points, as Swift Charts' `LineMark`: 2 points wide, round joins.
/// Marks with the same series (`foregroundStyle(by:)` or `series:`) form one line, in
/// the order they are given.
public struct LineMark: ChartContent, MarkCollecting {
    var spec = MarkSpec(kind: .line)

    public init<X: Plottable, Y: Plottable>(x: PlottableValue<X>, y: PlottableValue<Y>) {
        spec = MarkSpec(kind: spec.kind, x: x, y: y)
    }

    public init<X: Plottable, Y: Plottable, S: Plottable>(x: PlottableValue<X>, y: PlottableValue<Y>, series: PlottableValue<S>) {
        self.init(x: x, y: y)
        spec.series = Self.seriesName(series)
    }

    static func seriesName<S>(_ value: PlottableValue<S>) -> String {
        switch value.value {
        case let .category(name): name
        case let .number(n): "\(n)"
        case let .date(d): "\(d.timeIntervalSinceReferenceDate)"
        }
    }

    var marks: [MarkSpec] { [spec] }
}

/// The area between a line and the baseline (zero), or between two values, as Swift
/// Charts' `AreaMark`.
public struct AreaMark: ChartContent, MarkCollecting {
    var spec = MarkSpec(kind: .area)

    public init<X: Plottable, Y: Plottable>(x: PlottableValue<X>, y: PlottableValue<Y>) {
        spec = MarkSpec(kind: spec.kind, x: x, y: y)
    }

    public init<X: Plottable, Y: Plottable>(x: PlottableValue<X>, yStart: PlottableValue<Y>, yEnd: PlottableValue<Y>) {
        spec = MarkSpec(kind: spec.kind, x: x, yStart: yStart, yEnd: yEnd)
    }

    public init<X: Plottable, Y: Plottable, S: Plottable>(x: PlottableValue<X>, y: PlottableValue<Y>, series: PlottableValue<S>) {
        self.init(x: x, y: y)
        spec.series = LineMark.seriesName(series)
    }

    var marks: [MarkSpec] { [spec] }
}

/// A bar from zero (or `yStart`) to a value, as Swift Charts' `BarMark`: one band wide
/// for a category, the unit's span for a date with `unit:`.
public struct BarMark: ChartContent, MarkCollecting {
    var spec = MarkSpec(kind: .bar)

    public init<X: Plottable, Y: Plottable>(x: PlottableValue<X>, y: PlottableValue<Y>) {
        spec = MarkSpec(kind: spec.kind, x: x, y: y)
    }

    public init<X: Plottable, Y: Plottable>(x: PlottableValue<X>, yStart: PlottableValue<Y>, yEnd: PlottableValue<Y>) {
        spec = MarkSpec(kind: spec.kind, x: x, yStart: yStart, yEnd: yEnd)
    }

    public init<X: Plottable, Y: Plottable>(x: PlottableValue<X>, y: PlottableValue<Y>, width: MarkDimension) {
        self.init(x: x, y: y)
    }

    var marks: [MarkSpec] { [spec] }
}

/// How wide a bar is; accepted, bars take their band or unit.
public enum MarkDimension: Sendable, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral {
    case automatic
    case fixed(Double)
    case ratio(Double)

    public init(integerLiteral value: Int) { self = .fixed(Double(value)) }
    public init(floatLiteral value: Double) { self = .fixed(value) }
}

/// A symbol at a point, as Swift Charts' `PointMark`: a filled circle of 30 square points.
public struct PointMark: ChartContent, MarkCollecting {
    var spec = MarkSpec(kind: .point)

    public init<X: Plottable, Y: Plottable>(x: PlottableValue<X>, y: PlottableValue<Y>) {
        spec = MarkSpec(kind: spec.kind, x: x, y: y)
    }

    var marks: [MarkSpec] { [spec] }
}

/// A straight line across the plot, as Swift Charts' `RuleMark`: horizontal at a `y`
/// (a target, a limit), vertical at an `x` (now), or part-way with `xStart`/`xEnd`.
public struct RuleMark: ChartContent, MarkCollecting {
    var spec = MarkSpec(kind: .rule)

    public init<Y: Plottable>(y: PlottableValue<Y>) {
        spec.setY(y)
    }

    public init<X: Plottable>(x: PlottableValue<X>) {
        spec.setX(x)
    }

    public init<X: Plottable, Y: Plottable>(xStart: PlottableValue<X>, xEnd: PlottableValue<X>, y: PlottableValue<Y>) {
        spec.xStart = xStart.value
        spec.xEnd = xEnd.value
        spec.setY(y)
    }

    public init<X: Plottable, Y: Plottable>(x: PlottableValue<X>, yStart: PlottableValue<Y>, yEnd: PlottableValue<Y>) {
        spec.setX(x)
        spec.yStart = yStart.value
        spec.yEnd = yEnd.value
    }

    var marks: [MarkSpec] { [spec] }
}
