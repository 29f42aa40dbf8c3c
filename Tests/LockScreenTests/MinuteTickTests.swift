import Accessory
import Canvas
import Foundation
import LockScreenModel  // for .dateLine
import Panel
import Testing
@testable import Config
@testable import LockScreen
@testable import DaemonRuntime
@testable import TimelineEngine
import TestSupport
import DaemonTestSupport
import Providers

/// A minute's tick changes digits, and only those may reach the panel: a changed digit
/// must not move the text beside it (the date the inline clock is centred with).
@Suite("The minute's tick")
struct MinuteTickTests {
    static let config = """
        [clock]
        time_zone = "UTC"
        [layout]
        inline = "tokyo"
        row = ["nyc"]
        [widgets.tokyo]
        kind = "clock"
        zone = "Asia/Tokyo"
        [widgets.nyc]
        kind = "clock"
        zone = "America/New_York"
        label = "NYC"
        family = "circular"
        """

    @Test("the tick from 14:04 to 14:05 damages the changed digits, not the date beside them", arguments: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9])
    func tick(minute: Int) async throws {
        let config = try RunningConfig.parse(Self.config, file: "tick.toml", registry: .standard(systemRoot: fixtureRoot))
        // 14:0M:30 UTC (23:0M in Tokyo), then the next minute.
        let start = Date(timeIntervalSince1970: 1_795_356_000 + Double(60 * minute) + 30)
        let clock = ManualClock(start: start)
        let display = MemoryDisplay(width: 800, height: 480)
        let daemon = LockScreenDaemon(content: config.content, renderer: LockScreenApplication.renderer(testOptions()), display: display, clock: clock, logger: quietLogger)
        try await daemon.step(now: start)
        let next = Date(timeIntervalSince1970: (start.timeIntervalSince1970 / 60).rounded(.up) * 60)
        clock.advance(to: next)
        try await daemon.step(now: next)
        let damage = try #require(display.presentations.last).damage
        // The date's own words ("Sun 22 Nov") as placed on the date line beside the
        // inline clock, in pixels.
        let line = daemon.renderer.placeDateLine(now: next, inline: await daemon.engine.shown(0, at: next).entry)
        let words = try #require(line.children.first).contentFrame
        let (slot, scale) = (daemon.renderer.layout.dateLine, daemon.renderer.layout.scale)
        let date = PixelRect(x: Int(slot.minX + words.minX * scale), y: Int(slot.minY + words.minY * scale), width: Int(words.width * scale), height: Int(words.height * scale))
        #expect(date.width > 50, "\(date)")
        #expect(damage.allSatisfy { $0.intersection(date).isEmpty }, "the date was sent again: \(damage) against \(date)")
        let sent = damage.reduce(0) { $0 + $1.width * $1.height }
        // 1.5 % of the panel per changed digit of each clock: one, or two from :09 to :10.
        let digits = minute == 9 ? 2 : 1
        #expect(sent <= digits * 800 * 480 * 15 / 1_000, "\(sent) pixels sent in \(damage.count) rectangles")
    }
}
