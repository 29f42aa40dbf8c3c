/// A value inside bounds, as `Gauge(value:in:)` takes it.
package struct GaugeValue: Hashable, Sendable {
    package var value: Double
    package var lowerBound: Double
    package var upperBound: Double

    package init(value: Double, in bounds: ClosedRange<Double> = 0...1) {
        self.value = value
        self.lowerBound = bounds.lowerBound
        self.upperBound = bounds.upperBound
    }

    /// Where the value sits between the bounds, clamped to 0...1 (0 for empty bounds or NaN).
    package var fraction: Double {
        let span = upperBound - lowerBound
        guard span > 0, value.isFinite else { return 0 }
        return min(1, max(0, (value - lowerBound) / span))
    }
}
