/// A width and a height in points: the type of `TimelineProviderContext.displaySize`, as
/// in WidgetKit.
///
/// Declared here because the daemon is built on FoundationEssentials, which has no
/// CoreGraphics types: importing Foundation (with its 30 MB of ICU) for one struct is not
/// worth it. Widget code that reads `context.displaySize.width`, or passes
/// `CGSize(width:height:)` where a context wants one, compiles unchanged, Foundation
/// imported or not; code that imports Foundation too and writes `CGSize` as a type of its
/// own declarations must say `Accessory.CGSize` there.
public struct CGSize: Hashable, Sendable {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    public static let zero = CGSize(width: 0, height: 0)
}
