import SwiftUICore
extension ChartContent {
    private func changingMarks(_ change: @escaping (inout MarkSpec) -> Void) -> ModifiedChartContent {
        ModifiedChartContent(base: self, change: change)
    }

    /// Draws the marks in a style instead of the chart's first series colour.
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> ModifiedChartContent {
        let style = AnyShapeStyle(style)
        return changingMarks { $0.style = style }
    }

    /// Puts the marks in a series named by a value: each series gets the next colour of
    /// the palette (blue, green, orange, purple, red, cyan, yellow, brown) and a legend entry.
    public func foregroundStyle<V: Plottable>(by value: PlottableValue<V>) -> ModifiedChartContent {
        let name = LineMark.seriesName(value)
        return changingMarks {
            $0.series = name
            $0.seriesColours = true
        }
    }

    /// How lines and areas run between their points.
    public func interpolationMethod(_ method: InterpolationMethod) -> ModifiedChartContent {
        changingMarks { $0.interpolation = method }
    }

    /// The stroke of lines and rules.
    public func lineStyle(_ style: StrokeStyle) -> ModifiedChartContent {
        changingMarks { $0.lineStyle = style }
    }

    /// The area of a point's symbol, in square points.
    public func symbolSize(_ size: Double) -> ModifiedChartContent {
        changingMarks { $0.symbolSize = max(0, size) }
    }

    /// The marks' opacity.
    public func opacity(_ opacity: Double) -> ModifiedChartContent {
        changingMarks { $0.opacity *= max(0, min(1, opacity)) }
    }

    /// Rounds a bar's corners.
    public func cornerRadius(_ radius: Double, style: RoundedCornerStyle = .circular) -> ModifiedChartContent {
        changingMarks { $0.cornerRadius = max(0, radius) }
    }
}
