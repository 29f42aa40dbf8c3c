import Canvas

/// Something text, images and gauges can be painted with: a `Color`, a hierarchical
/// level (`.primary`, `.secondary`, …) or a `Gradient`.
public protocol ShapeStyle: Sendable {}

/// A content level relative to the appearance's ink, as `.secondary` in SwiftUI.
public struct HierarchicalShapeStyle: ShapeStyle, Hashable {
    let opacity: Double

    public static let primary = HierarchicalShapeStyle(opacity: 1)
    public static let secondary = HierarchicalShapeStyle(opacity: 0.6)
    public static let tertiary = HierarchicalShapeStyle(opacity: 0.4)
    public static let quaternary = HierarchicalShapeStyle(opacity: 0.25)
}

extension ShapeStyle where Self == HierarchicalShapeStyle {
    public static var primary: HierarchicalShapeStyle { .primary }
    public static var secondary: HierarchicalShapeStyle { .secondary }
    public static var tertiary: HierarchicalShapeStyle { .tertiary }
    public static var quaternary: HierarchicalShapeStyle { .quaternary }
}

extension ShapeStyle where Self == Color {
    public static var black: Color { Color.black }
    public static var white: Color { Color.white }
    public static var gray: Color { Color.gray }
    public static var red: Color { Color.red }
    public static var orange: Color { Color.orange }
    public static var yellow: Color { Color.yellow }
    public static var green: Color { Color.green }
    public static var mint: Color { Color.mint }
    public static var teal: Color { Color.teal }
    public static var cyan: Color { Color.cyan }
    public static var blue: Color { Color.blue }
    public static var indigo: Color { Color.indigo }
    public static var purple: Color { Color.purple }
    public static var pink: Color { Color.pink }
    public static var brown: Color { Color.brown }
    public static var clear: Color { Color.clear }
}

/// Colours spread along a gauge's scale or a shape.
public struct Gradient: ShapeStyle, Hashable {
    /// A colour and where it sits along the gradient, 0 to 1.
    public struct Stop: Hashable, Sendable {
        public var color: Color
        public var location: Double

        public init(color: Color, location: Double) {
            self.color = color
            self.location = location
        }
    }

    /// The colours and their places, in order.
    public var stops: [Stop]

    /// The colours, evenly spaced from start to end.
    public var colors: [Color] { stops.map(\.color) }

    public init(colors: [Color]) {
        stops = colors.enumerated().map { i, color in
            Stop(color: color, location: colors.count > 1 ? Double(i) / Double(colors.count - 1) : 0)
        }
    }

    public init(stops: [Stop]) {
        self.stops = stops.sorted { $0.location < $1.location }
    }
}

/// A shape style with its type erased, as SwiftUI's: for choosing between styles of
/// different types, as `flag ? AnyShapeStyle(.green) : AnyShapeStyle(.primary)`.
public struct AnyShapeStyle: Sendable, Hashable {
    enum Storage: Sendable, Hashable {
        case color(RGBA)
        case hierarchical(Double)
        case gradient([RGBA])
        /// A `LinearGradient`: colours at places along a line across the frame.
        case linear([GradientStop], start: UnitPoint, end: UnitPoint)
        /// The appearance's background: the opposite of its ink.
        case background
    }

    let storage: Storage

    init(storage: Storage) {
        self.storage = storage
    }

    public init(_ style: some ShapeStyle) {
        switch style {
        case let color as Color: storage = color.inkLevel.map { .hierarchical($0) } ?? .color(color.rgba)
        case let level as HierarchicalShapeStyle: storage = .hierarchical(level.opacity)
        case let gradient as Gradient: storage = .gradient(gradient.colors.map(\.rgba))
        case let linear as LinearGradient:
            storage = .linear(linear.gradient.stops.map { GradientStop(color: $0.color.rgba, location: $0.location) }, start: linear.startPoint, end: linear.endPoint)
        case is BackgroundStyle: storage = .background
        case let erased as AnyShapeStyle: storage = erased.storage
        default: storage = .hierarchical(1)
        }
    }

    var isHierarchical: Bool {
        if case .hierarchical = storage { return true }
        return false
    }

    /// A single colour for this style (a gradient's first), given the appearance's ink.
    func color(primaryInk: RGBA) -> RGBA {
        switch storage {
        case let .color(c): c
        case let .hierarchical(opacity): primaryInk.multiplyingAlpha(opacity)
        case let .gradient(colors): colors.first ?? primaryInk
        case let .linear(stops, _, _): stops.first?.color ?? primaryInk
        case .background: primaryInk == .white ? .black : .white
        }
    }

    /// The colours along a scale: one for a plain style, several for a gradient.
    func colors(primaryInk: RGBA) -> [RGBA] {
        if case let .gradient(colors) = storage, !colors.isEmpty { return colors }
        if case let .linear(stops, _, _) = storage, !stops.isEmpty { return stops.map(\.color) }
        return [color(primaryInk: primaryInk)]
    }
}

extension AnyShapeStyle: ShapeStyle {}

/// The fill styles of SwiftUI (`.fill.tertiary`), as a widget's container background
/// names them; each level is a hierarchical level of the ink.
public struct FillShapeStyle: ShapeStyle, Hashable {
    public init() {}
}

extension ShapeStyle where Self == FillShapeStyle {
    public static var fill: FillShapeStyle { FillShapeStyle() }
}

extension ShapeStyle {
    /// This style one level dimmer.
    public var secondary: HierarchicalShapeStyle { .secondary }
    /// This style two levels dimmer.
    public var tertiary: HierarchicalShapeStyle { .tertiary }
    /// This style three levels dimmer.
    public var quaternary: HierarchicalShapeStyle { .quaternary }
}
