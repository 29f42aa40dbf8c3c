/// Where a view sits horizontally in space wider than it.
public enum HorizontalAlignment: Sendable, Hashable {
    case leading, center, trailing

    func offset(_ child: Double, in container: Double) -> Double {
        switch self {
        case .leading: 0
        case .center: (container - child) / 2
        case .trailing: container - child
        }
    }
}

/// Where a view sits vertically in space taller than it.
public enum VerticalAlignment: Sendable, Hashable {
    case top, center, bottom, firstTextBaseline, lastTextBaseline

    func offset(_ child: Double, in container: Double) -> Double {
        switch self {
        case .top, .firstTextBaseline: 0
        case .center: (container - child) / 2
        case .bottom, .lastTextBaseline: container - child
        }
    }
}

/// A horizontal and a vertical alignment together.
public struct Alignment: Sendable, Hashable {
    public var horizontal: HorizontalAlignment
    public var vertical: VerticalAlignment

    public init(horizontal: HorizontalAlignment, vertical: VerticalAlignment) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    public static let center = Alignment(horizontal: .center, vertical: .center)
    public static let leading = Alignment(horizontal: .leading, vertical: .center)
    public static let trailing = Alignment(horizontal: .trailing, vertical: .center)
    public static let top = Alignment(horizontal: .center, vertical: .top)
    public static let bottom = Alignment(horizontal: .center, vertical: .bottom)
    public static let topLeading = Alignment(horizontal: .leading, vertical: .top)
    public static let topTrailing = Alignment(horizontal: .trailing, vertical: .top)
    public static let bottomLeading = Alignment(horizontal: .leading, vertical: .bottom)
    public static let bottomTrailing = Alignment(horizontal: .trailing, vertical: .bottom)
}

/// The edges of a rectangle, for padding.
public enum Edge: Sendable, Hashable, CaseIterable {
    case top, leading, bottom, trailing

    /// A set of edges.
    public struct Set: OptionSet, Sendable, Hashable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let top = Set(rawValue: 1)
        public static let leading = Set(rawValue: 2)
        public static let bottom = Set(rawValue: 4)
        public static let trailing = Set(rawValue: 8)
        public static let horizontal: Set = [.leading, .trailing]
        public static let vertical: Set = [.top, .bottom]
        public static let all: Set = [.horizontal, .vertical]
    }
}

/// Insets on the four edges, in points.
public struct EdgeInsets: Sendable, Hashable {
    public var top, leading, bottom, trailing: Double

    public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }
}

/// The axes of a layout.
public enum Axis: Sendable, Hashable {
    case horizontal, vertical

    /// A set of axes.
    public struct Set: OptionSet, Sendable, Hashable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let horizontal = Set(rawValue: 1)
        public static let vertical = Set(rawValue: 2)
    }
}
