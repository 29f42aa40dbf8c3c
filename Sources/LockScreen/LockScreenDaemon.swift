import ActivityKitCore  // for .nextChange
import Accessory
import Canvas
import ControlProtocol
import DaemonInterface
import DaemonRuntime
import FoundationEssentials
import LockScreenModel
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
    package typealias Content = LockScreenContent<TimelineEngine.Widget>

    /// A change empties the slots laid out ahead, which were laid out by the one before.
    package internal(set) var renderer: LockScreenRenderer { didSet { forgetAhead() } }
    package let clock: any DaemonClock
    package let engine: TimelineEngine
    var content: Content { didSet { forgetAhead() } }
    let holdChanges: TimeInterval
    let refreshEvery: TimeInterval
    let staleMark: StaleMark
    let compositor: Compositor
    var scheduler: SlotScheduler
    var state: StateKeeper
    var clockMonitor: ClockMonitor
    let logger: Logger
    let wake = WakeSignal()
    /// When the step in progress began (monotonic seconds), 0 between steps: what the
    /// systemd watchdog checks so a stuck step stops its pings.
    package let heartbeat = Heartbeat()
    /// The last presented frame, for the control socket's snapshots.
    package let frames: FrameMailbox
    /// What the last step showed, for client screens drawn at other sizes.
    package let screens = ScreenBoard()
    /// What widget code reaches of this daemon (`Behaviour.host`).
    package let host: WidgetHost
    /// The broker connection taps publish on, lent by the `[mqtt]` bridge.
    package let outbox = MQTTOutbox()
    /// Full refreshes asked for (a key, the page, the broker, the socket): two at once,
    /// then one every 30 s. Each flashes e-ink for seconds and wears it; a flood of
    /// requests must not.
    let fullRefreshes: RateLimiter
    /// The next instant the panel must show on time: a slot's own change, a stack's turn,
    /// an entry's date, a cleaning refresh. Changes between now and then may wait for it
    /// (`Behaviour.holdChanges`).
    var nextDueUpdate: Date?
    /// Called once, after the first step of `run()` (systemd's READY=1).
    package var onFirstFrame: (@Sendable () -> Void)?
    var announcedReady = false
    /// How long the last step took to draw, find the damage and present it: the render
    /// path, without the providers' reloads (which run beside it in a real daemon).
    package private(set) var lastRenderDuration: Duration = .zero

    package init(
        content: Content, renderer: LockScreenRenderer, display: any Display, clock: any DaemonClock,
        behaviour: Behaviour = Behaviour(), damage: Damage? = nil, stateStore: StateStore? = nil, logger: Logger
    ) {
        self.content = content
        self.renderer = renderer
        // Pictures are drawn as the panel's inks can show them.
        self.renderer.pictureInks = renderer.pictureInks ?? display.pictureInks
        self.clock = clock
        self.logger = logger
        holdChanges = max(behaviour.holdChanges, behaviour.refreshEvery)
        refreshEvery = behaviour.refreshEvery
        staleMark = behaviour.staleMark
        let now = clock.now()
        frames = FrameMailbox(glass: display.glass)
        compositor = Compositor(display: display, damage: damage ?? display.damage, frames: frames, blank: renderer.blankFrame())
        scheduler = SlotScheduler(content, now: now, coarseLiveSeconds: behaviour.coarseLiveSeconds)
        state = StateKeeper(store: stateStore, interval: behaviour.stateSaveInterval, logger: logger)
        clockMonitor = ClockMonitor(jumpThreshold: behaviour.jumpThreshold, systemTimeZone: behaviour.systemTimeZone)
        var settings = TimelineEngine.Settings()
        settings.waitsForAnswers = behaviour.waitsForAnswers
        engine = TimelineEngine(widgets: content.stacks.flatMap(\.widgets), now: now, clock: clock, settings: settings, logger: logger)
        requests = DaemonInbox.Queue(pages: content.pages)
        fullRefreshes = RateLimiter(burst: 2, interval: 30, clock: clock)
        power = behaviour.screen
        host = behaviour.host
        activities = ActivityBand(presenters: behaviour.host.catalog.activities)
        if behaviour.findsGamutAhead { findGamutAhead(keptIn: stateStore?.directory) }
    }

    var rowFamilies: [WidgetFamily] { content.row.map(\.family) }
    /// Where the home page's widgets go, kept while the content and panel stay the same.
    var homeLayout: HomeLayout?
    /// The slots laid out for the next step after a frame went up (`layOutAhead`).
    var ahead = AheadLayouts()
    /// What each stack showed at the last step.
    var lastShown: [TimelineEngine.Shown] = []
    /// The controls of the page as drawn: what taps, focus and the status are tested
    /// against, kept slot by slot as each is drawn.
    package internal(set) var presented = PresentedPage()
    /// Interactive widgets: tapped toggles, running intents, the focus. The one place
    /// this state lives; the renderer draws with what it says (toggles as tapped, the
    /// focus ring), set here whenever it changes (only then: a change of the renderer
    /// forgets the slots laid out ahead).
    var controls = ControlState() {
        didSet {
            let (states, focused) = (controls.states, controls.focused?.id)
            if renderer.controlStates != states { renderer.controlStates = states }
            if renderer.focusedControl != focused { renderer.focusedControl = focused }
        }
    }
    /// When the screen sleeps, and whether it is lit now.
    var power: ScreenPower { didSet { powerReading = nil } }
    var screenLit = true
    /// The screen's last reading, the time and zone it was read at: good until its `until`
    /// or until `power` changes, so a turn of the loop does not read the schedule again.
    var powerReading: (at: Date, zone: ZoneRules, reading: ScreenPower.Reading)?

    /// The Live Activities and the band they are drawn in.
    package internal(set) var activities: ActivityBand

    /// Redraws of each slot since start, for tests and the benchmark.
    package var redraws: [SlotID: Int] { scheduler.redraws }
    /// Frames presented since start.
    package var presentations: Int { compositor.presentations }

    // MARK: Reloading the configuration

    /// A new configuration for a running daemon (SIGHUP).
    package struct Reconfiguration: Sendable {
        package var content: Content
        package var face: ClockFace
        /// The screen's schedule; nil leaves it as it is.
        package var screen: ScreenPower?

        package init(content: Content, face: ClockFace, screen: ScreenPower? = nil) {
            self.content = content
            self.face = face
            self.screen = screen
        }
    }

    /// What other tasks ask of the daemon (SIGHUP, the keys, the socket, the broker, the
    /// web), from any thread; drained before each step.
    package var inbox: DaemonInbox { DaemonInbox(queue: requests, wake: wake) }
    let requests: DaemonInbox.Queue

    /// Applies a new configuration: unchanged widgets keep their timelines; the whole
    /// picture is drawn again in memory, and only the pixels that differ from what the
    /// panel shows are sent.
    package func reconfigure(_ new: Reconfiguration, now: Date) async {
        content = new.content
        requests.pages = content.pages
        let kept = await engine.reconfigure(content.stacks.flatMap(\.widgets), now: now)
        scheduler.reset(to: content, now: now)
        renderer.face = new.face
        if let screen = new.screen {
            power.schedule = screen.schedule
            power.wakeFor = screen.wakeFor
        }
        if new.face.timeZone != nil {
            clockMonitor.systemTimeZone = nil
        } else if clockMonitor.systemTimeZone == nil {
            clockMonitor.systemTimeZone = SystemTimeZone()
        }
        compositor.restart(on: renderer.blankFrame())
        homeLayout = nil
        nextDueUpdate = nil
        let total = content.stacks.reduce(0) { $0 + $1.widgets.count }
        logger.notice("configuration reloaded: \(kept.count) of \(total) widget(s) kept their timelines")
    }

    // MARK: Stepping

    /// Notices wall-clock jumps and time-zone changes; after either, everything is
    /// re-evaluated and redrawn. Returns whether either happened.
    func checkClock(now: Date) async -> Bool {
        let first = clockMonitor.isFirstLook
        let changes = clockMonitor.look(wall: now, monotonic: clock.monotonic(), zone: renderer.timeZone)
        if let delta = changes.jump {
            logger.notice("the wall clock jumped by \(Int(delta.rounded())) s; re-evaluating every schedule")
            await engine.clockJumped(by: delta)
            scheduler.clockJumped(by: delta)
        }
        if let zone = changes.zone {
            if !first { logger.notice("time zone changed to \(zone.identifier)") }
            renderer.machineZone = zone
            scheduler.invalidate()
        }
        return changes.jump != nil || changes.zone != nil
    }

    /// Brings the screen up to date at `now`: reloads due timelines, redraws changed
    /// slots, presents the change. Returns whether a frame was presented and when the
    /// next step is due.
    ///
    /// Everything due at one instant is presented once. With `holdChanges`, a change
    /// nothing time-critical asked for (a provider's new answer) is left in the engine
    /// until the next due update, when it is drawn with it.
    @discardableResult
    package func step(now: Date) async throws(DisplayError) -> (presented: Bool, next: Date?) {
        let clockMoved = await checkClock(now: now)
        let due = nextDueUpdate.map { $0 <= now } ?? true
        let reloads = await engine.reloadDue(now: now, joining: due)
        let reading = await engine.reading(at: now)
        if holdChanges > 0, !due, !clockMoved, !reloads.answersRequest, compositor.panelInSync, let update = nextDueUpdate,
           update.timeIntervalSince(now) <= holdChanges {
            await state.changed(reloads, now: now, engine: engine)
            return (false, [update, reading.nextEvent].compactMap { $0 }.min())
        }
        let renderStart = ContinuousClock.now
        draw(reading, now: now)
        let presented: Bool
        do {
            presented = try compositor.present(at: now, logger: logger)
            lastRenderDuration = ContinuousClock.now - renderStart
        } catch {
            lastRenderDuration = ContinuousClock.now - renderStart
            await state.changed(reloads, now: now, engine: engine)
            throw error
        }
        // Saved after the picture is up: the glass does not wait for the SD card.
        state.note(activities.book)
        await state.changed(reloads, now: now, engine: engine)
        nextDueUpdate = [scheduler.nextChange(after: now), reading.nextEntryChange, compositor.maintenanceDue, controls.nextExpiry, activities.book.nextChange]
            .compactMap { $0 }.min().map(onRefreshGrid)
        return (presented, [nextDueUpdate, reading.nextEvent].compactMap { $0 }.min())
    }

    /// Does what the inbox was asked: a new configuration, a page, a stack's turn, a full
    /// refresh (a stop is read by the loop itself).
    func perform(_ request: DaemonInbox.Request, now: Date) async {
        if wakes(for: request, now: now) { return }
        switch request {
        case let .reconfigure(new):
            await reconfigure(new, now: now)
        case let .showPage(page):
            show(page ?? content.page(after: content.page), now: now)
        case .stop, .wake:
            break
        case let .screen(request):
            power.flip(request, at: now, zone: renderer.timeZone)
        case let .reload(kind):
            await engine.requestReload(kind: kind)
        case .fullRefresh:
            switch fullRefreshes.admit() {
            case let .allowed(refused):
                if refused > 0 { logger.notice("\(refused) full refreshes asked for too soon after another were left out") }
                compositor.refreshWholePanel()
            case let .refused(wait):
                logger.debug("a full refresh was asked for too soon after the last; the next is allowed in \(Int(wait.rounded(.up))) s")
            }
        case let .tap(x, y):
            tap(x: x, y: y, now: now)
        case let .focus(move):
            moveFocus(move, now: now)
        case let .performed(id, kind, failed):
            await performed(control: id, kind: kind, failed: failed, now: now)
        case let .openURL(url):
            open(url)
        case let .activity(operation, urgent, answer):
            let refusal = apply(operation, now: now)
            answer?.give(refusal)
            if !urgent || refusal != nil { return }
        case let .nextInStack(name):
            guard let stack = content.stacks.firstIndex(where: { $0.widgets.contains { $0.name == name } }) else {
                return logger.warning("no stack holds a widget named '\(name)'")
            }
            scheduler.turn(stack: stack, now: now)
        }
        nextDueUpdate = nil
    }

    /// `time`, or the next instant on the grid of `refreshEvery` from it.
    func onRefreshGrid(_ time: Date) -> Date {
        guard refreshEvery > 0 else { return time }
        let seconds = time.timeIntervalSince1970
        return Date(timeIntervalSince1970: (seconds / refreshEvery).rounded(.up) * refreshEvery)
    }

    /// Draws the slots whose content changed or is due into the frame.
    func draw(_ reading: TimelineEngine.Reading, now: Date) {
        // What was drawn ahead for another instant is not shown now.
        if ahead.time != now { forgetAhead() }
        let shown = scheduler.choose(reading, now: now)
        let widgets = shown.map(\.shown)
        lastShown = widgets
        settleControls(keys: widgets.map(\.key), now: now)
        defer {
            // The engine numbers the stacks' widgets in order.
            let all = content.stacks.flatMap(\.widgets)
            screens.publish(ScreenBoard.Shown(
                content: content, widgets: widgets, names: content.stacks.indices.map { shownWidget(stack: $0, in: all)?.name ?? "" },
                renderer: renderer, staleMark: staleMark, nextEvent: reading.nextEvent, page: presented))
        }
        if content.page == .photo {
            presented.clear()
            return drawPhoto(shown, now: now)
        }
        settleActivities(now: now)
        let home = currentHome()
        let band = self.band
        let slots = renderer.slots(of: content, page: content.page, home: home, shown: shown.count, band: band)
        for slot in slots {
            // The activities are laid out only when what they show changed, as a widget is.
            let activityKey = activityKey(for: slot, band: band)
            let key = activityKey ?? key(of: slot, shown: shown)
            guard scheduler.isDue(slot.id, key: key, now: now) || !presented.holds(slot.id) else { continue }
            let placed = activityKey != nil ? placeActivities(in: slot, now: now)
                : ahead.take(slot, key: key, now: now) ?? renderer.place(slot, content: content, shown: widgets, now: now, staleMark: staleMark)
            compositor.draw(placed, in: slot.rect, with: renderer, scale: slot.scale, fullColor: slot.fullColor || slot.id == .band)
            scheduler.drew(slot.id, key: key, nextChange: placed.nextChange(after: now), now: now)
            presented.drew(presentedSlot(slot, placed: placed, showsActivities: activityKey != nil))
        }
        presented.keep(slots.map(\.id))
        forgetAhead()
        let missing = SymbolNames.takeMissing()
        for name in missing.names {
            logger.warning("Image(systemName: \"\(name)\") has no glyph in the icon font: drawn as a blank square (docs/WIDGETS.md#symbols)")
        }
        if missing.nowFull {
            logger.warning("\(SymbolNames.maximumReported) symbol names without a glyph have been listed; further ones are drawn as blank squares without a word")
        }
    }

    /// The home grid of the page shown, laid out once per page and configuration.
    func currentHome() -> HomeLayout? {
        guard let area = renderer.homeArea(on: content.page, content: content, band: band) else { return nil }
        if homeLayout?.rects.count != content.home.count || homeLayout?.area != area {
            homeLayout = HomeLayout(area: area, families: content.home.map(\.family))
        }
        return homeLayout
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
            Task(executorPreference: DaemonExecutor.preferred) {
                for await _ in engine.changes { await wake.signal() }
            },
            // Widget code's WidgetCenter reloads join the one inbox.
            Task(executorPreference: DaemonExecutor.preferred) { [inbox, host] in await inbox.forwardWidgetCenter(from: host.reloads) },
            Task(executorPreference: DaemonExecutor.preferred) { [inbox, host] in await inbox.forwardActivities(from: host.activities) },
            Task(executorPreference: DaemonExecutor.preferred) { [inbox, host] in await inbox.forwardOpenedURLs(from: host.app) },
        ]
        defer { listeners.forEach { $0.cancel() } }
        // The timelines shown last are on disk when run() returns, however it ends.
        do {
            try await loop(once: once, until: end)
        } catch {
            await state.saveIfChanged(engine)
            throw error
        }
        await state.saveIfChanged(engine)
    }

    /// What was drawn over since the panel last showed `frame`, kept as it was shown
    /// (`Damage.Before.shown(in:of:before:)` puts it back); nil when what the panel shows
    /// is unknown (before the first frame). For the benchmark, which counts the pixels
    /// that really changed once the step is over, outside the measured time.
    package var keptSinceLastPresentation: [Damage.Before]? {
        compositor.panelInSync ? compositor.before : nil
    }

    /// The frame as last drawn.
    package var currentFrame: Frame { compositor.frame }

    /// Slots placed the same as their area already showed them, and so not drawn again,
    /// since start.
    package var unchangedDrawings: Int { compositor.unchangedDrawings }

    /// Slots drawn from their layout made ahead, since start.
    package var layoutsTakenAhead: Int { ahead.taken }
    /// Slots whose drawing made ahead was presented as it was, since start.
    package var drawingsTakenAhead: Int { compositor.drawingsTakenAhead }

    /// Band cuts taken from memory, and cuts searched for, since start.
    package var bandCuts: (remembered: Int, searched: Int) { (compositor.cuts.hits, compositor.cuts.misses) }

    /// The engine index of the widget stack `stack` shows now.
    package func shownIndex(stack: Int) -> Int { scheduler.shownIndex(stack: stack) }
}
