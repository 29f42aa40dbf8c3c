import Canvas
import SwiftUICore

/// The standard translucent backdrop of an accessory widget: a disc in the circular
/// family, a rounded rectangle in the rectangular one.
public struct AccessoryWidgetBackground: View, PrimitiveView {
    public init() {}

    public var body: Never { bodyNever() }

    /// The backdrop's opacity of the ink colour.
    static let opacity = 0.18

    package func makeNode(in environment: EnvironmentValues) -> LayoutNode {
        let shape: FillShape = environment.family == .accessoryCircular ? .circle : .roundedRectangle(cornerRadius: 12)
        let color = environment.primaryInk.multiplyingAlpha(environment.isRedacted ? Self.opacity / 2 : Self.opacity)
        return FillNode(shape: shape, color: color, name: "AccessoryWidgetBackground")
    }
}
