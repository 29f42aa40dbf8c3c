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
    }

    /// Progress through a time interval with a label for the time left; the bar says it,
    /// so that label is not drawn.
    public init<CurrentValueLabel: View>(
        timerInterval: ClosedRange<Date>, countsDown: Bool = true, @ViewBuilder label: () -> Label, @ViewBuilder currentValueLabel: () -> CurrentValueLabel
    ) {
        self.init(timerInterval: timerInterval, countsDown: countsDown, label: label)
    }

    public var body: Never { bodyNever() }

    func makeNode(in environment: EnvironmentValues) -> LayoutNode {
        let kind: GaugeKind = environment.progressStyle == .circular ? .accessoryCircularCapacity : .linearCapacity
        var labels: [GaugeLabelRole: LayoutNode] = [:]
        if let label, !(label is EmptyView) {
            labels[.label] = Accessory.makeNode(label, in: GaugeNode.labelEnvironment(environment, kind: kind, role: .label))
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

/// A progress view style: `.linear` (a bar) or `.circular` (a ring).
public protocol ProgressViewStyle: Sendable {
    var kind: ProgressViewStyleKind { get }
}

/// The bar style.
public struct LinearProgressViewStyle: ProgressViewStyle {
    public init() {}
    public var kind: ProgressViewStyleKind { .linear }
}

/// The ring style.
public struct CircularProgressViewStyle: ProgressViewStyle {
    public init() {}
    public var kind: ProgressViewStyleKind { .circular }
}

extension ProgressViewStyle where Self == LinearProgressViewStyle {
    public static var linear: LinearProgressViewStyle { LinearProgressViewStyle() }
}

extension ProgressViewStyle where Self == CircularProgressViewStyle {
    public static var circular: CircularProgressViewStyle { CircularProgressViewStyle() }
}
