import Accessory
import Canvas
import Config
import ControlProtocol
import Foundation
import Logging
import Panel
import Providers
import TimelineEngine
import ZoneInfo

/// The daemon's loop: asks the engine what each widget shows, redraws only the slots
/// whose content changed, sends the changed rectangles to the display, and sleeps until
/// the next thing that can change — an entry, a reload, live text, a stack rotation — or
/// until woken by a late provider answer or a reload request.
///
/// Programs use it through `main(bundles:)`: the stock daemon with their own widgets.
public final class LockScreenDaemon {
    /// What the lock screen holds.
    package typealias Content = LockScreenContent

    /// How the daemon behaves beyond what it shows.
    package struct Behaviour: Sendable {
        /// Live seconds (`.timer`, `.relative`) redraw once a minute instead of every
        /// second: for e-ink panels, where each redraw costs a flash of ink.
        package var coarseLiveSeconds = false
        package var staleMark: StaleMark = .dot
        /// Where the machine's time zone is read on every step, to follow changes; nil
        /// when the zone was chosen and stays.
        package var systemTimeZone: SystemTimeZone?
        /// A wall-clock step larger than this against the monotonic clock is a jump.
        package var jumpThreshold: TimeInterval = 2
        /// Changed timelines are written to the state directory at most this often (and
        /// always on exit): an SD card is not rewritten at every minute's reload.
        package var stateSaveInterval: TimeInterval = 300

        package init() {}
    }

    struct SlotState {
        var key: String
        var nextChange: Date?
    }

    struct StackState {
        var current = 0
        var lastSwitch: Date
    }

    package private(set) var renderer: LockScreenRenderer
    let display: any Display
    package let clock: any DaemonClock
    package let engine: TimelineEngine
    var content: Content
    var behaviour: Behaviour
    let damage: Damage
    /// When the timelines were last written, and whether they changed since.
    var lastSave: Date?
    var unsavedChanges = false
    let store: StateStore?
    let logger: Logger
    let wake = WakeSignal()
    let stopFlag = StopFlag()
    /// When the step in progress began (monotonic seconds), 0 between steps: what the
    /// systemd watchdog checks so a stuck step stops its pings.
    package let heartbeat = Heartbeat()
    /// The last presented frame, for the control socket's snapshots.
    package let frames = FrameMailbox()
    /// For each stack, the engine indices of its widgets.
    var engineIndices: [[Int]]
    var stacks: [StackState]
    var frame: Frame
    /// Whether the panel shows `frame`, apart from the areas in `before`. False until the
    /// first presentation and after a failed one: the next one then sends the whole frame.
    var panelInSync = false
    /// What the panel still shows where `frame` has been drawn over since the last
    /// presentation: crops taken just before drawing. Damage is found against these, so
    /// the daemon keeps one frame rather than a second copy of what the panel shows.
    var before: [Damage.Before] = []
    var slots: [SlotID: SlotState] = [:]
    var lastReading: (wall: Date, monotonic: TimeInterval)?
    var maintenanceDue: Date?
    /// Redraws of each slot since start, for tests and the benchmark.
    package private(set) var redraws: [SlotID: Int] = [:]
    /// Called once, after the first step of `run()` (systemd's READY=1).
    package var onFirstFrame: (@Sendable () -> Void)?
    var announcedReady = false
    /// Frames presented since start.
    package internal(set) var presentations = 0
    /// How long the last step took to draw, find the damage and present it: the render
    /// path, without the providers' reloads (which run beside it in a real daemon).
    package private(set) var lastRenderDuration: Duration = .zero

    package init(
        content: Content, renderer: LockScreenRenderer, display: any Display, clock: any DaemonClock,
        behaviour: Behaviour = Behaviour(), damage: Damage? = nil, stateStore: StateStore? = nil, logger: Logger
    ) {
        self.content = content
        self.renderer = renderer
        self.display = display
        self.clock = clock
        self.behaviour = behaviour
        self.damage = damage ?? display.damage
        self.store = stateStore
        self.logger = logger
        self.frame = renderer.blankFrame()
        engineIndices = Self.indices(of: content)
        let now = clock.now()
        stacks = content.stacks.map { _ in StackState(lastSwitch: now) }
        engine = TimelineEngine(widgets: content.stacks.flatMap(\.widgets), now: now, clock: clock, logger: logger)
    }

    /// For each stack, the engine indices of its widgets (the stacks' widgets in order).
    static func indices(of content: Content) -> [[Int]] {
        var indices: [[Int]] = []
        var next = 0
        for stack in content.stacks {
            indices.append(Array(next..<(next + stack.widgets.count)))
            next += stack.widgets.count
        }
        return indices
    }

    var rowFamilies: [WidgetFamily] { content.row.map(\.family) }

    // MARK: Reloading the configuration

    /// A new configuration for a running daemon (SIGHUP).
    package struct Reconfiguration: Sendable {
        package var content: Content
        package var colorScheme: ColorScheme
        package var uses24HourClock: Bool
        /// A fixed zone; nil follows the machine's.
        package var timeZone: ZoneRules?
        package var clockFont: String?

        package init(content: Content, colorScheme: ColorScheme, uses24HourClock: Bool, timeZone: ZoneRules?, clockFont: String? = nil) {
            self.content = content
            self.colorScheme = colorScheme
            self.uses24HourClock = uses24HourClock
            self.timeZone = timeZone
            self.clockFont = clockFont
        }
    }

    /// Hands a running daemon a new configuration from any thread; it is applied before
    /// the next step.
    package var reconfigureHandle: ReconfigureHandle { ReconfigureHandle(box: pendingReconfiguration, wake: wake) }
    let pendingReconfiguration = ReconfigurationBox()

    /// Applies a new configuration: unchanged widgets keep their timelines; the whole
    /// picture is drawn again in memory, and only the pixels that differ from what the
    /// panel shows are sent.
    package func reconfigure(_ new: Reconfiguration, now: Date) async {
        content = new.content
        engineIndices = Self.indices(of: content)
        let kept = await engine.reconfigure(content.stacks.flatMap(\.widgets), now: now)
        stacks = content.stacks.map { _ in StackState(lastSwitch: now) }
        renderer.colorScheme = new.colorScheme
        renderer.uses24HourClock = new.uses24HourClock
        renderer.clockFont = new.clockFont
        if let zone = new.timeZone {
            renderer.timeZone = zone
            behaviour.systemTimeZone = nil
        } else if behaviour.systemTimeZone == nil {
            behaviour.systemTimeZone = SystemTimeZone()
        }
        // The old picture stays the reference until the next presentation, so a reload
        // sends only what it changed.
        if panelInSync { before = [Damage.Before(area: frame.bounds, frame: frame)] }
        frame = renderer.blankFrame()
        slots.removeAll()
        let total = content.stacks.reduce(0) { $0 + $1.widgets.count }
        logger.notice("configuration reloaded: \(kept.count) of \(total) widget(s) kept their timelines")
    }
    var inlineOffset: Int { content.inline == nil ? 0 : 1 }

    // MARK: Stepping

    /// Notices wall-clock jumps and time-zone changes; after either, everything is
    /// re-evaluated and redrawn.
    func checkClock(now: Date) async {
        let reading = (wall: now, monotonic: clock.monotonic())
        defer { lastReading = reading }
        if let last = lastReading {
            let delta = reading.wall.timeIntervalSince(last.wall) - (reading.monotonic - last.monotonic)
            if abs(delta) > behaviour.jumpThreshold {
                logger.notice("the wall clock jumped by \(Int(delta.rounded())) s; re-evaluating every schedule")
                await engine.clockJumped(by: delta)
                for i in stacks.indices { stacks[i].lastSwitch = stacks[i].lastSwitch.addingTimeInterval(delta) }
                slots.removeAll()
            }
        }
        if let source = behaviour.systemTimeZone {
            let zone = source.current()
            if zone != renderer.timeZone {
                if lastReading != nil { logger.notice("time zone changed to \(zone.identifier)") }
                renderer.timeZone = zone
                slots.removeAll()
            }
        }
    }

    /// Brings the screen up to date at `now`: reloads due timelines, redraws changed
    /// slots, presents the change. Returns whether a frame was presented and when the
    /// next step is due.
    @discardableResult
    package func step(now: Date) async throws(DisplayError) -> (presented: Bool, next: Date?) {
        await checkClock(now: now)
        let changedWidgets = await engine.reloadDue(now: now)
        if !changedWidgets.isEmpty { unsavedChanges = true }
        if unsavedChanges, lastSave.map({ now.timeIntervalSince($0) >= behaviour.stateSaveInterval || now < $0 }) ?? true {
            await saveState()
            (lastSave, unsavedChanges) = (now, false)
        }
        let renderStart = ContinuousClock.now
        defer { lastRenderDuration = ContinuousClock.now - renderStart }
        var stackEvents: [Date] = []

        func update(_ slot: SlotID, key: String, place: () -> PlacedView) {
            let old = slots[slot]
            let due = old.map { $0.key != key || ($0.nextChange.map { $0 <= now } ?? false) } ?? true
            guard due, let rect = renderer.rect(of: slot, rowFamilies: rowFamilies) else { return }
            let placed = place()
            keepShown(rect.integral)
            renderer.draw(placed, in: rect, into: &frame)
            slots[slot] = SlotState(key: key, nextChange: coarsened(placed.nextChange(after: now), now: now))
            redraws[slot, default: 0] += 1
        }

        let reading = await engine.reading(at: now)
        var shown: [TimelineEngine.Shown] = []
        var keys: [String] = []
        for (s, stack) in content.stacks.enumerated() {
            let indices = engineIndices[s]
            let scores = indices.map { reading.relevance[$0] }
            let choice = WidgetStack.choose(current: stacks[s].current, lastSwitch: stacks[s].lastSwitch, scores: scores, rotation: stack.rotation, now: now)
            if choice.switched {
                stacks[s].current = choice.index
                stacks[s].lastSwitch = now
            }
            if let rotation = stack.rotation, indices.count > 1 { stackEvents.append(stacks[s].lastSwitch.addingTimeInterval(rotation)) }
            let widgetShown = reading.shown[indices[stacks[s].current]]
            shown.append(widgetShown)
            keys.append("\(stacks[s].current):\(widgetShown.key)")
        }

        let mark = behaviour.staleMark
        let inline = content.inline == nil ? nil : shown[0]
        update(.dateLine, key: content.inline == nil ? "-" : keys[0]) {
            renderer.placeDateLine(now: now, inline: inline?.entry, inlinePlaceholder: inline?.isPlaceholder ?? false, staleMark: inline?.isStale == true ? mark : .none)
        }
        update(.clock, key: "clock") { renderer.placeClock(now: now) }
        for n in content.row.indices {
            let widget = shown[n + inlineOffset]
            update(.unit(n), key: keys[n + inlineOffset]) {
                renderer.placeUnit(widget.entry, family: content.row[n].family, now: now, placeholder: widget.isPlaceholder, staleMark: widget.isStale ? mark : .none)
            }
        }

        var sent: [PixelRect] = []
        // What changed since the last presentation; nil when the panel's content is unknown.
        let changed = panelInSync ? damage.rectangles(from: before, to: frame) : nil
        // A cleaning refresh shows the whole of `frame`, this step's drawing included, so
        // that drawing needs no partial update after it.
        var cleaned = false
        if let due = maintenanceDue, due <= now,
           try outOfSyncOnFailure({ () throws(DisplayError) in try display.performMaintenance(frame, damage: changed ?? [frame.bounds], at: now) }) {
            remember([frame.bounds])
            cleaned = true
        }
        if cleaned {
            // Shown whole already.
        } else if let changed {
            sent = changed
            if !sent.isEmpty { try outOfSyncOnFailure { () throws(DisplayError) in try display.present(frame, damage: sent, refresh: .partial, at: now) } }
        } else {
            sent = [frame.bounds]
            try outOfSyncOnFailure { () throws(DisplayError) in try display.present(frame, damage: sent, refresh: .full, at: now) }
            logger.info("presented the first frame on \(display.name)")
        }
        if !sent.isEmpty { remember(sent) }
        // Where nothing was sent, the drawing matched the panel.
        before.removeAll()
        let didPresent = cleaned || !sent.isEmpty
        let engineNext = reading.nextEvent
        let maintenance = display.nextMaintenance(after: now)
        maintenanceDue = maintenance
        let next = (slots.values.compactMap(\.nextChange) + stackEvents.filter { $0 > now } + [engineNext, maintenance].compactMap { $0 }).min()
        return (didPresent, next)
    }

    /// On e-ink, live seconds wait for the next whole minute.
    func coarsened(_ next: Date?, now: Date) -> Date? {
        guard behaviour.coarseLiveSeconds, let next, next.timeIntervalSince(now) < 60 else { return next }
        let minute = (now.timeIntervalSince1970 / 60).rounded(.down) * 60 + 60
        return max(next, Date(timeIntervalSince1970: minute))
    }

    // MARK: Running

    /// Asks for new timelines of `kind` (all when nil) and wakes the loop; not charged
    /// to the widgets' budgets.
    package func reload(kind: String?) async {
        if await engine.requestReload(kind: kind) { await wake.signal() }
    }

    /// Runs until the task is cancelled, `end` is reached, or after one frame (`once`).
    /// Wakes at each scheduled change, when a late provider answers, and when
    /// `WidgetCenter` asks for a reload.
    package func run(once: Bool = false, until end: Date? = nil) async throws {
        await restoreState()
        let engine = self.engine, wake = self.wake
        let listeners = [
            Task {
                for await _ in engine.changes { await wake.signal() }
            },
            Task {
                for await request in WidgetCenter.shared.requests() {
                    switch request {
                    case let .kind(kind): await engine.requestReload(kind: kind)
                    case .all: await engine.requestReload(kind: nil)
                    }
                    await wake.signal()
                }
            },
        ]
        defer { listeners.forEach { $0.cancel() } }
        // The timelines shown last are on disk when run() returns, however it ends.
        do {
            try await loop(once: once, until: end)
        } catch {
            await saveState()
            throw error
        }
        await saveState()
    }

    /// Steps at each scheduled change until stopped, cancelled, `end`, or one frame.
    func loop(once: Bool, until end: Date?) async throws {
        var scheduled: Date?
        while !Task.isCancelled && !stopFlag.isSet {
            if let new = pendingReconfiguration.take() {
                await reconfigure(new, now: clock.now())
                scheduled = nil
            }
            // A wake-up a few milliseconds late draws the instant it was scheduled for,
            // so frames are stamped (and timers read) at the whole second or minute.
            let now = clock.now()
            let at = scheduled.map { now >= $0 && now.timeIntervalSince($0) < 1 ? $0 : now } ?? now
            if let end, at >= end { return }
            heartbeat.enter(clock.monotonic())
            let (_, next) = try await step(now: at)
            heartbeat.leave()
            if !announcedReady {
                announcedReady = true
                heartbeat.markUp()
                onFirstFrame?()
            }
            if once { return }
            scheduled = next
            let deadline = [next ?? at.addingTimeInterval(86_400), end].compactMap { $0 }.min()!
            await wake.wait(until: deadline, on: clock)
        }
    }

    /// What was drawn over since the panel last showed `frame`, kept as it was shown
    /// (`Damage.Before.shown(in:of:before:)` puts it back); nil when what the panel shows
    /// is unknown (before the first frame). For the benchmark, which counts the pixels
    /// that really changed once the step is over, outside the measured time.
    package var keptSinceLastPresentation: [Damage.Before]? {
        panelInSync ? before : nil
    }

    /// Ends `run()` from elsewhere (a signal handler): the step in progress finishes, then
    /// `run()` returns.
    package var stopHandle: StopHandle { StopHandle(flag: stopFlag, wake: wake) }

    /// The frame as last drawn.
    package var currentFrame: Frame { frame }

    /// The engine index of the widget stack `stack` shows now.
    package func shownIndex(stack: Int) -> Int { engineIndices[stack][stacks[stack].current] }
}
