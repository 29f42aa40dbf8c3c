import Accessory
import FoundationEssentials
import JSON  // for .object, .string

/// Makes a running widget of any source of JSON timelines (a command, a push, an HTTP
/// template): its entries drawn by `JSONEntryView`, saved and restored with the state.
package enum JSONTimelineInstance {
    package static func render(_ entry: TimelineJSON.Entry) -> RenderableEntry {
        RenderableEntry(entry) { JSONEntryView(entry: $0) }
    }

    /// What shows, redacted, before the first timeline.
    static func placeholder(_ context: TimelineProviderContext) -> RenderableEntry {
        render(TimelineJSON.Entry(date: context.date, relevance: nil, content: .object(["text": .string("Loading…")])))
    }

    package static func make(fetch: @escaping @Sendable (TimelineProviderContext) async throws -> TimelineJSON) -> WidgetInstance {
        WidgetInstance(
            placeholder: placeholder,
            snapshot: { context in
                guard let first = (try? await fetch(context))?.entries.first else { return placeholder(context) }
                return render(first)
            },
            timeline: { context in
                let timeline = try await fetch(context)
                return RenderableTimeline(entries: timeline.entries.map(render), policy: timeline.policy)
            },
            restore: { _, _, data in
                // Saved state is input like a push: checked the same way, or dropped.
                RenderableEntry.decode(TimelineJSON.Entry.self, from: data).flatMap(TimelineJSON.validated).map(render)
            })
    }
}
