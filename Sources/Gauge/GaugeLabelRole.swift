/// The four labels a gauge can carry, each placed by the style.
package enum GaugeLabelRole: Hashable, Sendable, CaseIterable {
    case label, currentValue, minimum, maximum
}
