import FoundationEssentials
import Glibc
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

/// The clock a provider's own waits go through (a command's or a request's time-out):
/// the engine's, set around each fetch it makes, so a test's manual clock decides when
/// a provider times out just as it decides everything else. Outside a fetch, the
/// machine's clock.
package enum ProviderClock {
    @TaskLocal package static var current: any DaemonClock = SystemClock()
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

/// A clock that moves only when told, for tests and the benchmark: a sleep returns when
/// `advance(to:)` or `advance(by:)` has moved the clock to its deadline (or at once when
/// the deadline is not in the future), and throws when its task is cancelled. Nothing
/// waits in real time, so a test plays a day in milliseconds and a time-out happens
/// exactly when the test says. `jump(by:)` moves the wall clock alone, as NTP does.
package final class ManualClock: DaemonClock {
    private let time: Mutex<(wall: Date, monotonic: TimeInterval)>
    private let sleepers = SleeperTable()
    /// Who waits for a sleep to begin (`sleeping()`).
    private let watchers = Mutex<[CheckedContinuation<Void, Never>]>([])

    package init(start: Date) {
        time = Mutex((start, 0))
    }

    package func now() -> Date { time.withLock { $0.wall } }
    package func monotonic() -> TimeInterval { time.withLock { $0.monotonic } }

    /// Moves both clocks forward to `date` (never backward) and wakes the sleeps due.
    package func advance(to date: Date) {
        time.withLock { t in
            let delta = date.timeIntervalSince(t.wall)
            guard delta > 0 else { return }
            t = (date, t.monotonic + delta)
        }
        wakeDue()
    }

    /// Moves both clocks forward by `seconds`.
    package func advance(by seconds: TimeInterval) {
        advance(to: now().addingTimeInterval(seconds))
    }

    /// Moves the wall clock alone by `delta` seconds; sleeps whose deadline it passes wake.
    package func jump(by delta: TimeInterval) {
        time.withLock { $0.wall = $0.wall.addingTimeInterval(delta) }
        wakeDue()
    }

    private func wakeDue() {
        let now = now()
        sleepers.wake { $0 <= now }
    }

    /// Returns once at least one sleep is waiting on the clock: a test that means to end a
    /// wait (a grace period, a time-out) by advancing the clock first lets it begin.
    package func sleeping() async {
        await withCheckedContinuation { (watcher: CheckedContinuation<Void, Never>) in
            let ready = watchers.withLock { watchers in
                if !sleepers.isEmpty { return true }
                watchers.append(watcher)
                return false
            }
            if ready { watcher.resume() }
        }
    }

    package func sleep(until deadline: Date) async throws {
        try await sleepers.sleep(until: deadline) { [self] in
            // A deadline already reached ends the sleep at once; one still ahead is a
            // sleep under way, which `sleeping()` waits for.
            wakeDue()
            let waiting = watchers.withLock { watchers in
                defer { if !sleepers.isEmpty { watchers.removeAll() } }
                return sleepers.isEmpty ? [] : watchers
            }
            waiting.forEach { $0.resume() }
        }
    }
}
