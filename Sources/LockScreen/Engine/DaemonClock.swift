import Foundation

/// The one source of time for the engine: the real clock in the daemon, a simulated one
/// in tests and the benchmark.
package protocol DaemonClock: Sendable {
    /// The current wall-clock time.
    func now() -> Date
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

    package func sleep(until deadline: Date) async throws {
        let seconds = deadline.timeIntervalSince(now())
        if seconds > 0 { try await Task.sleep(for: .milliseconds(Int64((seconds * 1000).rounded(.up)))) }
    }
}
