import Canvas
import Foundation
import LockScreenModel  // for .uses24HourClock
import Panel
import Testing
@testable import Config
@testable import LockScreen
import DaemonInterface
import DaemonRuntime
import TestSupport
import DaemonTestSupport
import Providers

/// The slots of the next step laid out once a frame is up (`LockScreenDaemon.layOutAhead`)
/// draw, at that step, exactly what laying them out then draws; anything that changed in
/// between has them laid out again. The screen: the minute tick's (a date line with
/// Tokyo's inline clock, the big clock, New York's on a gauge).
@Suite("Layouts made ahead")
struct AheadLayoutTests {
    /// 14:04:30 UTC, and the minute after it.
    static let start = Date(timeIntervalSince1970: 1_795_356_270)
    static let minute = Date(timeIntervalSince1970: 1_795_356_300)

    func daemon(clock: ManualClock) throws -> (LockScreenDaemon, MemoryDisplay) {
        let config = try RunningConfig.parse(MinuteTickTests.config, file: "ahead.toml", registry: .standard(systemRoot: fixtureRoot))
        let display = MemoryDisplay(width: 800, height: 480)
        let daemon = LockScreenDaemon(content: config.content, renderer: LockScreenApplication.renderer(testOptions()), display: display, clock: clock, logger: quietLogger)
        return (daemon, display)
    }

    /// Two daemons step at the start and at the minute, one with its minute laid out
    /// ahead (`change` applied to both after that); what each shows and sends, and how
    /// many slots the first took from its layouts made ahead.
    func minute(at step: Date = minute, after change: (LockScreenDaemon) -> Void = { _ in }) async throws -> (taken: Int, drawn: Int, same: Bool) {
        var shown: [(frame: Frame?, damage: [PixelRect]?)] = []
        var (taken, drawn) = (0, 0)
        for ahead in [true, false] {
            let clock = ManualClock(start: Self.start)
            let (daemon, display) = try daemon(clock: clock)
            try await daemon.step(now: Self.start)
            if ahead { await daemon.layOutAhead(for: Self.minute) }
            change(daemon)
            clock.advance(to: step)
            try await daemon.step(now: step)
            if ahead { (taken, drawn) = (daemon.layoutsTakenAhead, daemon.drawingsTakenAhead) }
            shown.append((display.lastFrame, display.presentations.last?.damage))
        }
        return (taken, drawn, shown[0].frame != nil && shown[0].frame == shown[1].frame && shown[0].damage == shown[1].damage)
    }

    @Test("the minute's slots laid out ahead are drawn as laid out then, to the pixel")
    func takenAtTheMinute() async throws {
        let (taken, drawn, same) = try await minute()
        // The date line (with Tokyo's inline clock), the big clock, New York's gauge:
        // laid out and drawn ahead.
        #expect(taken == 3)
        #expect(drawn == 3)
        #expect(same, "the minute drawn from its layouts made ahead differs from one laid out at the minute")
    }

    @Test("a step at another instant lays its slots out itself")
    func anotherInstant() async throws {
        let (taken, drawn, same) = try await minute(at: Self.minute.addingTimeInterval(60))
        #expect(taken == 0)
        #expect(drawn == 0)
        #expect(same)
    }

    @Test("a change of the face, the page's configuration or the controls in between forgets them")
    func changeInBetween() async throws {
        let face = try await minute { $0.renderer.face.uses24HourClock.toggle() }
        #expect(face.taken == 0 && face.drawn == 0)
        #expect(face.same)
        let content = try await minute { $0.content = $0.content }
        #expect(content.taken == 0 && content.drawn == 0)
        #expect(content.same)
        let focus = try await minute { $0.controls.focused = (id: "none", stack: 0) }
        #expect(focus.taken == 0 && focus.drawn == 0)
        #expect(focus.same)
    }

    @Test("a whole refresh asked for (or the screen woken) before the minute sends the minute before, not the one drawn ahead")
    func wholeRefreshInBetween() async throws {
        let refreshed = try await minute(at: Self.start.addingTimeInterval(10)) { $0.compositor.refreshWholePanel() }
        #expect(refreshed.drawn == 0)
        #expect(refreshed.same)
    }

    @Test("a daemon stopping before the minute marks its panel offline without the minute drawn ahead")
    func offline() async throws {
        var shown: [(frame: Frame?, damage: [PixelRect]?)] = []
        for ahead in [true, false] {
            let clock = ManualClock(start: Self.start)
            let (daemon, display) = try daemon(clock: clock)
            try await daemon.step(now: Self.start)
            if ahead { await daemon.layOutAhead(for: Self.minute) }
            try daemon.presentOffline(at: Self.start.addingTimeInterval(10))
            shown.append((display.lastFrame, display.presentations.last?.damage))
        }
        #expect(shown[0].frame == shown[1].frame && shown[0].damage == shown[1].damage)
    }

    @Test("the running daemon lays out its next minute ahead and draws it from that")
    func runningDaemon() async throws {
        let clock = ManualClock(start: Self.start)
        let (daemon, _) = try daemon(clock: clock)
        let frames = daemon.frames
        frames.open()
        let running = Task {
            try? await daemon.run()
            return (daemon.layoutsTakenAhead, daemon.drawingsTakenAhead)
        }
        #expect(try await eventually { frames.latestWithCount.updates >= 1 })
        clock.advance(to: Self.minute)
        #expect(try await eventually { frames.latestWithCount.updates >= 2 })
        running.cancel()
        let (taken, drawn) = await running.value
        #expect(taken == 3 && drawn == 3)
    }
}
