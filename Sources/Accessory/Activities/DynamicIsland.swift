import FoundationEssentials

/// The Dynamic Island's presentations of an activity, as WidgetKit's: the expanded view
/// in regions, the compact view's two sides and the minimal view. A desk panel has no
/// island; the daemon draws these where a panel has only an accessory's room: the
/// compact view in a rectangular slot or the inline line, the minimal one in a circle,
/// and the expanded one for a moment when an update brings an alert.
public struct DynamicIsland {
    let regions: [DynamicIslandRegionView]
    let compactLeading: AnyView
    let compactTrailing: AnyView
    let minimal: AnyView
    var keyline: Color?
    var url: URL?

    public init<Expanded: View, CompactLeading: View, CompactTrailing: View, Minimal: View>(
        @DynamicIslandExpandedContentBuilder expanded: () -> DynamicIslandExpandedContent<Expanded>,
        @ViewBuilder compactLeading: () -> CompactLeading,
        @ViewBuilder compactTrailing: () -> CompactTrailing,
        @ViewBuilder minimal: () -> Minimal
    ) {
        regions = expanded().regions
        self.compactLeading = AnyView(compactLeading())
        self.compactTrailing = AnyView(compactTrailing())
        self.minimal = AnyView(minimal())
    }

    /// The colour of the island's outline; drawn as the compact view's ring colour.
    public func keylineTint(_ color: Color?) -> DynamicIsland {
        var copy = self
        copy.keyline = color
        return copy
    }

    /// The address a tap on the island opens (`[urls]` maps it to an action).
    public func widgetURL(_ url: URL?) -> DynamicIsland {
        var copy = self
        copy.url = url
        return copy
    }

    /// Margins around a presentation's content; the daemon keeps its own.
    public func contentMargins(_ edges: Edge.Set = .all, _ length: Double?, for mode: DynamicIslandMode) -> DynamicIsland { self }

    /// The expanded regions as iOS lays them out: leading and trailing beside the
    /// centre on top, the bottom region under them.
    var expandedView: AnyView {
        func views(_ position: DynamicIslandExpandedRegionPosition) -> [AnyView] {
            regions.filter { $0.position == position }.sorted { $0.priority > $1.priority }.map(\.view)
        }
        let (leading, trailing, center, bottom) = (views(.leading), views(.trailing), views(.center), views(.bottom))
        return AnyView(VStack(spacing: 4) {
            HStack(alignment: .top, spacing: 8) {
                ForEach(0..<leading.count, id: \.self) { leading[$0] }
                if center.isEmpty { Spacer(minLength: 0) }
                ForEach(0..<center.count, id: \.self) { center[$0].frame(maxWidth: .infinity) }
                ForEach(0..<trailing.count, id: \.self) { trailing[$0] }
            }
            ForEach(0..<bottom.count, id: \.self) { bottom[$0] }
        })
    }

    /// The compact view's sides in one line, as the island shows them around the camera.
    var compactView: AnyView {
        let (leading, trailing) = (compactLeading, compactTrailing)
        return AnyView(HStack(spacing: 4) {
            leading
            Spacer(minLength: 4)
            trailing
        })
    }
}

/// Where an expanded region sits, as WidgetKit's `DynamicIslandExpandedRegionPosition`.
public struct DynamicIslandExpandedRegionPosition: Sendable, Hashable {
    let name: String
    public static let leading = DynamicIslandExpandedRegionPosition(name: "leading")
    public static let trailing = DynamicIslandExpandedRegionPosition(name: "trailing")
    public static let center = DynamicIslandExpandedRegionPosition(name: "center")
    public static let bottom = DynamicIslandExpandedRegionPosition(name: "bottom")
}

/// The island's presentations, as WidgetKit's `DynamicIslandMode`.
public enum DynamicIslandMode: Sendable, Hashable {
    case compact, compactLeading, compactTrailing, minimal, expanded
}

/// How an expanded region's content may move when it is wider than its place.
public struct DynamicIslandExpandedRegionVerticalPlacement: Sendable, Hashable {
    public static let belowIfTooWide = DynamicIslandExpandedRegionVerticalPlacement()
}

/// One region of the expanded island, as WidgetKit's.
public struct DynamicIslandExpandedRegion<Content: View> {
    let position: DynamicIslandExpandedRegionPosition
    let priority: Double
    let content: Content

    public init(_ position: DynamicIslandExpandedRegionPosition, priority: Double = 0, @ViewBuilder content: () -> Content) {
        self.position = position
        self.priority = priority
        self.content = content()
    }

    /// Margins around the region's content; the daemon keeps its own.
    public func contentMargins(_ edges: Edge.Set = .all, _ length: Double?) -> DynamicIslandExpandedRegion<Content> { self }
}

/// A region with its view's type erased.
struct DynamicIslandRegionView {
    let position: DynamicIslandExpandedRegionPosition
    let priority: Double
    let view: AnyView
}

/// The expanded island's regions, as the builder collects them.
public struct DynamicIslandExpandedContent<Content: View> {
    let regions: [DynamicIslandRegionView]
}

/// Collects `DynamicIslandExpandedRegion`s, with `if` and `else` between them.
@resultBuilder
public enum DynamicIslandExpandedContentBuilder {
    public static func buildExpression<C: View>(_ region: DynamicIslandExpandedRegion<C>) -> DynamicIslandExpandedContent<AnyView> {
        DynamicIslandExpandedContent(regions: [DynamicIslandRegionView(position: region.position, priority: region.priority, view: AnyView(region.content))])
    }
    public static func buildBlock(_ parts: DynamicIslandExpandedContent<AnyView>...) -> DynamicIslandExpandedContent<AnyView> {
        DynamicIslandExpandedContent(regions: parts.flatMap(\.regions))
    }
    public static func buildOptional(_ part: DynamicIslandExpandedContent<AnyView>?) -> DynamicIslandExpandedContent<AnyView> {
        part ?? DynamicIslandExpandedContent(regions: [])
    }
    public static func buildEither(first part: DynamicIslandExpandedContent<AnyView>) -> DynamicIslandExpandedContent<AnyView> { part }
    public static func buildEither(second part: DynamicIslandExpandedContent<AnyView>) -> DynamicIslandExpandedContent<AnyView> { part }
    public static func buildLimitedAvailability(_ part: DynamicIslandExpandedContent<AnyView>) -> DynamicIslandExpandedContent<AnyView> { part }
}

extension View {
    /// Lets an expanded region's content move below the camera when it is too wide; the
    /// daemon's band has no camera, so content stays where it is.
    public func dynamicIsland(verticalPlacement: DynamicIslandExpandedRegionVerticalPlacement) -> some View { self }
}
