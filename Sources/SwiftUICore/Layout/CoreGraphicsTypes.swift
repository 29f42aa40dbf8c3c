/// A width and a height in points: the type of `TimelineProviderContext.displaySize`, as
/// in WidgetKit.
///
/// Declared here because the daemon is built on FoundationEssentials, which has no
/// CoreGraphics types: importing Foundation (with its 30 MB of ICU) for one struct is not
/// worth it. Widget code that reads `context.displaySize.width`, or passes
/// `CGSize(width:height:)` where a context wants one, compiles unchanged, Foundation
/// imported or not; code that imports Foundation too and writes `CGSize` as a type of its
/// own declarations must say `SwiftUICore.CGSize` there.
public struct CGSize: Hashable, Sendable {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    public static let zero = CGSize(width: 0, height: 0)
}

/// A point in points, as Core Graphics': what `GeometryProxy` and chart positions give.
/// Declared here for the reason `CGSize` is.
public struct CGPoint: Hashable, Sendable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = CGPoint(x: 0, y: 0)
}

/// A rectangle in points, as Core Graphics': `GeometryProxy.frame(in:)`. Declared here
/// for the reason `CGSize` is.
public struct CGRect: Hashable, Sendable {
    public var origin: CGPoint
    public var size: CGSize

    public init(origin: CGPoint, size: CGSize) {
        self.origin = origin
        self.size = size
    }

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: CGPoint(x: x, y: y), size: CGSize(width: width, height: height))
    }

    public static let zero = CGRect(x: 0, y: 0, width: 0, height: 0)

    public var width: Double { size.width }
    public var height: Double { size.height }
    public var minX: Double { origin.x }
    public var minY: Double { origin.y }
    public var midX: Double { origin.x + size.width / 2 }
    public var midY: Double { origin.y + size.height / 2 }
    public var maxX: Double { origin.x + size.width }
    public var maxY: Double { origin.y + size.height }
}
