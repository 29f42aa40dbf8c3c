import Accessory
import FoundationEssentials
import ProviderOptions  // for .nextAllowed

/// One widget's bookkeeping in the engine: its entries, when its provider is asked next,
/// what its budget has been charged, its failures and back-off. A value with mutating
/// methods, each one event (a fetch started, answered, failed, timed out; the wall clock
/// jumped; saved entries restored), so the rules are tested synchronously without an
/// actor, a clock or a provider. The engine holds one per widget and runs the fetches.
struct WidgetLedger {
    /// A fetch in flight.
    struct Fetch {
        let token: Int
        var startedAt: Date
        let task: Task<Void, Never>
        /// Asked for by `requestReload` (a push, `lockscreenctl reload`, `WidgetCenter`).
        let requested: Bool
    }

    /// Whether the provider should be asked now.
    enum Due: Equatable {
        /// Not yet.
        case no
        /// Yes, free of budget (a request, a retry after a failure).
        case free
        /// Yes, charged to the budget (the timeline's policy).
        case charged
        /// The policy asks now, but the budget allows it only then: the reload moved there.
        case deferred(until: Date)
    }

    let widget: TimelineEngine.Widget
    let placeholder: RenderableEntry
    var entries: [RenderableEntry] = [] {
        didSet {
            runStarts = Self.runStarts(of: entries)
            changes = Self.changes(of: entries, runStarts: runStarts)
        }
    }
    /// For each entry, the first of the run of entries before it that draw as it does
    /// (`RenderableEntry.drawsLike`): the redraw key names the run, so a new entry that
    /// draws as the last is not laid out or drawn again.
    private(set) var runStarts: [Int] = []
    /// When what the entries show changes, in order: each entry's date but those that
    /// continue a run, and each relevance's end. Found once per timeline, not at every step.
    private(set) var changes: [Date] = []
    /// Counts new entry sets: part of the redraw key.
    var generation = 0
    /// When the policy asks for the next timeline; nil for never.
    var policyReload: Date? = .distantPast
    /// Answers in a row whose timeline was already past and brought nothing new.
    private(set) var pastAnswers = 0
    /// The longest wait before asking again for a timeline already past that brings
    /// nothing new: its source changed by hand is seen within it (or at once, asked for).
    static let longestPastGap: TimeInterval = 900
    /// When the budget was charged in the last 24 hours.
    var charged: [Date] = []
    var explicitRequested = false
    /// When the provider was last asked: an explicit reload waits until a second on.
    var lastAsked: Date?
    var fetch: Fetch?
    var failures = 0
    var retryAt: Date?
    var lastError: String?
    /// Entries came from saved state and no timeline has arrived since; they count
    /// as stale from `restoredExpiry` (when their policy would have reloaded them).
    var restored = false
    var restoredExpiry: Date?
    var providerCalls = 0
    var policy: TimelineReloadPolicy?

    static func runStarts(of entries: [RenderableEntry]) -> [Int] {
        var starts: [Int] = []
        starts.reserveCapacity(entries.count)
        for i in entries.indices {
            starts.append(i > 0 && entries[i].drawsLike(entries[i - 1]) ? starts[i - 1] : i)
        }
        return starts
    }

    /// Whether `a` and `b` show the same at every moment: entry for entry the same date and
    /// relevance, drawn alike.
    static func drawAlike(_ a: [RenderableEntry], _ b: [RenderableEntry]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { $0.date == $1.date && $0.relevance == $1.relevance && $0.drawsLike($1) }
    }

    /// The times of `changes`: an entry that draws as the one before starts nothing new
    /// unless either has a relevance (which the entry's date would start or end).
    static func changes(of entries: [RenderableEntry], runStarts: [Int]) -> [Date] {
        var dates: [Date] = []
        for (i, entry) in entries.enumerated() {
            let relevance = entry.relevance
            if runStarts[i] == i || relevance != nil || entries[i - 1].relevance != nil { dates.append(entry.date) }
            if let duration = relevance?.duration, duration > 0 { dates.append(entry.date.addingTimeInterval(duration)) }
        }
        return dates.sorted()
    }

    /// The first change after `now`.
    func nextChange(after now: Date) -> Date? {
        var (low, high) = (0, changes.count)
        while low < high {
            let middle = (low + high) / 2
            if changes[middle] > now { high = middle } else { low = middle + 1 }
        }
        return low < changes.count ? changes[low] : nil
    }

    init(widget: TimelineEngine.Widget, placeholder: RenderableEntry) {
        self.widget = widget
        self.placeholder = placeholder
    }

    /// When a reload asked for may be made: `askInterval` after the last asking.
    var explicitReload: Date {
        lastAsked.map { $0.addingTimeInterval(widget.askInterval) } ?? .distantPast
    }

    func isStale(at now: Date) -> Bool {
        failures > 0 || (restored && restoredExpiry.map { now >= $0 } ?? true)
    }

    /// Whether the provider should be asked at `now`, or within `window` seconds of it.
    /// A policy reload the budget does not allow yet moves to when it does.
    mutating func due(at now: Date, window: TimeInterval) -> Due {
        let horizon = now.addingTimeInterval(window)
        if explicitRequested { return explicitReload <= horizon ? .free : .no }
        if failures > 0 { return retryAt.map { $0 <= now } == true ? .free : .no }
        guard let reload = policyReload, reload <= horizon else { return .no }
        let allowed = widget.budget.nextAllowed(at: now, after: charged)
        guard allowed <= horizon else {
            guard reload < allowed else { return .no }
            policyReload = allowed
            return .deferred(until: allowed)
        }
        return .charged
    }

    /// The provider is asked at `now`; `charged` when the budget pays for it.
    mutating func started(_ fetch: Fetch, charged: Bool) {
        providerCalls += 1
        explicitRequested = false
        lastAsked = fetch.startedAt
        if charged {
            self.charged = self.charged.filter { $0 > fetch.startedAt.addingTimeInterval(-86_400) } + [fetch.startedAt]
        }
        self.fetch = fetch
    }

    /// When the fetch in flight times out; nil with none in flight.
    var fetchDeadline: Date? {
        fetch.map { $0.startedAt.addingTimeInterval(widget.failurePolicy.timeout) }
    }

    /// Whether the fetch in flight has run past the widget's time-out at `now`.
    func timedOut(at now: Date) -> Bool {
        fetchDeadline.map { now >= $0 } ?? false
    }

    /// The earliest instant, not before `now`, at which this widget needs the engine: a
    /// requested reload, its fetch timing out, a retry, the policy's reload once the
    /// budget allows it, its restored entries turning stale. The same rules as `due`,
    /// read as a time for the daemon to sleep until.
    func nextEvent(after now: Date) -> Date? {
        var next: Date?
        func consider(_ time: Date) {
            let time = max(time, now)
            if next.map({ time < $0 }) ?? true { next = time }
        }
        if explicitRequested { consider(explicitReload) }
        if let deadline = fetchDeadline {
            consider(deadline)
        } else if failures > 0, let retryAt {
            consider(retryAt)
        } else if let policyReload {
            consider(max(policyReload, widget.budget.nextAllowed(at: now, after: charged)))
        }
        if restored, let restoredExpiry, restoredExpiry > now { consider(restoredExpiry) }
        return next
    }

    /// The provider answered the fetch started at `now` with `timeline`. Returns whether
    /// what is shown changed (new entries, or staleness lifted) and, when it answered
    /// after failing, how many failures came before.
    mutating func answered(_ timeline: RenderableTimeline, startedAt now: Date, minimumGap: TimeInterval) -> (changed: Bool, recoveredAfter: Int?) {
        let recoveredAfter = failures > 0 ? failures : nil
        var changed = recoveredAfter != nil || restored
        failures = 0
        retryAt = nil
        lastError = nil
        restored = false
        // A timeline that draws as the one shown, entry for entry, changes nothing: a file
        // read again, a provider asked again past its timeline's end.
        var new = false
        if !timeline.entries.isEmpty, case let ordered = TimelineEngine.ordered(timeline.entries), !Self.drawAlike(ordered, entries) {
            entries = ordered
            generation += 1
            changed = true
            new = true
        }
        policy = timeline.policy
        // At least `minimumGap` between policy reloads, whatever the budget: a timeline
        // whose end is already past must not make its provider spin. Answered again with
        // nothing new, it is asked twice as long after each time, up to `longestPastGap`
        // (a file of a day gone by was read every second).
        let asked = TimelineEngine.reloadTime(policy: timeline.policy, entries: entries, now: now)
        let past = asked.map { $0 <= now } ?? false
        pastAnswers = past && !new ? pastAnswers + 1 : 0
        let gap = min(minimumGap * Double(1 << min(pastAnswers, 20)), max(minimumGap, Self.longestPastGap))
        policyReload = asked.map { max($0, now.addingTimeInterval(gap)) }
        return (changed, recoveredAfter)
    }

    /// The provider failed (or timed out) at `now`: the last entries stay, marked stale,
    /// and it is asked again after the policy's back-off. Returns whether this is the first
    /// failure in a row (the one that changes what is shown).
    mutating func failed(_ message: String, at now: Date) -> Bool {
        failures += 1
        lastError = message
        retryAt = now.addingTimeInterval(widget.failurePolicy.backoff(afterFailures: failures))
        return failures == 1
    }

    /// The wall clock jumped by `delta`: waits measured from "now" (the retry, the budget's
    /// charges, the fetch's time-out) move with it; dates a provider gave stay.
    mutating func clockJumped(by delta: TimeInterval) {
        retryAt = retryAt?.addingTimeInterval(delta)
        charged = charged.map { $0.addingTimeInterval(delta) }
        fetch?.startedAt.addTimeInterval(delta)
    }

    /// Shows saved `entries` until the provider answers, stale once their policy would
    /// have reloaded them.
    mutating func restore(_ entries: [RenderableEntry], policy: TimelineReloadPolicy?) {
        guard !entries.isEmpty else { return }
        self.entries = TimelineEngine.ordered(entries)
        generation += 1
        restored = true
        self.policy = policy
        // A timeline whose policy never asks again does not expire.
        restoredExpiry = policy.map { TimelineEngine.reloadTime(policy: $0, entries: self.entries, now: .distantPast) ?? .distantFuture }
    }
}
