import Accessory
import Canvas
@testable import Config
@testable import DaemonRuntime
import DaemonTestSupport
import Foundation
@testable import LockScreen
import LockScreenModel
import Panel
import PanelOptions
@testable import Providers
import TestSupport
import Testing
@testable import TimelineEngine
import ZoneInfo
import ProviderOptions

/// Everything due at one moment reaches the panel in one presentation, periodic readings
/// and rotations fall on the clock's minute, and on e-ink a provider's answer waits to
/// join the next update: each refresh of e-paper flickers and wears it.
@Suite("One presentation per moment")
struct OnePresentationTests {
    /// 14:04:55, five seconds before a minute, as a daemon started at any time.
    let start = testNow - 2

    func einkDaemon(_ content: LockScreenDaemon.Content, hold: TimeInterval, clock: ManualClock) -> (LockScreenDaemon, MemoryPanelDevice) {
        let device = MemoryPanelDevice(width: 250, height: 122, format: .gray4, keepsUpdates: true)
        var policy = EinkPolicy()
        policy.timeZone = .utc
        // Partial refreshes only, so every update of the hour is counted as one.
        (policy.partialsBeforeFull, policy.partialsLimit, policy.fullInterval) = (10_000, 10_000, nil)
        var options = testOptions(width: 250, height: 122)
        options.start = start
        options.face.colorScheme = .light
        options.behaviour.coarseLiveSeconds = true
        options.behaviour.holdChanges = hold
        let daemon = LockScreenDaemon(
            content: content, renderer: LockScreenApplication.renderer(options), display: PanelDisplay(device: device, eink: policy),
            clock: clock, behaviour: options.behaviour, logger: quietLogger)
        return (daemon, device)
    }

    /// Steps the daemon at each time it asks for until `end`; returns the updates after
    /// the first frame, as seconds from the start.
    func play(_ daemon: LockScreenDaemon, _ device: MemoryPanelDevice, clock: ManualClock, until end: Date, at requests: [Date: String] = [:]) async throws -> [TimeInterval] {
        var t = start
        var pending = requests.sorted { $0.key < $1.key }
        while t < end {
            clock.advance(to: t)
            if let (time, kind) = pending.first, time <= t {
                pending.removeFirst()
                await daemon.reload(kind: kind)
            }
            let (_, next) = try await daemon.step(now: t)
            t = [next ?? end, pending.first?.key].compactMap { $0 }.min()!
        }
        return device.updates.dropFirst().map { $0.time.timeIntervalSince(start) }
    }

    @Test("e-ink, system gauges, a stack turning each minute and the clock: one partial refresh a minute for an hour")
    func systemGaugesAndStack() async throws {
        let config = try RunningConfig.parse("""
            [layout]
            inline = "uptime"
            row = ["cpu", "memory", ["notes", "tokyo"]]
            stack_rotation = 1

            [widgets.uptime]
            kind = "system"
            metric = "uptime"

            [widgets.cpu]
            kind = "system"
            metric = "cpu"

            [widgets.memory]
            kind = "system"
            metric = "memory"

            [widgets.notes]
            kind = "text"
            family = "rectangular"
            text = "Water the plants"

            [widgets.tokyo]
            kind = "clock"
            family = "rectangular"
            zone = "Asia/Tokyo"
            """, file: "t.toml", registry: .standard(systemRoot: fixtureRoot))
        let clock = ManualClock(start: start)
        let (daemon, device) = einkDaemon(config.content, hold: 60, clock: clock)
        let updates = try await play(daemon, device, clock: clock, until: start + 3_600)
        #expect(updates.count == 60, "updates at \(updates)")
        // Each at a whole minute: the readings, the stack's turn and the clock together.
        #expect(updates.allSatisfy { ($0 + start.timeIntervalSince1970).truncatingRemainder(dividingBy: 60) == 0 })
        #expect(device.updates.dropFirst().allSatisfy { $0.refresh == .partial })
    }

    /// A provider whose answers come every 90 s, out of step with the clock.
    func offBeat(_ calls: Counter) -> LockScreenDaemon.Content {
        LockScreenDaemon.Content(inline: nil, row: [
            Scripted.widget("feed", budget: .unlimited, Scripted.instance(calls: calls) { call, now in
                RenderableTimeline(entries: [Scripted.entry(now, "item \(call)")], policy: .after(now + 90))
            }),
        ])
    }

    @Test("e-ink: an answer out of step with the clock waits for its minute; without a hold it costs a refresh of its own")
    func hold() async throws {
        let calls = Counter()
        let clock = ManualClock(start: start)
        let (daemon, device) = einkDaemon(offBeat(calls), hold: 60, clock: clock)
        let held = try await play(daemon, device, clock: clock, until: start + 3_600)
        #expect(calls.count == 40)
        #expect(held.count == 60)
        #expect(held.allSatisfy { ($0 + start.timeIntervalSince1970).truncatingRemainder(dividingBy: 60) == 0 })

        let clock2 = ManualClock(start: start)
        let (daemon2, device2) = einkDaemon(offBeat(Counter()), hold: 0, clock: clock2)
        let unheld = try await play(daemon2, device2, clock: clock2, until: start + 3_600)
        // The 60 minutes, and the 39 answers after the first, none of them on a minute.
        #expect(unheld.count == 99)
    }

    @Test("e-ink: a reload someone asked for is shown at once, not held")
    func requestNotHeld() async throws {
        let clock = ManualClock(start: start)
        let (daemon, device) = einkDaemon(offBeat(Counter()), hold: 60, clock: clock)
        let updates = try await play(daemon, device, clock: clock, until: start + 120, at: [start + 30: "feed"])
        #expect(updates.contains(30), "updates at \(updates)")
    }
}
