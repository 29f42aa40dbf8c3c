import Accessory
import Canvas
import Foundation
import LockScreenModel  // for .clock
import Panel
import Testing
import ZoneInfo
@testable import Config
@testable import ControlProtocol
@testable import JSON
@testable import LockScreen
@testable import Providers
@testable import DaemonRuntime
@testable import TimelineEngine
import TestSupport
import DaemonTestSupport

@Suite("Time zones and reload requests")
struct TimeZoneAndReloadTests {
    @Test("the system time zone is read from /etc/localtime's link, or TZ")
    func systemZone() throws {
        let folder = try TemporaryFolder("tz")
        defer { folder.remove() }
        let dir = folder.url
        let link = dir.appendingPathComponent("localtime").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/usr/share/zoneinfo/Europe/London")
        let source = SystemTimeZone(localtime: link)
        #expect(source.current(environment: [:]).identifier == "Europe/London")
        #expect(source.current(environment: ["TZ": ":Asia/Tokyo"]).identifier == "Asia/Tokyo")
    }

    @Test("a time-zone change redraws the clock in the new zone")
    func zoneChange() async throws {
        let folder = try TemporaryFolder("tz")
        defer { folder.remove() }
        let dir = folder.url
        let link = dir.appendingPathComponent("localtime").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/usr/share/zoneinfo/UTC")
        var options = testOptions(width: 250, height: 122)
        // A face without a zone of its own follows the machine's.
        options.face.timeZone = nil
        options.behaviour.systemTimeZone = SystemTimeZone(localtime: link)
        let clock = ManualClock(start: testNow)
        let daemon = LockScreenDaemon(content: .init(inline: nil, row: [TimelineEngine.Widget]()), renderer: LockScreenApplication.renderer(options), display: MemoryDisplay(width: 250, height: 122), clock: clock, behaviour: options.behaviour, logger: quietLogger)
        try await daemon.step(now: testNow)
        #expect(daemon.renderer.placeClock(now: testNow).texts == ["14:04"])
        try FileManager.default.removeItem(atPath: link)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/usr/share/zoneinfo/Asia/Tokyo")
        clock.advance(to: testNow + 1)
        try await daemon.step(now: testNow + 1)
        #expect(daemon.renderer.timeZone.identifier == "Asia/Tokyo")
        #expect(daemon.renderer.placeClock(now: testNow).texts == ["23:04"])
        #expect(daemon.redraws[.clock] == 2)
    }

    @Test("WidgetCenter.reloadTimelines(ofKind:) wakes the running daemon and reloads that kind")
    func widgetCenter() async throws {
        let calls = Counter()
        let kind = "reload-test-\(UUID())"
        let widget = TimelineEngine.Widget(name: "w", kind: kind, family: .accessoryCircular, instance: Scripted.instance(calls: calls) { call, now in
            RenderableTimeline(entries: [Scripted.entry(now, "\(call)")], policy: .never)
        })
        let options = testOptions(width: 250, height: 122)
        // On a manual clock nobody moves: only WidgetCenter can make the daemon step again.
        let clock = ManualClock(start: testNow)
        // The process's host, which widget code's WidgetCenter.shared reaches.
        var behaviour = LockScreenDaemon.Behaviour()
        behaviour.host = .process
        let daemon = LockScreenDaemon(content: .init(inline: nil, row: [widget]), renderer: LockScreenApplication.renderer(options), display: MemoryDisplay(width: 250, height: 122, keepsHistory: false),
                                      clock: clock, behaviour: behaviour, logger: quietLogger)
        let running = Task { try await daemon.run() }
        defer { running.cancel() }
        await calls.reached(1)
        // A provider is asked again on request a second after it was last asked at most
        // (TimelineEngine.minimumAskInterval): the clock moves that second first.
        clock.advance(by: 1)
        WidgetCenter.shared.reloadTimelines(ofKind: kind)
        await calls.reached(2)
        // Another kind's reload wakes the daemon but asks nothing of this widget: the next
        // reload of this kind is its third call, not its fourth.
        clock.advance(by: 1)
        WidgetCenter.shared.reloadTimelines(ofKind: "some-other-kind")
        WidgetCenter.shared.reloadTimelines(ofKind: kind)
        await calls.reached(3)
        #expect(await daemon.engine.status(0, at: testNow + 2).providerCalls == 3)
    }
}
