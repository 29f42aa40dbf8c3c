import Foundation
import Synchronization

/// The one source of time for the daemon: the real clock, or a simulated one in tests
/// and the benchmark. Two readings: the wall clock, which can jump (NTP on a Pi without
/// an RTC, `date -s`, suspend), and a monotonic one, which cannot; their disagreement is
/// how jumps are noticed.
package protocol DaemonClock: Sendable {
    /// The current wall-clock time.
    func now() -> Date
    /// Seconds on a clock that never jumps and does not run during suspend.
    func monotonic() -> TimeInterval
    /// Returns at `deadline` (wall-clock), or throws when the task is cancelled.
    func sleep(until deadline: Date) async throws
}

/// The machine's clock, optionally shifted so that "now" starts at a chosen instant
/// (`--at`) and runs on from there.
package struct SystemClock: DaemonClock {
    package let offset: TimeInterval

    /// A clock reading `start` now (the real time when nil).
    package init(startingAt start: Date? = nil) {
        offset = start.map { $0.timeIntervalSinceNow } ?? 0
    }

    package func now() -> Date { Date().addingTimeInterval(offset) }

    package func monotonic() -> TimeInterval {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return TimeInterval(spec.tv_sec) + TimeInterval(spec.tv_nsec) / 1e9
    }

    /// Sleeps on the kernel's wall-clock timer (`WallClockAlarm`): no wake-ups before the
    /// deadline, and an early return when the wall clock is set.
    package func sleep(until deadline: Date) async throws {
        try await WallClockAlarm.shared.sleep(until: deadline.addingTimeInterval(-offset))
    }
}

/// A clock that moves only when told: `sleep(until:)` jumps straight to the deadline, so
/// a day plays in moments; `jump(by:)` moves the wall clock alone, as NTP does.
package final class SimulatedClock: DaemonClock {
    private let time: Mutex<(wall: Date, monotonic: TimeInterval)>

    package init(start: Date) {
        time = Mutex((start, 0))
    }

    package func now() -> Date { time.withLock { $0.wall } }
    package func monotonic() -> TimeInterval { time.withLock { $0.monotonic } }

    /// Moves both clocks forward to `date` (never backward).
    package func advance(to date: Date) {
        time.withLock { t in
            let delta = date.timeIntervalSince(t.wall)
            guard delta > 0 else { return }
            t = (date, t.monotonic + delta)
        }
    }

    /// Moves the wall clock alone by `delta` seconds.
    package func jump(by delta: TimeInterval) {
        time.withLock { $0.wall = $0.wall.addingTimeInterval(delta) }
    }

    package func sleep(until deadline: Date) async throws {
        try Task.checkCancellation()
        advance(to: deadline)
        await Task.yield()
    }
}
