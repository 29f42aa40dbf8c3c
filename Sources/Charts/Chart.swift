import SwiftUICore
import Canvas

/// A chart of marks, as Swift Charts' `Chart`: it takes the space it is offered and
/// draws its marks on scales fitted to their values, with axes and a legend as Swift
/// Charts draws them by default (`.chartXAxis(.hidden)` and the rest turn them off).
///
/// ```swift
/// Chart(readings) { reading in
///     LineMark(x: .value("Time", reading.date), y: .value("mg/dL", reading.value))
/// }
/// .chartXAxis(.hidden)
/// .chartYScale(domain: 40...300)
/// ```
public struct Chart<Content: ChartContent>: View, PrimitiveView {
    let content: Content

    public init(@ChartContentBuilder content: () -> Content) {
        self.content = content()
    }

    public var body: Never { bodyNever() }

    package func makeNode(in environment: EnvironmentValues) -> LayoutNode {
        DelegatedNode(ChartNode(marks: content.collectedMarks, environment: environment))
    }
}

extension Chart {
    /// A chart with content for each element of `data`.
    public init<Data: RandomAccessCollection, C: ChartContent>(_ data: Data, @ChartContentBuilder content: @escaping (Data.Element) -> C)
    where Content == ForEach<Data, Data.Element.ID, C>, Data.Element: Identifiable {
        self.content = ForEach(data: data, content: content)
    }

    /// A chart with content for each element of `data`, identified by `id`.
    public init<Data: RandomAccessCollection, ID: Hashable, C: ChartContent>(_ data: Data, id: KeyPath<Data.Element, ID>, @ChartContentBuilder content: @escaping (Data.Element) -> C)
    where Content == ForEach<Data, ID, C> {
        self.content = ForEach(data: data, content: content)
    }
}

/// Whether something is shown, as SwiftUI's: `.automatic` leaves it to the default.
public enum Visibility: Hashable, Sendable, CaseIterable {
    case automatic, visible, hidden
}

/// A scale's domain left to the chart, as `.chartYScale(domain: .automatic(includesZero: false))`.
public struct AutomaticScaleDomain: Hashable, Sendable {
    let includesZero: Bool?

    public static var automatic: AutomaticScaleDomain { AutomaticScaleDomain(includesZero: nil) }

    public static func automatic(includesZero: Bool? = nil, reversed: Bool? = nil) -> AutomaticScaleDomain {
        AutomaticScaleDomain(includesZero: includesZero)
    }
}

/// The chart settings the modifiers make, read by the charts inside.
package struct ChartOptions: Hashable, Sendable {
    var xAxis = Visibility.automatic
    var yAxis = Visibility.automatic
    var legend = Visibility.automatic
    var xDomain: ClosedRange<Double>?
    var yDomain: ClosedRange<Double>?
    var yIncludesZero: Bool?

    package init() {}
}

/// Where the chart modifiers keep their settings: a key of Charts' own, so the views'
/// environment knows nothing of charts.
private struct ChartOptionsKey: EnvironmentKey {
    static let defaultValue = ChartOptions()
}

extension EnvironmentValues {
    /// Axes, legend and scales set by the chart modifiers.
    package var chartOptions: ChartOptions {
        get { self[ChartOptionsKey.self] }
        set { self[ChartOptionsKey.self] = newValue }
    }
}

extension View {
    /// Shows or hides the x axis (its labels and grid lines).
    public func chartXAxis(_ visibility: Visibility) -> some View {
        environment(\.chartOptions.xAxis, visibility)
    }

    /// Shows or hides the y axis (its labels and grid lines).
    public func chartYAxis(_ visibility: Visibility) -> some View {
        environment(\.chartOptions.yAxis, visibility)
    }

    /// Shows or hides the legend of a chart with series.
    public func chartLegend(_ visibility: Visibility) -> some View {
        environment(\.chartOptions.legend, visibility)
    }

    /// Fixes the y scale's range, as `.chartYScale(domain: 40...300)`.
    public func chartYScale<V: BinaryFloatingPoint & Sendable>(domain: ClosedRange<V>) -> some View {
        environment(\.chartOptions.yDomain, Double(domain.lowerBound)...Double(domain.upperBound))
    }

    /// Fixes the y scale's range from whole numbers.
    public func chartYScale<V: BinaryInteger & Sendable>(domain: ClosedRange<V>) -> some View {
        environment(\.chartOptions.yDomain, Double(domain.lowerBound)...Double(domain.upperBound))
    }

    /// Leaves the y scale to the chart, with or without zero.
    public func chartYScale(domain: AutomaticScaleDomain) -> some View {
        environment(\.chartOptions.yIncludesZero, domain.includesZero)
    }

    /// Fixes the x scale's range of numbers.
    public func chartXScale<V: BinaryFloatingPoint & Sendable>(domain: ClosedRange<V>) -> some View {
        environment(\.chartOptions.xDomain, Double(domain.lowerBound)...Double(domain.upperBound))
    }

    /// Fixes the x scale's range of dates, as `.chartXScale(domain: start...end)` for a day.
    public func chartXScale(domain: ClosedRange<Date>) -> some View {
        environment(\.chartOptions.xDomain, domain.lowerBound.timeIntervalSinceReferenceDate...domain.upperBound.timeIntervalSinceReferenceDate)
    }
}
