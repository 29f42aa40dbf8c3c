import ActivityKitCore
import Accessory
import FoundationEssentials
import Logging
import Providers
import TimelineEngine

/// Keeps the widgets' timelines across restarts: shows the saved ones at start, and
/// writes changed ones to the state directory at most every `interval` (and always on
/// exit), so an SD card is not rewritten at every minute's reload.
struct StateKeeper {
    let store: StateStore?
    let interval: TimeInterval
    let logger: Logger
    /// When the timelines were last written, and whether they changed since.
    private var lastSave: Date?
    private var unsaved = false
    /// The Live Activities as last noted; a change is written at the next step, as a
    /// push is: an activity must come back after a restart with its own times.
    private var activities: StateStore.SavedActivities?
    private var activitiesUnsaved = false

    init(store: StateStore?, interval: TimeInterval, logger: Logger) {
        self.store = store
        self.interval = interval
        self.logger = logger
    }

    /// Notes that timelines changed at `now`; writes them when the last write is
    /// `interval` old, the clock went back past it, or the change answers a request (a
    /// push is rare and explicit, and must survive a kill -9 at once).
    mutating func changed(_ reloads: TimelineEngine.Reloads, now: Date, engine: TimelineEngine) async {
        if !reloads.changed.isEmpty { unsaved = true }
        guard activitiesUnsaved || unsaved && (reloads.answersRequest || lastSave.map({ now.timeIntervalSince($0) >= interval || now < $0 }) ?? true) else { return }
        await save(engine)
        (lastSave, unsaved, activitiesUnsaved) = (now, false, false)
    }

    /// Notes the Live Activities as they are now; a change is written at the next step.
    mutating func note(_ book: ActivityBook) {
        let saved = StateStore.SavedActivities(records: book.records, retired: book.retired)
        guard saved != activities ?? StateStore.SavedActivities(records: [], retired: [:]) else { return }
        activities = saved
        activitiesUnsaved = true
    }

    /// Shows the saved entries of widgets whose name, kind and family still match,
    /// marked stale until their providers answer. Missing, corrupt or foreign state is
    /// ignored with one warning.
    /// Returns the saved Live Activities, for the daemon's band to check and take.
    mutating func restore(into engine: TimelineEngine) async -> StateStore.SavedActivities? {
        guard let store else { return nil }
        let file: StateStore.File
        do {
            guard let loaded = try store.load() else { return nil }
            file = loaded
        } catch {
            logger.warning("\(error.description)")
            return nil
        }
        activities = file.activities
        var restored = 0
        for (i, (widget, _, _)) in await engine.timelines().enumerated() {
            guard let saved = file.widgets[widget.name], saved.kind == widget.kind, saved.family == widget.family else { continue }
            // Saved state is input: dates and scores out of range drop the widget's
            // entries, as an entry its provider would not accept now does.
            let entries = saved.entries.compactMap { Self.isValid($0) ? widget.instance.restore($0.date, $0.relevance, $0.data) : nil }
            guard entries.count == saved.entries.count, saved.policy.map(Self.isValid) ?? true else {
                logger.warning("ignoring saved entries of widget '\(widget.name)': they are not valid timeline entries now")
                continue
            }
            await engine.restore(i, entries: entries, policy: saved.policy)
            restored += 1
        }
        if restored > 0 { logger.info("restored the saved timelines of \(restored) widget(s) from \(store.path)") }
        return file.activities
    }

    private static func isValid(_ entry: StateStore.SavedEntry) -> Bool {
        TimelineJSON.validDates.contains(entry.date.timeIntervalSince1970)
            && entry.relevance.map { $0.score.isFinite && $0.duration.isFinite && $0.duration >= 0 } ?? true
    }

    private static func isValid(_ policy: TimelineReloadPolicy) -> Bool {
        if case let .after(date) = policy.kind { return TimelineJSON.validDates.contains(date.timeIntervalSince1970) }
        return true
    }

    /// Writes the timelines when they changed since the last write: on exit, where a
    /// `--once` run would otherwise write (and fsync) the file it has just written.
    mutating func saveIfChanged(_ engine: TimelineEngine) async {
        guard unsaved || activitiesUnsaved else { return }
        await save(engine)
        (unsaved, activitiesUnsaved) = (false, false)
    }

    /// Writes every widget's timeline now; a failure is logged, never fatal.
    func save(_ engine: TimelineEngine) async {
        guard let store else { return }
        var file = StateStore.File(activities: activities.flatMap { $0.records.isEmpty && $0.retired.isEmpty ? nil : $0 })
        for (widget, entries, policy) in await engine.timelines() {
            let saved = entries.compactMap { entry in entry.data.map { StateStore.SavedEntry(date: entry.date, relevance: entry.relevance, data: $0) } }
            guard !saved.isEmpty else { continue }
            file.widgets[widget.name] = StateStore.SavedWidget(kind: widget.kind, family: widget.family, policy: policy, entries: saved)
        }
        do {
            try store.save(file)
        } catch {
            logger.warning("\(error.description)")
        }
    }
}
