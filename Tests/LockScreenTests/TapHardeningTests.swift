import AppIntentsCore
import Accessory
import Canvas
import ControlProtocol
import Foundation
import JSON
import LockScreenModel
import Logging
import Panel
import Providers
import Synchronization
import Testing
@testable import Config
@testable import LockScreen
@testable import DaemonRuntime
@testable import TimelineEngine
import TestSupport
import DaemonTestSupport
import ProviderOptions

/// How many times the counting widget's view has been laid out.
private let layouts = Atomic<Int>(0)

private struct CountedEntry: TimelineEntry {
    let date: Date
}

private struct CountedProvider: TimelineProvider {
    func placeholder(in context: Context) -> CountedEntry { CountedEntry(date: context.date) }
    func getSnapshot(in context: Context, completion: @escaping @Sendable (CountedEntry) -> Void) { completion(placeholder(in: context)) }
    func getTimeline(in context: Context, completion: @escaping @Sendable (Timeline<CountedEntry>) -> Void) {
        completion(Timeline(entries: [placeholder(in: context)], policy: .never))
    }
}

/// A widget with a link, counting its layouts.
private struct CountedWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "counted", provider: CountedProvider()) { _ in
            let _ = layouts.add(1, ordering: .relaxed)
            Link("Open", destination: URL(string: "counted://open")!)
        }
        .supportedFamilies([.accessoryRectangular])
    }
}

/// Round 4 of the attacks (docs/SECURITY.md) on taps: a control lives inside its widget,
/// a tap lays nothing out, a placeholder's tap still runs, `tap NAME` says when nothing is
/// there.
@Suite("Taps, hardened", .serialized)
struct TapHardeningTests {
    /// A daemon of `config` (800×480) after its first step.
    static func daemon(_ config: RunningConfig, logger: Logger = quietLogger) async throws -> LockScreenDaemon {
        let daemon = LockScreenDaemon(
            content: config.content, renderer: LockScreenApplication.renderer(testOptions()), display: MemoryDisplay(width: 800, height: 480),
            clock: ManualClock(start: testNow), logger: logger)
        daemon.screens.open()
        try await daemon.step(now: testNow)
        return daemon
    }

    @Test("a pushed button with a padding of -1000 and a font of 200 stays inside its widget: a tap on another widget runs that widget's action (attack 1)")
    func controlsStayInTheirWidget() async throws {
        let config = try RunningConfig.parse("""
            [layout]
            row = ["lamp", "inbox"]
            [widgets.lamp]
            kind = "text"
            text = "Lamp"
            [widgets.lamp.tap]
            reload = true
            [widgets.inbox]
            kind = "push"
            [urls]
            "steal://*" = { reload = true }
            """, file: "t.toml", registry: .standard(systemRoot: fixtureRoot))
        let daemon = try await Self.daemon(config)
        let timeline = #"{"entries": [{"view": {"button": {"title": "Mine", "url": "steal://taps"}, "padding": -1000, "font": 200}}]}"#
        let handler = ControlHandler(engine: daemon.engine, board: config.pushBoard, frames: daemon.frames, clock: daemon.clock, inbox: daemon.inbox, screens: daemon.screens)
        #expect(await handler.handle(ControlRequest.push(widget: "inbox", timeline: try #require(JSONValue.parse(Data(timeline.utf8))))).ok)
        await daemon.engine.requestReload(kind: "push.inbox")
        try await daemon.step(now: testNow + 1)
        let lamp = try #require(daemon.presented.slots.first { $0.stack == 0 })
        let inbox = try #require(daemon.presented.slots.first { $0.stack == 1 })
        #expect(inbox.controls.count == 1, "the button is a control of its widget")
        for control in inbox.controls {
            #expect(control.frame.minX >= inbox.rect.minX && control.frame.maxX <= inbox.rect.maxX && control.frame.minY >= inbox.rect.minY
                && control.frame.maxY <= inbox.rect.maxY, "\(control.frame) reaches outside its slot \(inbox.rect)")
        }
        // Before, the button's hit area was [-1315, -207, 3625, 1095]: every tap was the inbox's.
        let middle = Point(x: lamp.rect.midX, y: lamp.rect.midY)
        #expect(daemon.presented.control(at: middle)?.control.action.id == "tap:lamp")
        #expect(daemon.presented.control(at: Point(x: 2, y: 2)) == nil, "a tap on the clock's corner is nobody's")
    }

    @Test("a tap, a focus move and lockscreenctl tap test the page as drawn: no view is laid out again (attack 4)")
    func tapsLayNothingOut() async throws {
        let instance = try CountedWidget().descriptors[0].instantiate([:])
        var content = LockScreenDaemon.Content(inline: nil, row: [
            TimelineEngine.Widget(name: "counted", kind: "counted", family: .accessoryRectangular, instance: instance, budget: .unlimited),
        ])
        content.urls = [:]
        let clock = ManualClock(start: testNow)
        let daemon = LockScreenDaemon(content: content, renderer: LockScreenApplication.renderer(testOptions()), display: MemoryDisplay(width: 800, height: 480),
                                      clock: clock, logger: quietLogger)
        daemon.screens.open()
        try await daemon.step(now: testNow)
        let drawn = layouts.load(ordering: .relaxed)
        #expect(drawn > 0)
        let link = try #require(daemon.pageControls().first).frame
        for _ in 0..<20 { await daemon.perform(.tap(x: link.midX, y: link.midY), now: testNow + 1) }
        await daemon.perform(.tap(x: 1e308, y: 5), now: testNow + 1)
        await daemon.perform(.focus(.next), now: testNow + 1)
        await daemon.perform(.focus(.activate), now: testNow + 1)
        let handler = ControlHandler(engine: daemon.engine, board: PushBoard(names: []), frames: daemon.frames, clock: clock, inbox: daemon.inbox, screens: daemon.screens)
        #expect(await handler.handle(ControlRequest.tap(widget: "counted")).ok)
        // Before, each of these 23 laid the whole page out again on the drawing thread.
        #expect(layouts.load(ordering: .relaxed) == drawn)
    }

    @Test("a tap on a widget showing its placeholder runs its configured action (attack 11)")
    func placeholderTaps() async throws {
        let config = try RunningConfig.parse("""
            [layout]
            row = ["porch"]
            [widgets.porch]
            kind = "command"
            command = ["sh", "-c", "exit 1"]
            [widgets.porch.tap]
            reload = true
            """, file: "t.toml", registry: .standard(systemRoot: fixtureRoot))
        let daemon = try await Self.daemon(config)
        #expect(await daemon.engine.shown(0, at: testNow).isPlaceholder)
        let handler = ControlHandler(engine: daemon.engine, board: config.pushBoard, frames: daemon.frames, clock: daemon.clock, inbox: daemon.inbox, screens: daemon.screens)
        #expect(await handler.handle(ControlRequest.tap(widget: "porch")).ok)
        guard case let .tap(x, y)? = daemon.requests.take().first else { Issue.record("no tap was sent"); return }
        await daemon.perform(.tap(x: x, y: y), now: testNow + 1)
        // Before, a placeholder was skipped before its tap was added: nothing ran.
        guard case let .performed(id, _, failed) = try await daemon.performed() else { Issue.record("nothing was performed"); return }
        #expect(id == "tap:porch" && !failed)
    }
}
