import Accessory
import Canvas
@testable import Config
@testable import ControlProtocol
@testable import DaemonRuntime
import DaemonTestSupport
import Foundation
@testable import JSON
@testable import LockScreen
import LockScreenModel
import Panel
import PanelOptions
@testable import Providers
import TestSupport
import Testing
@testable import TimelineEngine
import ZoneInfo

@Suite("Reloading the configuration")
struct ReconfigurationTests {
    let registry = WidgetRegistry.standard(systemRoot: fixtureRoot)

    func config(emoji: String, extra: String = "") throws -> RunningConfig {
        try RunningConfig.parse("""
            [layout]
            inline = "note"
            row = ["mem", "emoji"\(extra.isEmpty ? "" : ", \"extra\"")]
            [widgets.note]
            kind = "text"
            text = "hello"
            [widgets.mem]
            kind = "system"
            metric = "memory"
            [widgets.emoji]
            kind = "text"
            emoji = "\(emoji)"
            \(extra)
            """, file: "t.toml", registry: registry)
    }

    func reconfiguration(_ config: RunningConfig) -> LockScreenDaemon.Reconfiguration {
        .init(content: config.content, face: { var face = ClockFace(); face.timeZone = .utc; return face }())
    }

    @Test("unchanged widgets keep their timelines; a changed one starts again; only its pixels are sent")
    func smallestRedraw() async throws {
        var options = testOptions(width: 800, height: 480)
        options.content = try config(emoji: "🦊").content
        let display = MemoryDisplay(width: 800, height: 480)
        let daemon = LockScreenApplication.daemon(options, display: display, logger: quietLogger)
        try await daemon.step(now: testNow)
        let before = await daemon.engine.report(at: testNow)

        await daemon.reconfigure(reconfiguration(try config(emoji: "🐼")), now: testNow + 1)
        let after = await daemon.engine.report(at: testNow + 1)
        // note and mem kept their entries (no placeholder, no new call); emoji starts over.
        #expect(after[0].shown == before[0].shown && after[0].providerCalls == before[0].providerCalls)
        #expect(after[1].shown == before[1].shown && after[1].providerCalls == before[1].providerCalls)
        #expect(after[2].shown == "placeholder" && after[2].providerCalls == 0)

        try await daemon.step(now: testNow + 1)
        let last = try #require(display.presentations.last)
        #expect(last.refresh == .partial)
        // The emoji's slot is the second unit of the row; nothing else was sent.
        let slot = try #require(daemon.renderer.rect(of: .unit(1), rowFamilies: [.accessoryCircular, .accessoryCircular])).integral
        #expect(!last.damage.isEmpty)
        #expect(last.damage.allSatisfy { slot.intersection($0) == $0 })
    }

    @Test("a widget added by a reload appears; a fetch finishing after its widget left is dropped")
    func addAndRemove() async throws {
        // The slow provider answers when the test moves its gate's clock, unless the
        // reconfiguration cancels it first.
        let gate = ManualClock(start: testNow)
        let ended = Counter()
        let slow = WidgetInstance(
            placeholder: { Scripted.entry($0.date, "placeholder") }, snapshot: { Scripted.entry($0.date, "snapshot") },
            timeline: { context in
                // Answers or is cancelled with its widget; either way it ends here.
                defer { ended.increment() }
                try await gate.sleep(until: testNow + 1)
                return RenderableTimeline(entries: [Scripted.entry(context.date, "late")], policy: .never)
            })
        let clock = ManualClock(start: testNow)
        let engine = TimelineEngine(widgets: [Scripted.widget("gone", slow)], now: testNow, clock: clock, logger: quietLogger)
        async let step = engine.reloadDue(now: testNow)  // starts the slow fetch
        await endGrace(clock)
        _ = await step
        let replacement = try config(emoji: "🦊").content
        await engine.reconfigure(replacement.stacks.flatMap(\.widgets), now: testNow)
        gate.advance(by: 1)  // the old fetch completes now
        await ended.reached(1)
        for _ in 0..<50 { await Task.yield() }
        let report = await engine.report(at: testNow)
        #expect(report.map { $0.name } == ["note", "mem", "emoji"])
        #expect(report.allSatisfy { $0.shown == "placeholder" })
    }
}
