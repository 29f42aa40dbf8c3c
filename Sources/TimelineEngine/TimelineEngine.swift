import Accessory
import DaemonRuntime
import FoundationEssentials
import Logging
import ZoneInfo
import ProviderOptions  // for .timeout

/// Decides when each widget shows which entry and when its provider is asked again.
///
/// One actor for the whole daemon, reading time only from the `now` it is given (the
/// daemon's injected clock). Each widget starts on its provider's placeholder (drawn
/// redacted) or on its saved entries; the entry shown is the latest whose date is not in
/// the future. Reloads follow the timeline's policy within the widget's budget; explicit
/// reloads are free. Fetches run concurrently: a slow or failing provider never holds up
/// another, keeps its last good entry marked stale, and is retried with backoff.
package actor TimelineEngine {
    /// What a widget shows at some moment.
    package struct Shown: Sendable {
        package let entry: RenderableEntry
        package let isPlaceholder: Bool
        /// The provider is failing or the entry was restored and not yet refreshed.
        package let isStale: Bool
        /// Changes whenever what is drawn changes: the redraw key of the widget's slot.
        package let key: String
    }

    /// A widget's reload and failure state, for `status` and tests.
    package struct Status: Sendable, Equatable {
        package let providerCalls: Int
        package let failures: Int
        package let lastError: String?
        package let nextReload: Date?
        package let budgetLeft: Int?
        package let isStale: Bool
    }

    /// Engine-wide timings.
    package struct Settings: Sendable {
        /// Reloads due within this many seconds of each other, or of the daemon's own
        /// update, are made together, so their changes reach the panel in one presentation.
        package var coalescingWindow: TimeInterval = 3
        /// How long, on the engine's clock, a step waits for the fetches it started before
        /// drawing without them; later answers wake the daemon through `changes`.
        package var grace: Duration = .milliseconds(250)
        /// Whether a step waits for the fetches it started until each answers or reaches
        /// its widget's own time-out, instead of `grace`: for a frame drawn once (`snapshot`,
        /// `--once`), which has no later step to show the answers in.
        package var waitsForAnswers = false
        /// The shortest time from one policy reload of a widget to the next.
        package var minimumReloadGap: TimeInterval = 1

        package init() {}
    }

    /// What a call of `reloadDue(now:)` changed.
    package struct Reloads: Sendable, Equatable {
        /// The widgets whose shown content (entries or staleness) changed since the last call.
        package var changed: [Int] = []
        /// Whether a change answers a reload someone asked for: it should reach the panel
        /// at once, not wait for the next due update.
        package var answersRequest = false
    }

    var states: [WidgetLedger]
    let settings: Settings
    /// Every wait of the engine goes through it: a test's manual clock decides when a
    /// grace period ends.
    let clock: any DaemonClock
    let logger: Logger
    var nextToken = 0
    var changed: Set<Int> = []
    var requestAnswered = false
    var awaiting = 0
    var barrier: CheckedContinuation<Void, Never>?
    var barrierGeneration = 0
    /// The timer ending the grace period of the step waiting now.
    var graceTimer: Task<Void, Never>?
    let changeSink: AsyncStream<Void>.Continuation
    /// Signals when a fetch finished after its step stopped waiting for it.
    package nonisolated let changes: AsyncStream<Void>

    package init(widgets: [Widget], now: Date, clock: any DaemonClock, settings: Settings = Settings(), logger: Logger) {
        self.settings = settings
        self.clock = clock
        self.logger = logger
        (changes, changeSink) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        states = widgets.map { widget in
            WidgetLedger(widget: widget, placeholder: widget.instance.placeholder(Self.context(widget, now: now)))
        }
    }

    static func context(_ widget: Widget, now: Date) -> TimelineProviderContext {
        let (w, h) = widget.family.referenceSize
        return TimelineProviderContext(family: widget.family, displaySize: CGSize(width: w, height: h), date: now)
    }

    package var count: Int { states.count }

    /// Takes a new set of widgets (a reloaded configuration): a widget with the same name,
    /// kind, family and specification as before keeps its timeline, budget and failure
    /// state; any other starts on its placeholder. Fetches of widgets that left are
    /// cancelled. Returns the names kept.
    @discardableResult
    package func reconfigure(_ widgets: [Widget], now: Date) -> [String] {
        var kept: [String] = []
        var old = states
        states = widgets.map { widget in
            if let i = old.firstIndex(where: { $0.widget.name == widget.name && $0.widget.kind == widget.kind && $0.widget.family == widget.family && $0.widget.specification == widget.specification }) {
                kept.append(widget.name)
                return old.remove(at: i)
            }
            return WidgetLedger(widget: widget, placeholder: widget.instance.placeholder(Self.context(widget, now: now)))
        }
        for state in old { state.fetch?.task.cancel() }
        return kept
    }

    // MARK: Reloading

    /// Starts a fetch for every widget that is due at `now`, waits briefly for them, and
    /// says what changed since the last call.
    ///
    /// When anything is due at `now` — a reload, or, with `joining`, the caller's own
    /// update (the clock's minute) — reloads due within the coalescing window join it, so
    /// that their changes reach the panel in that one presentation rather than in another
    /// a few milliseconds later. Alone, a reload waits for its own time, so a provider
    /// that answers slowly cannot be asked again and again ahead of its time.
    @discardableResult
    package func reloadDue(now: Date, joining: Bool = false) async -> Reloads {
        for i in states.indices where states[i].timedOut(at: now) {
            states[i].fetch?.task.cancel()
            states[i].fetch = nil
            fail(i, "did not answer within \(states[i].widget.failurePolicy.timeout.compactSeconds)", at: now)
        }
        let dueNow = states.indices.contains { states[$0].fetch == nil && due($0, now: now, window: 0) }
        let window = joining || dueNow ? settings.coalescingWindow : 0
        for i in states.indices where states[i].fetch == nil {
            switch states[i].due(at: now, window: window) {
            case .free: start(i, now: now, charged: false)
            case .charged: start(i, now: now, charged: true)
            case let .deferred(until):
                logger.notice("widget '\(states[i].widget.name)' is out of reload budget until \(ISO8601.format(until))")
            case .no: break
            }
        }
        if awaiting > 0 {
            let (seconds, attoseconds) = settings.grace.components
            var wait = Double(seconds) + Double(attoseconds) / 1e18
            if settings.waitsForAnswers {
                wait = states.filter { $0.fetch != nil }.map(\.widget.failurePolicy.timeout).max() ?? wait
            }
            let deadline = clock.now().addingTimeInterval(wait)
            let clock = self.clock
            barrierGeneration += 1
            let generation = barrierGeneration
            await withCheckedContinuation { continuation in
                barrier = continuation
                graceTimer = Task(executorPreference: DaemonExecutor.preferred) {
                    // Cancelled when the fetches answer first: a timer left to run out
                    // would wake the process once more for nothing.
                    guard (try? await clock.sleep(until: deadline)) != nil else { return }
                    // Only this step's timer may end this step's wait.
                    await self.endGrace(generation)
                }
            }
        }
        defer { (changed, requestAnswered) = ([], false) }
        return Reloads(changed: changed.sorted(), answersRequest: requestAnswered && !changed.isEmpty)
    }

    /// Whether widget `i` should be asked now (or within `window` seconds), without
    /// moving its reload.
    func due(_ i: Int, now: Date, window: TimeInterval) -> Bool {
        var ledger = states[i]
        switch ledger.due(at: now, window: window) {
        case .free, .charged: return true
        case .no, .deferred: return false
        }
    }

    func start(_ i: Int, now: Date, charged: Bool) {
        nextToken += 1
        let token = nextToken
        let requested = states[i].explicitRequested
        let instance = states[i].widget.instance
        let context = Self.context(states[i].widget, now: now)
        let clock = self.clock
        awaiting += 1
        let task = Task(executorPreference: DaemonExecutor.preferred) {
            let result: Result<RenderableTimeline, any Error>
            do {
                result = .success(try await ProviderClock.$current.withValue(clock) { try await instance.timeline(context) })
            } catch {
                result = .failure(error)
            }
            await self.complete(token: token, result: result)
        }
        states[i].started(WidgetLedger.Fetch(token: token, startedAt: now, task: task, requested: requested), charged: charged)
    }

    /// A fetch finished; its widget is found by the fetch's token, since a reconfiguration
    /// may have moved it (or removed it) meanwhile.
    func complete(token: Int, result: Result<RenderableTimeline, any Error>) {
        defer {
            if awaiting > 0 {
                awaiting -= 1
                if awaiting == 0 { openBarrier() }
            }
        }
        guard let i = states.firstIndex(where: { $0.fetch?.token == token }), let fetch = states[i].fetch else { return }
        states[i].fetch = nil
        if fetch.requested { requestAnswered = true }
        let now = fetch.startedAt
        switch result {
        case let .success(timeline):
            let (shownChanged, recoveredAfter) = states[i].answered(timeline, startedAt: now, minimumGap: settings.minimumReloadGap)
            if let failures = recoveredAfter {
                logger.info("widget '\(states[i].widget.name)' answers again after \(failures) failure(s)")
            }
            if shownChanged { changed.insert(i) }
        case let .failure(error):
            fail(i, String(describing: error), at: now)
        }
        if barrier == nil { changeSink.yield() }
    }

    func fail(_ i: Int, _ message: String, at now: Date) {
        if states[i].failed(message, at: now) {
            logger.warning("widget '\(states[i].widget.name)' failed: \(message); keeping its last entry, marked stale, and retrying with backoff")
            changed.insert(i)
        }
    }

    /// The grace period of step `generation` ended; only that step's timer may end that
    /// step's wait.
    func endGrace(_ generation: Int) {
        if barrierGeneration == generation { openBarrier() }
    }

    func openBarrier() {
        barrier?.resume()
        barrier = nil
        graceTimer?.cancel()
        graceTimer = nil
    }

    /// Entries sorted by date; of entries with equal dates the last one given wins.
    package static func ordered(_ entries: [RenderableEntry]) -> [RenderableEntry] {
        let sorted = entries.enumerated().sorted { ($0.element.date, $0.offset) < ($1.element.date, $1.offset) }.map(\.element)
        var result: [RenderableEntry] = []
        for entry in sorted {
            if let last = result.last, last.date == entry.date { result.removeLast() }
            result.append(entry)
        }
        return result
    }

    /// When a policy asks for the next timeline: `.atEnd` at the last entry's date,
    /// `.after(d)` at d, `.never` not at all. A time already past means "now".
    static func reloadTime(policy: TimelineReloadPolicy, entries: [RenderableEntry], now: Date) -> Date? {
        switch policy.kind {
        case .atEnd: max(entries.last?.date ?? now, now)
        case let .after(date): max(date, now)
        case .never: nil
        }
    }

    /// The least time between two askings of one provider on request, whoever asks: a
    /// flood of reload requests (the socket, the page, the broker) costs one run a second
    /// at most.
    package static let minimumAskInterval: TimeInterval = 1


    /// Asks the widgets of `kind` (all widgets when nil) for new timelines at the next
    /// step (or a second after they were last asked), free of budget, as
    /// `WidgetCenter.reloadTimelines(ofKind:)` does. Returns whether any widget matched.
    @discardableResult
    package func requestReload(kind: String?) -> Bool {
        var matched = false
        for i in states.indices where kind == nil || states[i].widget.kind == kind {
            states[i].explicitRequested = true
            matched = true
        }
        return matched
    }

    /// After the wall clock jumped by `delta` seconds: waits that were measured from
    /// "now" (retries, fetch time-outs, budget intervals) move with it; dates a provider
    /// gave (entries, `.after`) stay where they are.
    package func clockJumped(by delta: TimeInterval) {
        for i in states.indices { states[i].clockJumped(by: delta) }
    }

    // MARK: Saved state

    /// Shows `entries` (restored from saved state) until the provider answers; they are
    /// marked stale until then.
    package func restore(_ index: Int, entries: [RenderableEntry], policy: TimelineReloadPolicy?) {
        states[index].restore(entries, policy: policy)
    }

    /// Every widget with its current entries and their policy, for saving.
    package func timelines() -> [(widget: Widget, entries: [RenderableEntry], policy: TimelineReloadPolicy?)] {
        states.map { ($0.widget, $0.entries, $0.policy) }
    }
}
