import AppIntentsCore
import Accessory
import Canvas
import ControlProtocol
import LockScreenModel
import Providers
import Foundation
import Panel
import Synchronization
import Testing
@testable import LockScreen
@testable import DaemonRuntime
@testable import TimelineEngine
import TestSupport
import DaemonTestSupport
import ProviderOptions

/// Lamps the intents switch, each test its own, by name.
private let lamps = Mutex<[String: (on: Bool, bumps: Int)]>([:])

private struct ToggleLamp: AppIntent {
    static let title: LocalizedStringResource = "Toggle the lamp"
    @Parameter(title: "Lamp") var lamp: String
    init() {}
    init(lamp: String) { self.lamp = lamp }
    func perform() async throws -> some IntentResult {
        if lamp.hasSuffix("-broken") { throw CancellationError() }
        if lamp.hasSuffix("-slow") { try await Task.sleep(for: .seconds(3600)) }
        lamps.withLock { $0[lamp, default: (false, 0)].on.toggle() }
        return .result()
    }
}

private struct Bump: AppIntent {
    static let title: LocalizedStringResource = "Bump"
    @Parameter(title: "Lamp") var lamp: String
    init() {}
    init(lamp: String) { self.lamp = lamp }
    func perform() async throws -> some IntentResult {
        lamps.withLock { $0[lamp, default: (false, 0)].bumps += 1 }
        return .result()
    }
}

private struct LampConfiguration: WidgetConfigurationIntent {
    static let title: LocalizedStringResource = "Lamp"
    @Parameter(title: "Lamp", default: "lamp") var lamp: String
}

private struct LampEntry: TimelineEntry {
    let date: Date
    let lamp: String
    let on: Bool
    let bumps: Int
}

private struct LampProvider: AppIntentTimelineProvider {
    func placeholder(in context: Context) -> LampEntry { LampEntry(date: context.date, lamp: "lamp", on: false, bumps: 0) }
    func snapshot(for configuration: LampConfiguration, in context: Context) async -> LampEntry { placeholder(in: context) }
    func timeline(for configuration: LampConfiguration, in context: Context) async -> Timeline<LampEntry> {
        let state = lamps.withLock { $0[configuration.lamp] ?? (false, 0) }
        return Timeline(entries: [LampEntry(date: context.date, lamp: configuration.lamp, on: state.on, bumps: state.bumps)], policy: .never)
    }
}

private struct LampWidget: Widget {
    var body: some WidgetConfiguration {
        AppIntentConfiguration(kind: "lamp", intent: LampConfiguration.self, provider: LampProvider()) { entry in
            VStack(alignment: .leading, spacing: 4) {
                Toggle("Desk lamp", isOn: entry.on, intent: ToggleLamp(lamp: entry.lamp))
                HStack {
                    Text("\(entry.bumps)")
                    Link("Help", destination: URL(string: "lamp://help/\(entry.lamp)")!)
                    Spacer()
                    Button("Bump", intent: Bump(lamp: entry.lamp))
                }
            }
        }
        .supportedFamilies([.accessoryRectangular])
    }
}

private struct URLWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "urls", provider: LampProviderStatic()) { _ in
            Text("Open the app").widgetURL(URL(string: "other://open"))
        }
        .supportedFamilies([.accessoryRectangular])
    }
}

private struct LampProviderStatic: TimelineProvider {
    func placeholder(in context: Context) -> LampEntry { LampEntry(date: context.date, lamp: "x", on: false, bumps: 0) }
    func getSnapshot(in context: Context, completion: @escaping @Sendable (LampEntry) -> Void) { completion(placeholder(in: context)) }
    func getTimeline(in context: Context, completion: @escaping @Sendable (Timeline<LampEntry>) -> Void) {
        completion(Timeline(entries: [placeholder(in: context)], policy: .never))
    }
}

@Suite("Interactive widgets")
struct InteractiveWidgetTests {
    func makeDaemon(lamp: String, clock: ManualClock, urls: [String: WidgetTap] = [:]) throws -> (LockScreenDaemon, MemoryDisplay) {
        let instance = try LampWidget().descriptors[0].instantiate(["lamp": lamp])
        let other = try URLWidget().descriptors[0].instantiate([:])
        var content = LockScreenDaemon.Content(inline: nil, row: [
            TimelineEngine.Widget(name: "lamp", kind: "lamp", family: .accessoryRectangular, instance: instance, budget: .unlimited),
            TimelineEngine.Widget(name: "other", kind: "urls", family: .accessoryRectangular, instance: other, budget: .unlimited),
        ])
        content.urls = urls
        var options = testOptions(width: 800, height: 480)
        options.start = testNow
        let display = MemoryDisplay(width: 800, height: 480)
        let daemon = LockScreenDaemon(content: content, renderer: LockScreenApplication.renderer(options), display: display, clock: clock, logger: quietLogger)
        return (daemon, display)
    }

    @Test("a tap on a toggle shows it turned at once, redrawing only the toggle; its intent runs and the widget reloads with the new state")
    func toggle() async throws {
        let clock = ManualClock(start: testNow)
        let (daemon, display) = try makeDaemon(lamp: "t-toggle", clock: clock)
        try await daemon.step(now: testNow)
        let controls = daemon.pageControls()
        #expect(controls.map(\.control.isOn) == [false, nil, nil, nil], "a toggle, then a link and a button, in reading order; the other widget's address")
        let toggle = try #require(controls.first).frame
        let before = display.presentations.count
        await daemon.perform(.tap(x: toggle.midX, y: toggle.midY), now: testNow + 1)
        try await daemon.step(now: testNow + 1)
        #expect(display.presentations.count == before + 1)
        let damage = try #require(display.presentations.last?.damage)
        let area = toggle.inset(by: -2)
        #expect(damage.allSatisfy { Double($0.x) >= area.minX && Double($0.y) >= area.minY && Double($0.x + $0.width) <= area.maxX && Double($0.y + $0.height) <= area.maxY }, "\(damage) outside \(toggle)")
        #expect(daemon.pageControls().first?.control.isOn == true, "shown turned before the intent returns")
        // The intent runs; when it reports back, the widget's kind reloads and its entry says on.
        let request = try await daemon.performed()
        #expect(lamps.withLock { $0["t-toggle"]?.on } == true)
        await daemon.perform(request, now: testNow + 2)
        try await daemon.step(now: testNow + 2)
        #expect(daemon.controls.pending.isEmpty, "the new entry settled the tapped state")
        #expect(daemon.pageControls().first?.control.isOn == true)
    }

    @Test("the status lists each widget's controls where the daemon's hit test finds them, a toggle with its state")
    func statusControls() async throws {
        let clock = ManualClock(start: testNow)
        let (daemon, _) = try makeDaemon(lamp: "t-status", clock: clock)
        daemon.screens.open()
        try await daemon.step(now: testNow)
        let handler = ControlHandler(engine: daemon.engine, board: PushBoard(names: []), frames: daemon.frames, clock: clock, inbox: daemon.inbox, screens: daemon.screens)
        let status = await handler.handle(ControlRequest.status)
        let listed = try #require(status.widgets?.first { $0.name == "lamp" }?.controls)
        let found = daemon.pageControls().filter { $0.stack == 0 }
        #expect(listed.map(\.title) == found.map(\.control.action.title))
        #expect(listed.map(\.on) == found.map(\.control.isOn))
        for (entry, control) in zip(listed, found) {
            #expect(abs(Double(entry.frame[0]) - control.frame.minX) <= 1 && abs(Double(entry.frame[1]) - control.frame.minY) <= 1)
        }
    }

    @Test("a tap outside every control does nothing; a button's intent runs with its parameters")
    func buttonAndMiss() async throws {
        let clock = ManualClock(start: testNow)
        let (daemon, display) = try makeDaemon(lamp: "t-button", clock: clock)
        try await daemon.step(now: testNow)
        let presented = display.presentations.count
        await daemon.perform(.tap(x: 2, y: 2), now: testNow + 1)
        try await daemon.step(now: testNow + 1)
        #expect(display.presentations.count == presented)
        #expect(daemon.requests.take().isEmpty && daemon.controls.running.isEmpty)
        let button = try #require(daemon.pageControls().first { $0.control.action.title == "Bump" }).frame
        await daemon.perform(.tap(x: button.midX, y: button.midY), now: testNow + 2)
        let request = try await daemon.performed()
        await daemon.perform(request, now: testNow + 3)
        try await daemon.step(now: testNow + 3)
        #expect(lamps.withLock { $0["t-button"]?.bumps } == 1)
    }

    @Test("an intent that throws shows the toggle's own state again; one that does not return in 30 s is given up")
    func failures() async throws {
        for lamp in ["t-broken", "t-slow"] {
            let clock = ManualClock(start: testNow)
            let (daemon, _) = try makeDaemon(lamp: lamp.hasSuffix("slow") ? "t-slow" : "t-broken", clock: clock)
            try await daemon.step(now: testNow)
            let toggle = try #require(daemon.pageControls().first).frame
            await daemon.perform(.tap(x: toggle.midX, y: toggle.midY), now: testNow + 1)
            #expect(daemon.controls.states.values.first == true)
            if lamp.hasSuffix("slow") {
                // The intent sleeps; the daemon's clock passes its 30 s.
                for _ in 0..<100 { await Task.yield() }
                clock.advance(to: testNow + 32)
            }
            let request = try await daemon.performed()
            guard case let .performed(_, _, failed) = request else {
                Issue.record("\(request)")
                return
            }
            #expect(failed)
            await daemon.perform(request, now: testNow + 33)
            #expect(daemon.controls.states.isEmpty && daemon.controls.running.isEmpty)
        }
    }

    @Test("keys move a focus ring among the controls in reading order and perform the focused one")
    func focus() async throws {
        let clock = ManualClock(start: testNow)
        let (daemon, display) = try makeDaemon(lamp: "t-focus", clock: clock)
        try await daemon.step(now: testNow)
        let controls = daemon.pageControls()
        await daemon.perform(.focus(.next), now: testNow + 1)
        try await daemon.step(now: testNow + 1)
        #expect(daemon.renderer.focusedControl == controls[0].control.action.id)
        let ring = try #require(display.presentations.last?.damage)
        #expect(!ring.isEmpty)
        await daemon.perform(.focus(.next), now: testNow + 2)
        await daemon.perform(.focus(.next), now: testNow + 2)
        await daemon.perform(.focus(.activate), now: testNow + 2)
        let request = try await daemon.performed()
        await daemon.perform(request, now: testNow + 3)
        #expect(lamps.withLock { $0["t-focus"]?.bumps } == 1)
        await daemon.perform(.focus(.next), now: testNow + 4)
        await daemon.perform(.focus(.next), now: testNow + 4)
        #expect(daemon.renderer.focusedControl == controls[0].control.action.id, "after the last control the focus wraps to the first")
        await daemon.perform(.focus(.previous), now: testNow + 4)
        #expect(daemon.renderer.focusedControl == controls[3].control.action.id)
    }

    @Test("a Link and a .widgetURL open their address: the action [urls] maps it to (a prefix with *), or nothing")
    func urls() async throws {
        let clock = ManualClock(start: testNow)
        let (daemon, _) = try makeDaemon(lamp: "t-url", clock: clock, urls: ["lamp://help/*": .reload])
        try await daemon.step(now: testNow)
        let controls = daemon.pageControls()
        #expect(controls.compactMap(\.control.action.url) == ["lamp://help/t-url", "other://open"])
        let link = try #require(controls.first { $0.control.action.url == "lamp://help/t-url" }).frame
        await daemon.perform(.tap(x: link.midX, y: link.midY), now: testNow + 1)
        let request = try await daemon.performed()
        guard case let .performed(id, kind, failed) = request else { return }
        #expect(id == "url:lamp://help/t-url" && kind == "lamp" && !failed)
        await daemon.perform(request, now: testNow + 1)
        // The other widget's address is in no [urls] entry: nothing runs.
        let other = try #require(controls.last).frame
        await daemon.perform(.tap(x: other.midX, y: other.midY), now: testNow + 2)
        #expect(daemon.controls.running.isEmpty)
        var content = LockScreenDaemon.Content(inline: nil, row: [])
        content.urls = ["a://x": .reload, "a://*": .page(nil), "a://x/*": .page(.home)]
        #expect(content.action(forURL: "a://x") == .reload && content.action(forURL: "a://x/y") == .page(.home) && content.action(forURL: "a://z") == .page(nil) && content.action(forURL: "b://") == nil)
    }
}
