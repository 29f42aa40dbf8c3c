import Accessory
import Canvas
@testable import Config
@testable import ControlProtocol
import DaemonInterface
@testable import DaemonRuntime
import DaemonTestSupport
import Foundation
@testable import JSON
@testable import LockScreen
import LockScreenModel  // for .clock
import Panel
import PanelOptions
@testable import Providers
import TestSupport
import Testing
@testable import TimelineEngine
import ZoneInfo
import ProviderOptions

/// A saved-state-friendly entry for restart tests.
struct NoteEntry: TimelineEntry, Codable {
    let date: Date
    let note: String
}

struct NoteProvider: TimelineProvider {
    let note: String
    func placeholder(in context: Context) -> NoteEntry { NoteEntry(date: context.date, note: "…") }
    func getSnapshot(in context: Context, completion: @escaping (NoteEntry) -> Void) { completion(placeholder(in: context)) }
    func getTimeline(in context: Context, completion: @escaping (Timeline<NoteEntry>) -> Void) {
        completion(Timeline(entries: [NoteEntry(date: context.date, note: note)], policy: .never))
    }
}

struct NoteWidget: Widget {
    var note = "note"
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "note", provider: NoteProvider(note: note)) { entry in Text(entry.note) }
    }
}

/// A note that says which minute it was fetched in, reloaded every minute.
struct MinuteNoteWidget: Widget {
    struct Provider: TimelineProvider {
        func placeholder(in context: Context) -> NoteEntry { NoteEntry(date: context.date, note: "…") }
        func getSnapshot(in context: Context, completion: @escaping (NoteEntry) -> Void) { completion(placeholder(in: context)) }
        func getTimeline(in context: Context, completion: @escaping (Timeline<NoteEntry>) -> Void) {
            let minute = Int(context.date.timeIntervalSince(testNow) / 60)
            completion(Timeline(entries: [NoteEntry(date: context.date, note: "minute \(minute)")], policy: .after(context.date.addingTimeInterval(60))))
        }
    }
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "minute-note", provider: Provider()) { entry in Text(entry.note) }
    }
}

/// A daemon showing `content` on a `width`×`height` panel in memory from `testNow`, saving
/// to `store`.
func memoryPanelDaemon(_ content: LockScreenDaemon.Content, clock: ManualClock, store: StateStore? = nil, width: Int = 250, height: Int = 122) -> (LockScreenDaemon, MemoryDisplay) {
    var options = testOptions(width: width, height: height)
    options.start = testNow
    let display = MemoryDisplay(width: width, height: height, keepsHistory: false)
    let daemon = LockScreenDaemon(content: content, renderer: LockScreenApplication.renderer(options), display: display, clock: clock, stateStore: store, logger: quietLogger)
    return (daemon, display)
}

extension MinuteNoteWidget {
    /// One minute-note widget, named "n", with no reload budget: the state tests' screen.
    static func content() throws -> LockScreenDaemon.Content {
        let instance = try MinuteNoteWidget().descriptors[0].instantiate([:])
        return LockScreenDaemon.Content(inline: nil, row: [TimelineEngine.Widget(name: "n", kind: "minute-note", family: .accessoryRectangular, instance: instance, budget: .unlimited)])
    }

    /// The note of widget "n"'s last entry saved in `store`.
    static func savedNote(in store: StateStore) throws -> String? {
        let data = try #require(try store.load()?.widgets["n"]?.entries.last?.data)
        return RenderableEntry.decode(NoteEntry.self, from: data)?.note
    }
}

@Suite("Simulated days")
struct SimulatedDayTests {
    let day: TimeInterval = 86_400

    /// Steps the daemon from `start` to `end` (exclusive) at each time it asks for.
    func play(_ daemon: LockScreenDaemon, clock: ManualClock, from start: Date, to end: Date) async throws -> Int {
        var t = start
        var steps = 0
        while t < end {
            clock.advance(to: t)
            let (_, next) = try await daemon.step(now: t)
            steps += 1
            guard let next else { break }
            t = next
        }
        return steps
    }

    @Test("a day of the demo lock screen: exact provider calls and redraws per slot")
    func day() async throws {
        let inline = Counter(), atEnd = Counter(), after = Counter(), never = Counter(), failing = Counter()
        let content = LockScreenDaemon.Content(
            inline: Scripted.widget("inline", family: .accessoryInline, Scripted.instance(calls: inline) { call, now in
                RenderableTimeline(entries: [Scripted.entry(now, "inline \(call)")], policy: .after(now + 900))
            }),
            row: [
                Scripted.widget("atEnd", Scripted.instance(calls: atEnd) { call, now in
                    RenderableTimeline(entries: (0..<4).map { Scripted.entry(now + Double($0) * 1800, "\(call).\($0)") }, policy: .atEnd)
                }),
                Scripted.widget("after", Scripted.instance(calls: after) { call, now in
                    RenderableTimeline(entries: [Scripted.entry(now, "after \(call)")], policy: .after(now + 3600))
                }),
                Scripted.widget("never", Scripted.instance(calls: never) { _, now in
                    RenderableTimeline(entries: [0, 6, 12].map { Scripted.entry(now + $0 * 3600, "never \($0)") }, policy: .never)
                }),
                Scripted.widget("failing", Scripted.failing(calls: failing)),
            ])
        let clock = ManualClock(start: testNow)
        let (daemon, _) = memoryPanelDaemon(content, clock: clock)
        let started = ContinuousClock.now
        _ = try await play(daemon, clock: clock, from: testNow, to: testNow + day)
        let elapsed = ContinuousClock.now - started

        // Every 15 minutes until the budget of 70 a day runs out (17 h 15 min in).
        #expect(inline.count == 70)
        // Four entries 30 minutes apart, reloaded at the last: every 90 minutes.
        #expect(atEnd.count == 16)
        #expect(after.count == 24)
        #expect(never.count == 1)
        // Retries after 30, 60, 120, 240, 480, 960 s, then every 1800 s (the cap).
        var retries = [0.0]
        var wait = 30.0
        while true {
            let next = retries.last! + wait
            if next >= day { break }
            retries.append(next)
            wait = min(wait * 2, 1800)
        }
        #expect(failing.count == retries.count)
        #expect(failing.count == 53)

        #expect(daemon.redraws[.clock] == 1 + 1440)
        // 70 inline entries and the date changing at midnight.
        #expect(daemon.redraws[.dateLine] == 70 + 1)
        // Three entries shown per 90-minute timeline, 16 timelines.
        #expect(daemon.redraws[.unit(0)] == 48)
        #expect(daemon.redraws[.unit(1)] == 24)
        #expect(daemon.redraws[.unit(2)] == 3)
        // The failing widget never had an entry: its placeholder stays, drawn once.
        #expect(daemon.redraws[.unit(3)] == 1)
        print("simulated day played in \(elapsed)")
    }

    @Test("a wall-clock jump forward and back redraws everything once and keeps schedules sane")
    func clockJumps() async throws {
        let calls = Counter()
        let content = LockScreenDaemon.Content(inline: nil, row: [
            Scripted.widget("hourly", budget: .unlimited, Scripted.instance(calls: calls) { call, now in
                RenderableTimeline(entries: [Scripted.entry(now, "\(call)")], policy: .after(now + 3600))
            }),
        ])
        let clock = ManualClock(start: testNow)
        let (daemon, _) = memoryPanelDaemon(content, clock: clock)
        try await daemon.step(now: testNow)
        #expect(daemon.redraws[.unit(0)] == 1)

        // NTP moves the wall clock forward two hours: the reload that was due in an hour
        // is now overdue and happens at once; every slot is redrawn.
        clock.jump(by: 7200)
        let (_, next) = try await daemon.step(now: clock.now())
        #expect(calls.count == 2)
        #expect(daemon.redraws[.unit(0)] == 2)
        #expect(daemon.redraws[.clock] == 2)
        #expect(next != nil && next! <= clock.now() + 60)

        // Back by three hours: nothing new to fetch, but the screen is redrawn.
        clock.jump(by: -10_800)
        try await daemon.step(now: clock.now())
        #expect(daemon.redraws[.clock] == 3)
        #expect(daemon.redraws[.unit(0)] == 3)
    }

    @Test("a stack shows its most relevant widget and rotates when none claims relevance")
    func stack() async throws {
        let quiet = Scripted.instance { _, now in RenderableTimeline(entries: [Scripted.entry(now, "quiet")], policy: .never) }
        let urgent = Scripted.instance { _, now in
            RenderableTimeline(entries: [Scripted.entry(now, "idle"), Scripted.entry(now + 600, "urgent", relevance: .init(score: 10, duration: 900))], policy: .never)
        }
        let content = LockScreenDaemon.Content(inline: nil, row: [WidgetStack([Scripted.widget("quiet", quiet), Scripted.widget("urgent", urgent)], rotation: 3600)])
        let clock = ManualClock(start: testNow)
        let (daemon, _) = memoryPanelDaemon(content, clock: clock)
        try await daemon.step(now: testNow)
        let renderer = daemon.renderer
        func shownText(_ t: Date) async throws -> String {
            clock.advance(to: t)
            try await daemon.step(now: t)
            let shown = await daemon.engine.shown(daemon.shownIndex(stack: 0), at: t)
            return renderer.placeUnit(shown.entry, family: .accessoryCircular, now: t).texts.joined()
        }
        #expect(try await shownText(testNow + 1) == "quiet")
        #expect(try await shownText(testNow + 600) == "urgent")
        #expect(try await shownText(testNow + 1499) == "urgent")
        // Relevance over: no widget claims it, and the hour since the last switch has not passed.
        #expect(try await shownText(testNow + 1500) == "urgent")
        #expect(try await shownText(testNow + 600 + 3600) == "quiet")
    }

    @Test("after a restart the saved entries show at once, marked stale until the provider answers")
    func restart() async throws {
        let folder = try TemporaryFolder("state")
        defer { folder.remove() }
        let dir = folder.path
        let store = StateStore(directory: dir)
        func content(_ note: String, failing: Bool) throws -> LockScreenDaemon.Content {
            let descriptor = NoteWidget(note: note).descriptors[0]
            let real = try descriptor.instantiate([:])
            let instance = failing ? WidgetInstance(placeholder: real.placeholder, snapshot: real.snapshot, timeline: { _ in throw Scripted.Failure() }, restore: real.restore) : real
            return LockScreenDaemon.Content(inline: nil, row: [TimelineEngine.Widget(name: "note", kind: "note", family: .accessoryRectangular, instance: instance)])
        }
        let clock = ManualClock(start: testNow)
        let (first, _) = memoryPanelDaemon(try content("Buy milk", failing: false), clock: clock, store: store)
        try await first.step(now: testNow)
        #expect(FileManager.default.fileExists(atPath: store.path))

        // The provider is down after the restart: the saved entry shows, stale.
        let (second, display) = memoryPanelDaemon(try content("unused", failing: true), clock: clock, store: store)
        await second.restoreState()
        try await second.step(now: testNow + 60)
        let shown = await second.engine.shown(0, at: testNow + 60)
        #expect(!shown.isPlaceholder)
        #expect(shown.isStale)
        #expect(second.renderer.placeUnit(shown.entry, family: .accessoryRectangular, now: testNow).texts == ["Buy milk"])
        #expect(display.lastFrame != nil)
    }

    @Test("changed timelines are saved at once, then at most every five minutes, not at every reload")
    func saveInterval() async throws {
        let folder = try TemporaryFolder("state")
        defer { folder.remove() }
        let dir = folder.path
        let store = StateStore(directory: dir)
        let clock = ManualClock(start: testNow)
        let (daemon, _) = memoryPanelDaemon(try MinuteNoteWidget.content(), clock: clock, store: store)
        for minute in 0...6 {
            clock.advance(to: testNow + Double(minute) * 60)
            try await daemon.step(now: testNow + Double(minute) * 60)
            // Reloaded every minute; written at minute 0 and minute 5 only.
            #expect(try MinuteNoteWidget.savedNote(in: store) == (minute < 5 ? "minute 0" : "minute 5"), "after minute \(minute)")
        }
    }

    @Test("the mailbox's frame, kept by copying only the sent rectangles, is the frame on the panel")
    func mailbox() async throws {
        let instance = try MinuteNoteWidget().descriptors[0].instantiate([:])
        let content = LockScreenDaemon.Content(inline: nil, row: [TimelineEngine.Widget(name: "n", kind: "minute-note", family: .accessoryRectangular, instance: instance, budget: .unlimited)])
        let clock = ManualClock(start: testNow)
        let (daemon, display) = memoryPanelDaemon(content, clock: clock)
        try await daemon.step(now: testNow)
        #expect(daemon.frames.latest == nil, "nothing is kept until a reader opens it")
        daemon.frames.open()
        for minute in 1...4 {
            clock.advance(to: testNow + Double(minute) * 60)
            try await daemon.step(now: testNow + Double(minute) * 60)
            #expect(daemon.frames.latest == display.lastFrame, "after minute \(minute)")
        }
        #expect(daemon.frames.latest == daemon.currentFrame)
    }

    @Test("missing, corrupt or foreign state is ignored, never fatal", arguments: ["{ not json", #"{"format":"something-else","version":1}"#, #"{"format":"lockscreend-state","version":99}"#])
    func badState(contents: String) async throws {
        let folder = try TemporaryFolder("state")
        defer { folder.remove() }
        let dir = folder.path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let store = StateStore(directory: dir)
        try contents.write(toFile: store.path, atomically: true, encoding: .utf8)
        #expect(throws: StateStore.Failure.self) { _ = try store.load() }
        let clock = ManualClock(start: testNow)
        let (daemon, display) = memoryPanelDaemon(LockScreenDaemon.Content(inline: nil, row: [Scripted.widget("x", Scripted.failing())]), clock: clock, store: store)
        await daemon.restoreState()
        try await daemon.step(now: testNow)
        #expect(display.presentations.count == 1)
        #expect(try StateStore(directory: dir + "/missing").load() == nil)
    }

    @Test("e-ink: a cleaning refresh that falls on a change carries it, with no partial update after it")
    func cleaningCarriesTheChange() async throws {
        let device = MemoryPanelDevice(width: 250, height: 122, format: .gray4, keepsUpdates: true)
        var policy = EinkPolicy()
        policy.timeZone = .utc
        (policy.partialsBeforeFull, policy.partialsLimit, policy.fullInterval) = (1_000, 1_000, 600)
        let start = testNow.addingTimeInterval(-57)  // 14:04:00: the clock and the cleaning both change on the minute
        var options = testOptions(width: 250, height: 122)
        options.start = start
        let clock = ManualClock(start: start)
        let content = LockScreenDaemon.Content(inline: nil, row: [TimelineEngine.Widget(name: "n", kind: "note", family: .accessoryRectangular, instance: try NoteWidget(note: "hi").descriptors[0].instantiate([:]), budget: .unlimited)])
        let daemon = LockScreenDaemon(content: content, renderer: LockScreenApplication.renderer(options), display: PanelDisplay(device: device, eink: policy), clock: clock, logger: quietLogger)
        _ = try await play(daemon, clock: clock, from: start, to: start + 1_800)
        let times = device.updates.map(\.time)
        #expect(Set(times).count == times.count, "two flushes at one instant")
        #expect(device.updates.filter { $0.refresh == .full }.map { $0.time.timeIntervalSince(start) } == [0, 600, 1_200])
        #expect(device.updates.count == 30, "one update a minute, the cleanings included")
        #expect(device.updates.last?.frame == daemon.currentFrame)
    }

    @Test("e-ink: live seconds are redrawn once a minute")
    func coarseSeconds() async throws {
        let content = LockScreenDaemon.Content(inline: nil, row: [
            Scripted.widget("timer", Scripted.instance { _, now in
                RenderableTimeline(entries: [RenderableEntry(date: now) { Text(now + 600, style: .timer) }], policy: .never)
            }),
        ])
        var options = testOptions(width: 250, height: 122)
        options.behaviour.coarseLiveSeconds = true
        let clock = ManualClock(start: testNow)
        let daemon = LockScreenDaemon(content: content, renderer: LockScreenApplication.renderer(options), display: MemoryDisplay(width: 250, height: 122, keepsHistory: false), clock: clock, behaviour: options.behaviour, logger: quietLogger)
        _ = try await play(daemon, clock: clock, from: testNow, to: testNow + 600)
        // 14:04:57 plus the ten minute boundaries before 14:14:57.
        #expect(daemon.redraws[.unit(0)] == 11)
    }
}

/// A display whose presentations fail while `failing` is set.
private final class FlakyDisplay: Display {
    let inner = MemoryDisplay(width: 250, height: 122)
    var failing = false
    var name: String { "flaky" }
    var size: (width: Int, height: Int) { inner.size }

    func present(_ frame: Frame, damage: [PixelRect], refresh: Refresh, at time: Date) throws(DisplayError) {
        if failing { throw DisplayError.cannotWrite(path: "flaky", reason: "unplugged") }
        try inner.present(frame, damage: damage, refresh: refresh, at: time)
    }
}

@Suite("Presentation failures")
struct PresentationFailureTests {
    @Test("after a failed presentation the next one sends the whole frame")
    func wholeAfterFailure() async throws {
        let display = FlakyDisplay()
        let clock = ManualClock(start: testNow)
        let daemon = LockScreenDaemon(content: LockScreenDaemon.Content(inline: nil as WidgetStack?, row: []), renderer: LockScreenApplication.renderer(testOptions(width: 250, height: 122)),
                                      display: display, clock: clock, logger: quietLogger)
        try await daemon.step(now: testNow)
        clock.advance(to: testNow + 3)
        try await daemon.step(now: testNow + 3)  // 14:05: the clock's digits change
        #expect(display.inner.presentations.last?.damage != [PixelRect(x: 0, y: 0, width: 250, height: 122)])
        display.failing = true
        clock.advance(to: testNow + 63)
        do {
            try await daemon.step(now: testNow + 63)
            Issue.record("the failing display accepted a frame")
        } catch {}
        display.failing = false
        clock.advance(to: testNow + 123)
        try await daemon.step(now: testNow + 123)
        #expect(display.inner.presentations.last?.damage == [PixelRect(x: 0, y: 0, width: 250, height: 122)])
        #expect(display.inner.presentations.last?.frame == daemon.currentFrame)
    }
}
