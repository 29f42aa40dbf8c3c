import Accessory
import FoundationEssentials
import JSON  // for .object, .string

/// Makes a running widget of any source of JSON timelines (a command, a push, an HTTP
/// template): its entries drawn by `JSONEntryView`, saved and restored with the state.
package enum JSONTimelineInstance {
    package static func render(_ entry: TimelineJSON.Entry) -> RenderableEntry {
        RenderableEntry(entry, drawnFrom: Drawn(content: entry.content)) { JSONEntryView(entry: $0) }
    }

    /// What `JSONEntryView` reads of an entry: its content but the date and relevance,
    /// which the engine reads. Entries that differ only in them draw alike.
    struct Drawn: Equatable, Sendable {
        let content: JSONValue

        static func == (a: Drawn, b: Drawn) -> Bool {
            // The same value (a timeline read again shares its storage): at once.
            if a.content == b.content { return true }
            guard case let .object(x) = a.content, case let .object(y) = b.content else { return false }
            let engines = ["date", "relevance"]
            func drawnCount(_ fields: [String: JSONValue]) -> Int { fields.count - engines.filter { fields[$0] != nil }.count }
            guard drawnCount(x) == drawnCount(y) else { return false }
            return x.allSatisfy { key, value in engines.contains(key) || y[key] == value }
        }
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
