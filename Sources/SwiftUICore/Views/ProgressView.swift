import FoundationEssentials
import Gauge

/// Progress toward completion, as SwiftUI's `ProgressView`: a bar by default, a ring
/// with `.progressViewStyle(.circular)`; the timer form fills by itself as time passes.
public struct ProgressView<Label: View>: View, PrimitiveView {
    enum Progress {
        case value(Double, total: Double)
        case timer(ClosedRange<Date>, countsDown: Bool)
    }

    let progress: Progress
    let label: Label?
    /// The label for the value: drawn by a custom style only (the built-in bar says it).
    var currentValueLabel: AnyView?

    /// Progress of `value` out of `total`.
    public init<V: BinaryFloatingPoint>(value: V?, total: V = 1.0, @ViewBuilder label: () -> Label) {
        progress = .value(Double(value ?? 0), total: Double(total))
        self.label = label()
    }

    /// Progress through a time interval, emptying (`countsDown`) or filling as it passes.
    public init(timerInterval: ClosedRange<Date>, countsDown: Bool = true, @ViewBuilder label: () -> Label) {
        progress = .timer(timerInterval, countsDown: countsDown)
        self.label = label()
    }

    /// Progress of `value` out of `total` with a label for the value; the bar says the
    /// value, as the lock screen's accessory gauges do, so that label is not drawn.
    public init<V: BinaryFloatingPoint, CurrentValueLabel: View>(
        value: V?, total: V = 1.0, @ViewBuilder label: () -> Label, @ViewBuilder currentValueLabel: () -> CurrentValueLabel
    ) {
        self.init(value: value, total: total, label: label)
        self.currentValueLabel = AnyView(currentValueLabel())
    }

    /// Progress through a time interval with a label for the time left; the bar says it,
    /// so that label is not drawn.
    public init<CurrentValueLabel: View>(
        timerInterval: ClosedRange<Date>, countsDown: Bool = true, @ViewBuilder label: () -> Label, @ViewBuilder currentValueLabel: () -> CurrentValueLabel
    ) {
        self.init(timerInterval: timerInterval, countsDown: countsDown, label: label)
        self.currentValueLabel = AnyView(currentValueLabel())
    }

    public var body: Never { bodyNever() }

    /// How complete the progress is at `now`, 0...1.
    func fraction(now: Date) -> Double {
        switch progress {
        case let .value(v, total):
            return total > 0 ? min(max(v / total, 0), 1) : 0
        case let .timer(range, countsDown):
            let duration = range.upperBound.timeIntervalSince(range.lowerBound)
            guard duration > 0 else { return countsDown ? 0 : 1 }
            let elapsed = min(max(now.timeIntervalSince(range.lowerBound), 0), duration) / duration
            return countsDown ? 1 - elapsed : elapsed
        }
    }

    package func makeNode(in environment: EnvironmentValues) -> LayoutNode {
        if let custom = environment.customProgressStyle {
            // The style's body is drawn as any view; a progress view inside it is the built-in one.
            var inner = environment
            inner.customProgressStyle = nil
            let configuration = ProgressViewStyleConfiguration(
                fractionCompleted: fraction(now: environment.now),
                label: label.flatMap { $0 is EmptyView ? nil : .init(content: AnyView($0)) },
                currentValueLabel: currentValueLabel.map { .init(content: $0) })
            return SwiftUICore.makeNode(custom.make(configuration), in: inner)
        }
        let kind: GaugeKind = environment.progressStyle == .circular ? .accessoryCircularCapacity : .linearCapacity
        var labels: [GaugeLabelRole: LayoutNode] = [:]
        if let label, !(label is EmptyView) {
            labels[.label] = SwiftUICore.makeNode(label, in: GaugeNode.labelEnvironment(environment, kind: kind, role: .label))
        }
        let value: GaugeValue
        var interval: ClosedRange<Date>?
        switch progress {
        case let .value(v, total):
            value = GaugeValue(value: v, in: 0...max(total, .leastNonzeroMagnitude))
        case let .timer(range, countsDown):
            let duration = range.upperBound.timeIntervalSince(range.lowerBound)
            let elapsed = min(max(environment.now.timeIntervalSince(range.lowerBound), 0), duration)
            value = GaugeValue(value: countsDown ? duration - elapsed : elapsed, in: 0...max(duration, 1))
            interval = range
        }
        let node = GaugeNode(kind: kind, value: value, environment: environment, labels: labels)
        node.timerInterval = interval
        return node
    }
}

extension ProgressView where Label == EmptyView {
    /// Progress of `value` out of `total`, without a label.
    public init<V: BinaryFloatingPoint>(value: V?, total: V = 1.0) {
        self.init(value: value, total: total) { EmptyView() }
    }

    /// Progress through a time interval, without a label.
    public init(timerInterval: ClosedRange<Date>, countsDown: Bool = true) {
        self.init(timerInterval: timerInterval, countsDown: countsDown) { EmptyView() }
    }
}

/// How a `ProgressView` is drawn.
public enum ProgressViewStyleKind: Sendable, Hashable {
    case linear, circular
}

/// How a `ProgressView` is drawn, as SwiftUI's: `.linear` (a bar), `.circular` (a ring),
/// or a style of your own whose `makeBody(configuration:)` draws it from the fraction
/// completed and the labels.
public protocol ProgressViewStyle: Sendable {
    associatedtype Body: View
    typealias Configuration = ProgressViewStyleConfiguration

    /// The view drawn for a progress view with this style.
    @ViewBuilder func makeBody(configuration: Configuration) -> Body
}

/// What a progress view style draws from, as SwiftUI's.
public struct ProgressViewStyleConfiguration {
    /// The progress view's label.
    public struct Label: View {
        let content: AnyView
        public var body: some View { content }
    }

    /// The progress view's label for its value.
    public struct CurrentValueLabel: View {
        let content: AnyView
        public var body: some View { content }
    }

    /// How complete the progress is, 0...1.
    public let fractionCompleted: Double?
    public var label: Label?
    public var currentValueLabel: CurrentValueLabel?
}

/// A custom style as the environment carries it.
struct CustomProgressStyle: Sendable {
    let make: @Sendable (ProgressViewStyleConfiguration) -> AnyView
}

/// The bar style.
public struct LinearProgressViewStyle: ProgressViewStyle {
    public init() {}

    public func makeBody(configuration: Configuration) -> some View {
        ProgressView(value: configuration.fractionCompleted ?? 0) { configuration.label }.progressViewStyle(self)
    }
}

/// The ring style.
public struct CircularProgressViewStyle: ProgressViewStyle {
    public init() {}

    public func makeBody(configuration: Configuration) -> some View {
        ProgressView(value: configuration.fractionCompleted ?? 0) { configuration.label }.progressViewStyle(self)
    }
}

extension ProgressViewStyle where Self == LinearProgressViewStyle {
    public static var linear: LinearProgressViewStyle { LinearProgressViewStyle() }
}

extension ProgressViewStyle where Self == CircularProgressViewStyle {
    public static var circular: CircularProgressViewStyle { CircularProgressViewStyle() }
}
