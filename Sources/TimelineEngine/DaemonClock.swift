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

/// A clock that moves only when told, for tests and the benchmark: a sleep returns when
/// `advance(to:)` or `advance(by:)` has moved the clock to its deadline (or at once when
/// the deadline is not in the future), and throws when its task is cancelled. Nothing
/// waits in real time, so a test plays a day in milliseconds and a time-out happens
/// exactly when the test says. `jump(by:)` moves the wall clock alone, as NTP does.
package final class ManualClock: DaemonClock {
    private struct Sleeper {
        let deadline: Date
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var wall: Date
        var monotonic: TimeInterval = 0
        var sleepers: [Int: Sleeper] = [:]
        var nextID = 0
        /// Sleeps cancelled before they registered.
        var cancelled: Set<Int> = []
        /// Who waits for a sleep to begin (`sleeping()`).
        var watchers: [CheckedContinuation<Void, Never>] = []
    }

    private let state: Mutex<State>

    package init(start: Date) {
        state = Mutex(State(wall: start))
    }

    package func now() -> Date { state.withLock { $0.wall } }
    package func monotonic() -> TimeInterval { state.withLock { $0.monotonic } }

    /// Moves both clocks forward to `date` (never backward) and wakes the sleeps due.
    package func advance(to date: Date) {
        let due = state.withLock { state -> [CheckedContinuation<Void, any Error>] in
            let delta = date.timeIntervalSince(state.wall)
            guard delta > 0 else { return [] }
            state.wall = date
            state.monotonic += delta
            return Self.takeDue(&state)
        }
        due.forEach { $0.resume() }
    }

    /// Moves both clocks forward by `seconds`.
    package func advance(by seconds: TimeInterval) {
        advance(to: now().addingTimeInterval(seconds))
    }

    /// Moves the wall clock alone by `delta` seconds; sleeps whose deadline it passes wake.
    package func jump(by delta: TimeInterval) {
        let due = state.withLock { state in
            state.wall = state.wall.addingTimeInterval(delta)
            return Self.takeDue(&state)
        }
        due.forEach { $0.resume() }
    }

    /// How many sleeps are waiting for the clock to move.
    package var sleeperCount: Int { state.withLock { $0.sleepers.count } }

    /// Returns once at least one sleep is waiting on the clock: a test that means to end a
    /// wait (a grace period, a time-out) by advancing the clock first lets it begin.
    package func sleeping() async {
        await withCheckedContinuation { (watcher: CheckedContinuation<Void, Never>) in
            let ready = state.withLock { state in
                if state.sleepers.isEmpty { state.watchers.append(watcher) }
                return !state.sleepers.isEmpty
            }
            if ready { watcher.resume() }
        }
    }

    private static func takeDue(_ state: inout State) -> [CheckedContinuation<Void, any Error>] {
        let ids = state.sleepers.filter { $0.value.deadline <= state.wall }.keys
        return ids.compactMap { state.sleepers.removeValue(forKey: $0)?.continuation }
    }

    package func sleep(until deadline: Date) async throws {
        try Task.checkCancellation()
        let id = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let (now, watchers) = state.withLock { state -> (Bool?, [CheckedContinuation<Void, Never>]) in
                    if state.cancelled.remove(id) != nil { return (nil, []) }
                    if deadline <= state.wall { return (true, []) }
                    state.sleepers[id] = Sleeper(deadline: deadline, continuation: continuation)
                    defer { state.watchers.removeAll() }
                    return (false, state.watchers)
                }
                switch now {
                case nil: continuation.resume(throwing: CancellationError())
                case true?: continuation.resume()
                case false?: watchers.forEach { $0.resume() }
                }
            }
        } onCancel: {
            let sleeper = state.withLock { state in
                guard let sleeper = state.sleepers.removeValue(forKey: id) else {
                    state.cancelled.insert(id)
                    return Sleeper?.none
                }
                return sleeper
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }
}
