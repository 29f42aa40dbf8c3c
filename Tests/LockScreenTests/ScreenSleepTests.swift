import Canvas
import ControlProtocol
import DaemonInterface
@testable import DaemonRuntime
import DaemonTestSupport
import Foundation
@testable import LockScreen
import LockScreenModel
import Panel
import PanelOptions
import Providers
import TestSupport
import Testing
@testable import TimelineEngine
import ZoneInfo

/// `[display] off`: the screen goes dark and lights on the daemon's clock, nothing is drawn
/// while it is dark, the first frame after is whole, and taps, keys and switches act as a
/// phone's lock screen does.
@Suite("Screens that sleep")
struct ScreenSleepTests {
    /// Testing's 14:04:57 UTC on Sunday 2026-11-22; the screen is dark from 14:06 to 14:08.
    static let darkFrom = testNow + 63, darkUntil = testNow + 183

    func daemon(_ spans: [String] = ["14:06-14:08"], wakeFor: TimeInterval = 20, clock: ManualClock) -> (LockScreenDaemon, MemoryDisplay) {
        var options = testOptions(width: 250, height: 122)
        options.behaviour.screen = ScreenPower(schedule: spans.isEmpty ? nil : ScreenSchedule(spans), wakeFor: wakeFor)
        let display = MemoryDisplay(width: 250, height: 122)
        let daemon = LockScreenDaemon(content: .init(inline: nil, row: [TimelineEngine.Widget]()), renderer: LockScreenApplication.renderer(options),
                                      display: display, clock: clock, behaviour: options.behaviour, logger: quietLogger)
        return (daemon, display)
    }

    /// Turns the loop as `run()` does, at each time it asks for, until `end`; returns the
    /// times of the turns that drew nothing (the screen was dark).
    func play(_ daemon: LockScreenDaemon, clock: ManualClock, from start: Date, until end: Date) async throws -> [Date] {
        var t = start, dark: [Date] = []
        while t < end {
            clock.advance(to: t)
            _ = await daemon.takeRequests()
            let next = try await daemon.turn(at: t)
            if !next.drawn { dark.append(t) }
            t = next.time
        }
        return dark
    }

    @Test("dark at the scheduled minute, lit at its end, nothing presented between, the first frame after whole; one wake-up while dark")
    func schedule() async throws {
        let clock = ManualClock(start: testNow)
        let (daemon, display) = daemon(clock: clock)
        let dark = try await play(daemon, clock: clock, from: testNow, until: testNow + 300)
        #expect(display.powerChanges.map(\.on) == [false, true])
        #expect(display.powerChanges.map(\.time) == [Self.darkFrom, Self.darkUntil])
        #expect(dark == [Self.darkFrom])
        #expect(!display.presentations.contains { $0.time >= Self.darkFrom && $0.time < Self.darkUntil })
        let first = try #require(display.presentations.first { $0.time >= Self.darkUntil })
        #expect(first.time == Self.darkUntil && first.refresh == .full && first.damage == [PixelRect(x: 0, y: 0, width: 250, height: 122)])
        // Every other minute was drawn: the clock's minutes from 14:05 on, outside the dark.
        #expect(display.presentations.map { Int($0.time.timeIntervalSince(testNow)) } == [0, 3, 183, 243])
        #expect(daemon.frames.screen == ScreenStatus(on: true, cause: "schedule", until: "2026-11-23T14:06:00Z"))
    }

    @Test("a tap or key on a dark screen lights it for wake_for and does nothing else; a full refresh asked of it is dropped")
    func wakeByTap() async throws {
        let clock = ManualClock(start: testNow)
        let (daemon, display) = daemon(clock: clock)
        _ = try await play(daemon, clock: clock, from: testNow, until: Self.darkFrom + 1)
        #expect(daemon.frames.screen.on == false)
        daemon.inbox.send(.fullRefresh)
        daemon.inbox.send(.tap(x: 10, y: 10))
        let tapped = Self.darkFrom + 30
        clock.advance(to: tapped)
        _ = await daemon.takeRequests()
        let lit = try await daemon.turn(at: tapped)
        #expect(lit.drawn && lit.time <= tapped + 20)
        #expect(daemon.frames.screen == ScreenStatus(on: true, cause: "woken", until: "2026-11-22T14:06:50Z"))
        #expect(display.presentations.last?.time == tapped && display.presentations.last?.refresh == .full)
        _ = try await play(daemon, clock: clock, from: lit.time, until: tapped + 25)
        #expect(display.powerChanges.map(\.on) == [false, true, false])
        #expect(display.powerChanges.last?.time == tapped + 20)
        // A key: the keys ask for a wake-up when the screen is dark.
        daemon.inbox.send(.wake)
        _ = await daemon.takeRequests()
        #expect(try await daemon.turn(at: tapped + 26).drawn)
    }

    @Test("a switch holds until the schedule next changes; auto gives the screen back to it")
    func switches() throws {
        let schedule = try #require(ScreenSchedule(["23:00-07:00"]))
        var power = ScreenPower(schedule: schedule, wakeFor: 60)
        let noon = testNow - 7_497  // 12:00
        power.flip(.off, at: noon, zone: .utc)
        #expect(power.reading(at: noon + 3_600, zone: .utc) == .init(on: false, cause: .switch, until: noon + 11 * 3_600))
        // At 23:00 the schedule changes: dark by schedule, and lit again at 07:00.
        #expect(power.reading(at: noon + 11 * 3_600, zone: .utc) == .init(on: false, cause: .schedule, until: noon + 19 * 3_600))
        #expect(power.reading(at: noon + 19 * 3_600, zone: .utc).on)
        power.flip(.on, at: noon + 12 * 3_600, zone: .utc)  // midnight, someone is up
        #expect(power.reading(at: noon + 13 * 3_600, zone: .utc) == .init(on: true, cause: .switch, until: noon + 19 * 3_600))
        power.flip(.auto, at: noon + 13 * 3_600, zone: .utc)
        #expect(!power.reading(at: noon + 13 * 3_600, zone: .utc).on)
        // Without a schedule a switch holds until switched back.
        var plain = ScreenPower()
        plain.flip(.off, at: noon, zone: .utc)
        #expect(plain.reading(at: noon + 86_400 * 30, zone: .utc) == .init(on: false, cause: .switch, until: nil))
        plain.wake(at: noon + 10)
        #expect(plain.reading(at: noon + 20, zone: .utc) == .init(on: true, cause: .woken, until: noon + 70))
        #expect(!plain.reading(at: noon + 70, zone: .utc).on)
    }

    @Test("lockscreenctl screen off reaches the daemon through the inbox and the status says so")
    func socketSwitch() async throws {
        let clock = ManualClock(start: testNow)
        let (daemon, display) = daemon([], clock: clock)
        let handler = ControlHandler(engine: daemon.engine, board: PushBoard(names: []), frames: daemon.frames, clock: clock, inbox: daemon.inbox)
        _ = try await daemon.turn(at: testNow)
        #expect(await handler.handle(ControlRequest.screen(power: "off")).ok)
        #expect(await !handler.handle(.screen(power: "dim")).ok)
        _ = await daemon.takeRequests()
        let dark = try await daemon.turn(at: testNow + 1)
        #expect(!dark.drawn && display.powerChanges.map(\.on) == [false])
        #expect(await handler.handle(ControlRequest.status).screen == ScreenStatus(on: false, cause: "switch", until: nil))
    }
}
