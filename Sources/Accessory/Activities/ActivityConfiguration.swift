import ActivityKitCore
import FoundationEssentials

/// What an activity's views are given, as WidgetKit's `ActivityViewContext`.
public struct ActivityViewContext<Attributes: ActivityAttributes> {
    /// The attributes the activity was started with.
    public let attributes: Attributes
    /// The latest content state.
    public let state: Attributes.ContentState
    /// The activity's id (its push token).
    public let activityID: String
    /// True once the content's stale date has passed with no newer update.
    public let isStale: Bool
}

/// A Live Activity's views, as WidgetKit's `ActivityConfiguration`: the lock screen's
/// view, drawn in the band below the widgets, and the Dynamic Island's presentations,
/// drawn where a panel has only an accessory's room.
public struct ActivityConfiguration<Attributes: ActivityAttributes>: WidgetConfiguration, PrimitiveWidgetConfiguration {
    let presenter: ActivityPresenter
    var offer: WidgetOffer { .activity(presenter) }

    public init<Content: View>(
        for attributesType: Attributes.Type,
        @ViewBuilder content: @escaping (ActivityViewContext<Attributes>) -> Content,
        dynamicIsland: @escaping (ActivityViewContext<Attributes>) -> DynamicIsland
    ) {
        let views = ActivityViews<Attributes>(content: { AnyView(content($0)) }, island: dynamicIsland)
        presenter = ActivityPresenter(attributesType: Activity<Attributes>.typeName, present: views.present, check: views.check)
    }

    /// The iOS 16.1 name of `init(for:content:dynamicIsland:)`.
    @available(*, deprecated, renamed: "init(for:content:dynamicIsland:)")
    public init<Content: View>(
        attributesType: Attributes.Type,
        @ViewBuilder content: @escaping (ActivityViewContext<Attributes>) -> Content,
        dynamicIsland: @escaping (ActivityViewContext<Attributes>) -> DynamicIsland
    ) {
        self.init(for: attributesType, content: content, dynamicIsland: dynamicIsland)
    }
}

/// The sizes an activity's lock-screen view is drawn at, as WidgetKit's `ActivityFamily`:
/// `.medium` is the lock screen's band, `.small` the watch's and CarPlay's smaller one,
/// which the daemon uses on a panel too small for the band.
public enum ActivityFamily: String, Sendable, Hashable, CaseIterable {
    case small, medium
}

/// What a preview of an activity shows, as WidgetKit's `ActivityPreviewViewKind`.
public enum ActivityPreviewViewKind: Sendable, Hashable {
    /// The lock screen's view.
    case content
    /// One of the island's presentations.
    case dynamicIsland(DynamicIslandPreviewKind)

    public enum DynamicIslandPreviewKind: Sendable, Hashable {
        case compact, expanded, minimal
    }
}

extension WidgetConfiguration {
    /// The smaller sizes the activity's view also supports; the daemon draws `.small`
    /// when the band is narrower than a phone's.
    public func supplementalActivityFamilies(_ families: [ActivityFamily]) -> some WidgetConfiguration { self }
}

extension View {
    /// The band's background behind the activity's lock-screen view; nil is the
    /// system's material (the tile colour of the appearance).
    public func activityBackgroundTint(_ color: Color?) -> some View {
        layout { child, env in
            if let color, let sink = env.containerBackground, sink.node == nil {
                sink.node = SwiftUICore.makeNode(color, in: env)
            }
            return child
        }
    }

    /// The colour of the system's buttons drawn with the activity; a desk panel draws none.
    public func activitySystemActionForegroundColor(_ color: Color?) -> some View { self }
}

extension EnvironmentValues {
    /// The size the activity's lock-screen view is drawn at.
    public var activityFamily: ActivityFamily {
        get { self[ActivityFamilyKey.self] }
        set { self[ActivityFamilyKey.self] = newValue }
    }

    /// True when the activity fills the screen (StandBy); the band never does.
    public var isActivityFullscreen: Bool { false }
}

private enum ActivityFamilyKey: EnvironmentKey {
    static let defaultValue = ActivityFamily.medium
}

/// How the daemon draws the activities of one attributes type.
package struct ActivityPresenter: Sendable {
    package let attributesType: String
    /// The presentations of a record as of `now`; nil when its attributes or state do
    /// not decode as this type's.
    package let present: @Sendable (_ record: ActivityRecord, _ now: Date) -> ActivityPresentation?
    /// Why attributes (nil: not given) or a content state do not decode as this type's;
    /// nil when they do. A push is checked before the daemon keeps it, so every stored
    /// state draws.
    package let check: @Sendable (_ attributes: Data?, _ state: Data) -> String?
}

/// An activity's presentations, ready to lay out.
package struct ActivityPresentation: Sendable {
    /// The lock screen's view: drawn as a home-screen tile (its background, margins and
    /// rounded corners) at the band's size.
    package let lockScreen: RenderableEntry
    /// The island's expanded regions, shown when an update brings an alert.
    package let expanded: RenderableEntry
    /// The island's compact sides in one line, for a rectangular slot or the inline line.
    package let compact: RenderableEntry
    /// The island's minimal view, for a circular slot.
    package let minimal: RenderableEntry
    /// Where a tap on the activity goes.
    package let url: URL?
}

/// An activity's view closures. They are pure functions of the context, so sharing them
/// across tasks is safe even though Swift cannot prove it.
private struct ActivityViews<Attributes: ActivityAttributes>: @unchecked Sendable {
    let content: (ActivityViewContext<Attributes>) -> AnyView
    let island: (ActivityViewContext<Attributes>) -> DynamicIsland

    func present(_ record: ActivityRecord, now: Date) -> ActivityPresentation? {
        guard let attributes = try? ActivityCoding.decode(Attributes.self, from: record.attributes),
              let state = try? ActivityCoding.decode(Attributes.ContentState.self, from: record.state) else { return nil }
        let context = ActivityViewContext(attributes: attributes, state: state, activityID: record.id, isStale: record.isStale)
        let island = ContextBox(island: island(context))
        // A tap on the band goes where a tap on the island would.
        let url = island.island?.url
        let lockScreen = ContextBox(island: nil, view: AnyView(content(context).widgetURL(url)))
        return ActivityPresentation(
            lockScreen: RenderableEntry(date: now) { lockScreen.view! },
            expanded: RenderableEntry(date: now) { island.island!.expandedView },
            compact: RenderableEntry(date: now) { island.island!.compactView },
            minimal: RenderableEntry(date: now) { island.island!.minimal },
            url: island.island?.url)
    }
}

extension ActivityViews {
    func check(attributes: Data?, state: Data) -> String? {
        do {
            if let attributes { _ = try ActivityCoding.decode(Attributes.self, from: attributes) }
        } catch {
            return "aps.attributes do not decode as \(Attributes.self): \(ActivityCoding.reason(error))"
        }
        do {
            _ = try ActivityCoding.decode(Attributes.ContentState.self, from: state)
        } catch {
            return "aps.content-state does not decode as \(Attributes.self).ContentState: \(ActivityCoding.reason(error))"
        }
        return nil
    }
}

/// Views made once from one context, drawn on one task.
private struct ContextBox: @unchecked Sendable {
    var island: DynamicIsland?
    var view: AnyView?
}
