import Accessory
import Canvas
import Foundation
import LockScreenModel
import Panel
import Testing
import ZoneInfo
@testable import Config
@testable import LockScreen
@testable import Providers
@testable import DaemonRuntime
@testable import TimelineEngine
import TestSupport
import DaemonTestSupport

/// Every built-in kind that reads only this machine, played through an hour of minute
/// ticks as the daemon runs them: at each minute what each widget shows must be true
/// of that minute, not of when its timeline was made.
@Suite("Built-in kinds across an hour")
struct BuiltInHourTests {
    static let config = """
        [clock]
        time_zone = "UTC"
        [layout]
        inline = "tokyo"
        row = ["nyc", "launch", "cpu", "note"]
        [widgets.tokyo]
        kind = "clock"
        zone = "Asia/Tokyo"
        [widgets.nyc]
        kind = "clock"
        zone = "America/New_York"
        label = "NYC"
        family = "circular"
        [widgets.launch]
        kind = "countdown"
        title = "Launch"
        date = 2026-11-22T16:04:57Z
        family = "circular"
        [widgets.cpu]
        kind = "system"
        metric = "cpu"
        family = "circular"
        [widgets.note]
        kind = "text"
        text = "Water the plants"
        family = "circular"
        """

    func hhmm(_ date: Date, _ zone: String) -> String {
        let c = ZoneRules.named(zone)!.civil(date)
        return String(format: "%02d:%02d", c.hour, c.minute)
    }

    @Test("clocks, countdowns, system readings and text are right at every minute of an hour")
    func hour() async throws {
        let config = try RunningConfig.parse(Self.config, file: "hour.toml", registry: .standard(systemRoot: fixtureRoot))
        let clock = ManualClock(start: testNow)
        var options = testOptions()
        options.start = testNow
        let display = MemoryDisplay(width: 800, height: 480, keepsHistory: false)
        let daemon = LockScreenDaemon(content: config.content, renderer: LockScreenApplication.renderer(options), display: display, clock: clock, logger: quietLogger)
        let renderer = daemon.renderer
        func shown(_ index: Int, _ family: WidgetFamily, at t: Date) async -> String {
            let shown = await daemon.engine.shown(index, at: t)
            return renderer.placeUnit(shown.entry, family: family, now: t).texts.joined(separator: " ")
        }

        var t = testNow
        var minutesChecked = 0
        let end = testNow + 3_600
        var nextMinute = Date(timeIntervalSince1970: (testNow.timeIntervalSince1970 / 60).rounded(.up) * 60)
        while t < end {
            clock.advance(to: t)
            // The countdown asks for every second; the minutes are what is checked.
            _ = try await daemon.step(now: t)
            if t >= nextMinute {
                #expect(await shown(0, .accessoryInline, at: t) == "public Tokyo \(hhmm(t, "Asia/Tokyo"))", "at \(t)")
                #expect(await shown(1, .accessoryCircular, at: t) == "NYC \(hhmm(t, "America/New_York"))", "at \(t)")
                let left = Int(Date(timeIntervalSince1970: 1_795_363_497).timeIntervalSince(t).rounded(.up))
                let timer = String(format: "%d:%02d:%02d", left / 3600, left % 3600 / 60, left % 60)
                #expect(await shown(2, .accessoryCircular, at: t) == "Launch \(timer)", "at \(t)")
                #expect(await shown(3, .accessoryCircular, at: t).contains("CPU"), "at \(t)")
                #expect(await shown(4, .accessoryCircular, at: t) == "Water the plants", "at \(t)")
                minutesChecked += 1
                nextMinute += 60
            }
            t = nextMinute
        }
        #expect(minutesChecked == 60)
        // The two clocks' slots were redrawn each minute (the big clock's too).
        #expect(daemon.redraws[SlotID.dateLine, default: 0] >= 60)
        #expect(daemon.redraws[SlotID.unit(0), default: 0] >= 60)
    }
}

@Suite("Countdown in a circle")
struct CountdownCircleTests {
    func circular(_ date: String) async throws -> PlacedView {
        let config = try RunningConfig.parse("[layout]\nrow = [\"c\"]\n[widgets.c]\nkind = \"countdown\"\ntitle = \"Launch\"\nfamily = \"circular\"\ndate = \(date)", file: "t.toml", registry: .standard(systemRoot: fixtureRoot))
        let widget = config.content.row[0].widgets[0]
        let timeline = try await widget.instance.timeline(TimelineProviderContext(family: .accessoryCircular, displaySize: CGSize(width: 72, height: 72), date: testNow))
        let renderer = LockScreenRenderer(layout: LockScreenLayout(width: 800, height: 480))
        return renderer.placeUnit(try #require(timeline.entries.first), family: .accessoryCircular, now: testNow)
    }

    @Test("a month away reads days and hours on two lines; on the last day a running H:MM:SS; both inside the tile")
    func fits() async throws {
        let month = try await circular("2026-12-23T18:04:57Z")
        #expect(month.texts == ["Launch", "31 days, 4 hr"])
        let day = try await circular("2026-11-23T09:04:57Z")
        #expect(day.texts == ["Launch", "19:00:00"])
        func all(_ view: PlacedView) -> [PlacedView] { [view] + view.children.flatMap(all) }
        for placed in [month, day] {
            for view in all(placed) {
                guard case .text = view.content else { continue }
                #expect(view.frame.minX >= 0 && view.frame.maxX <= 72, "\(view.debugDump())")
            }
        }
    }
}
