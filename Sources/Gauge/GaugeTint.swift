import Canvas

/// The colours a gauge is tinted with: one colour, or a gradient along its scale.
package struct GaugeTint: Hashable, Sendable {
    package var colors: [RGBA]

    package init(_ colors: [RGBA]) {
        self.colors = colors.isEmpty ? [.white] : colors
    }

    package var isGradient: Bool { colors.count > 1 }

    /// The tint at a point of the scale, 0 at the minimum and 1 at the maximum.
    package func color(at position: Double) -> RGBA {
        guard colors.count > 1 else { return colors[0] }
        let scaled = min(1, max(0, position)) * Double(colors.count - 1)
        let index = min(Int(scaled), colors.count - 2)
        return colors[index].interpolated(to: colors[index + 1], fraction: scaled - Double(index))
    }
}
