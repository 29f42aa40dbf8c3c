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
    var entries: [RenderableEntry] = []
    /// Counts new entry sets: part of the redraw key.
    var generation = 0
    /// When the policy asks for the next timeline; nil for never.
    var policyReload: Date? = .distantPast
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
        if !timeline.entries.isEmpty {
            entries = TimelineEngine.ordered(timeline.entries)
            generation += 1
            changed = true
        }
        policy = timeline.policy
        // At least `minimumGap` between policy reloads, whatever the budget: a timeline
        // whose end is already past must not make its provider spin.
        policyReload = TimelineEngine.reloadTime(policy: timeline.policy, entries: entries, now: now)
            .map { max($0, now.addingTimeInterval(minimumGap)) }
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
