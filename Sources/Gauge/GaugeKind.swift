/// The five gauge styles of SwiftUI's accessory gauges.
package enum GaugeKind: String, Sendable, Hashable, CaseIterable, Codable {
    /// An open 270° ring, gap at the bottom, with a marker dot at the value.
    case accessoryCircular
    /// A closed ring filled clockwise from the top.
    case accessoryCircularCapacity
    /// A thin horizontal track with a marker dot.
    case accessoryLinear
    /// A bar filled from the leading edge, accessory proportions.
    case accessoryLinearCapacity
    /// A thinner filled bar, the default style of a gauge outside widgets.
    case linearCapacity

    package var isCircular: Bool { self == .accessoryCircular || self == .accessoryCircularCapacity }
}
