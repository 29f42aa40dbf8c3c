import Accessory
import Foundation
import Logging
import Synchronization

/// Decides when each widget shows which entry and when its provider is asked again.
///
/// One actor for the whole daemon. Each widget starts on its provider's placeholder
/// (drawn redacted); a timeline replaces it when it arrives. The entry shown is the
/// latest whose date is not in the future; reloads follow the timeline's policy.
package actor TimelineEngine {
    /// A widget placed on the lock screen.
    package struct Widget: Sendable {
        package let name: String
        package let family: WidgetFamily
        package let instance: WidgetInstance

        package init(name: String, family: WidgetFamily, instance: WidgetInstance) {
            self.name = name
            self.family = family
            self.instance = instance
        }
    }

    /// What a widget shows at some moment.
    package struct Shown: Sendable {
        package let entry: RenderableEntry
        package let isPlaceholder: Bool
        /// Changes whenever the entry shown changes: the redraw key of the widget's slot.
        package let key: String
    }

    private struct State {
        let widget: Widget
        let placeholder: RenderableEntry
        var entries: [RenderableEntry] = []
        var reloadAt: Date?
        var generation = 0
        var failing = false
    }

    private var states: [State]
    private let timeout: Duration
    /// The shortest wait before asking a provider again, so a timeline that ends in the
    /// past cannot make the engine ask in a loop.
    private let minimumReloadInterval: TimeInterval = 60
    private let logger: Logger

    package init(widgets: [Widget], now: Date, timeout: Duration = .seconds(10), logger: Logger) {
        self.timeout = timeout
        self.logger = logger
        states = widgets.map { widget in
            let context = TimelineProviderContext(family: widget.family, displaySize: Self.displaySize(widget.family), date: now)
            return State(widget: widget, placeholder: widget.instance.placeholder(context), reloadAt: .distantPast)
        }
    }

    private static func displaySize(_ family: WidgetFamily) -> CGSize {
        let (w, h) = family.referenceSize
        return CGSize(width: w, height: h)
    }

    package var count: Int { states.count }

    /// Asks every provider whose reload time has come for a new timeline, all at once;
    /// returns the indices of the widgets whose timeline changed.
    @discardableResult
    package func reloadDue(now: Date) async -> [Int] {
        let due = states.indices.filter { states[$0].reloadAt.map { $0 <= now } ?? false }
        guard !due.isEmpty else { return [] }
        let timeout = self.timeout
        let results = await withTaskGroup(of: (Int, RenderableTimeline?).self) { group in
            for i in due {
                let widget = states[i].widget
                let context = TimelineProviderContext(family: widget.family, displaySize: Self.displaySize(widget.family), date: now)
                group.addTask { (i, await Self.fetch(widget.instance, context: context, timeout: timeout)) }
            }
            var results: [(Int, RenderableTimeline?)] = []
            for await result in group { results.append(result) }
            return results
        }
        var changed: [Int] = []
        for (i, timeline) in results.sorted(by: { $0.0 < $1.0 }) {
            guard let timeline else {
                if !states[i].failing { logger.warning("widget '\(states[i].widget.name)' did not answer within \(timeout); keeping what it shows") }
                states[i].failing = true
                states[i].reloadAt = now.addingTimeInterval(minimumReloadInterval)
                continue
            }
            if states[i].failing { logger.info("widget '\(states[i].widget.name)' answers again") }
            states[i].failing = false
            if !timeline.entries.isEmpty {
                states[i].entries = Self.ordered(timeline.entries)
                states[i].generation += 1
                changed.append(i)
            }
            states[i].reloadAt = reloadTime(policy: timeline.policy, entries: states[i].entries, now: now)
        }
        return changed
    }

    /// Entries sorted by date; of entries with equal dates the last one given wins.
    static func ordered(_ entries: [RenderableEntry]) -> [RenderableEntry] {
        let sorted = entries.enumerated().sorted { ($0.element.date, $0.offset) < ($1.element.date, $1.offset) }.map(\.element)
        var result: [RenderableEntry] = []
        for entry in sorted {
            if let last = result.last, last.date == entry.date { result.removeLast() }
            result.append(entry)
        }
        return result
    }

    private func reloadTime(policy: TimelineReloadPolicy, entries: [RenderableEntry], now: Date) -> Date? {
        let earliest = now.addingTimeInterval(minimumReloadInterval)
        switch policy.kind {
        case .atEnd: return max(entries.last?.date ?? now, earliest)
        case let .after(date): return max(date, earliest)
        case .never: return nil
        }
    }

    /// Asks a provider for a timeline, giving up after `timeout`; a provider that never
    /// answers is left running in the background and does not hold up the others.
    static func fetch(_ instance: WidgetInstance, context: TimelineProviderContext, timeout: Duration) async -> RenderableTimeline? {
        await withCheckedContinuation { continuation in
            let resumed = Mutex(false)
            let resume: @Sendable (RenderableTimeline?) -> Void = { timeline in
                let first = resumed.withLock { done in
                    defer { done = true }
                    return !done
                }
                if first { continuation.resume(returning: timeline) }
            }
            let work = Task { resume(await instance.timeline(context)) }
            Task {
                try? await Task.sleep(for: timeout)
                resume(nil)
                work.cancel()
            }
        }
    }

    /// What widget `index` shows at `now`.
    package func shown(_ index: Int, at now: Date) -> Shown {
        let state = states[index]
        guard let position = state.entries.lastIndex(where: { $0.date <= now }) ?? (state.entries.isEmpty ? nil : 0) else {
            return Shown(entry: state.placeholder, isPlaceholder: true, key: "placeholder")
        }
        return Shown(entry: state.entries[position], isPlaceholder: false, key: "\(state.generation).\(position)")
    }

    /// The earliest instant after `now` when an entry changes or a reload is due.
    package func nextEvent(after now: Date) -> Date? {
        var times: [Date] = []
        for state in states {
            if let reload = state.reloadAt { times.append(max(reload, now)) }
            if let next = state.entries.first(where: { $0.date > now }) { times.append(next.date) }
        }
        return times.min()
    }
}
