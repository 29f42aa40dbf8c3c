import ActivityKitCore
import FoundationEssentials

/// A preview of a Live Activity's presentation for each of some content states, as
/// WidgetKit's `#Preview(_:as:using:widget:contentStates:)`:
///
/// ```swift
/// #Preview("Delivery", as: .content, using: DeliveryAttributes.preview) {
///     DeliveryActivity()
/// } contentStates: {
///     DeliveryAttributes.ContentState.onTheWay
///     DeliveryAttributes.ContentState.arrived
/// }
/// ```
@freestanding(declaration)
public macro Preview<Attributes: ActivityAttributes, W: Widget>(
    _ name: String? = nil, as viewKind: ActivityPreviewViewKind, using attributes: Attributes,
    widget: () -> W, @ActivityPreviewContentStateBuilder<Attributes> contentStates: () -> [Attributes.ContentState]
) = #externalMacro(module: "AccessoryMacros", type: "PreviewMacro")

/// Collects a preview's content states, one per line.
@resultBuilder
public enum ActivityPreviewContentStateBuilder<Attributes: ActivityAttributes> {
    public static func buildExpression(_ state: Attributes.ContentState) -> [Attributes.ContentState] { [state] }
    public static func buildBlock(_ parts: [Attributes.ContentState]...) -> [Attributes.ContentState] { parts.flatMap(\.self) }
    public static func buildOptional(_ part: [Attributes.ContentState]?) -> [Attributes.ContentState] { part ?? [] }
    public static func buildEither(first part: [Attributes.ContentState]) -> [Attributes.ContentState] { part }
    public static func buildEither(second part: [Attributes.ContentState]) -> [Attributes.ContentState] { part }
    public static func buildArray(_ parts: [[Attributes.ContentState]]) -> [Attributes.ContentState] { parts.flatMap(\.self) }
}

extension AccessoryPreview {
    public static func make<Attributes: ActivityAttributes, W: Widget>(
        file: String, line: Int, _ name: String? = nil, as viewKind: ActivityPreviewViewKind, using attributes: Attributes,
        widget: () -> W, @ActivityPreviewContentStateBuilder<Attributes> contentStates: () -> [Attributes.ContentState]
    ) -> AccessoryPreview {
        let presenter = widget().activityPresenters.first { $0.attributesType == Activity<Attributes>.typeName }
        let now = Date(timeIntervalSince1970: 0)
        let family: WidgetFamily = switch viewKind {
        case .content, .dynamicIsland(.expanded): .systemMedium
        case .dynamicIsland(.compact): .accessoryRectangular
        case .dynamicIsland(.minimal): .accessoryCircular
        }
        let entries = contentStates().compactMap { state -> RenderableEntry? in
            guard let presenter, let attributesData = try? ActivityCoding.encode(attributes),
                  let stateData = try? ActivityCoding.encode(state) else { return nil }
            let record = ActivityRecord(
                id: "preview", attributesType: presenter.attributesType, attributes: attributesData, state: stateData, staleDate: nil,
                relevanceScore: 0, phase: .active, started: now, timestamp: now)
            guard let presentation = presenter.present(record, now) else { return nil }
            return switch viewKind {
            case .content: presentation.lockScreen
            case .dynamicIsland(.expanded): presentation.expanded
            case .dynamicIsland(.compact): presentation.compact
            case .dynamicIsland(.minimal): presentation.minimal
            }
        }
        return AccessoryPreview(name: name ?? "\(file):\(line)", family: family, isView: false, entries: entries)
    }
}
