import Accessory
import FoundationEssentials
import ProviderOptions  // for .nextAllowed

extension TimelineEngine {
    // MARK: Reading

    /// What widget `index` shows at `now`: the latest entry not in the future (the first
    /// one while all are), else the placeholder.
    package func shown(_ index: Int, at now: Date) -> Shown {
        let state = states[index]
        guard !state.entries.isEmpty else {
            return Shown(entry: state.placeholder, isPlaceholder: true, isStale: false, key: "placeholder")
        }
        let position = state.entries.lastIndex { $0.date <= now } ?? 0
        let stale = state.isStale(at: now)
        // Keyed by the run of entries that draw alike, not the entry: a new entry showing
        // the same (the battery still full) is not laid out again.
        return Shown(entry: state.entries[position], isPlaceholder: false, isStale: stale, key: "\(state.generation).\(state.runStarts[position])\(stale ? "s" : "")")
    }

    /// The relevance score of the entry widget `index` shows at `now`, while its
    /// relevance lasts (a duration of 0 lasts as long as the entry is shown).
    package func relevance(_ index: Int, at now: Date) -> Float? {
        Self.relevance(of: shown(index, at: now), at: now)
    }

    static func relevance(of shown: Shown, at now: Date) -> Float? {
        guard !shown.isPlaceholder, let relevance = shown.entry.relevance else { return nil }
        if relevance.duration > 0, now >= shown.entry.date.addingTimeInterval(relevance.duration) { return nil }
        return relevance.score
    }

    /// All a step of the daemon reads, in one call rather than one per widget: each
    /// call into the actor and back can wait for a thread, and those waits made the
    /// slowest updates slower.
    package struct Reading: Sendable {
        /// By widget index.
        package let shown: [Shown]
        /// By widget index.
        package let relevance: [Float?]
        package let nextEvent: Date?
        /// The earliest instant after now at which a widget's shown entry or relevance
        /// changes by the clock alone (an entry's date, a relevance ending): a moment the
        /// panel must show on time, unlike a reload's answer, which may wait to join one.
        package let nextEntryChange: Date?
    }

    /// What every widget shows at `now`, its relevance, and `nextEvent(after: now)`.
    package func reading(at now: Date) -> Reading {
        let shown = states.indices.map { self.shown($0, at: now) }
        // Every entry is walked once per step, for both figures.
        let entryChange = nextEntryChange(after: now)
        return Reading(
            shown: shown, relevance: shown.map { Self.relevance(of: $0, at: now) },
            nextEvent: [nextReloadEvent(after: now), entryChange].compactMap { $0 }.min(), nextEntryChange: entryChange)
    }

    /// The earliest instant after `now` at which anything the engine decides changes:
    /// an entry's date, a relevance ending, a reload or retry, a fetch timing out.
    package func nextEvent(after now: Date) -> Date? {
        [nextReloadEvent(after: now), nextEntryChange(after: now)].compactMap { $0 }.min()
    }

    /// The earliest reload, retry, fetch time-out or restored entries' expiry after `now`.
    private func nextReloadEvent(after now: Date) -> Date? {
        var next: Date?
        // By index, not by copying each ledger: this runs at every step.
        for i in states.indices {
            if let time = states[i].nextEvent(after: now), next.map({ time < $0 }) ?? true { next = time }
        }
        return next
    }

    /// The earliest entry date or relevance end after `now`; the date of an entry that
    /// draws as the one before it changes nothing.
    package func nextEntryChange(after now: Date) -> Date? {
        var next: Date?
        for i in states.indices {
            if let date = states[i].nextChange(after: now), next.map({ date < $0 }) ?? true { next = date }
        }
        return next
    }

    /// Whether any widget is of `kind`.
    package func contains(kind: String) -> Bool {
        states.contains { $0.widget.kind == kind }
    }

    /// The widgets, in the engine's order.
    package var widgets: [Widget] { states.map(\.widget) }

    /// A widget's reload and failure state.
    package func status(_ index: Int, at now: Date) -> Status {
        let state = states[index]
        return Status(
            providerCalls: state.providerCalls, failures: state.failures, lastError: state.lastError,
            nextReload: state.failures > 0 ? state.retryAt : state.policyReload.map { max($0, state.widget.budget.nextAllowed(at: now, after: state.charged)) },
            budgetLeft: state.widget.budget.remaining(at: now, after: state.charged), isStale: state.isStale(at: now))
    }
}
