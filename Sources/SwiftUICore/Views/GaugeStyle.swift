import Gauge

/// How a `Gauge` is drawn; pick one with `.gaugeStyle(.accessoryCircular)`.
public protocol GaugeStyle: Sendable {
    /// The drawing this style stands for.
    var _kind: GaugeKindName { get }
}

/// The name of a built-in gauge drawing.
public struct GaugeKindName: Sendable, Hashable {
    let kind: GaugeKind
}

/// An open ring with a marker at the value: the lock screen's round gauge.
public struct AccessoryCircularGaugeStyle: GaugeStyle {
    public init() {}
    public var _kind: GaugeKindName { GaugeKindName(kind: .accessoryCircular) }
}

/// A closed ring filled up to the value.
public struct AccessoryCircularCapacityGaugeStyle: GaugeStyle {
    public init() {}
    public var _kind: GaugeKindName { GaugeKindName(kind: .accessoryCircularCapacity) }
}

/// A thin track with a marker at the value.
public struct AccessoryLinearGaugeStyle: GaugeStyle {
    public init() {}
    public var _kind: GaugeKindName { GaugeKindName(kind: .accessoryLinear) }
}

/// A bar filled up to the value, accessory proportions.
public struct AccessoryLinearCapacityGaugeStyle: GaugeStyle {
    public init() {}
    public var _kind: GaugeKindName { GaugeKindName(kind: .accessoryLinearCapacity) }
}

/// A thin bar filled up to the value.
public struct LinearCapacityGaugeStyle: GaugeStyle {
    public init() {}
    public var _kind: GaugeKindName { GaugeKindName(kind: .linearCapacity) }
}

extension GaugeStyle where Self == AccessoryCircularGaugeStyle {
    public static var accessoryCircular: AccessoryCircularGaugeStyle { .init() }
}

extension GaugeStyle where Self == AccessoryCircularCapacityGaugeStyle {
    public static var accessoryCircularCapacity: AccessoryCircularCapacityGaugeStyle { .init() }
}

extension GaugeStyle where Self == AccessoryLinearGaugeStyle {
    public static var accessoryLinear: AccessoryLinearGaugeStyle { .init() }
}

extension GaugeStyle where Self == AccessoryLinearCapacityGaugeStyle {
    public static var accessoryLinearCapacity: AccessoryLinearCapacityGaugeStyle { .init() }
}

extension GaugeStyle where Self == LinearCapacityGaugeStyle {
    public static var linearCapacity: LinearCapacityGaugeStyle { .init() }
}
