import Canvas

/// A point in a view's frame as fractions of its size: `.top` is (0.5, 0), as SwiftUI's.
public struct UnitPoint: Hashable, Sendable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = UnitPoint(x: 0, y: 0)
    public static let center = UnitPoint(x: 0.5, y: 0.5)
    public static let leading = UnitPoint(x: 0, y: 0.5)
    public static let trailing = UnitPoint(x: 1, y: 0.5)
    public static let top = UnitPoint(x: 0.5, y: 0)
    public static let bottom = UnitPoint(x: 0.5, y: 1)
    public static let topLeading = UnitPoint(x: 0, y: 0)
    public static let topTrailing = UnitPoint(x: 1, y: 0)
    public static let bottomLeading = UnitPoint(x: 0, y: 1)
    public static let bottomTrailing = UnitPoint(x: 1, y: 1)

    /// The point this names in `size`, from the frame's top-left corner.
    func point(in size: Size) -> Point { Point(x: x * size.width, y: y * size.height) }
}

/// Colours blended along a line across a shape, as SwiftUI's `LinearGradient`: from
/// `startPoint` to `endPoint` of the frame it fills, the end colours continuing beyond.
///
/// On the lock screen's vibrant mode each colour becomes its level of the ink, as iOS
/// does, so a gradient shows as a ramp of one ink.
public struct LinearGradient: ShapeStyle, View, PrimitiveView, Hashable {
    let gradient: Gradient
    let startPoint: UnitPoint
    let endPoint: UnitPoint

    public init(gradient: Gradient, startPoint: UnitPoint, endPoint: UnitPoint) {
        self.gradient = gradient
        self.startPoint = startPoint
        self.endPoint = endPoint
    }

    public init(colors: [Color], startPoint: UnitPoint, endPoint: UnitPoint) {
        self.init(gradient: Gradient(colors: colors), startPoint: startPoint, endPoint: endPoint)
    }

    public init(stops: [Gradient.Stop], startPoint: UnitPoint, endPoint: UnitPoint) {
        self.init(gradient: Gradient(stops: stops), startPoint: startPoint, endPoint: endPoint)
    }

    public var body: Never { bodyNever() }

    package func makeNode(in environment: EnvironmentValues) -> LayoutNode {
        FillNode(shape: .rectangle, paint: environment.paint(AnyShapeStyle(self)), name: "LinearGradient")
    }
}

extension ShapeStyle where Self == LinearGradient {
    /// A linear gradient, as `.fill(.linearGradient(colors: [.blue, .teal], startPoint: .top, endPoint: .bottom))`.
    public static func linearGradient(_ gradient: Gradient, startPoint: UnitPoint, endPoint: UnitPoint) -> LinearGradient {
        LinearGradient(gradient: gradient, startPoint: startPoint, endPoint: endPoint)
    }

    public static func linearGradient(colors: [Color], startPoint: UnitPoint, endPoint: UnitPoint) -> LinearGradient {
        LinearGradient(colors: colors, startPoint: startPoint, endPoint: endPoint)
    }

    public static func linearGradient(stops: [Gradient.Stop], startPoint: UnitPoint, endPoint: UnitPoint) -> LinearGradient {
        LinearGradient(stops: stops, startPoint: startPoint, endPoint: endPoint)
    }
}

extension Color {
    /// The colour as a soft top-to-bottom gradient, as SwiftUI's `Color.gradient`: a
    /// little lighter at the top, the colour itself at the bottom.
    public var gradient: LinearGradient {
        let lighter = RGBA(red: rgba.red + (1 - rgba.red) * 0.18, green: rgba.green + (1 - rgba.green) * 0.18, blue: rgba.blue + (1 - rgba.blue) * 0.18, alpha: rgba.alpha)
        return LinearGradient(colors: [Color(lighter, inkLevel: inkLevel), self], startPoint: .top, endPoint: .bottom)
    }
}

/// What a shape is painted with once the environment has chosen its colours; the
/// gradient's points wait for the frame.
package enum ShapePaint: Hashable, Sendable {
    case color(RGBA)
    case linear([GradientStop], start: UnitPoint, end: UnitPoint)

    /// The paint for a frame of `size`, in coordinates from its top-left corner.
    package func paint(in size: Size) -> Paint {
        switch self {
        case let .color(color): .color(color)
        case let .linear(stops, start, end): .linearGradient(stops: stops, start: start.point(in: size), end: end.point(in: size))
        }
    }

    /// One colour standing for the paint where only one can be drawn.
    var firstColor: RGBA {
        switch self {
        case let .color(color): color
        case let .linear(stops, _, _): stops.first?.color ?? .white
        }
    }
}
