import Canvas
import Foundation

/// Everything the daemon knows about a widget kind: its names, families, parameters,
/// and how to make a running instance from parameter values.
package struct WidgetDescriptor: Sendable {
    package let kind: String
    package var displayName: String
    package var description: String
    package var supportedFamilies: [WidgetFamily]
    /// The configurable parameters (empty for a `StaticConfiguration`).
    package let parameters: [ParameterDescriptor]
    /// Makes an instance with parameters given as text by name; unknown names and
    /// values of the wrong type are errors.
    package let instantiate: @Sendable (_ parameters: [String: String]) throws(ParameterError) -> WidgetInstance
}

/// A configured widget: its provider behind closures that hand back renderable entries.
package struct WidgetInstance: Sendable {
    package let placeholder: @Sendable (TimelineProviderContext) -> RenderableEntry
    package let snapshot: @Sendable (TimelineProviderContext) async -> RenderableEntry
    package let timeline: @Sendable (TimelineProviderContext) async -> RenderableTimeline
}

/// A timeline with its entry type erased.
package struct RenderableTimeline: Sendable {
    package var entries: [RenderableEntry]
    package var policy: TimelineReloadPolicy

    package init(entries: [RenderableEntry], policy: TimelineReloadPolicy) {
        self.entries = entries
        self.policy = policy
    }
}

/// An entry with its type erased: its date and relevance, and its view ready to lay out.
package struct RenderableEntry: Sendable {
    package let date: Date
    package let relevance: TimelineEntryRelevance?
    let makeNode: @Sendable (EnvironmentValues) -> LayoutNode

    /// An entry showing `content(entry)`.
    init<Entry: TimelineEntry, Content: View>(_ entry: Entry, content: ViewFactory<Entry, Content>) {
        date = entry.date
        relevance = entry.relevance
        makeNode = { env in Accessory.makeNode(content.make(entry), in: env) }
    }

    /// An entry showing a view directly: the daemon's own content (clock, date line).
    package init<V: View>(date: Date, relevance: TimelineEntryRelevance? = nil, view: @escaping @Sendable () -> V) {
        self.date = date
        self.relevance = relevance
        makeNode = { env in Accessory.makeNode(view(), in: env) }
    }

    /// Lays the entry's view out at `size` points in `environment` (its family, time,
    /// appearance). The inline family keeps only a leading image and one line of text.
    package func place(size: Size, environment: EnvironmentValues) -> PlacedView {
        var root = makeNode(environment)
        if environment.widgetFamily == .accessoryInline {
            root = InlineFlattening.flatten(root, width: size.width, environment: environment)
        }
        let fitted = root.sizeThatFits(ProposedSize(size))
        // Content smaller than the widget is centred, as WidgetKit centres a widget's view.
        let origin = Point(
            x: environment.widgetFamily == .accessoryInline ? 0 : (size.width - fitted.width) / 2,
            y: (size.height - fitted.height) / 2)
        let placed = root.place(in: Rect(origin: origin, size: fitted))
        return PlacedView(frame: Rect(origin: .zero, size: size), content: .clip, children: [placed], name: environment.widgetFamily.rawValue)
    }
}

/// A widget's view builder closure. Builders are pure functions of the entry, so
/// sharing one across tasks is safe even though Swift cannot prove it.
struct ViewFactory<Entry, Content: View>: @unchecked Sendable {
    let make: (Entry) -> Content
}
