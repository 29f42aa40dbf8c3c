import Canvas
import FoundationEssentials
import Gauge

/// A value within bounds shown as a ring or bar, as SwiftUI's `Gauge`: style it with
/// `.gaugeStyle(.accessoryCircular)` and friends, tint it with a colour or a gradient.
public struct Gauge<Label: View, CurrentValueLabel: View, BoundsLabel: View>: View, PrimitiveView {
    let value: GaugeValue
    let label: Label
    let currentValueLabel: CurrentValueLabel?
    let minimumValueLabel: BoundsLabel?
    let maximumValueLabel: BoundsLabel?

    /// A gauge with current-value and bounds labels.
    public init<V: BinaryFloatingPoint>(
        value: V, in bounds: ClosedRange<V> = 0...1, @ViewBuilder label: () -> Label,
        @ViewBuilder currentValueLabel: () -> CurrentValueLabel,
        @ViewBuilder minimumValueLabel: () -> BoundsLabel, @ViewBuilder maximumValueLabel: () -> BoundsLabel
    ) {
        self.value = GaugeValue(value: Double(value), in: Double(bounds.lowerBound)...Double(bounds.upperBound))
        self.label = label()
        self.currentValueLabel = currentValueLabel()
        self.minimumValueLabel = minimumValueLabel()
        self.maximumValueLabel = maximumValueLabel()
    }

    public var body: Never { bodyNever() }

    package func makeNode(in environment: EnvironmentValues) -> LayoutNode {
        let kind = environment.gaugeKind ?? .linearCapacity
        var labels: [GaugeLabelRole: LayoutNode] = [:]
        func add<V: View>(_ view: V?, _ role: GaugeLabelRole) {
            guard let view, !(view is EmptyView) else { return }
            labels[role] = SwiftUICore.makeNode(view, in: GaugeNode.labelEnvironment(environment, kind: kind, role: role))
        }
        add(label, .label)
        add(currentValueLabel, .currentValue)
        add(minimumValueLabel, .minimum)
        add(maximumValueLabel, .maximum)
        return GaugeNode(kind: kind, value: value, environment: environment, labels: labels)
    }
}

extension Gauge where CurrentValueLabel == EmptyView, BoundsLabel == EmptyView {
    /// A gauge with a label only.
    public init<V: BinaryFloatingPoint>(value: V, in bounds: ClosedRange<V> = 0...1, @ViewBuilder label: () -> Label) {
        self.value = GaugeValue(value: Double(value), in: Double(bounds.lowerBound)...Double(bounds.upperBound))
        self.label = label()
        self.currentValueLabel = nil
        self.minimumValueLabel = nil
        self.maximumValueLabel = nil
    }
}

extension Gauge where Label == EmptyView, CurrentValueLabel == EmptyView, BoundsLabel == EmptyView {
    /// A gauge with no labels.
    public init<V: BinaryFloatingPoint>(value: V, in bounds: ClosedRange<V> = 0...1) {
        self.init(value: value, in: bounds) { EmptyView() }
    }
}

extension Gauge where BoundsLabel == EmptyView {
    /// A gauge with a label and a current-value label.
    public init<V: BinaryFloatingPoint>(
        value: V, in bounds: ClosedRange<V> = 0...1, @ViewBuilder label: () -> Label,
        @ViewBuilder currentValueLabel: () -> CurrentValueLabel
    ) {
        self.value = GaugeValue(value: Double(value), in: Double(bounds.lowerBound)...Double(bounds.upperBound))
        self.label = label()
        self.currentValueLabel = currentValueLabel()
        self.minimumValueLabel = nil
        self.maximumValueLabel = nil
    }
}

/// Lays out a gauge's shapes and places its label views in the slots the style gives.
final class GaugeNode: LayoutNode {
    let kind: GaugeKind
    let value: GaugeValue
    let tint: GaugeTint
    let marker: RGBA
    let labels: [GaugeLabelRole: LayoutNode]
    let redacted: Bool
    /// For `ProgressView(timerInterval:)`: the interval the value runs over.
    var timerInterval: ClosedRange<Date>?
    let displayScale: Double

    init(kind: GaugeKind, value: GaugeValue, environment: EnvironmentValues, labels: [GaugeLabelRole: LayoutNode]) {
        self.kind = kind
        self.value = value
        self.labels = labels
        self.redacted = environment.isRedacted
        let ink = environment.primaryInk
        var tintColors = (environment.tint ?? environment.foregroundStyle).map { $0.colors(primaryInk: ink) } ?? [ink]
        tintColors = tintColors.map { environment.resolve(AnyShapeStyle(Color($0))) }
        self.tint = GaugeTint(redacted ? tintColors.map { $0.multiplyingAlpha(0.35) } : tintColors)
        self.marker = redacted ? environment.foregroundColor.multiplyingAlpha(0.35) : environment.foregroundColor
        self.displayScale = environment.displayScale
    }

    /// The environment a label is built in: the circular styles size their labels
    /// themselves (docs/ARCHITECTURE.md, "Gauges": centre value 24 pt medium, ring labels 11 pt), shrinking
    /// them to fit; the linear styles keep the widget's font.
    static func labelEnvironment(_ environment: EnvironmentValues, kind: GaugeKind, role: GaugeLabelRole) -> EnvironmentValues {
        var env = environment
        env.lineLimit = 1
        env.minimumScaleFactor = 0.4
        env.multilineTextAlignment = .center
        if kind.isCircular {
            let centred = role == .currentValue || (kind == .accessoryCircularCapacity && role == .label)
            env.font = centred ? .system(size: 24, weight: .medium) : .system(size: 11, weight: .medium)
            env.fontWeight = nil
        } else if env.font == nil {
            env.font = role == .label ? .subheadline : .caption
        }
        return env
    }

    private func labelSizes(width: Double?) -> [GaugeLabelRole: Size] {
        labels.mapValues { $0.sizeThatFits(ProposedSize(width: width, height: nil)) }
    }

    private func layout(for available: Size) -> GaugeLayout {
        GaugeLayout(kind: kind, value: value, available: available, unit: 1, labelSizes: labelSizes(width: available.width))
    }

    override func measure(_ proposal: ProposedSize) -> Size {
        func finite(_ v: Double?) -> Double? { v.flatMap { $0.isFinite ? $0 : nil } }
        if kind.isCircular {
            let side = [finite(proposal.width), finite(proposal.height)].compactMap { $0 }.min() ?? 72
            return Size(width: side, height: side)
        }
        let width = finite(proposal.width) ?? 120
        return layout(for: Size(width: width, height: 0)).size
    }

    override func place(in frame: Rect) -> PlacedView {
        let gauge = layout(for: frame.size)
        var children: [PlacedView] = []
        for role in GaugeLabelRole.allCases {
            guard let node = labels[role], let slot = gauge.labelFrames[role] else { continue }
            let size = node.sizeThatFits(ProposedSize(slot.size))
            let x = kind.isCircular ? slot.midX - size.width / 2 : slot.minX
            let y = slot.midY - size.height / 2
            children.append(node.place(in: Rect(x: frame.minX + x, y: frame.minY + y, width: size.width, height: size.height)))
        }
        var live: [LiveSchedule] = []
        if let timerInterval {
            // The value moves one pixel per step along the longest stroke.
            let pixels = max(1, (kind.isCircular ? frame.width * .pi : frame.width) * displayScale)
            let duration = timerInterval.upperBound.timeIntervalSince(timerInterval.lowerBound)
            live.append(.steps(start: timerInterval.lowerBound, end: timerInterval.upperBound, step: max(duration / pixels, 1)))
        }
        return PlacedView(frame: Rect(origin: frame.origin, size: gauge.size), content: .gauge(gauge, tint, marker: marker), children: children, name: "Gauge(\(kind.rawValue))", live: live)
    }
}
